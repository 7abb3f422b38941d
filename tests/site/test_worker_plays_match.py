"""A real Celery worker adjudicates a whole online match that two API clients play."""

import random
import time

import pytest

from tests.support.actors import make_players
from tests.support.workers import applied_or_refused, game_state, post_action
from tournaments.models import Game, GameAction, Match, ResultChange

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]


def test_it_plays_a_best_of_one_match_through_the_api_with_a_real_worker(broker, event_factory):
    worker = broker.start_worker()
    event = event_factory(rounds=1, best_of=1, online=True)
    event.open()
    players = make_players(2)
    event.register(*players)
    match = event.start()["matches"][0]  # game 1 is dealt at once; the worker runs its clock
    match_id = match["id"]
    by_name = {p.name: p for p in players}
    a, b = by_name[match["player_a"]], by_name[match["player_b"]]
    rng = random.Random(7)

    moves = 0
    deadline = time.monotonic() + 35
    final = None
    while final is None:
        assert time.monotonic() < deadline, f"the match did not finish in time\n{broker.outputs()}"
        assert worker.alive(), broker.outputs()
        acted = False
        for actor in (a, b):
            state = game_state(actor, match_id)
            if state["match_status"] == "final":
                final = state
                break
            choices = [x for x in state["legal_actions"] if x["type"] != "concede"]
            if not choices:
                continue
            response = post_action(actor, match_id, state["next_seq"], rng.choice(choices))
            assert response.status_code in (200, 202), response.content
            after = applied_or_refused(actor, match_id, state["next_seq"], state["view"]["seq"], timeout=10)
            assert not any(r["seq"] == state["next_seq"] for r in after["refused"]), after["refused"]
            moves += 1
            acted = True
        if not acted:
            time.sleep(0.02)  # nobody has a decision to make yet: look again

    match_row = Match.objects.get(pk=match_id)
    game = Game.objects.get(match=match_row)
    assert game.status == "finished" and game.reason
    assert match_row.status == "final" and match_row.wins_a + match_row.wins_b + match_row.draws == 1
    assert (final["wins_a"], final["wins_b"]) == (match_row.wins_a, match_row.wins_b)
    assert ResultChange.objects.filter(match=match_row, action="engine").exists()
    assert not GameAction.objects.filter(match=match_row, status="queued").exists()
    assert GameAction.objects.filter(match=match_row, status="applied").count() == moves == len(game.actions)
    # The last task's "succeeded" line may reach us just after its commit: give it a moment.
    deadline = time.monotonic() + 10
    while worker.tasks_done() < moves and time.monotonic() < deadline:
        time.sleep(0.1)
    assert worker.tasks_done() >= moves

    points = {row["username"]: row["match_points"] for row in event.standings()}
    assert points[a.name] + points[b.name] in (3, 2)  # a win, or a draw
    winner = a if match_row.wins_a else b
    if match_row.wins_a != match_row.wins_b:
        assert points[winner.name] == 3
