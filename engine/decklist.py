"""Decklists as every game sees them: named zones of three kinds.

A game declares its zones once (:class:`ZoneSpec`); the JSON and text readers in
this module turn what a player pastes into a :class:`Decklist` of raw names. Names
are resolved against the catalog by the game's validator, which reports unknown
cards as violations (``unknown_card``), so a deck with a typo still gets every
other problem reported.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum


class ZoneKind(Enum):
    ONE = "one"  # a single card name: a hero, a ruler
    ORDERED = "ordered"  # names in a fixed order: RESPONSE orders, left to right
    COUNTS = "counts"  # name -> number of copies: main deck, side deck


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    """One zone of a game's decklist.

    ``key`` is the JSON key (formats.md); ``headers`` are the text-format section
    headers that select it, lower-case, without the colon, in every language.
    """

    key: str
    kind: ZoneKind
    headers: tuple[str, ...]
    required: bool = False


ZoneValue = str | tuple[str, ...] | dict[str, int] | None


@dataclass(frozen=True, slots=True)
class Decklist:
    """A parsed, unresolved decklist: ``zones`` maps each zone key to its value.

    ONE zones hold a name or None, ORDERED zones a tuple of names, COUNTS zones a
    dict name -> copies (duplicated lines already summed, in first-seen order).
    """

    game: str
    zones: Mapping[str, ZoneValue] = field(default_factory=dict)

    def one(self, key: str) -> str | None:
        value = self.zones.get(key)
        return value if isinstance(value, str) else None

    def ordered(self, key: str) -> tuple[str, ...]:
        value = self.zones.get(key)
        return value if isinstance(value, tuple) else ()

    def counts(self, key: str) -> dict[str, int]:
        value = self.zones.get(key)
        return value if isinstance(value, dict) else {}
