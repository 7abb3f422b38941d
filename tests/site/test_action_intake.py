"""What a player may post as an action: only the shapes the game lets a player
send (R10.3; never the site's own timeout, R9.4), checked before anything is stored; bound to
the decision it answers (R10.4); a seq used once names one action for good."""

import pytest

from engine.actions import MAX_ACTION_BYTES
from tournaments.models import Game, GameAction, Match
from tournaments.selectors.online import seat_of
from tournaments.services import online as svc
from tournaments.services.online import schedule, submit

pytestmark = pytest.mark.django_db(transaction=True)
ONLINE_MATCH_ONCE = True  # made once, put back before each test (tests/support/committed_rows.py)


def state_of(actor, match_id):
    response = actor.api.get(f"/api/matches/{match_id}/game/")
    assert response.status_code == 200, response.content
    return response.json()


def deciding(match_id, a, b):
    """The seat asked to decide now, its answer, and the other seat."""
    for actor, other in ((a, b), (b, a)):
        state = state_of(actor, match_id)
        if [x for x in state["legal_actions"] if x["type"] != "concede"]:
            return actor, state, other
    raise AssertionError("nobody is deciding")


def post(actor, match_id, body, **headers):
    return actor.api.post(f"/api/matches/{match_id}/game/actions/", body, format="json", **headers)


def nested(levels):
    action = {"type": "play", "card": "Soldier"}
    inner = action
    for _ in range(levels - 1):
        inner["cell"] = {}
        inner = inner["cell"]
    return action


def assert_nothing_stored(match_id):
    assert not GameAction.objects.filter(match_id=match_id).exists()


@pytest.fixture
def queued_only(monkeypatch):
    """Actions are recorded but no worker takes them up (a worker that lags)."""
    monkeypatch.setattr(submit, "queue_action", lambda match_id: None)


# --- only the site applies timeouts (R9.4) -----------------------------------------------------


def test_it_refuses_a_timeout_a_player_posts_for_themself(online_match):
    _event, match_id, a, b = online_match
    for actor in (a, b):
        response = post(actor, match_id, {"seq": 1, "action": {"type": "timeout"}})
        assert response.status_code == 400, response.content
        assert response.json()["code"] == "action_type"
        assert response.json()["detail"] == "O3.1: a player cannot send an action of type 'timeout'"
    assert_nothing_stored(match_id)
    assert Game.objects.get(match_id=match_id).status == "playing"
    assert Match.objects.get(pk=match_id).status == "pending"


def test_it_says_the_refusal_in_russian_to_a_russian_reader(online_match):
    _event, match_id, a, _b = online_match
    response = post(a, match_id, {"seq": 1, "action": {"type": "timeout"}}, HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 400
    assert response.json()["detail"] == "O3.1: игрок не может отправить действие типа timeout"


def test_it_refuses_any_type_the_game_does_not_let_a_player_send(online_match):
    _event, match_id, a, _b = online_match
    response = post(a, match_id, {"seq": 1, "action": {"type": "win", "card": "Soldier"}})
    assert (response.status_code, response.json()["code"]) == (400, "action_type")
    assert_nothing_stored(match_id)


# --- a poison action is never stored ------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (nested(20), "action_too_deep"),  # deeper than an action may be, within what JSON bodies may be
        (nested(250), "parse_error"),  # froze its match for good; past the API's JSON depth
        ({"type": "pass", "note": "x" * MAX_ACTION_BYTES}, "action_too_large"),
        ({"type": "pass", "note": "a\u0000b"}, "nul_character"),  # PostgreSQL's jsonb refuses it
        ({"type": "pass", "cards": [2**64]}, "action_value"),  # no JSON encoder here writes it
    ],
)
def test_it_refuses_an_action_no_worker_could_handle_before_storing_it(online_match, action, code):
    _event, match_id, a, b = online_match
    actor, state, _other = deciding(match_id, a, b)
    response = post(actor, match_id, {"seq": state["next_seq"], "action": action})
    assert response.status_code == 400, response.content
    assert response.json()["code"] == code
    assert_nothing_stored(match_id)


def test_it_refuses_a_lone_surrogate_in_the_body(online_match):
    _event, match_id, a, b = online_match
    actor, state, _other = deciding(match_id, a, b)
    raw = '{"seq": ' + str(state["next_seq"]) + ', "action": {"type": "pass", "note": "\\ud800"}}'
    response = actor.api.post(f"/api/matches/{match_id}/game/actions/", raw, content_type="application/json")
    assert (response.status_code, response.json()["code"]) == (400, "action_value")
    assert_nothing_stored(match_id)


def test_it_answers_a_body_nested_past_what_the_parser_follows_with_400_not_500(online_match):
    _event, match_id, a, _b = online_match
    raw = '{"seq": 1, "action": {"type": "pass", "x": ' + "[" * 100_000 + "]" * 100_000 + "}}"
    response = a.api.post(f"/api/matches/{match_id}/game/actions/", raw, content_type="application/json")
    assert response.status_code == 400, response.content[:200]
    assert response.json()["code"] == "parse_error"
    assert_nothing_stored(match_id)


def test_an_outsider_still_gets_403_before_the_body_is_judged(online_match, outsider):
    _event, match_id, _a, _b = online_match
    response = outsider.api.post(
        f"/api/matches/{match_id}/game/actions/", "{not json", content_type="application/json"
    )
    assert response.status_code == 403


# --- a seq names one action (R10.4) -------------------------------------------------------------


def test_a_repeated_seq_with_the_same_body_is_a_retry_and_with_another_body_a_409(online_match):
    _event, match_id, a, b = online_match
    actor, state, _other = deciding(match_id, a, b)
    body = {"seq": state["next_seq"], "action": state["legal_actions"][0]}
    first = post(actor, match_id, body)
    assert first.status_code == 200, first.content
    assert post(actor, match_id, body).json() == first.json()  # applied once
    other = post(actor, match_id, {**body, "action": {"type": "concede"}})
    assert other.status_code == 409, other.content
    assert other.json()["code"] == "seq_reused" and other.json()["seq"] == body["seq"]
    assert Match.objects.get(pk=match_id).status == "pending"  # the concede was not applied
    rebound = post(actor, match_id, {**body, "decision": 99})  # the same action, another decision
    assert (rebound.status_code, rebound.json()["code"]) == (409, "seq_reused")


# --- an action is bound to the decision it answers (R10.4) ----------------------------------------


def test_it_applies_an_action_bound_to_the_pending_decision(online_match):
    _event, match_id, a, b = online_match
    actor, state, _other = deciding(match_id, a, b)
    decision = state["view"]["decision"]["seq"]
    body = {"seq": state["next_seq"], "action": state["legal_actions"][0], "decision": decision}
    response = post(actor, match_id, body)
    assert (response.status_code, response.json()["status"]) == (200, "applied"), response.content
    row = GameAction.objects.get(match_id=match_id, seq=body["seq"], by_bot=False)
    assert (row.decision, row.game_number) == (decision, 1)


def test_it_refuses_an_action_bound_to_a_decision_that_is_past(online_match):
    _event, match_id, a, b = online_match
    actor, state, _other = deciding(match_id, a, b)
    past = state["view"]["decision"]["seq"]
    assert (
        post(actor, match_id, {"seq": state["next_seq"], "action": state["legal_actions"][0]}).status_code
        == 200
    )
    actor, state, _other = deciding(match_id, a, b)
    assert state["view"]["decision"]["seq"] > past
    stale = {"seq": state["next_seq"], "action": state["legal_actions"][0], "decision": past}
    response = post(actor, match_id, stale)
    assert response.status_code == 400, response.content
    assert (response.json()["rule"], response.json()["code"]) == ("R10.4", "illegal_action")
    assert (
        GameAction.objects.get(
            match_id=match_id, seq=stale["seq"], seat=seat_of(Match.objects.get(pk=match_id), actor.user)
        ).code
        == "stale_seq"
    )
    assert state_of(actor, match_id)["view"]["seq"] == state["view"]["seq"]  # nothing applied


def test_a_lagging_worker_gets_one_answer_per_decision_not_a_queue_of_stale_ones(online_match, queued_only):
    _event, match_id, a, b = online_match
    actor, state, other = deciding(match_id, a, b)
    decision = state["view"]["decision"]["seq"]
    first = post(
        actor, match_id, {"seq": state["next_seq"], "action": state["legal_actions"][0], "decision": decision}
    )
    assert first.status_code == 202, first.content
    # The answer still offers the same decision (the worker has not taken the action up yet).
    again = state_of(actor, match_id)
    assert again["view"]["decision"]["seq"] == decision and again["next_seq"] == state["next_seq"] + 1
    for action in again["legal_actions"]:  # a bot or a second tab, answering again and again
        body = {"seq": again["next_seq"], "action": action, "decision": decision}
        response = post(actor, match_id, body)
        assert response.status_code == 409, response.content
        assert (response.json()["code"], response.json()["decision"]) == ("decision_pending", decision)
    # A concede is no answer to a decision (R9.3): taken all the same, and so is the opponent's.
    assert post(actor, match_id, {"seq": again["next_seq"], "action": {"type": "concede"}}).status_code == 202
    opponent_seq = state_of(other, match_id)["next_seq"]
    assert post(other, match_id, {"seq": opponent_seq, "action": {"type": "concede"}}).status_code == 202
    assert GameAction.objects.filter(match_id=match_id, status="queued").count() == 3


def test_an_older_client_without_a_decision_is_still_served(online_match):
    _event, match_id, a, b = online_match
    actor, state, _other = deciding(match_id, a, b)
    response = post(actor, match_id, {"seq": state["next_seq"], "action": state["legal_actions"][0]})
    assert (response.status_code, response.json()["status"]) == (200, "applied")
    assert GameAction.objects.get(match_id=match_id, by_bot=False).decision is None


@pytest.mark.parametrize("decision", [-1, 1_000_001, "soon", True, 1.5])
def test_it_refuses_a_decision_that_is_not_a_whole_number(online_match, decision):
    _event, match_id, a, b = online_match
    actor, state, _other = deciding(match_id, a, b)
    body = {"seq": state["next_seq"], "action": state["legal_actions"][0], "decision": decision}
    response = post(actor, match_id, body)
    assert response.status_code == 400, response.content
    assert list(response.json()["errors"]) == ["decision"]
    assert_nothing_stored(match_id)


def test_an_action_sent_during_an_earlier_game_is_refused_in_the_next(online_match, queued_only):
    _event, match_id, a, b = online_match
    actor, state, _other = deciding(match_id, a, b)
    body = {"seq": state["next_seq"], "action": state["legal_actions"][0], "decision": 0}
    assert post(actor, match_id, body).status_code == 202
    row = GameAction.objects.get(match_id=match_id, by_bot=False)
    assert row.game_number == 1
    GameAction.objects.filter(pk=row.pk).update(game_number=7)  # as if game 7 were long gone
    svc.match_adjudicate(match_id=match_id)
    row.refresh_from_db()
    assert (row.status, row.rule, row.code, row.params) == ("refused", "O3.2", "stale_game", {"game": 7})


# --- one poison action stored before these checks freezes nothing (embedded mode) -----------------


def test_in_the_embedded_mode_a_poison_action_breaks_neither_the_sweep_nor_the_pages(online_match, settings):
    """the global sweep broke on it and the round's pages answered 500."""
    from datetime import timedelta

    from django.utils import timezone

    from tests.support.pages import browser

    settings.CELERY_TASK_ALWAYS_EAGER = True
    event, match_id, a, b = online_match
    actor, _state, other = deciding(match_id, a, b)
    seat = seat_of(Match.objects.get(pk=match_id), actor.user)
    GameAction.objects.create(match_id=match_id, seat=seat, seq=1, action=nested(250))
    GameAction.objects.create(match_id=match_id, seat=1 - seat, seq=1, action={"type": "concede"})
    GameAction.objects.update(created_at=timezone.now() - timedelta(minutes=5))  # left behind: due
    assert svc.online_sweep() == 1
    poison = GameAction.objects.get(match_id=match_id, seat=seat)
    assert (poison.status, poison.code) == ("refused", "action_too_deep")
    first = Game.objects.get(match_id=match_id, number=1)  # the opponent's concede applied (R9.3)
    assert (first.status, first.reason, first.winner) == ("finished", "concede", seat)
    page = browser(event.organizer).get(f"/events/{event.id}/rounds/1/progress/rows/")
    assert page.status_code == 200
    judges_log = browser(event.organizer).get(f"/matches/{match_id}/log/")  # lists the refused rows
    assert judges_log.status_code == 200 and "O3.1" in judges_log.content.decode()
    assert first.refused[seat][0]["action"] == {"type": "play"}  # listed by its type only
    assert state_of(actor, match_id)["game_number"] == 2


def test_a_sweep_goes_on_past_a_match_it_cannot_adjudicate(online_match, monkeypatch, caplog):
    _event, match_id, _a, _b = online_match
    done = []

    def adjudicate(*, match_id, now=None):
        done.append(match_id)
        if len(done) == 1:
            raise RuntimeError("a bug in one match")
        return 0

    monkeypatch.setattr(schedule, "_due", lambda now, deadlines: [match_id, match_id + 1000])
    monkeypatch.setattr(schedule, "match_adjudicate", adjudicate)
    assert svc.online_sweep() == 2
    assert done == [match_id, match_id + 1000]
    assert f"sweep: match {match_id} could not be adjudicated" in caplog.text
