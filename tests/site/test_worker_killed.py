"""A worker killed in the middle of an adjudication loses nothing and applies nothing twice.

To kill it at a known moment without any hook in the code, the test holds a row lock on
the game from its own database session: the worker applies the queued action, writes
the action's row, then waits for the game row inside its open transaction. That is where
it is killed (SIGKILL). The transaction rolls back with the dead session, the task's
message was never acknowledged (``acks_late``), and another process applies the action.
"""

import os
import signal

import pytest

from tests.support.actors import make_players
from tests.support.workers import (
    backends_waiting_on,
    game_state,
    other_database_sessions,
    post_action,
    row_locked,
    wait_until,
)
from tournaments.models import Game, GameAction

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def online_match(event_factory):
    """Make an online best-of-1 match, its game dealt; return (match id, the player to decide)."""

    def make():
        event = event_factory(rounds=1, best_of=1, online=True)
        event.open()
        players = make_players(2)
        event.register(*players)
        match_id = event.start()["matches"][0]["id"]
        deciding = next(p for p in players if game_state(p, match_id)["legal_actions"][:-1])
        return match_id, deciding

    return make


def first_move(match_id, actor):
    """Return the actor's next seq, its first legal action and the view's seq now."""
    state = game_state(actor, match_id)
    action = state["legal_actions"][0]
    assert action["type"] != "concede"
    return state["next_seq"], action, state["view"]["seq"]


def assert_applied_once(match_id, seat_actor, seq, action, seq_before):
    row = GameAction.objects.get(match_id=match_id, seq=seq, by_bot=False, action=action)
    assert row.status == "applied" and row.log_index == seq_before
    game = Game.objects.get(match_id=match_id)
    assert len(game.actions) == seq_before + 1, game.actions  # applied once, not twice
    assert game.actions[row.log_index] == {"seat": row.seat, **action}
    assert game_state(seat_actor, match_id)["view"]["seq"] == seq_before + 1


def test_it_applies_the_action_once_after_the_whole_worker_is_killed_mid_task(broker, online_match):
    first = broker.start_worker()
    match_id, actor = online_match()
    wait_until(lambda: first.tasks_done() >= 1, timeout=15, what="the round start's adjudication")
    game = Game.objects.get(match_id=match_id)
    seq, action, seq_before = first_move(match_id, actor)

    with row_locked(Game._meta.db_table, game.pk) as locker:
        assert post_action(actor, match_id, seq, action).status_code == 202
        wait_until(lambda: backends_waiting_on(locker), timeout=15, what="the worker to wait inside its task")
        first.kill()
    # The killed worker's transaction rolled back: the action is still queued, nothing applied.
    wait_until(lambda: not other_database_sessions(), timeout=15, what="the killed worker's session to end")
    assert GameAction.objects.get(match_id=match_id, seq=seq, action=action).status == "queued"
    assert len(Game.objects.get(pk=game.pk).actions) == seq_before

    # The message was never acknowledged: Redis gives it to the next worker once its
    # visibility timeout is over (1 hour by default, 1 s here; in production the beat's
    # sweep also re-queues a match whose action has waited 30 s).
    options = {"visibility_timeout": 1, "unacked_restore_interval": 1, "unacked_restore_throttle": 1}
    second = broker.start_worker(transport_options=options)
    wait_until(
        lambda: GameAction.objects.get(match_id=match_id, seq=seq, action=action).status != "queued",
        timeout=20,
        what="the new worker to apply the action",
    )
    # The action's status changes inside the task's transaction: wait for the task to end too.
    wait_until(lambda: second.tasks_done() >= 1, timeout=10, what="the new worker to finish the task")
    assert_applied_once(match_id, actor, seq, action, seq_before)


def test_it_applies_the_action_once_after_the_pool_process_is_killed_mid_task(broker, online_match):
    worker = broker.start_worker(pool="prefork")
    match_id, actor = online_match()
    wait_until(lambda: worker.tasks_done() >= 1, timeout=15, what="the round start's adjudication")
    game = Game.objects.get(match_id=match_id)
    seq, action, seq_before = first_move(match_id, actor)
    (child,) = worker.children()

    with row_locked(Game._meta.db_table, game.pk) as locker:
        assert post_action(actor, match_id, seq, action).status_code == 202
        wait_until(lambda: backends_waiting_on(locker), timeout=15, what="the worker to wait inside its task")
        os.kill(child, signal.SIGKILL)
        # reject_on_worker_lost: the worker puts the message back at once; a new pool process takes it.
        wait_until(
            lambda: worker.pool_processes_started() >= 2,
            timeout=15,
            what="the worker to replace its pool process",
        )
    wait_until(
        lambda: GameAction.objects.get(match_id=match_id, seq=seq, action=action).status != "queued",
        timeout=20,
        what="the new pool process to apply the action",
    )
    assert worker.alive() and child not in worker.children()
    assert_applied_once(match_id, actor, seq, action, seq_before)
