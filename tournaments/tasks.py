"""Celery tasks: thin adapters that take an id and call a service. The services queue them by
name (services/jobs.py), so they never import this module."""

import socket

from celery import Task, shared_task
from django.db import OperationalError

from tournaments.services import jobs
from tournaments.services.events.league import leagues_sweep
from tournaments.services.metagame import metagame_build as metagame_build_service
from tournaments.services.notifications import notification_email_send, notifications_round_send
from tournaments.services.online import (
    actions_drain,
    games_set_up,
    games_set_up_queue,
    match_adjudicate,
    online_sweep,
    queue_adjudication,
)
from tournaments.services.ops import heartbeat_record
from tournaments.services.rating_batch import ratings_pass, ratings_wake_if_waiting
from tournaments.services.ratings import rating_update
from tournaments.services.webhooks import WEBHOOK_RETRIES, DeliveryFailed, webhook_deliver_once


@shared_task(name="tournaments.worker_heartbeat")
def worker_heartbeat(token: str) -> str:
    """Record that a worker ran; return the worker's host name."""
    heartbeat_record(token=token, hostname=socket.gethostname())
    return socket.gethostname()


@shared_task(
    name=jobs.ADJUDICATE_MATCH,
    acks_late=True,  # a worker killed mid-task leaves the message for another: nothing is lost
    reject_on_worker_lost=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=8,
)
def adjudicate_match(match_id: int) -> int:
    """Apply the match's queued actions through the rules engine; return how many."""
    return match_adjudicate(match_id=match_id)


@shared_task(
    name=jobs.DRAIN_ACTIONS,
    acks_late=True,  # killed mid-task: the message goes to another worker, the actions stay queued
    reject_on_worker_lost=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=8,
)
def drain_actions() -> int:
    """Adjudicate every match with queued actions, many per transaction; return how many actions."""
    return actions_drain()


@shared_task(name="tournaments.online_sweep", acks_late=True)
def online_sweep_task() -> int:
    """Periodic: enforce clocks, sideboard timers and round ends with no traffic at all; wake a
    ratings pass if matches wait to be rated (one that failed left them)."""
    ratings_wake_if_waiting()
    return online_sweep(run=adjudicate_match.delay, run_bots=lambda pk: queue_adjudication(pk, bots=True))


@shared_task(name=jobs.LEAGUES_SWEEP, acks_late=True)
def leagues_sweep_task() -> int:
    """Periodic: finish the leagues whose window has closed and whose matches are all final."""
    return leagues_sweep()


@shared_task(name=jobs.NOTIFICATION_EMAIL, autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def notification_email(notification_id: int) -> bool:
    """E-mail one notification (queued on commit: a request never waits for the mail server)."""
    return notification_email_send(notification_id=notification_id)


@shared_task(
    name=jobs.ROUND_NOTIFY,
    acks_late=True,  # a worker killed mid-task leaves the message for another (the task is idempotent)
    reject_on_worker_lost=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=8,
)
def round_notify(round_id: int) -> bool:
    """Tell the players of a large posted round where they sit (queued on commit by the start or
    the next round); return whether it did."""
    return notifications_round_send(round_id=round_id)


@shared_task(
    bind=True,
    name=jobs.WEBHOOK_DELIVER,
    autoretry_for=(DeliveryFailed,),
    retry_backoff=True,  # 1 s, 2 s, 4 s... (jittered), at most retry_backoff_max apart
    retry_backoff_max=600,
    max_retries=WEBHOOK_RETRIES,
)
def webhook_deliver(self: Task, delivery_id: int) -> bool:
    """Post one webhook delivery; retried with exponential back-off, the last try marks it failed."""
    return webhook_deliver_once(delivery_id=delivery_id, last_try=self.request.retries >= WEBHOOK_RETRIES)


@shared_task(name=jobs.METAGAME_BUILD, acks_late=True, autoretry_for=(OperationalError,), max_retries=3)
def metagame_build(key: str) -> int:
    """Compute a metagame scope's numbers (an event, a game over a period) into its cache."""
    return metagame_build_service(key=key)


@shared_task(
    name=jobs.RATING_UPDATE,
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=8,
)
def rating_update_task(match_id: int) -> bool:
    """Bring the ratings in line with the match (idempotent); return whether they changed.
    (The ratings pass rates the matches; this task serves the messages an older release queued.)"""
    return rating_update(match_id=match_id)


@shared_task(
    name=jobs.RATINGS_PASS,
    acks_late=True,  # killed mid-pass: its transaction rolls back and the matches still wait
    reject_on_worker_lost=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=8,
)
def ratings_pass_task() -> int:
    """Rate every match waiting to be rated, at once; return how many changed the ratings."""
    return ratings_pass()


@shared_task(
    name=jobs.GAMES_SET_UP,
    acks_late=True,  # a worker killed mid-task leaves the message for another (the set-up is idempotent)
    reject_on_worker_lost=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=8,
)
def games_set_up_task(match_ids: list[int]) -> int:
    """Set up game 1 of each of an online round's matches that has none; return how many."""
    return games_set_up(match_ids=match_ids)


@shared_task(name=jobs.GAMES_QUEUE, acks_late=True, reject_on_worker_lost=True)
def games_queue(chunks: list[list[int]]) -> int:
    """Queue the set-up of an online round's games, a task per chunk (the set-up is idempotent:
    a message delivered twice queues chunks that find their games made)."""
    return games_set_up_queue(chunks=chunks)
