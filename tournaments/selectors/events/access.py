"""Who someone is at an event (organizer, judge, player, visitor) and what that lets them see."""

from enum import Enum

from django.db.models import QuerySet

from tournaments.models import Event, Registration, Round
from tournaments.users import Visitor


class Role(Enum):
    ORGANIZER = "organizer"  # the event's organizer, or staff
    JUDGE = "judge"
    PLAYER = "player"  # registered (active or waitlisted)
    OUTSIDER = "outsider"  # signed in, not involved
    ANONYMOUS = "anonymous"


def event_role(*, event: Event, user: Visitor) -> Role:
    """Return the user's role in the event (the strongest one)."""
    if not user.is_authenticated:
        return Role.ANONYMOUS
    if user.is_staff or event.organizer_id == user.pk:
        return Role.ORGANIZER
    if event.judges.filter(pk=user.pk).exists():
        return Role.JUDGE
    if event.registrations.filter(player_id=user.pk).exists():
        return Role.PLAYER
    return Role.OUTSIDER


def judged_before(*, event: Event, user: Visitor) -> bool:
    """Whether ``user`` was a judge of the event and was removed: they saw its decklists and
    hands, so they never play in it."""
    return user.is_authenticated and event.former_judges.filter(pk=user.pk).exists()


def is_official(role: Role) -> bool:
    """Organizer or judge: sees every decklist, reports final results."""
    return role in (Role.ORGANIZER, Role.JUDGE)


def can_see_deck(*, event: Event, role: Role, registration: Registration, user: Visitor) -> bool:
    """Decklists are hidden: the player sees their own, officials see all, everyone once published."""
    return is_official(role) or event.decklists_public or registration.player_id == getattr(user, "pk", None)


def events_visible(*, user: Visitor) -> QuerySet[Event]:
    """Return events listed for the user: every non-draft event, plus their own drafts. A practice
    game's event (``Event.practice``) is nobody's to see: the game is reached by its practice."""
    events = Event.objects.select_related("organizer").filter(practice=False)
    if user.is_authenticated and user.is_staff:
        return events
    if user.is_authenticated:
        return events.exclude(status=Event.Status.DRAFT) | events.filter(organizer_id=user.pk)
    return events.exclude(status=Event.Status.DRAFT)


def event_visible(*, event: Event, user: Visitor) -> bool:
    """Whether the user may see ``event``: the rule of :func:`events_visible` for one event."""
    if event.practice:
        return False
    if user.is_authenticated and (user.is_staff or event.organizer_id == user.pk):
        return True
    return event.status != Event.Status.DRAFT


def event_seen(*, event_id: int, user: Visitor, events: QuerySet[Event] | None = None) -> Event | None:
    """Return the event with this id if the user may see it (:func:`event_visible`), else None;
    read from ``events`` when given (say, annotated with counts), else plainly.

    One look-up by primary key, the rule applied to the row: the same answer as filtering
    :func:`events_visible` by the id, without building and compiling that query on every request."""
    rows = Event.objects.all() if events is None else events
    event = rows.select_related("organizer").filter(pk=event_id).first()
    return event if event is not None and event_visible(event=event, user=user) else None


def round_visible(*, round: Round, user: Visitor) -> bool:
    """Return True when the user may see the round's pairings: published, or an official."""
    return round.published or is_official(event_role(event=round.event, user=user))
