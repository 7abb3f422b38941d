"""Where and when a match's work is queued: the worker tasks (by name, services/jobs.py), the
drain's wake-up flags, and each match's next deadline (O1.2, O2.2)."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction

from tournaments.models import Game, Match
from tournaments.selectors.online import (
    clock_limit,
    seats_present,
)
from tournaments.services import jobs, live

log = logging.getLogger(__name__)


# The bot-only matches' queue: the people's queue's name and this (:func:`bot_queue`).
BOT_QUEUE_SUFFIX = "-bots"


# A clock deadline nearer than this gets its own task at that moment (an ETA message); later
# ones are left to the periodic sweep, which queues that task once the deadline comes near.
# (Thousands of far-off ETA messages would sit in the workers, and Redis hands a message
# unacknowledged for an hour to another worker.)
FOLLOWUP_WITHIN = timedelta(seconds=30)


DRAIN_WOKEN = live.key("drain-woken")  # the deployment's own (settings.REDIS_NAMESPACE)


DRAIN_WOKEN_MS = 1000


# A drain that finds no match it can lock while actions still wait has them looked at again a
# moment later (DRAIN_NUDGE_MS; at most one such drain queued in that time): their match is held
# by another worker's pass, which takes them up itself, or by a session that is ending — a
# worker killed mid-pass, whose row locks last until PostgreSQL notices, while its task's
# message is already redelivered.
DRAIN_NUDGED = live.key("drain-nudged")


DRAIN_NUDGE_MS = 1000


def queue_adjudication(match_id: int, *, bots: bool = False, eta: datetime | None = None) -> None:
    """Queue the worker task for a match (in-process when no broker is configured): on the
    people's queue, or for a match between bots only (``bots``) on :func:`bot_queue`."""
    options: dict[str, Any] = {"queue": bot_queue()} if bots else {}
    if eta is not None:
        options["eta"] = eta
    jobs.task(jobs.ADJUDICATE_MATCH).apply_async((match_id,), **options)


def bot_queue() -> str:
    """Return the queue of the bot-only matches' work: the people's (default) queue's name
    followed by :data:`BOT_QUEUE_SUFFIX` (``celery-bots``). bots' moves never
    delay people's. Workers consume both queues, the people's first, and the Redis transport
    takes from the queues in that order (settings: ``queue_order_strategy`` "priority"), so a
    worker takes a bot task only when no person's task waits."""
    return f"{jobs.task(jobs.ADJUDICATE_MATCH).app.conf.task_default_queue}{BOT_QUEUE_SUFFIX}"


def queue_action(match_id: int) -> None:
    """Wake a worker for an action just committed (:func:`drain_wake`). In-process (no
    broker): adjudicate the match at once."""
    if jobs.in_process():
        queue_adjudication(match_id)
        return
    drain_wake()


def drain_wake() -> None:
    """Queue the drain task, unless a wake-up is pending (:data:`DRAIN_WOKEN`; a broker other
    than Redis gets one each time). (The fast lane does the same with its own client.)"""
    if _first_to_flag(DRAIN_WOKEN, DRAIN_WOKEN_MS):
        jobs.task(jobs.DRAIN_ACTIONS).delay()


def drain_send() -> None:
    """Queue the drain task (the fast lane's wake-up, once it has set :data:`DRAIN_WOKEN`
    itself): kombu's publish blocks, so the lane calls this in a thread."""
    jobs.task(jobs.DRAIN_ACTIONS).delay()


def _first_to_flag(key: str, ms: int) -> bool:
    """Set the Redis flag ``key`` for ``ms`` milliseconds unless it is set; return whether this
    call set it — or True with no Redis to keep it on (each caller then acts every time)."""
    client = live.redis_client()
    if client is None:
        return True
    try:
        return bool(client.set(key, 1, nx=True, px=ms))
    except Exception as error:  # Redis is the broker too: the task the caller sends will say more
        log.warning("the Redis flag %s is unavailable (%s)", key, error)
        return True


def _drain_again_soon() -> None:
    """Queue a drain in a moment (:data:`DRAIN_NUDGE_MS`), unless one is queued for then already."""
    if jobs.in_process():
        return
    if _first_to_flag(DRAIN_NUDGED, DRAIN_NUDGE_MS):
        jobs.task(jobs.DRAIN_ACTIONS).apply_async(countdown=DRAIN_NUDGE_MS / 1000)


def deadline(match: Match, game: Game) -> Any:
    """Return when the match next needs a worker with nobody acting: the deciding seat's clock
    running out (O2.2), the sideboarding timer, or the round's end; None for a final match."""
    if match.status == Match.Status.FINAL:
        return None
    due = match.round.ends_at + timedelta(minutes=match.extension_minutes)
    if game.status == Game.Status.SIDEBOARDING and game.sideboard_until:
        due = min(due, game.sideboard_until)
    elif game.status == Game.Status.PLAYING and game.present_by is not None:
        # Waiting for the seats (O1.2): due at once when both are present (the sweep starts the
        # clocks), else when the grace period ends (the absent seat loses as a no-show).
        due = min(due, game.started_at if all(seats_present(match)) else game.present_by)
    elif game.status == Game.Status.PLAYING and game.decision_seat is not None and game.decision_since:
        left = clock_limit(match.round.event) - game.clock_used[game.decision_seat]
        due = min(due, game.decision_since + timedelta(seconds=max(0.0, left)))
        if settings.BOT_PAUSE_SECONDS and _bots(match)[game.decision_seat]:
            due = min(due, game.decision_since + timedelta(seconds=settings.BOT_PAUSE_SECONDS))
    return due


def _schedule_followups(match: Match, game: Game, now: datetime) -> None:
    """With a real broker, wake a worker when the pending clock runs out (O2.2), if that is
    soon (:data:`FOLLOWUP_WITHIN`); the periodic sweep covers later deadlines."""
    due = deadline(match, game)
    if due is not None and due - now <= FOLLOWUP_WITHIN:
        _followup(match.pk, due + timedelta(seconds=0.2), bots=_bots_only(match))


def _followup(match_id: int, eta: datetime, *, bots: bool) -> None:
    # In-process, a task ignores its ETA, runs at once and would schedule again.
    if jobs.in_process():
        return
    transaction.on_commit(lambda: queue_adjudication(match_id, bots=bots, eta=eta))


def _bots(match: Match) -> tuple[bool, bool]:
    return (match.player_a.is_bot, bool(match.player_b and match.player_b.is_bot))


def _bots_only(match: Match) -> bool:
    """Whether nobody but bots plays the match (its work goes to :func:`bot_queue`)."""
    return all(_bots(match))
