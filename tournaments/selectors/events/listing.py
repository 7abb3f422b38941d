"""Events listed: the list page, the search and its filters, the upcoming events."""

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db.models import Count, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone

from tournaments.models import Event, Registration, Round
from tournaments.selectors.events.access import events_visible
from tournaments.users import Visitor


def events_counted(events: QuerySet[Event]) -> QuerySet[Event]:
    """Return ``events`` annotated with ``player_count`` (active registrations),
    ``waitlist_count`` and ``round_count``.

    Each is a count of its own (a subquery per event), not one join of the registrations with
    the rounds counted distinct: that join has a row for every registration in every round (an
    event of 8,192 players in its ninth round: 73,728 rows sorted and counted on each look-up)."""

    def counted(rows: QuerySet[Any]) -> Coalesce:
        per_event = rows.filter(event=OuterRef("pk")).order_by().values("event").annotate(n=Count("pk"))
        return Coalesce(Subquery(per_event.values("n")), 0)

    return events.annotate(
        player_count=counted(Registration.objects.filter(status=Registration.Status.ACTIVE)),
        waitlist_count=counted(Registration.objects.filter(status=Registration.Status.WAITLIST)),
        round_count=counted(Round.objects.all()),
    )


def events_listed(*, user: Visitor) -> QuerySet[Event]:
    """Return the events listed for the user, newest first, counted (:func:`events_counted`)."""
    return events_counted(events_visible(user=user)).order_by("-created_at")


@dataclass(frozen=True)
class EventFilters:
    """What the event list is narrowed to: a text in the name, venue or description, a game,
    a status, events on or after a date, online or paper (None: both)."""

    q: str = ""
    game: str = ""
    status: str = ""
    date_from: date | None = None
    online: bool | None = None


def events_search(*, user: Visitor, filters: EventFilters) -> QuerySet[Event]:
    """Return ``events_listed`` narrowed by ``filters`` (an event without a start date is
    left out by a date filter)."""
    events = events_listed(user=user)
    if filters.q:
        text = filters.q
        events = events.filter(
            Q(name__icontains=text) | Q(venue__icontains=text) | Q(description__icontains=text)
        )
    if filters.game:
        events = events.filter(game=filters.game)
    if filters.status:
        events = events.filter(status=filters.status)
    if filters.date_from is not None:
        events = events.filter(starts_at__date__gte=filters.date_from)
    if filters.online is not None:
        events = events.filter(online=filters.online)
    return events


def events_upcoming(*, user: Visitor, limit: int = 6) -> list[Event]:
    """Return the next events to start (not started yet, not cancelled), soonest first."""
    return list(
        events_listed(user=user)
        .filter(starts_at__gte=timezone.now(), status=Event.Status.REGISTRATION)
        .order_by("starts_at", "id")[:limit]
    )
