"""A player's action is never queued behind background work: a real worker with a backlog of
a round's game set-ups (and a ratings pass) waiting applies the action next. The set-ups and
the ratings go to the queue at a lower priority (services/jobs.py, PRIORITY_*), and the Redis
transport takes every message of a higher priority first."""

import time

import pytest

from tests.support.actors import make_players
from tests.support.workers import (
    applied_or_refused,
    game_state,
    post_action,
    wait_until,
    waiting,
)
from tournaments.models import GameAction
from tournaments.services import jobs

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]

BACKLOG = 1500  # set-up tasks queued at once (an 8,192-player round queues 256)


def test_an_action_is_applied_before_a_backlog_of_set_ups_and_ratings(broker, event_factory):
    event = event_factory(rounds=1, best_of=1, online=True)
    event.open()
    people = make_players(2, prefix="h")
    event.register(*people)
    (match,) = event.start()["matches"]  # set up in the request (a small round); no worker yet
    set_up = jobs.task(jobs.GAMES_SET_UP)
    for n in range(BACKLOG):  # matches that do not exist: each task finds nothing to set up
        set_up.apply_async(([10**9 + n],), priority=jobs.PRIORITY_SET_UP)
    jobs.task(jobs.RATINGS_PASS).apply_async(priority=jobs.PRIORITY_RATINGS)
    assert waiting(broker.queue) >= BACKLOG

    broker.start_worker()
    by_name = {p.name: p for p in people}
    seats = [by_name[match["player_a"]], by_name[match["player_b"]]]
    person, state = wait_until(
        lambda: next(((p, s) for p in seats if (s := game_state(p, match["id"]))["legal_actions"]), None),
        timeout=30,
        what=lambda: f"a player to have a decision\n{broker.outputs()}",
    )
    choice = next((a for a in state["legal_actions"] if a["type"] != "concede"), state["legal_actions"][0])
    started = time.monotonic()
    response = post_action(person, match["id"], state["next_seq"], choice)
    assert response.status_code in (200, 202), response.content
    applied_or_refused(person, match["id"], state["next_seq"], state["view"]["seq"], timeout=10)
    took, left = time.monotonic() - started, waiting(broker.queue)
    row = GameAction.objects.get(match_id=match["id"], seat=state["seat"], seq=state["next_seq"])
    assert row.status != GameAction.Status.QUEUED
    assert left > 100, f"the action waited for the set-ups ({left} left, {took:.2f} s)"
    # The background work is not forgotten: the worker goes on with it.
    wait_until(lambda: waiting(broker.queue) == 0, timeout=60, what="the worker to take the backlog")
