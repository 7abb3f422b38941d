"""What a deck *is* for the metagame: its identity (hero, leader) and its archetype.

The site's metagame (tournaments/selectors/metagame.py) groups decks by these two words
for every game without naming one. A game may define its own ``deck_identity(decklist,
catalog) -> str`` on its ``RULES`` object; otherwise :func:`deck_identity` takes:

1. the card of the game's first one-card zone (RESPONSE's and Chronomagia's hero, World
   of Warcraft's hero, Force of Will's ruler), in its catalog spelling;
2. for a game with no such zone (Your War), the main deck's dominant *trait*: the value
   of the first of :data:`TRAITS` its cards carry that covers the most copies (Your War:
   the country).

The archetype (:func:`deck_archetype`) is a deliberately simple, documented clustering:
the identity followed by the main deck's dominant trait other than the identity itself
(RESPONSE: the faction with most copies; Force of Will: the attribute), or, when no trait
is left, its dominant card type: "Hero · chaos", "USA · unit". Two decks share an
archetype exactly when both words match; ties between traits go to the alphabetically
first value, so the grouping is reproducible.

Pure Python, no Django (ARCHITECTURE.md, the engine layer).
"""

from collections import Counter
from collections.abc import Iterable
from typing import Any

from engine.catalog import Catalog
from engine.decklist import Decklist, ZoneKind

# Card fields that say which camp a card belongs to, in the order they are looked for.
TRAITS: tuple[str, ...] = ("factions", "faction", "country", "attributes")
UNKNOWN = "?"  # a deck the catalog cannot read (no hero, unknown cards)


def _values(card: Any, field: str) -> list[str]:
    value = getattr(card, field, None)
    if value is None:
        traits = getattr(card, "traits", None)  # World of Warcraft keeps them in ``traits``
        value = getattr(traits, field, None) if traits is not None else None
    if isinstance(value, str):
        return [value] if value else []
    if isinstance(value, int) and not isinstance(value, bool):
        return [str(value)]
    if isinstance(value, Iterable):
        return sorted(str(v) for v in value if v)
    return []


def _main_zone(rules: Any) -> str | None:
    for zone in rules.zones:
        if zone.kind is ZoneKind.COUNTS:
            return str(zone.key)
    return None


def _dominant(
    decklist: Decklist, catalog: Catalog[Any], zone: str | None, fields: Iterable[str], skip: str = ""
) -> str | None:
    """Return the value of the first field in ``fields`` carried by the main deck's cards that
    covers the most copies (``skip`` left out), or None when no card carries any."""
    if zone is None:
        return None
    cards = [(catalog.get(name), copies) for name, copies in decklist.counts(zone).items()]
    for field in fields:
        tally: Counter[str] = Counter()
        for card, copies in cards:
            if card is None or not isinstance(copies, int):
                continue
            for value in _values(card, field):
                if value != skip:
                    tally[value] += copies
        if tally:
            best = max(tally.values())
            return min(value for value, n in tally.items() if n == best)
    return None


def deck_identity(rules: Any, decklist: Decklist, catalog: Catalog[Any]) -> str:
    """Return the deck's hero or leader (module docstring), or :data:`UNKNOWN`."""
    own = getattr(rules, "deck_identity", None)
    if callable(own):
        return str(own(decklist, catalog)) or UNKNOWN
    for zone in rules.zones:
        if zone.kind is ZoneKind.ONE:
            name = decklist.one(zone.key)
            if not name:
                return UNKNOWN
            card = catalog.get(name)
            return str(card.name) if card is not None else name
    return _dominant(decklist, catalog, _main_zone(rules), TRAITS) or UNKNOWN


def deck_archetype(rules: Any, decklist: Decklist, catalog: Catalog[Any], identity: str | None = None) -> str:
    """Return the deck's archetype: its identity and its dominant trait or card type."""
    identity = identity if identity is not None else deck_identity(rules, decklist, catalog)
    zone = _main_zone(rules)
    second = _dominant(decklist, catalog, zone, TRAITS, skip=identity) or _dominant(
        decklist, catalog, zone, ("type",), skip=identity
    )
    return f"{identity} · {second}" if second else identity


def deck_cards(rules: Any, decklist: Decklist, catalog: Catalog[Any]) -> set[str]:
    """Return the catalog names of every card the deck's zones hold (for inclusion rates)."""
    names: set[str] = set()
    for zone in rules.zones:
        value = decklist.zones.get(zone.key)
        raw: Iterable[str]
        if isinstance(value, str):
            raw = (value,)
        elif isinstance(value, tuple):
            raw = value
        elif isinstance(value, dict):
            raw = (name for name, copies in value.items() if isinstance(copies, int) and copies > 0)
        else:
            raw = ()
        for name in raw:
            if isinstance(name, str):
                card = catalog.get(name)
                names.add(str(card.name) if card is not None else name)
    return names


def first_seat(initial_events: Iterable[Any]) -> int | None:
    """Return the seat that starts, from a match's public setup events (RESPONSE's setup
    ``initiative``, R4.1; Chronomagia's setup ``first``, C5.2; Your War's ``first`` event and
    its ``seat``, Y4.2), or None when they do not say."""
    for event in initial_events:
        public = event.public if isinstance(getattr(event, "public", None), dict) else None
        if public is None:
            continue
        keys = ("seat",) if public.get("type") == "first" else ("first", "initiative")
        for key in keys:
            seat = public.get(key)
            if seat in (0, 1):
                return int(seat)
    return None
