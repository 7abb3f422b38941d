"""The organizer's seed order: before the start of a bracket or a round robin seeded "in the
organizer's order", the organizer lists every player still in, seed 1 first; the start draws
the seeds from that list (services/events/structures._seeds_draw).
"""

from collections.abc import Mapping, Sequence

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Event, Registration
from tournaments.selectors.events import Role, organizer_seed_order, seeds_settable
from tournaments.services.errors import BadInput, WrongState
from tournaments.services.events.common import S, _audit, _require

Structure = Event.Structure
SEED_ORDER_MAX = 100_000  # names in one list: the largest event's players


def _why_not_settable(event: Event) -> WrongState:
    """Return the refusal that says why the seed order cannot be set on ``event`` now."""
    if event.status not in (S.DRAFT, S.REGISTRATION):
        return WrongState(
            _("The event has started: its seeds are drawn, so the seed order can no longer change."),
            code="started",
        )
    if event.structure not in (
        Structure.SINGLE_ELIMINATION,
        Structure.DOUBLE_ELIMINATION,
        Structure.ROUND_ROBIN,
    ):
        return WrongState(
            _("Only a bracket or a round robin has seeds; this event is %(structure)s.")
            % {"structure": event.get_structure_display()},
            code="option_not_for_structure",
        )
    return WrongState(
        _(
            "The seeds are drawn “%(seeding)s”, not in the organizer's order: "
            "choose it in the event's settings first."
        )
        % {"seeding": event.get_seeding_display()},
        code="not_organizer_seeding",
    )


def seeds_set(*, event: Event, by: User, order: Sequence[str]) -> list[Registration]:
    """Store the organizer's seed order (usernames, seed 1 first) and return the players in it.

    ``order`` lists every player still in (registered, not dropped) once, by username (any
    case). Raises NotAllowed for anyone but the organizer; WrongState (``started``,
    ``option_not_for_structure``, ``not_organizer_seeding``) when the event takes no seed order
    now; BadInput ``invalid`` for a list that is not one of names, ``seed_repeated``,
    ``seed_unknown_player`` (a name not among the players still in) or ``seed_missing_player``.
    """
    _require(event, by, Role.ORGANIZER)
    if not isinstance(order, list | tuple) or not all(isinstance(name, str) for name in order):
        raise BadInput(_("order: give the players' usernames in a list, seed 1 first"), code="invalid")
    if len(order) > SEED_ORDER_MAX:
        raise BadInput(_("order: at most %(n)d names") % {"n": SEED_ORDER_MAX}, code="invalid")
    with transaction.atomic():
        event, players = _locked_order(event)
        return _order_store(event, by, players, order)


def seeds_move(*, event: Event, by: User, moves: Mapping[str, int]) -> list[Registration]:
    """Move players to seed numbers (username: the number) and store the order that makes; return
    the players in it. The others shift to make room: a player moved up goes before the one at
    that number, one moved down after it, a number past the last puts the player last. The
    dashboard's paged form moves the players of one page, to a number on any page.

    Raises as :func:`seeds_set`: ``seed_unknown_player`` for a name not among the players
    still in, and the refusals of an event that takes no seed order now.
    """
    _require(event, by, Role.ORGANIZER)
    with transaction.atomic():
        event, players = _locked_order(event)
        names = [r.player.get_username() for r in players]
        known = {name.casefold() for name in names}
        for name in moves:
            if name.strip().casefold() not in known:
                raise _unknown(name)
        wanted = {name.strip().casefold(): number for name, number in moves.items()}

        def key(item: tuple[int, str]) -> tuple[int, int, int]:
            place, name = item
            number = wanted.get(name.casefold(), place)
            return (number, (number > place) - (number < place), place)

        order = [name for _place, name in sorted(enumerate(names, start=1), key=key)]
        return _order_store(event, by, players, order)


def _locked_order(event: Event) -> tuple[Event, list[Registration]]:
    """Lock the event row (the start, racing a change of the order, draws the seeds from the
    order it leaves) and return it with the players in their seed order now; WrongState when
    the event takes no seed order now."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if not seeds_settable(event):
        raise _why_not_settable(event)
    return event, organizer_seed_order(event=event)


def _unknown(name: str) -> BadInput:
    return BadInput(
        _("order: %(name)s is not a player of this event (or has dropped)") % {"name": name},
        code="seed_unknown_player",
    )


def _order_store(
    event: Event, by: User, players: list[Registration], order: Sequence[str]
) -> list[Registration]:
    """Store ``order`` (every one of ``players`` once, by username) as the seed order, with its
    audit entry; return the players in it."""
    by_name = {r.player.get_username().casefold(): r for r in players}
    placed: list[Registration] = []
    seen: set[int] = set()
    for name in order:
        registration = by_name.get(name.strip().casefold())
        if registration is None:
            raise _unknown(name)
        if registration.pk in seen:
            raise BadInput(
                _("order: %(name)s is listed twice; list each player once") % {"name": name},
                code="seed_repeated",
            )
        seen.add(registration.pk)
        placed.append(registration)
    missing = [r.player.get_username() for r in players if r.pk not in seen]
    if missing:
        raise BadInput(
            _("order: %(names)s missing; list every player still in the event once")
            % {"names": ", ".join(missing[:5]) + (", …" if len(missing) > 5 else "")},
            code="seed_missing_player",
        )
    old = [r.player.get_username() for r in players]
    changed = [r for place, r in enumerate(placed, start=1) if r.seed_order != place]
    for place, registration in enumerate(placed, start=1):
        registration.seed_order = place
    # Only the places that change: a move on an 8,192-player list shifts a few of them.
    Registration.objects.bulk_update(changed, ["seed_order"], batch_size=1000)
    new = [r.player.get_username() for r in placed]
    if new != old:
        _audit(event, by, "seed_order", {"order": old}, {"order": new}, "")
    return placed
