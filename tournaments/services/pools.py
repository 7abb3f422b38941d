"""Limited events' card pools (WoW sealed and draft, W2.6): recorded by an official, the deck
is checked against them (registration_submit), hidden like decklists."""

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.pool import parse_pool
from engine.problems import DeckParseError
from tournaments.label_messages import parse_error_text
from tournaments.models import Event, Pool, Registration, ResultChange
from tournaments.selectors.cards import catalog_for
from tournaments.selectors.events import Role, event_role
from tournaments.services.errors import BadInput, NotAllowed, WrongState

LIMITED_FORMATS = frozenset({"sealed", "draft"})
PoolSource = str | Mapping[str, Any] | list[Any]
_UNKNOWN_LISTED = 5  # unknown names quoted in a refusal; the rest counted


def is_limited(event: Event) -> bool:
    """Return True when the event's format deals each player a pool (sealed, draft)."""
    return event.format in LIMITED_FORMATS


def pool_cards_checked(*, game: str, source: PoolSource) -> dict[str, int]:
    """Return the pool as canonical card name → copies; raise BadInput when it cannot be read
    (``bad_pool``) or names cards the game's sets do not have (``unknown_card``)."""
    try:
        pool = parse_pool(source)
    except DeckParseError as error:
        raise BadInput(
            _("pool: %(problem)s") % {"problem": parse_error_text(error)}, code="bad_pool"
        ) from None
    _rules, catalog = catalog_for(game=game)
    cards: dict[str, int] = {}
    unknown: list[str] = []
    for name, copies in pool.items():
        card = catalog.get(name)
        if card is None:
            unknown.append(name)
            continue
        cards[card.name] = cards.get(card.name, 0) + copies
    if unknown:
        names = ", ".join(f"«{name[:80]}»" for name in unknown[:_UNKNOWN_LISTED])
        more = len(unknown) - _UNKNOWN_LISTED
        detail = ngettext(
            "pool: %(names)s is not a known card",
            "pool: %(names)s are not known cards",
            len(unknown),
        ) % {"names": names}
        if more > 0:
            detail += " " + ngettext("(and %(count)d more)", "(and %(count)d more)", more) % {"count": more}
        raise BadInput(detail, code="unknown_card", unknown=[name[:80] for name in unknown[:_UNKNOWN_LISTED]])
    return cards


def pool_record(*, registration: Registration, by: User, source: PoolSource, reason: str = "") -> Pool:
    """Record (or replace) the registration's card pool; return it.

    Only the event's organizer and judges may (NotAllowed); only in a sealed or draft event
    that is not over (WrongState, ``not_limited`` / ``wrong_state``). The audit trail keeps the
    old and new pool (ResultChange, action ``pool``). Raises BadInput for a pool that cannot
    be read or names unknown cards.
    """
    event = registration.event
    if event_role(event=event, user=by) not in (Role.ORGANIZER, Role.JUDGE):
        raise NotAllowed(_("Only the organizer and the judges record pools."))
    if not is_limited(event):
        raise WrongState(_("Pools are for sealed and draft events only."), code="not_limited")
    cards = pool_cards_checked(game=event.game, source=source)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status in (Event.Status.FINISHED, Event.Status.CANCELLED):
            raise WrongState(_("The event is over: its pools can no longer change."))
        pool = Pool.objects.filter(registration=registration).first()
        old = dict(pool.cards) if pool else {}
        if pool is None:
            pool = Pool.objects.create(registration=registration, cards=cards, recorded_by=by)
        else:
            pool.cards, pool.recorded_by = cards, by
            pool.save(update_fields=["cards", "recorded_by", "updated_at"])
        player = registration.player.get_username()
        ResultChange.objects.create(
            event=event,
            by=by,
            action="pool",
            old={"player": player, "cards": old},
            new={"player": player, "cards": cards},
            note=(reason or "").strip()[:2000],
        )
    return pool
