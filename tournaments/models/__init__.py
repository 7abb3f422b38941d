"""Database models: rows only, no business rules (those live in services)."""

from tournaments.models.accounts import SignupCode, SignupCodeUse, UsernameSkeleton
from tournaments.models.cards import Card, CardSet, SavedDeck
from tournaments.models.events import (
    ELIMINATION_KINDS,
    DeckNote,
    Event,
    ForbiddenPair,
    Match,
    Pool,
    Registration,
    ResultChange,
    Round,
    Team,
    TeamMember,
)
from tournaments.models.metagame import MetagameReport
from tournaments.models.notifications import Notification, NotificationPreference, Webhook, WebhookDelivery
from tournaments.models.online import Game, GameAction, Penalty
from tournaments.models.ops import WorkerHeartbeat
from tournaments.models.practice import Practice
from tournaments.models.ratings import PlayerProfile, RatedMatch, Rating, RatingBook, RatingPending, Series

__all__ = [
    "ELIMINATION_KINDS",
    "Card",
    "CardSet",
    "DeckNote",
    "Event",
    "ForbiddenPair",
    "Game",
    "GameAction",
    "Match",
    "MetagameReport",
    "Notification",
    "NotificationPreference",
    "Penalty",
    "PlayerProfile",
    "Pool",
    "Practice",
    "RatedMatch",
    "Rating",
    "RatingBook",
    "RatingPending",
    "Registration",
    "ResultChange",
    "Round",
    "SavedDeck",
    "Series",
    "SignupCode",
    "SignupCodeUse",
    "Team",
    "TeamMember",
    "UsernameSkeleton",
    "Webhook",
    "WebhookDelivery",
    "WorkerHeartbeat",
]
