"""Celery tasks: thin adapters that take an id and call a service (STYLE.md 12)."""

import socket

from celery import shared_task

from tournaments.services.ops import heartbeat_record


@shared_task(name="tournaments.worker_heartbeat")
def worker_heartbeat(token: str) -> str:
    """Record that a worker ran; return the worker's host name."""
    heartbeat_record(token=token, hostname=socket.gethostname())
    return socket.gethostname()
