"""Operator services."""

from tournaments.models import WorkerHeartbeat


def heartbeat_record(*, token: str, hostname: str) -> WorkerHeartbeat:
    """Record a worker heartbeat once per token (idempotent under retries)."""
    beat, _created = WorkerHeartbeat.objects.get_or_create(token=token, defaults={"hostname": hostname})
    return beat
