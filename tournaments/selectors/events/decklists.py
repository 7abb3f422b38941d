"""Decklists: a registration's deck checked against the game's rules, its text and pool, the
event's decklist export and a player's saved decks.
"""

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from engine.decklist import ZoneKind, parse_decklist
from engine.problems import DeckParseError
from engine.registry import get_game
from tournaments.models import Event, Registration, SavedDeck
from tournaments.selectors.decks import Catalogs, catalogs_for, deck_check, decklist_text
from tournaments.selectors.events.registration import event_players
from tournaments.users import Visitor


def decks_of(*, registrations: list[Registration]) -> None:
    """Read the decklists of ``registrations`` (deferred by ``event_registrations``) in one query."""
    decks = dict(Registration.objects.filter(pk__in=[r.pk for r in registrations]).values_list("pk", "deck"))
    for registration in registrations:
        registration.deck = decks.get(registration.pk, {})


@dataclass(frozen=True)
class DeckStatus:
    """A registration with its deck re-checked under the event's settings."""

    registration: Registration
    violations: list[dict[str, Any]]

    @property
    def legal(self) -> bool:
        return not self.violations


def registration_deck_check(*, registration: Registration, catalogs: Catalogs | None = None) -> DeckStatus:
    """Return the registration's deck checked again with the event's side-deck maximum and format.

    An unreadable stored deck comes back as one ``unreadable`` violation. ``catalogs``: see
    :func:`~tournaments.selectors.decks.deck_check`.
    """
    event = registration.event
    options: dict[str, Any] = {"side_max": event.side_deck_max, "format": event.format}
    if event.format in ("sealed", "draft"):  # W2.6: against the pool; none recorded yet is empty
        pool = getattr(registration, "pool", None)  # the reverse one-to-one's miss is an AttributeError
        options["pool"] = pool.cards if pool is not None else {}
        if not registration.deck:  # registered, the deck to come once the pool is recorded
            message = _("No deck sent yet.")
            missing = {"code": "deck_missing", "card": None, "message": message}
            return DeckStatus(registration=registration, violations=[missing])
    check = deck_check(source=registration.deck, game=event.game, options=options, catalogs=catalogs)
    violations = check.violations
    if not check.readable:
        violations = [{"code": "unreadable", "card": None, "message": check.parse_message}]
    return DeckStatus(registration=registration, violations=violations)


def pool_text(*, registration: Registration) -> str:
    """Return the registration's pool as text lines «copies name» by name ("" without a pool)."""
    pool = getattr(registration, "pool", None)  # a missing reverse one-to-one: AttributeError
    if pool is None:
        return ""
    return "\n".join(
        f"{copies} {name}" for name, copies in sorted(pool.cards.items(), key=lambda i: i[0].casefold())
    )


def registrations_checked(*, registrations: list[Registration]) -> list[DeckStatus]:
    """Return every registration with its deck re-checked (see registration_deck_check), each
    game's catalog read once for them all (a dashboard page checks 200 decks)."""
    catalogs = catalogs_for(games=(r.event.game for r in registrations))
    return [registration_deck_check(registration=r, catalogs=catalogs) for r in registrations]


def registration_deck_text(*, registration: Registration) -> str:
    """Return the registration's decklist in the text format ("" when it cannot be read)."""
    try:
        return decklist_text(parse_decklist(registration.deck, game=registration.event.game))
    except DeckParseError:
        return ""


def decklist_rows(*, event: Event) -> list[tuple[str, str, int, str]]:
    """Return (player, zone, copies, card) for every card of every active player's decklist.

    Players by name, zones in the game's order, ordered zones (orders) in their order.
    """
    zones = get_game(event.game).zones
    rows: list[tuple[str, str, int, str]] = []
    for registration in sorted(event_players(event=event), key=lambda r: r.player.get_username().casefold()):
        name = registration.player.get_username()
        try:
            deck = parse_decklist(registration.deck, game=event.game)
        except DeckParseError:
            continue
        for zone in zones:
            if zone.kind is ZoneKind.ONE:
                card = deck.one(zone.key)
                if card:
                    rows.append((name, zone.key, 1, card))
            elif zone.kind is ZoneKind.ORDERED:
                rows.extend((name, zone.key, 1, card) for card in deck.ordered(zone.key))
            else:
                rows.extend((name, zone.key, copies, card) for card, copies in deck.counts(zone.key).items())
    return rows


def saved_decks_for(*, user: Visitor, game: str) -> QuerySet[SavedDeck]:
    """Return the user's saved decks of the game (none for an anonymous visitor)."""
    if not user.is_authenticated:
        return SavedDeck.objects.none()
    return SavedDeck.objects.filter(owner_id=user.pk, game=game).order_by("name")
