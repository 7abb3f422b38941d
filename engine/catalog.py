"""A card catalog: the cards of one game from one or more sets, found by name."""

import difflib
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any, Generic, Protocol, TypeVar

from engine.names import normalize_name


class NamedCard(Protocol):
    # Read-only, so that frozen dataclasses (every game's cards) satisfy the protocol.
    @property
    def name(self) -> str: ...

    @property
    def aliases(self) -> tuple[str, ...]: ...


C = TypeVar("C", bound=NamedCard)


class Catalog(Generic[C]):
    """Cards by name and alias (R1.5 matching); the canonical name is the set's.

    When two cards claim the same name or alias, the first one given wins (a card set
    refuses such duplicates; across sets the earlier set's card is the reprint kept).
    """

    def __init__(self, cards: Iterable[C]) -> None:
        self._by_key: dict[str, C] = {}
        # Exact spellings (names and aliases as printed) skip normalize_name: deck
        # validation looks up ~30 names per deck, most of them spelled as in the set.
        self._exact: dict[str, C] = {}
        self._suggestions: dict[str, list[str]] = {}
        self._derived: dict[Hashable, Any] = {}
        self._cards: list[C] = []
        for card in cards:
            self._cards.append(card)
            for name in (card.name, *card.aliases):
                owner = self._by_key.setdefault(normalize_name(name), card)
                self._exact.setdefault(name, owner)

    def __iter__(self) -> Iterator[C]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def get(self, name: str) -> C | None:
        """Return the card whose name or alias matches ``name``, or None."""
        card = self._exact.get(name)
        if card is not None:
            return card
        return self._by_key.get(normalize_name(name))

    def derived(self, key: Hashable, build: "Callable[[Catalog[C]], Any]") -> Any:
        """Return ``build(self)``, computed once per ``key``: an index a game keeps of its cards.

        A catalog never changes after it is built, so what is derived from it stays true.
        """
        try:
            return self._derived[key]
        except KeyError:
            value = self._derived[key] = build(self)
            return value

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        """Return the canonical names closest to ``name`` (for "did you mean …")."""
        key = normalize_name(name)
        cache_key = f"{limit}\x00{key}"
        cached = self._suggestions.get(cache_key)
        if cached is not None:
            return list(cached)
        keys = difflib.get_close_matches(key, self._by_key, n=limit * 2, cutoff=0.6)
        names: list[str] = []
        for close in keys:
            canonical = self._by_key[close].name
            if canonical not in names:
                names.append(canonical)
        names = names[:limit]
        # The catalog never changes, so a typo seen once is answered from memory after;
        # the cache is bounded so that hostile input cannot grow it without end.
        if len(self._suggestions) < 4096:
            self._suggestions[cache_key] = names
        return list(names)
