"""The audit trail of an event, and how a match was settled for one player (a drop, a no-show)."""

from dataclasses import dataclass

from django.db.models import Q

from tournaments.models import Event, Match, ResultChange
from tournaments.users import Visitor


def event_audit(*, event: Event) -> list[ResultChange]:
    """Return the event's audit trail, oldest first: corrections of the event itself and every
    change of a match result, with their authors (and matches, rounds, players)."""
    return list(
        ResultChange.objects.filter(Q(event=event) | Q(match__round__event=event))
        .select_related("by", "match__round", "match__player_a__player", "match__player_b__player")
        .order_by("at", "id")
    )


SETTLEMENTS = ("drop", "no_show")  # ResultChange actions that gave a match to one player


@dataclass(frozen=True)
class Settlement:
    """How a match was given to one player without being played out: ``action`` (``drop``:
    the loser left the event; ``no_show``: the loser did not come), and whether ``user`` won it."""

    action: str
    won: bool


def match_settlement(*, match: Match, user: Visitor) -> Settlement | None:
    """Return how ``match`` was settled by a drop or a no-show, as seen by ``user`` (one of its
    players), or None when it was not (or was corrected since by an official)."""
    last = match.changes.order_by("-at", "-id").first()
    if last is None or last.action not in SETTLEMENTS or not user.is_authenticated:
        return None
    mine_a = match.player_a.player_id == user.pk
    won = match.wins_a > match.wins_b if mine_a else match.wins_b > match.wins_a
    return Settlement(action=last.action, won=won)
