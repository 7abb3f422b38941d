"""A deck-rules-only game's ruleset built from its ``cards`` and ``deck`` modules."""

from collections.abc import Mapping
from typing import Any

from engine.catalog import Catalog
from engine.decklist import Decklist, ZoneSpec
from engine.games._deck_check import DEFAULT_SIDE_MAX
from engine.match import MatchEngine
from engine.problems import Problem, Violation
from engine.texts import GameTexts


class ModuleRules:
    """A game's ruleset (:class:`engine.registry.GameRules`) made from its ``cards`` and ``deck`` modules.

    The deck-only games differ in data, not in shape: each passes its modules and titles
    here instead of repeating the same class. ``cards`` provides CARD_TYPES,
    ``parse_card`` and ``card_summary``; ``deck`` provides ZONES, FORMATS, CODES and
    ``validate_deck``; ``texts`` what its rules say (engine/texts.py).
    """

    has_match_engine = False
    match_engine: MatchEngine[Any] | None = None  # deck-only: played on paper
    action_types: tuple[str, ...] = ()  # no match engine: nothing to send it

    def __init__(
        self, *, key: str, order: int, title: str, title_ru: str, cards: Any, deck: Any, texts: GameTexts
    ) -> None:
        self.key = key
        self.order = order  # where the registry lists the game (engine/registry.py)
        self.texts = texts
        self.title = title
        self.title_ru = title_ru
        self._cards = cards
        self._deck = deck
        self.zones: tuple[ZoneSpec, ...] = deck.ZONES
        self.formats: tuple[str, ...] = deck.FORMATS
        self.card_types: tuple[str, ...] = cards.CARD_TYPES
        self.violation_codes: tuple[str, ...] = deck.CODES
        self.side_deck_default: int = getattr(deck, "SIDE_MAX", DEFAULT_SIDE_MAX)
        # The most side-deck cards a constructed event of the game may set (None: the game
        # sets no cap of its own); the deck rules cap a larger ``side_max`` to it.
        self.side_deck_most: int | None = getattr(deck, "SIDE_DECK_MOST", None)

    def parse_card(self, raw: Any, where: str, problems: list[Problem]) -> Any | None:
        """Return the card built from ``raw``; None (with problems appended) when it cannot be."""
        return self._cards.parse_card(raw, where, problems)

    def validate_deck(
        self, deck_list: Decklist, catalog: Catalog[Any], *, options: Mapping[str, Any] | None = None
    ) -> list[Violation]:
        """Return every deck-rule violation (empty when legal); never raises."""
        result: list[Violation] = self._deck.validate_deck(deck_list, catalog, options=options)
        return result

    def card_summary(self, card: Any) -> dict[str, Any]:
        """Return the card as a flat JSON-able dict for the site."""
        summary: dict[str, Any] = self._cards.card_summary(card)
        return summary
