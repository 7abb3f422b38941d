"""Database models: rows only, no business rules (those live in services)."""

from tournaments.models.ops import WorkerHeartbeat

__all__ = ["WorkerHeartbeat"]
