"""Database models: rows only, no business rules (those live in services)."""

from tournaments.models.cards import Card, CardSet, SavedDeck
from tournaments.models.ops import WorkerHeartbeat

__all__ = ["Card", "CardSet", "SavedDeck", "WorkerHeartbeat"]
