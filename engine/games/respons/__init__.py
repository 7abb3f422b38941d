"""RESPONSE (РЕСПОНС), the flagship game: its ruleset as the registry sees it.

Cards: :mod:`.cards` (R1); deck rules: :mod:`.deck` (R2); ability words:
:mod:`.vocabulary`; the starter set ``data/core.json`` and its decks: :mod:`.starter`.
"""

from collections.abc import Mapping
from typing import Any

from engine.catalog import Catalog
from engine.decklist import MAIN_HEADERS, SIDE_HEADERS, Decklist, ZoneKind, ZoneSpec
from engine.games.respons.cards import CARD_TYPES, Card, parse_card
from engine.games.respons.deck import SIDE_MAX_DEFAULT, VIOLATION_CODES, side_max_of, validate_deck
from engine.games.respons.match_engine import ResponsMatchEngine
from engine.games.respons.texts import TEXTS
from engine.languages import translations_json
from engine.match import MatchEngine
from engine.problems import Problem, Violation
from engine.texts import GameTexts


class ResponsRules:
    """The RESPONSE ruleset (satisfies :class:`engine.registry.GameRules`)."""

    key = "respons"
    order = 0  # the flagship, listed first (engine/registry.py)
    title = "RESPONSE"
    title_ru = "РЕСПОНС"
    zones: tuple[ZoneSpec, ...] = (
        ZoneSpec("hero", ZoneKind.ONE, ("hero", "герой"), required=True),
        ZoneSpec("orders", ZoneKind.ORDERED, ("orders", "order", "приказы", "приказ"), required=True),
        ZoneSpec("main", ZoneKind.COUNTS, MAIN_HEADERS, required=True),
        ZoneSpec("side", ZoneKind.COUNTS, SIDE_HEADERS),
    )
    formats: tuple[str, ...] = ("constructed",)
    card_types: tuple[str, ...] = CARD_TYPES
    # R1.3: the factions named by the rules; a card set may declare more.
    factions: tuple[str, ...] = ("order", "technology", "chaos")
    has_match_engine = True
    # What a player may send (match/actions.py documents each shape); ``timeout`` (R9.4) is
    # the site's alone: it applies it when a clock runs out.
    action_types: tuple[str, ...] = ("keep", "mulligan", "pass", "play", "activate", "choose", "concede")
    violation_codes: tuple[str, ...] = VIOLATION_CODES
    side_deck_default = SIDE_MAX_DEFAULT  # R2.6
    # What its deck rules and its match engine say, by code (texts.py).
    texts: GameTexts = TEXTS
    # The match engine (engine.match.MatchEngine): new matches, replay, bots (R3–R10).
    match_engine: MatchEngine[Any] | None = ResponsMatchEngine(action_types=action_types)

    def parse_card(self, raw: Any, where: str, problems: list[Problem]) -> Card | None:
        """Return the card of one card-set object, or None after appending its problems."""
        return parse_card(raw, where, problems)

    def validate_deck(
        self, deck: Decklist, catalog: Catalog[Any], *, options: Mapping[str, Any] | None = None
    ) -> list[Violation]:
        """Return every R2 violation of ``deck``; option ``side_max`` (R2.6) defaults to 10."""
        return validate_deck(deck, catalog, side_max=side_max_of(options))

    def card_summary(self, card: Card) -> dict[str, Any]:
        """Return the card as a flat JSON-able dict for the site."""
        summary: dict[str, Any] = {
            "name": card.name,
            "aliases": list(card.aliases),
            "set": card.set_code,
            "number": card.number,
            "type": card.type,
            "supertypes": sorted(card.supertypes),
            "subtypes": list(card.subtypes),
            "factions": sorted(card.factions),
            "cost": card.cost,
            "text": card.text,
            "flavor": card.flavor,
            "names": translations_json(card.names),
            "texts": translations_json(card.texts),
            "abilities": [ability.as_dict() for ability in card.abilities],
        }
        stat = {"hero": "influence", "unit": "strength", "location": "durability"}.get(card.type)
        if stat:
            summary[stat] = getattr(card, stat)
        return summary


RULES = ResponsRules()
