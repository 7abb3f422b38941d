"""RESPONSE deck construction (RULES.md R2): a pure validator and the swap check.

Both functions return every violation, each with a stable R2.8 code and the card it
names, and never raise for any :class:`Decklist` (engine/README.md).
"""

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.respons.cards import Card
from engine.names import SUGGESTIONS_PER_DECK, normalize_name
from engine.problems import Violation

MAIN_SIZE = 30  # R2.1
ORDERS_COUNT = 5  # R2.1
COPY_LIMIT = 2  # R2.2
LEGENDARY_LIMIT = 1  # R2.2
SIDE_MAX_DEFAULT = 10  # R2.6
# R2.8: the stable codes, for APIs and tests.
VIOLATION_CODES: tuple[str, ...] = (
    "unknown_card",
    "hero_missing",
    "not_a_hero",
    "main_size",
    "copy_limit",
    "legendary_limit",
    "hero_in_deck",
    "order_in_main",
    "orders_count",
    "not_an_order",
    "faction",
    "side_size",
    "bad_swap",
)

_ZONE_NAMES = {
    "hero": "the hero slot",
    "orders": "the orders",
    "main": "the main deck",
    "side": "the side deck",
}
_FACTION_NAMES = {"order": "Order", "technology": "Technology", "chaos": "Chaos"}
_MEMO_LIMIT = 100_000  # names remembered per catalog; hostile input cannot grow it further


def fits_hero(card: Card, hero: Card) -> bool:
    """Return whether ``card`` may be in a deck led by ``hero``.

    R2.5: with H the hero's factions and C the card's, the card fits iff C ⊆ H or H ⊆ C.
    """
    return card.factions <= hero.factions or hero.factions <= card.factions


class _Entry:
    """What the deck rules need of one card, computed once per catalog (hashed by identity)."""

    __slots__ = ("card", "factions", "hero", "label", "legendary", "name", "order", "special")

    def __init__(self, card: Card) -> None:
        self.card = card
        self.name = card.name
        self.factions = card.factions
        self.hero = card.is_hero
        self.order = card.is_order
        self.legendary = card.is_legendary
        self.special = self.hero or self.order  # barred from the main deck (R2.3)
        self.label = "+".join(sorted(_FACTION_NAMES.get(f, f) for f in card.factions))  # "Order+Technology"


class _Index:
    """A catalog's names resolved once: the validator looks up ~25 names per deck."""

    def __init__(self, catalog: Catalog[Card]) -> None:
        self.catalog = catalog
        self.entries = {id(card): _Entry(card) for card in catalog}
        self.memo: dict[str, _Entry | None] = {}

    def get(self, name: str) -> "_Entry | None":
        try:
            return self.memo[name]
        except KeyError:
            card = self.catalog.get(name)
            entry = None if card is None else self.entries.get(id(card)) or _Entry(card)
            if len(self.memo) < _MEMO_LIMIT:
                self.memo[name] = entry
            return entry


def _index(catalog: Catalog[Card]) -> _Index:
    index: _Index = catalog.derived(_Index, _Index)
    return index


class _Report:
    """The violations of one deck, in rule order, with each unknown name reported once."""

    def __init__(self, index: _Index) -> None:
        self.index = index
        self.violations: list[Violation] = []
        self.unknown: set[str] = set()
        self.suggestions_left = SUGGESTIONS_PER_DECK

    def add(self, code: str, card: str | None, message: str, **params: object) -> None:
        self.violations.append(Violation(code, card, message, params))

    def resolve(self, name: str, zone: str) -> _Entry | None:
        entry = self.index.get(name)
        if entry is None:
            self._unknown(name, zone)
        return entry

    def _unknown(self, name: str, zone: str) -> None:
        key = normalize_name(name)
        if key in self.unknown:  # one unknown_card per name, wherever it appears
            return
        self.unknown.add(key)
        suggestions: list[str] = []
        if len(name) <= 200 and self.suggestions_left > 0:
            self.suggestions_left -= 1
            suggestions = self.index.catalog.suggest(name)
        hint = f"; did you mean {' or '.join(f'«{s}»' for s in suggestions)}?" if suggestions else ""
        message = f"«{name}» in {_ZONE_NAMES[zone]} is not a known card{hint}"
        self.add("unknown_card", name, message, zone=zone, suggestions=list(suggestions))


def validate_deck(
    deck: Decklist, catalog: Catalog[Card], *, side_max: int = SIDE_MAX_DEFAULT
) -> list[Violation]:
    """Return every violation of R2.1–R2.6 in ``deck`` (empty when legal); never raises.

    Codes are those of R2.8; ``side_max`` is the event's side-deck maximum (R2.6,
    0 = no side deck). Unknown names are ``unknown_card`` (with "did you mean …") and
    count towards zone sizes but not towards other rules. Zone values of a wrong
    type, names that are not strings and counts that are not whole numbers (which no
    parser produces) are ignored.
    """
    report = _Report(_index(catalog))
    zones = _zones(deck)
    hero = _hero(report, zones.get("hero"))
    copies: dict[_Entry, int] = {}  # R2.2 counts main, side and orders together
    _orders(report, zones.get("orders"), copies)
    main_total = _counted_zone(report, zones.get("main"), "main", copies)
    if main_total != MAIN_SIZE:
        message = f"R2.1: the main deck must hold exactly {MAIN_SIZE} cards (found {main_total})"
        report.add("main_size", None, message, expected=MAIN_SIZE, found=main_total)
    side_total = _counted_zone(report, zones.get("side"), "side", copies)
    if side_total > max(side_max, 0):
        if side_max <= 0:
            message = f"R2.6: this event uses no side deck (found {side_total} cards)"
        else:
            message = f"R2.6: the side deck may hold at most {side_max} cards (found {side_total})"
        report.add("side_size", None, message, limit=max(side_max, 0), found=side_total)
    _copy_limits(report, copies)
    if hero is not None:
        _faction_rule(report, hero, copies)
    return report.violations


def _zones(deck: Decklist) -> Mapping[str, Any]:
    return deck.zones if isinstance(deck.zones, Mapping) else {}


def _hero(report: _Report, name: object) -> _Entry | None:
    """R2.1: one Hero. Returns the hero's entry when the deck has a real one."""
    if not isinstance(name, str) or not name.strip():
        report.add("hero_missing", None, "R2.1: the deck has no hero")
        return None
    entry = report.resolve(name, "hero")
    if entry is not None and not entry.hero:
        message = f"R2.1: «{entry.name}» is a {entry.card.type}, not a hero"
        report.add("not_a_hero", entry.name, message, type=entry.card.type)
        return None
    return entry


def _orders(report: _Report, value: object, copies: dict[_Entry, int]) -> None:
    """R2.1: exactly 5 orders; R2.4: each an Order card and not a Hero."""
    names = [name for name in value if isinstance(name, str)] if isinstance(value, tuple | list) else []
    if len(names) != ORDERS_COUNT:
        message = f"R2.1: exactly {ORDERS_COUNT} orders are needed (found {len(names)})"
        report.add("orders_count", None, message, expected=ORDERS_COUNT, found=len(names))
    for name in names:
        entry = report.resolve(name, "orders")
        if entry is None:
            continue
        copies[entry] = copies.get(entry, 0) + 1
        if entry.hero or not entry.order:
            kind = "a hero" if entry.hero else f"a {entry.card.type} without the Order supertype"
            message = f"R2.4: «{entry.name}» is {kind}, not an order"
            report.add("not_an_order", entry.name, message, hero=entry.hero, type=entry.card.type)


def _counted_zone(report: _Report, value: object, zone: str, copies: dict[_Entry, int]) -> int:
    """Resolve the main (R2.3) or side (R2.6) deck: no Hero, no Order in main. Returns its size."""
    if not isinstance(value, Mapping):
        return 0
    total = 0
    memo = report.index.memo  # the hot path: most names are found here at once
    for name, count in value.items():
        if type(count) is not int or count <= 0:
            continue
        entry = memo.get(name)
        if entry is None:
            if not isinstance(name, str):
                continue
            entry = report.resolve(name, zone)
        total += count
        if entry is None:
            continue
        copies[entry] = copies.get(entry, 0) + count
        if not entry.special:
            continue
        if entry.hero:
            rule = "R2.3" if zone == "main" else "R2.6"
            message = f"{rule}: the hero card «{entry.name}» cannot be in {_ZONE_NAMES[zone]}"
            report.add("hero_in_deck", entry.name, message, zone=zone)
        elif zone == "main":
            message = f"R2.3: the Order card «{entry.name}» cannot be in the main deck, only in the orders"
            report.add("order_in_main", entry.name, message)
    return total


def _copy_limits(report: _Report, copies: dict[_Entry, int]) -> None:
    """R2.2: at most 2 copies by name, 1 of a Legendary, over main, side and orders."""
    for entry, count in copies.items():
        if entry.legendary and count > LEGENDARY_LIMIT:
            message = f"R2.2: at most {LEGENDARY_LIMIT} copy of the legendary «{entry.name}» (found {count})"
            report.add("legendary_limit", entry.name, message, limit=LEGENDARY_LIMIT, found=count)
        elif count > COPY_LIMIT:
            message = f"R2.2: at most {COPY_LIMIT} copies of «{entry.name}» (found {count})"
            report.add("copy_limit", entry.name, message, limit=COPY_LIMIT, found=count)


def _faction_rule(report: _Report, hero: _Entry, copies: dict[_Entry, int]) -> None:
    """R2.5 over the orders, the main deck and the side deck alike: C ⊆ H or H ⊆ C."""
    h = hero.factions
    for entry in copies:
        c = entry.factions
        if not (c <= h or h <= c) and not entry.hero:
            message = f"R2.5: «{entry.name}» ({entry.label}) does not fit hero «{hero.name}» ({hero.label})"
            report.add("faction", entry.name, message, hero=hero.name)


def _names_and_counts(value: object) -> list[tuple[str, int]]:
    """Return (name, copies) pairs of a COUNTS zone, dropping what no parser produces."""
    if not isinstance(value, Mapping):
        return []
    return [(n, k) for n, k in value.items() if isinstance(n, str) and type(k) is int and k > 0]


def _order_names(value: object) -> list[str]:
    if not isinstance(value, tuple | list):
        return []
    return [name for name in value if isinstance(name, str)]


def _canonical(name: str, catalog: Catalog[Card]) -> str:
    """Return the card's canonical name, or the R1.5 matching key of an unknown name."""
    card = catalog.get(name)
    return card.name if card is not None else normalize_name(name)


def _swap_bags(deck: Decklist, catalog: Catalog[Card]) -> dict[str, Counter[str]]:
    """Return the main, side and orders of ``deck`` as multisets of canonical names."""

    def key(name: str) -> str:
        return _canonical(name, catalog)

    bags: dict[str, Counter[str]] = {zone: Counter() for zone in ("main", "side", "orders")}
    for zone in ("main", "side"):
        for name, count in _names_and_counts(_zones(deck).get(zone)):
            bags[zone][key(name)] += count
    for name in _order_names(_zones(deck).get("orders")):
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
    hero_before, hero_after = _zones(before).get("hero"), _zones(after).get("hero")
    hero_keys = [_canonical(h, catalog) if isinstance(h, str) else None for h in (hero_before, hero_after)]
    if hero_keys[0] != hero_keys[1]:
        message = f"R2.7: the hero cannot change between games (was «{hero_before}», now «{hero_after}»)"
        change = {"kind": "hero", "was": str(hero_before), "now": str(hero_after)}
        violations.append(Violation("bad_swap", hero_keys[1], message, change))
    old, new = _swap_bags(before, catalog), _swap_bags(after, catalog)
    into = {zone: new[zone] - old[zone] for zone in old}
    out_of = {zone: old[zone] - new[zone] for zone in old}
    for zone in ("main", "orders"):
        n_in, n_out = sum(into[zone].values()), sum(out_of[zone].values())
        if n_in != n_out:
            message = f"R2.7: swaps are one-for-one, but {n_out} left {_ZONE_NAMES[zone]} and {n_in} came in"
            counts = {"kind": "one_for_one", "zone": zone, "out": n_out, "in": n_in}
            violations.append(Violation("bad_swap", None, message, counts))
    # Every card moves between the side deck and the deck (main or orders), never elsewhere.
    moves = (
        (
            into["main"] + into["orders"] - out_of["side"],
            "entered_deck",
            "entered the deck without leaving the side deck",
        ),
        (
            out_of["side"] - into["main"] - into["orders"],
            "left_side",
            "left the side deck without going into the deck",
        ),
        (
            into["side"] - out_of["main"] - out_of["orders"],
            "entered_side",
            "entered the side deck without leaving the deck",
        ),
        (
            out_of["main"] + out_of["orders"] - into["side"],
            "left_deck",
            "left the deck without going into the side deck",
        ),
    )
    for moved, kind, what in moves:
        for name, count in moved.items():
            message = f"R2.7: {count} × «{name}» {what}"
            violations.append(Violation("bad_swap", name, message, {"kind": kind, "count": count}))
    for name in into["orders"]:
        card = catalog.get(name)
        if card is not None and not card.is_order:
            message = f"R2.7: only an Order card may be swapped into the orders, not «{name}»"
            violations.append(Violation("bad_swap", name, message, {"kind": "not_an_order"}))
    return violations + validate_deck(after, catalog, side_max=side_max)


def side_max_of(options: Mapping[str, Any] | None) -> int:
    """Return the ``side_max`` event option (R2.6), the default when absent or not a whole number ≥ 0."""
    value = (options or {}).get("side_max", SIDE_MAX_DEFAULT)
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    return SIDE_MAX_DEFAULT
