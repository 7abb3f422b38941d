"""Registration: the event's players, its waitlist, whether registration is open, check-in and
the no-shows counted.
"""

from django.db.models import QuerySet
from django.db.models.functions import Lower
from django.utils import timezone

from tournaments.models import Event, Game, Registration
from tournaments.users import Visitor


def event_players(*, event: Event) -> QuerySet[Registration]:
    """Return the active (not waitlisted) registrations, with their users."""
    return event.registrations.filter(status=Registration.Status.ACTIVE).select_related("player")


def event_player_names(*, event: Event) -> list[str]:
    """Return the names of the event's registered (not waitlisted) players, case-insensitive
    order, as plain strings (the dashboard's lists of an 8,192-player event)."""
    rows = event.registrations.filter(status=Registration.Status.ACTIVE)
    return list(rows.order_by(Lower("player__username"), "id").values_list("player__username", flat=True))


def players_checked_query(*, event: Event) -> QuerySet[Registration]:
    """Return the registered players by name, with what their dashboard row shows (user, pool,
    notes), as a query to cut into pages: only a page's decks are read and checked again."""
    return (
        event.registrations.filter(status=Registration.Status.ACTIVE)
        .select_related("player", "pool", "event")
        .prefetch_related("notes__author")
        .order_by(Lower("player__username"), "id")
    )


def event_registrations(
    *, event: Event, with_decks: bool = True
) -> tuple[list[Registration], list[Registration]]:
    """Return (active registrations sorted by name, the waitlist in its order), with users and notes.

    ``with_decks=False`` leaves the decklists unread (an 8,192-player event's lists are megabytes
    of JSON; the public page reads only the ones it shows, see ``decks_of``).
    """
    rows = event.registrations.select_related("player", "pool").prefetch_related("notes__author")
    if not with_decks:
        rows = rows.defer("deck")
    listed = list(rows.order_by("created_at"))
    active = sorted(
        (r for r in listed if r.status == Registration.Status.ACTIVE),
        key=lambda r: r.player.get_username().casefold(),
    )
    return active, [r for r in listed if r.status == Registration.Status.WAITLIST]


def players_by_name(*, event: Event) -> QuerySet[Registration]:
    """Return the active registrations by name (case-insensitive), with their users and no
    decklists, as a query to cut into pages (the public page of an 8,192-player event)."""
    return (
        event.registrations.filter(status=Registration.Status.ACTIVE)
        .select_related("player")
        .defer("deck")
        .order_by(Lower("player__username"), "id")
    )


def event_waitlist(*, event: Event) -> list[Registration]:
    """Return the waitlist in its order, with the users and no decklists."""
    waiting = event.registrations.filter(status=Registration.Status.WAITLIST).select_related("player")
    return list(waiting.defer("deck").order_by("created_at", "id"))


def registration_of(*, event: Event, user: Visitor) -> Registration | None:
    """Return the user's registration for the event, or None."""
    if not user.is_authenticated:
        return None
    return event.registrations.select_related("player", "pool").filter(player_id=user.pk).first()


def registration_is_open(*, event: Event) -> bool:
    """Return True while a new player may register: in registration, or running with late entry,
    and before the registration deadline."""
    late = event.status == Event.Status.RUNNING and event.late_entry
    return (event.status == Event.Status.REGISTRATION or late) and not registration_deadline_passed(
        event=event
    )


def registration_deadline_passed(*, event: Event) -> bool:
    """Return True once the event's registration deadline (if it has one) is past."""
    return event.registration_closes_at is not None and timezone.now() >= event.registration_closes_at


def no_shows(*, event: Event) -> dict[int, int]:
    """Return how many online games each registration (by id) lost as a no-show (O1.2: absent
    when the game's grace period ended; neither seat present: both), those with none left out."""
    counts: dict[int, int] = {}
    rows = Game.objects.filter(match__round__event=event, reason="no_show").values_list(
        "winner", "match__player_a_id", "match__player_b_id"
    )
    for winner, a, b in rows:
        for seat, registration in enumerate((a, b)):
            if registration is not None and winner != seat:
                counts[registration] = counts.get(registration, 0) + 1
    return counts


def checked_in_count(*, event: Event) -> int:
    """Return how many registered (not waitlisted) players have checked in."""
    return event.registrations.filter(status=Registration.Status.ACTIVE, checked_in=True).count()
