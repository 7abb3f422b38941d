"""Bots' moves never delay people's: with a flood of bot work queued, a real worker
applies a person's action next, not after the flood. The bot-only matches' work is on a queue of
its own (services.online.bot_queue); a worker consumes both queues, the people's first, and the
Redis transport takes from them in that order (settings: queue_order_strategy "priority")."""

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
from tournaments.models import GameAction, Match
from tournaments.services.online import bot_queue
from tournaments.tasks import adjudicate_match

pytestmark = [pytest.mark.celery_worker, pytest.mark.django_db(transaction=True)]

FLOOD = 1500  # bot tasks queued at once (the issue: 1,024 bots added in 10 s)


def test_a_persons_action_is_applied_while_a_bot_backlog_is_queued(broker, event_factory):
    event = event_factory(rounds=1, best_of=1, online=True)
    event.open()
    assert event.organizer.api.post(f"{event.url}bots/", {"count": 8}, format="json").status_code == 201
    people = {actor.name: actor for actor in make_players(2, prefix="h")}
    event.register(*people.values())
    event.start()  # every match's first task is queued; no worker yet
    matches = Match.objects.filter(round__event_id=event.id).select_related(
        "player_a__player", "player_b__player"
    )
    bot_only = [m.pk for m in matches if m.player_a.is_bot and m.player_b.is_bot]
    assert len(bot_only) >= 3  # 8 bots and 2 people: at most two bots meet a person
    # Each person's match: against a bot, or the two people against each other (then only the
    # one with the initiative has the first decision, R5.2: the test acts for whoever has one).
    seats = [
        (people[r.player.username], m.pk) for m in matches for r in (m.player_a, m.player_b) if not r.is_bot
    ]
    for n in range(FLOOD):
        adjudicate_match.apply_async((bot_only[n % len(bot_only)],), queue=bot_queue())
    backlog = waiting(bot_queue())
    assert backlog >= FLOOD

    broker.start_worker(also=(bot_queue(),))
    # The person's match is adjudicated first (its first task is on the people's queue), and the
    # worker then works through the bots' backlog: the person acts while it is busy with it.
    person, match_id, state = wait_until(
        lambda: next(
            ((who, pk, s) for who, pk in seats if (s := game_state(who, pk))["legal_actions"]),
            None,
        ),
        timeout=30,
        what=lambda: f"a person to have a decision\n{broker.outputs()}",
    )
    wait_until(lambda: waiting(bot_queue()) < backlog - 20, timeout=30, what="the worker to take bot tasks")
    choice = next((a for a in state["legal_actions"] if a["type"] != "concede"), state["legal_actions"][0])
    started = time.monotonic()
    response = post_action(person, match_id, state["next_seq"], choice)
    assert response.status_code in (200, 202), response.content
    applied_or_refused(person, match_id, state["next_seq"], state["view"]["seq"], timeout=10)
    took = time.monotonic() - started
    left = waiting(bot_queue())

    row = GameAction.objects.get(match_id=match_id, seat=state["seat"], seq=state["next_seq"])
    assert row.status != GameAction.Status.QUEUED
    assert left > 100, f"the person's action waited for the bots' backlog ({left} left, {took:.2f} s)"
    assert took < 5, f"{took:.2f} s"
    # The bots are not forgotten: their matches play on the same worker.
    wait_until(
        lambda: Match.objects.filter(pk__in=bot_only, status=Match.Status.FINAL).exists(),
        timeout=30,
        what="a bot-only match to be played",
    )
