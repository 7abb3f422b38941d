"""Database models: rows only, no business rules (those live in services)."""

from tournaments.models.cards import Card, CardSet, SavedDeck
from tournaments.models.events import (
    DeckNote,
    Event,
    ForbiddenPair,
    Match,
    Registration,
    ResultChange,
    Round,
)
from tournaments.models.online import Game, GameAction, Penalty
from tournaments.models.ops import WorkerHeartbeat

__all__ = [
    "Card",
    "CardSet",
    "DeckNote",
    "Event",
    "ForbiddenPair",
    "Game",
    "GameAction",
    "Match",
    "Penalty",
    "Registration",
    "ResultChange",
    "Round",
    "SavedDeck",
    "WorkerHeartbeat",
]
