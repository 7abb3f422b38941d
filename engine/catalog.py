"""A card catalog: the cards of one game from one or more sets, found by name."""

import difflib
from collections.abc import Iterable, Iterator
from typing import Generic, Protocol, TypeVar

from engine.names import normalize_name


class NamedCard(Protocol):
    name: str
    aliases: tuple[str, ...]


C = TypeVar("C", bound=NamedCard)


class Catalog(Generic[C]):
    """Cards by name and alias (R1.5 matching); the canonical name is the set's."""

    def __init__(self, cards: Iterable[C]) -> None:
        self._by_key: dict[str, C] = {}
        self._cards: list[C] = []
        for card in cards:
            self._cards.append(card)
            for name in (card.name, *card.aliases):
                self._by_key.setdefault(normalize_name(name), card)

    def __iter__(self) -> Iterator[C]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def get(self, name: str) -> C | None:
        """Return the card whose name or alias matches ``name``, or None."""
        return self._by_key.get(normalize_name(name))

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        """Return the canonical names closest to ``name`` (for "did you mean …")."""
        keys = difflib.get_close_matches(normalize_name(name), self._by_key, n=limit * 2, cutoff=0.6)
        names: list[str] = []
        for key in keys:
            canonical = self._by_key[key].name
            if canonical not in names:
                names.append(canonical)
        return names[:limit]
