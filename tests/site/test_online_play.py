"""Online matches adjudicated by the rules engine, driven through the API (in-process tasks)."""

import dataclasses
import random
import threading
from types import SimpleNamespace

import pytest

from tests.support.online import act, game_state
from tournaments.models import Game, GameAction, Match, ResultChange
from tournaments.services.errors import WrongState

# Transactional: tasks are queued on commit, as in production.
pytestmark = pytest.mark.django_db(transaction=True)
ONLINE_MATCH_ONCE = True  # made once, put back before each test (tests/support/committed_rows.py)


def play_out(match_id, players, rng, limit=4000):
    """Both clients play legal actions (never conceding) until the match is final."""
    for _ in range(limit):
        moved = False
        for actor in players:
            state = game_state(actor, match_id)
            if state["match_status"] == "final":
                return state
            if state["game_status"] == "sideboarding":
                actor.api.post(f"/api/matches/{match_id}/game/sideboard/", {"deck": None}, format="json")
                moved = True
                continue
            choices = [a for a in state["legal_actions"] if a["type"] != "concede"]
            if choices:
                response = act(actor, match_id, state["next_seq"], rng.choice(choices))
                assert response.status_code == 200, response.content
                moved = True
        assert moved, "nobody could act"
    raise AssertionError("the match did not finish")


def test_it_plays_a_whole_match_between_two_api_clients(online_match):
    event, match_id, a, b = online_match
    final = play_out(match_id, [a, b], random.Random(3))
    match = Match.objects.get(pk=match_id)
    assert match.status == "final"
    assert max(match.wins_a, match.wins_b) == 2 or match.games.count() >= 3
    assert final["wins_a"] == match.wins_a
    assert ResultChange.objects.filter(match=match, action="engine").exists()
    standings = {row["username"]: row for row in event.standings()}
    assert standings[a.name]["match_points"] + standings[b.name]["match_points"] in (3, 2)


def test_it_keeps_the_banked_clocks_of_each_applied_action(online_match):
    """What a delayed spectator is shown (selectors.spectate.spectated_clocks): the clocks as
    they stood after each action, never running backwards."""
    event, match_id, a, b = online_match
    rng = random.Random(5)
    for _ in range(12):
        for actor in (a, b):
            state = game_state(actor, match_id)
            choices = [x for x in state["legal_actions"] if x["type"] != "concede"]
            if choices:
                assert act(actor, match_id, state["next_seq"], rng.choice(choices)).status_code == 200
    rows = list(GameAction.objects.filter(match_id=match_id, status="applied").order_by("log_index"))
    assert len(rows) >= 6 and all(row.clock_after is not None for row in rows)
    for seat in (0, 1):
        used = [row.clock_after[seat] for row in rows]
        assert used == sorted(used) and used[-1] > 0
    game = Game.objects.get(match_id=match_id, number=rows[-1].game_number)
    assert rows[-1].clock_after == game.clock_used


def test_it_shows_each_seat_its_own_view_and_legal_actions(online_match):
    event, match_id, a, b = online_match
    state_a, state_b = game_state(a, match_id), game_state(b, match_id)
    assert (state_a["seat"], state_b["seat"]) == (0, 1)
    assert state_a["next_seq"] == 1 and state_a["game_number"] == 1
    deciding = state_a["view"]["decision"]["seat"]
    assert bool(state_a["legal_actions"]) == (deciding == 0)
    assert bool(state_b["legal_actions"]) == (deciding == 1)


def test_it_applies_a_duplicate_seq_once_and_answers_the_same(online_match):
    event, match_id, a, b = online_match
    decider = a if game_state(a, match_id)["legal_actions"] else b
    keep = {"type": "keep"}
    first = act(decider, match_id, 1, keep)
    again = act(decider, match_id, 1, keep)
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json()
    assert GameAction.objects.filter(match_id=match_id).count() == 1
    assert len(Game.objects.get(match_id=match_id).actions) == 1


def test_two_submissions_of_one_seq_at_the_same_moment_make_one_action(online_match):
    """A client retrying while its first POST is still in flight: no lock on the match orders
    them, the ledger's unique (match, seat, seq) does — one row, one action, both answered."""
    from django.db import connection
    from rest_framework.test import APIClient

    event, match_id, a, b = online_match
    decider = a if game_state(a, match_id)["legal_actions"] else b
    token = decider.api._credentials["HTTP_AUTHORIZATION"]
    start, answers = threading.Barrier(2), []

    def submit():
        client = APIClient(HTTP_ACCEPT_LANGUAGE="en", HTTP_AUTHORIZATION=token)
        try:
            start.wait()
            answers.append(act(SimpleNamespace(api=client), match_id, 1, {"type": "keep"}))
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(r.status_code for r in answers) in ([200, 200], [200, 202])
    assert {r.json()["seq"] for r in answers} == {1}
    assert GameAction.objects.filter(match_id=match_id).count() == 1
    assert len(Game.objects.get(match_id=match_id).actions) == 1


def test_a_seq_taken_between_the_check_and_the_insert_answers_with_the_first(online_match, monkeypatch):
    """The other submission of the same seq committed after this one read the next number:
    its INSERT is refused by the ledger, and it answers with the row that won."""
    event, match_id, a, b = online_match
    decider = a if game_state(a, match_id)["legal_actions"] else b
    first = act(decider, match_id, 1, {"type": "keep"})
    read_before_the_first_committed(monkeypatch)
    again = act(decider, match_id, 1, {"type": "keep"})
    assert again.status_code == first.status_code == 200
    assert again.json() == first.json()
    other = act(decider, match_id, 1, {"type": "mulligan", "cards": []})  # not "applied"
    assert other.status_code == 409 and other.json()["code"] == "seq_reused"
    assert list(GameAction.objects.filter(match_id=match_id).values_list("action", flat=True)) == [
        {"type": "keep"}
    ]


def read_before_the_first_committed(monkeypatch) -> None:
    """The action POST reads its facts as if the seat's seq 1 were not taken yet."""
    from tournaments.api import online as api

    read = api.online_rows.action_facts

    def read_early(*args, **kwargs):
        return dataclasses.replace(read(*args, **kwargs), next_seq=1)

    monkeypatch.setattr(api.online_rows, "action_facts", read_early)


@pytest.mark.django_db(transaction=False)
def test_inside_a_callers_transaction_a_seq_taken_leaves_it_usable(online_match):
    from django.db import transaction

    from tournaments.selectors.online_rows import action_facts
    from tournaments.services import online as svc

    event, match_id, a, b = online_match
    decider = a if game_state(a, match_id)["legal_actions"] else b
    with transaction.atomic():
        facts = action_facts(match_id, decider.user.pk)
        first = svc.game_action_submit(match_id=match_id, facts=facts, seq=1, action={"type": "keep"})
        # The same facts again: seq 1 looks free, the ledger refuses the second row.
        again = svc.game_action_submit(match_id=match_id, facts=facts, seq=1, action={"type": "keep"})
        assert (again.seat, again.seq, again.action) == (first.seat, first.seq, {"type": "keep"})
        with pytest.raises(WrongState) as reused:  # the same number, another body
            svc.game_action_submit(match_id=match_id, facts=facts, seq=1, action={"type": "pass"})
        assert reused.value.code == "seq_reused"
        assert GameAction.objects.filter(match_id=match_id).count() == 1  # still usable


def test_it_refuses_a_seq_that_skips_ahead_with_409(online_match):
    event, match_id, a, b = online_match
    response = act(a, match_id, 5, {"type": "keep"})
    assert response.status_code == 409
    assert response.json()["code"] == "seq_gap"
    assert response.json()["next_seq"] == 1


def test_it_refuses_an_illegal_action_with_its_rule_and_records_it(online_match):
    event, match_id, a, b = online_match
    waiting = b if game_state(a, match_id)["legal_actions"] else a
    response = act(waiting, match_id, 1, {"type": "keep"})  # not this seat's decision
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "illegal_action" and body["rule"].startswith("R")
    assert game_state(waiting, match_id)["refused"][0]["rule"] == body["rule"]
    assert game_state(waiting, match_id)["next_seq"] == 2  # the number is used up


def test_it_ends_the_game_on_concede_and_the_loser_takes_initiative_next(online_match):
    event, match_id, a, b = online_match
    assert act(a, match_id, 1, {"type": "concede"}).status_code == 200
    games = list(Game.objects.filter(match_id=match_id).order_by("number"))
    assert games[0].winner == 1 and games[0].reason == "concede"
    assert games[1].number == 2 and games[1].first_initiative == 0
    assert games[1].status == "sideboarding"


def test_it_refuses_actions_from_outsiders(online_match, outsider):
    event, match_id, a, b = online_match
    assert outsider.api.get(f"/api/matches/{match_id}/game/").status_code == 403
    assert act(outsider, match_id, 1, {"type": "keep"}).status_code == 403


def test_it_gives_the_log_to_players_only_once_final(online_match, judge):
    event, match_id, a, b = online_match
    assert a.api.get(f"/api/matches/{match_id}/log/").status_code == 403
    log = judge.api.get(f"/api/matches/{match_id}/log/?game=1").json()
    assert log["game"] == "respons" and len(log["players"]) == 2
    act(a, match_id, 1, {"type": "concede"})
    for seat_actor in (a, b):
        seat_actor.api.post(f"/api/matches/{match_id}/game/sideboard/", {"deck": None}, format="json")
    act(a, match_id, 2, {"type": "concede"})
    assert Match.objects.get(pk=match_id).status == "final"
    assert a.api.get(f"/api/matches/{match_id}/log/?game=2").status_code == 200


def test_the_sweep_takes_up_only_work_left_behind(online_match):
    """Each submission queues its own task; the periodic sweep re-queues a match only when an
    action has waited longer than a task takes (its task was lost), never the fresh ones."""
    from datetime import timedelta

    from tournaments.services.online.schedule import LEFT_BEHIND, matches_due

    _event, match_id, a, _b = online_match
    row = GameAction.objects.create(match_id=match_id, seat=0, seq=999, action={"type": "pass"})
    assert match_id not in matches_due(now=row.created_at + timedelta(seconds=1))
    assert match_id in matches_due(now=row.created_at + LEFT_BEHIND + timedelta(seconds=1))
