"""RESPONSE deck construction (rules digest R2): a pure validator and the swap check.

Both functions return every violation, each with a stable R2.8 code and the card it
names, and never raise for any :class:`Decklist` (STYLE.md 8).
"""

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.respons.cards import Card
from engine.names import normalize_name
from engine.problems import Violation

MAIN_SIZE = 30  # R2.1
ORDERS_COUNT = 5  # R2.1
COPY_LIMIT = 2  # R2.2
LEGENDARY_LIMIT = 1  # R2.2
SIDE_MAX_DEFAULT = 10  # R2.6

_ZONE_NAMES = {"orders": "the orders", "main": "the main deck", "side": "the side deck"}
_FACTION_NAMES = {"order": "Order", "technology": "Technology", "chaos": "Chaos"}


def _factions(card: Card) -> str:
    return "+".join(sorted(_FACTION_NAMES.get(f, f) for f in card.factions))


def _names_and_counts(value: object) -> list[tuple[str, int]]:
    """Return (name, copies) pairs of a COUNTS zone, dropping what no parser produces."""
    if not isinstance(value, Mapping):
        return []
    pairs: list[tuple[str, int]] = []
    for name, copies in value.items():
        if isinstance(name, str) and isinstance(copies, int) and not isinstance(copies, bool):
            pairs.append((name, max(copies, 0)))
    return pairs


def _order_names(value: object) -> list[str]:
    if not isinstance(value, tuple | list):
        return []
    return [name for name in value if isinstance(name, str)]


def fits_hero(card: Card, hero: Card) -> bool:
    """Return whether ``card`` may be in a deck led by ``hero``.

    R2.5: with H the hero's factions and C the card's, the card fits iff C ⊆ H or H ⊆ C.
    """
    return card.factions <= hero.factions or hero.factions <= card.factions


class _Checker:
    """One validation: resolves each name once and collects violations in rule order."""

    def __init__(self, catalog: Catalog[Card]) -> None:
        self.catalog = catalog
        self.violations: list[Violation] = []
        self.unknown: set[str] = set()

    def add(self, code: str, card: str | None, message: str) -> None:
        self.violations.append(Violation(code, card, message))

    def resolve(self, name: str, zone: str) -> Card | None:
        card = self.catalog.get(name)
        if card is None:
            key = normalize_name(name)
            if key not in self.unknown:  # one unknown_card per name, wherever it appears
                self.unknown.add(key)
                suggestions = self.catalog.suggest(name) if len(name) <= 200 else []
                hint = f"; did you mean {' or '.join(f'«{s}»' for s in suggestions)}?" if suggestions else ""
                self.add("unknown_card", name, f"«{name}» in {_ZONE_NAMES.get(zone, zone)} is not a known card{hint}")
        return card

    def hero(self, name: str | None) -> Card | None:
        """R2.1: one Hero. Returns the hero card when the deck has a real one."""
        if not name or not name.strip():
            self.add("hero_missing", None, "R2.1: the deck has no hero")
            return None
        card = self.resolve(name, "hero")
        if card is not None and not card.is_hero:
            self.add("not_a_hero", card.name, f"R2.1: «{card.name}» is a {card.type}, not a hero")
            return None
        return card


def validate_deck(deck: Decklist, catalog: Catalog[Card], *, side_max: int = SIDE_MAX_DEFAULT) -> list[Violation]:
    """Return every violation of R2.1–R2.6 in ``deck`` (empty when legal); never raises.

    Codes are those of R2.8; ``side_max`` is the event's side-deck maximum (R2.6,
    0 = no side deck). Unknown names are ``unknown_card`` (with "did you mean …") and
    count towards zone sizes but not towards other rules.
    """
    check = _Checker(catalog)
    hero = check.hero(deck.zones.get("hero") if isinstance(deck.zones.get("hero"), str) else None)
    orders = _order_names(deck.zones.get("orders"))
    main = _names_and_counts(deck.zones.get("main"))
    side = _names_and_counts(deck.zones.get("side"))

    copies: Counter[str] = Counter()  # R2.2 counts main, side and orders together
    known: dict[str, Card] = {}
    if len(orders) != ORDERS_COUNT:
        check.add("orders_count", None, f"R2.1: exactly {ORDERS_COUNT} orders are needed (found {len(orders)})")
    for name in orders:
        card = check.resolve(name, "orders")
        if card is not None:
            copies[card.name] += 1
            known[card.name] = card
            if card.is_hero or not card.is_order:  # R2.4
                kind = "a hero" if card.is_hero else f"a {card.type} without the Order supertype"
                check.add("not_an_order", card.name, f"R2.4: «{card.name}» is {kind}, not an order")
    main_total = _zone(check, main, "main", copies, known)
    if main_total != MAIN_SIZE:
        check.add("main_size", None, f"R2.1: the main deck must hold exactly {MAIN_SIZE} cards (found {main_total})")
    side_total = _zone(check, side, "side", copies, known)
    if side_total > max(side_max, 0):
        if side_max <= 0:
            message = f"R2.6: this event uses no side deck (found {side_total} cards)"
        else:
            message = f"R2.6: the side deck may hold at most {side_max} cards (found {side_total})"
        check.add("side_size", None, message)
    _copy_limits(check, copies, known)
    if hero is not None:
        _faction_rule(check, hero, known.values())
    return check.violations


def _zone(
    check: _Checker, pairs: list[tuple[str, int]], zone: str, copies: Counter[str], known: dict[str, Card]
) -> int:
    """Resolve one COUNTS zone: R2.3 (main) / R2.6 (side) bans. Returns its size."""
    total = 0
    for name, count in pairs:
        total += count
        card = check.resolve(name, zone)
        if card is None or count == 0:
            continue
        copies[card.name] += count
        known[card.name] = card
        if card.is_hero:
            rule = "R2.3" if zone == "main" else "R2.6"
            check.add("hero_in_deck", card.name, f"{rule}: the hero card «{card.name}» cannot be in {_ZONE_NAMES[zone]}")
        elif zone == "main" and card.is_order:
            message = f"R2.3: the Order card «{card.name}» cannot be in the main deck (only among the orders)"
            check.add("order_in_main", card.name, message)
    return total


def _copy_limits(check: _Checker, copies: Counter[str], known: dict[str, Card]) -> None:
    """R2.2: at most 2 copies by name, 1 of a Legendary, over main, side and orders."""
    for name, count in copies.items():
        card = known[name]
        if card.is_legendary and count > LEGENDARY_LIMIT:
            message = f"R2.2: at most {LEGENDARY_LIMIT} copy of the legendary «{name}» (found {count})"
            check.add("legendary_limit", name, message)
        elif count > COPY_LIMIT:
            check.add("copy_limit", name, f"R2.2: at most {COPY_LIMIT} copies of «{name}» (found {count})")


def _faction_rule(check: _Checker, hero: Card, cards: Iterable[Card]) -> None:
    """R2.5 over the orders, the main deck and the side deck alike."""
    for card in cards:
        if not card.is_hero and not fits_hero(card, hero):
            message = f"R2.5: «{card.name}» ({_factions(card)}) does not fit the hero «{hero.name}» ({_factions(hero)})"
            check.add("faction", card.name, message)


def _swap_bags(deck: Decklist, catalog: Catalog[Card]) -> dict[str, Counter[str]]:
    """Return the main, side and orders of ``deck`` as multisets of canonical names."""

    def key(name: str) -> str:
        card = catalog.get(name)
        return card.name if card is not None else normalize_name(name)

    bags: dict[str, Counter[str]] = {zone: Counter() for zone in ("main", "side", "orders")}
    for zone in ("main", "side"):
        for name, count in _names_and_counts(deck.zones.get(zone)):
            bags[zone][key(name)] += count
    for name in _order_names(deck.zones.get("orders")):
        bags["orders"][key(name)] += 1
    return bags


def validate_swap(
    before: Decklist, after: Decklist, catalog: Catalog[Card], *, side_max: int = SIDE_MAX_DEFAULT
) -> list[Violation]:
    """Return the violations of a between-games swap (R2.7), then those of ``after`` (R2.1–R2.6).

    Allowed: one-for-one swaps between side and main deck, between side deck and
    orders (an Order card only), and re-ordering the orders; the hero stays. Anything
    else is ``bad_swap``. Never raises.
    """
    violations: list[Violation] = []
    hero_before, hero_after = before.zones.get("hero"), after.zones.get("hero")
    hero_cards = [catalog.get(h) if isinstance(h, str) else None for h in (hero_before, hero_after)]
    hero_keys = [
        card.name if card is not None else normalize_name(h) if isinstance(h, str) else None
        for card, h in zip(hero_cards, (hero_before, hero_after), strict=True)
    ]
    if hero_keys[0] != hero_keys[1]:
        message = f"R2.7: the hero cannot change between games (was «{hero_before}», now «{hero_after}»)"
        violations.append(Violation("bad_swap", hero_keys[1], message))
    old, new = _swap_bags(before, catalog), _swap_bags(after, catalog)
    into = {zone: new[zone] - old[zone] for zone in old}
    out_of = {zone: old[zone] - new[zone] for zone in old}
    for zone in ("main", "orders"):
        n_in, n_out = sum(into[zone].values()), sum(out_of[zone].values())
        if n_in != n_out:
            message = f"R2.7: swaps are one-for-one, but {n_out} cards left {_ZONE_NAMES[zone]} and {n_in} came in"
            violations.append(Violation("bad_swap", None, message))
    # Every card moves between the side deck and the deck (main or orders), never elsewhere.
    moves = (
        (into["main"] + into["orders"] - out_of["side"], "came into the deck without leaving the side deck"),
        (out_of["side"] - into["main"] - into["orders"], "left the side deck without going into the deck"),
        (into["side"] - out_of["main"] - out_of["orders"], "came into the side deck without leaving the deck"),
        (out_of["main"] + out_of["orders"] - into["side"], "left the deck without going into the side deck"),
    )
    for moved, what in moves:
        for name, count in moved.items():
            violations.append(Violation("bad_swap", name, f"R2.7: {count} × «{name}» {what}"))
    for name in into["orders"]:
        card = catalog.get(name)
        if card is not None and not card.is_order:
            message = f"R2.7: only an Order card may be swapped into the orders, not «{name}»"
            violations.append(Violation("bad_swap", name, message))
    return violations + validate_deck(after, catalog, side_max=side_max)


def side_max_of(options: Mapping[str, Any] | None) -> int:
    """Return the ``side_max`` event option (R2.6), the default when absent or not a whole number ≥ 0."""
    value = (options or {}).get("side_max", SIDE_MAX_DEFAULT)
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    return SIDE_MAX_DEFAULT
