"""No-shows in paper rounds: a match whose player has not come can be given
as a no-show loss by the organizer (or a judge) once the event's no_show_minutes of the round
have passed; the opponent wins it, both are told, and the audit trail keeps it."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.support.events import one_table
from tests.support.pages import html_of, page, post
from tournaments.models import Match, ResultChange, Round

pytestmark = pytest.mark.django_db


def no_show(actor, match_id: int, username: str):
    return actor.api.post(f"/api/matches/{match_id}/no-show/", {"username": username}, format="json")


def minutes_into_round(cup, minutes: int) -> None:
    Round.objects.filter(event_id=cup.id).update(started_at=timezone.now() - timedelta(minutes=minutes))


@pytest.fixture
def table(event_factory, judge):
    """A best-of-3 paper event (no-show after 15 minutes) in round 1: one match, seats A and B."""
    cup = event_factory(best_of=3, rounds=2, no_show_minutes=15)
    match, a, b = one_table(cup, judge)
    return cup, match["id"], a, b


def test_it_gives_the_match_to_the_opponent_after_the_minutes(table):
    cup, match_id, a, b = table
    minutes_into_round(cup, 16)
    response = no_show(cup.organizer, match_id, b.name)
    assert response.status_code == 200, response.content
    assert (response.json()["status"], response.json()["wins_a"], response.json()["wins_b"]) == (
        "final",
        2,
        0,
    )
    change = ResultChange.objects.get(match_id=match_id)
    assert (change.action, change.by.username) == ("no_show", "olga")
    assert change.old["status"] == "pending" and change.new == {
        "wins_a": 2,
        "wins_b": 0,
        "draws": 0,
        "status": "final",
    }
    assert change.note == f"{b.name} did not come to the table"
    assert {s["username"]: s["match_points"] for s in cup.standings()} == {a.name: 3, b.name: 0}


def test_it_is_refused_before_the_minutes_have_passed(table):
    cup, match_id, a, b = table
    minutes_into_round(cup, 5)
    response = no_show(cup.organizer, match_id, b.name)
    assert response.status_code == 409 and response.json()["code"] == "too_early"
    assert "15 minutes into the round: wait 10 more minutes" in response.json()["detail"]
    assert Match.objects.get(pk=match_id).status == Match.Status.PENDING


def test_the_minutes_are_a_setting_that_may_change_during_the_event(table):
    cup, match_id, a, b = table
    minutes_into_round(cup, 6)
    changed = cup.organizer.api.patch(cup.url, {"no_show_minutes": 5, "reason": "small room"}, format="json")
    assert changed.status_code == 200 and changed.json()["no_show_minutes"] == 5
    assert no_show(cup.organizer, match_id, a.name).status_code == 200
    bad = cup.organizer.api.patch(cup.url, {"no_show_minutes": 0, "reason": "x"}, format="json")
    assert bad.status_code == 400


def test_a_judge_may_give_it_a_player_or_an_outsider_may_not(table, judge, outsider):
    cup, match_id, a, b = table
    minutes_into_round(cup, 20)
    for actor in (a, outsider):
        refused = no_show(actor, match_id, b.name)
        assert refused.status_code == 403 and refused.json()["code"] == "permission_denied"
    assert no_show(judge, match_id, a.name).json()["wins_b"] == 2


def test_it_refuses_a_stranger_a_final_match_and_a_bye(table, event_factory, player, opponent, outsider):
    cup, match_id, a, b = table
    minutes_into_round(cup, 20)
    unknown = no_show(cup.organizer, match_id, outsider.name)
    assert unknown.status_code == 400 and unknown.json()["code"] == "not_in_match"
    no_show(cup.organizer, match_id, b.name)
    again = no_show(cup.organizer, match_id, a.name)
    assert again.status_code == 409 and again.json()["code"] == "result_final"
    assert ResultChange.objects.filter(match_id=match_id).count() == 1


def test_an_online_match_has_its_clocks_instead(event_factory, judge):
    cup = event_factory(online=True)
    match, a, b = one_table(cup)
    minutes_into_round(cup, 30)
    refused = no_show(cup.organizer, match["id"], b.name)
    assert refused.status_code == 409 and refused.json()["code"] == "online_match"


def test_the_dashboard_offers_it_when_due_and_the_players_are_told(table):
    cup, match_id, a, b = table
    minutes_into_round(cup, 3)
    _, html = page(cup.organizer, f"/events/{cup.id}/manage/")
    assert "No-show from" in html and 'data-testid="no-show"' not in html
    minutes_into_round(cup, 15)
    _, html = page(cup.organizer, f"/events/{cup.id}/manage/")
    assert 'data-testid="no-show"' in html
    response = post(
        cup.organizer,
        f"/events/{cup.id}/matches/{match_id}/no-show/",
        {"username": b.name, "next": f"/events/{cup.id}/manage/"},
    )
    assert f"{b.name} did not come; the match is a no-show loss for them." in html_of(response)
    _, winner = page(a, f"/events/{cup.id}/")
    assert "Your opponent did not come to the table in time: you win this match" in winner
    _, loser = page(b, f"/events/{cup.id}/")
    assert "You did not come to the table in time: the match is a no-show loss for you." in loser
