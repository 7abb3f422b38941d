"""Cards that lack a match engine's field, as a loader following engine/playable.py builds them
from a card set imported for paper events."""

from __future__ import annotations

from typing import Any

from engine.catalog import Catalog


class Lacking:
    """A game's card that lacks some of the engine's fields (its ``missing``), else the card."""

    def __init__(self, card: Any, *missing: str) -> None:
        self._card = card
        self.missing = missing

    def __getattr__(self, name: str) -> Any:
        return getattr(self._card, name)


def catalog_lacking(catalog: Catalog[Any], name: str, *fields: str) -> Catalog[Any]:
    """Return ``catalog`` with the card ``name`` lacking ``fields``."""
    return Catalog(Lacking(card, *fields) if card.name == name else card for card in catalog)
