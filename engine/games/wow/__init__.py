"""World of Warcraft TCG (seeds/001_…): card fields and deck rules; no match engine yet.

Found through :mod:`engine.registry` as ``wow``. See ``README.md`` beside this file.
"""

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.catalog import Catalog
from engine.decklist import Decklist, ZoneSpec
from engine.games.wow import cards, deck
from engine.problems import Problem, Violation

DATA_DIR = Path(__file__).parent / "data"
SAMPLE_SET = DATA_DIR / "ashf.json"
DECKS_DIR = DATA_DIR / "decks"


class WowRules:
    """The WoW TCG ruleset as the registry's ``GameRules`` protocol describes it."""

    key: str = "wow"
    title: str = "World of Warcraft TCG"
    title_ru: str = "ККИ World of Warcraft"
    zones: tuple[ZoneSpec, ...] = deck.ZONES
    formats: tuple[str, ...] = deck.FORMATS
    card_types: tuple[str, ...] = cards.CARD_TYPES
    has_match_engine: bool = False
    violation_codes: tuple[str, ...] = deck.CODES

    def parse_card(self, raw: Any, where: str, problems: list[Problem]) -> cards.Card | None:
        """Return the card built from ``raw``; None (with problems appended) when it cannot be."""
        return cards.parse_card(raw, where, problems)

    def validate_deck(
        self, deck_list: Decklist, catalog: Catalog[Any], *, options: Mapping[str, Any] | None = None
    ) -> list[Violation]:
        """Return every deck-rule violation (empty when legal); never raises."""
        return deck.validate_deck(deck_list, catalog, options=options)

    def card_summary(self, card: cards.Card) -> dict[str, Any]:
        """Return the card as a flat JSON-able dict for the site."""
        return cards.card_summary(card)


RULES = WowRules()
