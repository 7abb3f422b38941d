"""In an online match only the rules engine's games count: the players cannot report,
confirm or dispute a result (409 ``online_match``, API and pages); an official's override needs a
reason, goes to the audit trail, ends the game in progress and leaves the engine nothing to add."""

import pytest

from tests.support.online import act, game_state, online_match
from tests.support.pages import browser, post
from tournaments.models import Game, GameAction, Match, ResultChange
from tournaments.services import online as svc

pytestmark = pytest.mark.django_db(transaction=True)

ONLINE_REFUSAL = (
    "This match is played online: only the games the rules engine records count, and it records "
    "the result itself. If something went wrong, call a judge."
)


@pytest.fixture
def bo3(event_factory, judge):
    """A best-of-3 online match whose game 1 the seat A player conceded: 0–1, game 2 next."""
    match = online_match(event_factory, judge, best_of=3)
    state = game_state(match.a, match.id)
    assert act(match.a, match.id, state["next_seq"], {"type": "concede"}).status_code in (200, 201, 202)
    row = match.row
    assert (row.wins_a, row.wins_b, row.status) == (0, 1, "pending")
    assert match.game(2).status != Game.Status.FINISHED
    return match


def score(match) -> tuple[int, int, int, str]:
    row = Match.objects.get(pk=match.id)
    return row.wins_a, row.wins_b, row.draws, row.status


def report(actor, match, wins_a, wins_b, draws=0, **extra):
    body = {"wins_a": wins_a, "wins_b": wins_b, "draws": draws, **extra}
    return actor.api.post(f"/api/matches/{match.id}/report/", body, format="json")


def test_it_refuses_a_players_report_in_an_online_match(bo3):
    for player in (bo3.a, bo3.b):
        response = report(player, bo3, 2, 0)
        assert response.status_code == 409, response.content
        assert response.json() == {"detail": ONLINE_REFUSAL, "code": "online_match"}
    assert score(bo3) == (0, 1, 0, "pending")
    assert not ResultChange.objects.filter(match_id=bo3.id).exclude(by=None).exists()


def test_it_refuses_confirming_or_disputing_in_an_online_match(bo3):
    # Even a report left from before (the bug let a player's report through) cannot be confirmed.
    Match.objects.filter(pk=bo3.id).update(status="reported", reported_by=bo3.a.user, wins_a=2, wins_b=0)
    for path in ("confirm/", "dispute/"):
        response = bo3.b.api.post(f"/api/matches/{bo3.id}/{path}", {}, format="json")
        assert (response.status_code, response.json()["code"]) == (409, "online_match")
    assert score(bo3) == (2, 0, 0, "reported")


def test_it_says_so_in_the_readers_language(bo3):
    response = bo3.a.api.post(
        f"/api/matches/{bo3.id}/report/", {"wins_a": 2, "wins_b": 0}, format="json", HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert response.json()["detail"].startswith("Этот матч играется онлайн")


def test_an_outsider_is_still_not_allowed(bo3, outsider):
    assert report(outsider, bo3, 2, 0).status_code == 403


def test_an_officials_override_needs_a_reason(bo3, judge):
    response = report(judge, bo3, 2, 1)
    assert (response.status_code, response.json()["code"]) == (400, "reason_required")
    assert report(judge, bo3, 2, 1, note="   ").status_code == 400
    assert score(bo3) == (0, 1, 0, "pending")


def test_an_override_never_leaves_impossible_counters(bo3, judge):
    for wins_a, wins_b in ((3, 0), (2, 2), (0, 0)):
        response = report(judge, bo3, wins_a, wins_b, note="typo")
        assert response.status_code == 400, (wins_a, wins_b, response.content)
    assert score(bo3) == (0, 1, 0, "pending")


def test_an_override_is_final_audited_and_ends_the_game_in_progress(bo3, judge):
    response = report(judge, bo3, 2, 1, note="seat B's connection died in game 2; agreed at the table")
    assert response.status_code == 200, response.content
    assert score(bo3) == (2, 1, 0, "final")
    change = ResultChange.objects.filter(match_id=bo3.id).exclude(by=None).get()
    assert (change.action, change.by.username) == ("judge_report", "jury")
    assert change.note == "seat B's connection died in game 2; agreed at the table"
    assert change.old["wins_b"] == 1 and change.new == {
        "wins_a": 2,
        "wins_b": 1,
        "draws": 0,
        "status": "final",
    }
    game = bo3.game(2)
    assert (game.status, game.winner, game.reason, game.decision_seat) == ("finished", None, "override", None)
    html = browser(bo3.a).get(f"/matches/{bo3.id}/play/").content.decode()
    assert '"override": "a judge set the match result"' in html  # the play page says why game 2 ended
    for seat in (bo3.a, bo3.b):
        state = game_state(seat, bo3.id)
        assert state["legal_actions"] == [] and state["match_status"] == "final"
        assert (state["wins_a"], state["wins_b"]) == (2, 1)


def test_after_an_override_the_engine_adds_no_game_on_top(bo3, judge):
    # An action queued before the override (its worker not run yet) is refused, not applied.
    queued = GameAction.objects.create(
        match_id=bo3.id, seat=0, seq=game_state(bo3.a, bo3.id)["next_seq"], action={"type": "ready"}
    )
    assert report(judge, bo3, 0, 2, note="game loss for slow play, given at the table").status_code == 200
    queued.refresh_from_db()
    assert queued.status == GameAction.Status.REFUSED
    # Whatever the workers and the beat do next, the counters stay as the judge set them.
    svc.match_adjudicate(match_id=bo3.id)
    svc.online_sweep()
    svc.matches_drain()
    later = act(bo3.a, bo3.id, game_state(bo3.a, bo3.id)["next_seq"], {"type": "concede"})
    assert (later.status_code, later.json()["code"]) == (409, "match_over")
    assert score(bo3) == (0, 2, 0, "final")
    assert Game.objects.filter(match_id=bo3.id).count() == 2


def test_the_players_page_has_no_report_form_on_an_online_match(bo3):
    Match.objects.filter(pk=bo3.id).update(status="reported", reported_by=bo3.a.user, wins_a=2, wins_b=0)
    html = browser(bo3.b).get(f"/events/{bo3.event.id}/").content.decode()
    assert 'data-testid="play-link"' in html
    assert "report-form" not in html and 'data-testid="confirm-box"' not in html


def test_the_sites_forms_refuse_players_too(bo3):
    event_id = bo3.event.id
    for path, data in (("report/", {"wins_a": "2", "wins_b": "0"}), ("confirm/", {}), ("dispute/", {})):
        response = post(bo3.a, f"/events/{event_id}/matches/{bo3.id}/{path}", data)
        assert ONLINE_REFUSAL in response.content.decode(), path
    assert score(bo3) == (0, 1, 0, "pending")


def test_the_dashboard_asks_an_official_for_the_reason(bo3, judge):
    event_id = bo3.event.id
    html = browser(judge).get(f"/events/{event_id}/manage/").content.decode()
    assert 'data-testid="override-reason"' in html
    result = {"wins_a": "2", "wins_b": "1", "draws": "0"}
    refused = post(judge, f"/events/{event_id}/matches/{bo3.id}/report/", result).content.decode()
    assert "give the reason for overriding" in refused
    assert score(bo3) == (0, 1, 0, "pending")
    post(judge, f"/events/{event_id}/matches/{bo3.id}/report/", {**result, "note": "agreed at the table"})
    assert score(bo3) == (2, 1, 0, "final")
