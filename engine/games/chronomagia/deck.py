"""Chronomagia deck rules (the rulebook's sections «Подготовка к игре» and «Зоны игры»).

  • «У каждого игрока должна быть Основная Колода, Карта Героя и Колода Героя»;
    «Вы выбираете одного Героя»                 → ``hero_missing``, ``not_a_hero``
  • «1. Основная Колода. Состоит минимум из 30 карт»                → ``main_size``
    «В ней могут содержаться любые карты, кроме Героев»            → ``hero_in_deck``
    «Максимальное число копий одной карты – две»                   → ``copy_limit``
    «для карт мифической редкости – одна»                          → ``mythic_limit``
  • «2. Колода Героя. (сайдборд) Состоит максимум из 10 карт»       → ``side_size``
    «любые карты, кроме Героев и любых мифических карт»            → ``hero_in_deck``,
                                                                     ``mythic_in_side``

The copy limits count the main deck and the hero deck together [decision C2.4, audit D2]:
the seed states them under the main deck (L113), but meditation brings a hero-deck card to
the hand every turn (C6.3), so «Максимальное число копий одной карты – две» is read as a
limit on the player's cards, not on one pile. The hero deck is a zone of play, not an event
sideboard, so the event's ``side_max`` does not apply to it.
"""

from collections.abc import Mapping
from typing import Any

from engine.catalog import Catalog
from engine.decklist import MAIN_HEADERS, SIDE_HEADERS, Decklist, ZoneKind, ZoneSpec
from engine.games._card_fields import a_type
from engine.games._deck_check import DeckCheck, copy_totals, zone_spec
from engine.games.chronomagia.cards import Card
from engine.problems import Violation

FORMATS: tuple[str, ...] = ("constructed",)

ZONES: tuple[ZoneSpec, ...] = (
    zone_spec("hero", ZoneKind.ONE, "герой", "карта героя", required=True),
    zone_spec("main", ZoneKind.COUNTS, *MAIN_HEADERS, required=True),
    # C2.1: the hero deck is the game's side zone; the other games' side words name it too.
    zone_spec("side", ZoneKind.COUNTS, "hero deck", "колода героя", *SIDE_HEADERS),
)

MAIN_MIN = 30  # «Состоит минимум из 30 карт»
COPY_LIMIT = 2  # «Максимальное число копий одной карты – две»
MYTHIC_LIMIT = 1  # «для карт мифической редкости – одна»
HERO_DECK_MAX = 10  # «Колода Героя … Состоит максимум из 10 карт»

# Stable violation codes (README.md lists them with their meanings).
CODES: tuple[str, ...] = (
    "unknown_card",
    "hero_missing",
    "not_a_hero",
    "hero_in_deck",
    "main_size",
    "copy_limit",
    "mythic_limit",
    "side_size",
    "mythic_in_side",
    "bad_count",
    "unknown_zone",
)


def validate_deck(
    deck: Decklist, catalog: Catalog[Any], *, options: Mapping[str, Any] | None = None
) -> list[Violation]:
    """Return every violation of the Chronomagia deck rules (empty when legal); never raises.

    ``options`` are ignored: the hero deck's ten cards are a rule of the game, not of
    the event (``side_max``), and the game has one format.
    """
    check: DeckCheck[Card] = DeckCheck(deck, catalog, zones=ZONES, card_type=Card)

    hero = check.one("hero")
    if check.is_empty("hero"):
        check.add("hero_missing", None, "the deck has no hero")
    elif hero is not None and not hero.is_hero:
        check.add(
            "not_a_hero", hero.name, f"«{hero.name}» is {a_type(hero.type)}, not a hero", type=hero.type
        )

    main = check.counts("main")
    side = check.counts("side")

    check.check_size("main", "main deck", main, minimum=MAIN_MIN)
    for entry in main:
        if entry.card.is_hero:
            name = entry.card.name
            check.add("hero_in_deck", name, f"the hero «{name}» cannot be in the main deck", zone="main")
    # C2.2 with C2.4 [decision]: copies are counted over the main deck and the hero deck.
    for entry in copy_totals((main, side)):
        card = entry.card
        if card.is_hero:
            continue
        if card.is_mythic and entry.count > MYTHIC_LIMIT:
            message = f"at most {MYTHIC_LIMIT} copy of the mythic «{card.name}» (found {entry.count})"
            check.add("mythic_limit", card.name, message, limit=MYTHIC_LIMIT, found=entry.count)
        elif not card.is_mythic and entry.count > COPY_LIMIT:
            found = entry.count
            message = f"at most {COPY_LIMIT} copies of «{card.name}» in main + hero deck (found {found})"
            check.add("copy_limit", card.name, message, limit=COPY_LIMIT, found=entry.count)

    check.check_size("side", "hero deck", side, maximum=HERO_DECK_MAX)
    for entry in side:
        card = entry.card
        if card.is_hero:
            check.add(
                "hero_in_deck", card.name, f"the hero «{card.name}» cannot be in the hero deck", zone="side"
            )
        elif card.is_mythic:
            check.add("mythic_in_side", card.name, f"the mythic «{card.name}» cannot be in the hero deck")
    return check.violations
