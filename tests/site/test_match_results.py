"""Reporting results: a player reports, the opponent confirms or disputes, officials decide."""

import copy

import pytest

from tests.support.actors import make_actor
from tests.support.events import EventDriver, legal_decks_read, one_table
from tournaments.models import ResultChange

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def _running_rows(module_rows, django_db_blocker):
    """A best-of-3 event in round 1 with two players at table 1, and a judge: made once for the
    module's tests (tests/support/shared_rows.py)."""
    with django_db_blocker.unblock():
        judge = make_actor("jury")
        event = EventDriver(make_actor("olga"), legal_decks_read(), rounds=2, best_of=3)
        match, a, b = one_table(event, judge)
    return (event, match, a, b), judge


@pytest.fixture
def _shared(_running_rows, db):
    return copy.deepcopy(_running_rows)


@pytest.fixture
def running(_shared):
    return _shared[0]


@pytest.fixture
def shared_actors(_shared):
    return {"judge": _shared[1]}


def report(actor, match, wins_a, wins_b, draws=0):
    return actor.api.post(
        f"/api/matches/{match['id']}/report/",
        {"wins_a": wins_a, "wins_b": wins_b, "draws": draws},
        format="json",
    )


def test_it_waits_for_the_opponent_then_a_matching_report_makes_it_final(running):
    event, match, a, b = running
    first = report(a, match, 2, 1)
    assert first.json()["status"] == "reported"
    second = report(b, match, 2, 1)
    assert second.json()["status"] == "final"


def test_it_makes_a_report_final_when_the_opponent_confirms(running):
    event, match, a, b = running
    report(a, match, 2, 0)
    assert a.api.post(f"/api/matches/{match['id']}/confirm/").status_code == 403  # not your own report
    confirmed = b.api.post(f"/api/matches/{match['id']}/confirm/")
    assert confirmed.status_code == 200
    assert confirmed.json()["status"] == "final"


def test_it_sends_a_disagreement_to_the_judges(running, judge):
    event, match, a, b = running
    report(a, match, 2, 0)
    disputed = report(b, match, 0, 2)
    assert disputed.json()["status"] == "reported"
    assert disputed.json()["disputed"] is True
    decided = report(judge, match, 2, 1)
    assert decided.json()["status"] == "final"
    assert decided.json()["disputed"] is False


def test_it_lets_officials_override_a_final_result_and_keeps_the_trail(running, judge):
    event, match, a, b = running
    report(a, match, 2, 0)
    b.api.post(f"/api/matches/{match['id']}/confirm/")
    assert report(a, match, 2, 1).status_code == 409  # final for players
    overridden = report(event.organizer, match, 1, 2)
    assert (overridden.json()["wins_a"], overridden.json()["wins_b"]) == (1, 2)
    trail = judge.api.get(f"/api/matches/{match['id']}/").json()["changes"]
    assert [c["action"] for c in trail] == ["report", "confirm", "override"]
    assert trail[-1]["by"] == "olga"
    assert trail[-1]["old"]["wins_a"] == 2 and trail[-1]["new"]["wins_a"] == 1
    assert ResultChange.objects.count() == 3


def test_it_hides_the_audit_trail_from_players(running):
    event, match, a, b = running
    report(a, match, 2, 0)
    assert "changes" not in a.api.get(f"/api/matches/{match['id']}/").json()


def test_it_refuses_impossible_results(running):
    event, match, a, b = running
    for wins_a, wins_b in ((3, 0), (2, 2), (0, 0), (-1, 2)):
        assert report(a, match, wins_a, wins_b).status_code == 400


def test_it_refuses_reports_from_outside_the_match(running, outsider):
    event, match, a, b = running
    assert report(outsider, match, 2, 0).status_code == 403


def test_it_gives_judges_time_extensions_in_the_trail(running, judge):
    event, match, a, b = running
    response = judge.api.post(f"/api/matches/{match['id']}/extend/", {"minutes": 5}, format="json")
    assert response.json()["extension_minutes"] == 5
    assert a.api.post(f"/api/matches/{match['id']}/extend/", {"minutes": 5}, format="json").status_code == 403
    assert judge.api.get(f"/api/matches/{match['id']}/").json()["changes"][-1]["action"] == "extend"


def test_it_counts_game_draws_in_the_standings(running):
    event, match, a, b = running
    report(event.organizer, match, 1, 1, 1)
    rows = {r["username"]: r for r in event.standings()}
    assert rows[a.name]["draws"] == 1 and rows[a.name]["match_points"] == 1
    assert rows[a.name]["gw"] == round(4 / 9, 4)
