"""Where and when a match's work is queued: the worker tasks (by name, services/jobs.py), the
drain's wake-up flags, and each match's next deadline (O1.2, O2.2)."""

from __future__ import annotations

import base64
import logging
import uuid
from datetime import datetime, timedelta
from typing import Any

import orjson
from django.conf import settings
from django.db import transaction
from kombu.serialization import dumps as kombu_dumps

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
    options: dict[str, Any] = {"queue": bot_queue(), "priority": jobs.PRIORITY_BOTS} if bots else {}
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
    than Redis gets one each time). (The fast lane does the same in one Redis call of its own:
    :data:`DRAIN_WAKE_SCRIPT`.)"""
    if live.first_to_flag(DRAIN_WOKEN, DRAIN_WOKEN_MS):
        jobs.task(jobs.DRAIN_ACTIONS).delay()


# The fast lane's wake-up in one Redis call: set the flag unless it is set (as drain_wake) and,
# only if this call set it, push the drain task's message onto its queue (keys: the flag, the
# queue's list; arguments: the flag's lifetime in ms, the message). Returns 1 when it woke.
DRAIN_WAKE_SCRIPT = (
    "if redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[1]) then "
    "redis.call('LPUSH', KEYS[2], ARGV[2]) return 1 end return 0"
)


def drain_message() -> tuple[str, bytes]:
    """The drain task's message as ``delay()`` puts it on a Redis broker: (the key of its queue's
    list, the message), with fresh ids. The fast lane pushes it with :data:`DRAIN_WAKE_SCRIPT`,
    in the call that sets the flag: no kombu publish (a blocking one, run in a thread, and a
    look-up of the exchange's bindings in Redis first) per wake-up. Celery's own message
    (protocol 2, ``app.amqp.as_task_v2``) in kombu's Redis envelope (the JSON body in base64),
    made once per queue and given new ids each time."""
    app = jobs.task(jobs.DRAIN_ACTIONS).app
    queue_name = app.conf.task_default_queue
    template = _drain_templates.get(queue_name)
    if template is None:
        template = _drain_templates[queue_name] = _drain_template(app, queue_name)
    key, headers, properties, rest = template
    task_id = str(uuid.uuid4())
    message = {
        **rest,
        "headers": {**headers, "id": task_id, "root_id": task_id},
        "properties": {**properties, "correlation_id": task_id, "delivery_tag": str(uuid.uuid4())},
    }
    return key, orjson.dumps(message)


_drain_templates: dict[str, tuple[str, dict[str, Any], dict[str, Any], dict[str, Any]]] = {}


def _drain_template(app: Any, queue_name: str) -> tuple[str, dict[str, Any], dict[str, Any], dict[str, Any]]:
    """(the queue's list key, the headers, the properties, the rest) of the drain task's message
    on the default queue, as Celery's ``send_task`` and kombu's Redis channel make it."""
    task = jobs.task(jobs.DRAIN_ACTIONS)
    queue = app.amqp.queues[queue_name]
    sample = app.amqp.as_task_v2(
        "-",
        task.name,
        args=(),
        kwargs={},
        ignore_result=app.conf.task_ignore_result,
        time_limit=task.time_limit,
        soft_time_limit=task.soft_time_limit,
    )
    content_type, content_encoding, body = kombu_dumps(sample.body, serializer="json")
    data = body if isinstance(body, bytes) else body.encode(content_encoding)
    properties = {
        **sample.properties,
        "reply_to": app.thread_oid,
        "delivery_mode": 2,
        # Celery sends a task of a direct exchange's queue through the anonymous exchange,
        # straight to the queue (no look-up of the exchange's bindings).
        "delivery_info": {"exchange": "", "routing_key": queue.name},
        "priority": 0,
        "body_encoding": "base64",
    }
    rest = {
        "body": base64.b64encode(data).decode(),
        "content-encoding": content_encoding,
        "content-type": content_type,
    }
    # kombu's Redis channel: the list of the queue (priority 0: the queue's own name), after the
    # transport's key prefix if one is set.
    prefix = str((app.conf.broker_transport_options or {}).get("global_keyprefix", ""))
    return prefix + queue.name, dict(sample.headers), properties, rest


def drain_again_soon() -> None:
    """Queue a drain in a moment (:data:`DRAIN_NUDGE_MS`), unless one is queued for then already."""
    if jobs.in_process():
        return
    if live.first_to_flag(DRAIN_NUDGED, DRAIN_NUDGE_MS):
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
        if settings.BOT_PAUSE_SECONDS and match_bots(match)[game.decision_seat]:
            due = min(due, game.decision_since + timedelta(seconds=settings.BOT_PAUSE_SECONDS))
    return due


def followups_schedule(match: Match, game: Game, now: datetime) -> None:
    """With a real broker, wake a worker when the pending clock runs out (O2.2), if that is
    soon (:data:`FOLLOWUP_WITHIN`); the periodic sweep covers later deadlines."""
    due = deadline(match, game)
    if due is not None and due - now <= FOLLOWUP_WITHIN:
        followup_queue(match.pk, due + timedelta(seconds=0.2), bots=match_bots_only(match))


def followup_queue(match_id: int, eta: datetime, *, bots: bool) -> None:
    """Queue the match's adjudication at ``eta`` once the transaction commits (on the bots'
    queue when ``bots``)."""
    # In-process, a task ignores its ETA, runs at once and would schedule again.
    if jobs.in_process():
        return
    transaction.on_commit(lambda: queue_adjudication(match_id, bots=bots, eta=eta))


def match_bots(match: Match) -> tuple[bool, bool]:
    """Return whether each seat (a, b) is a bot."""
    return (match.player_a.is_bot, bool(match.player_b and match.player_b.is_bot))


def match_bots_only(match: Match) -> bool:
    """Whether nobody but bots plays the match (its work goes to :func:`bot_queue`)."""
    return all(match_bots(match))
