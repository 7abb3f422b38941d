"""Force of Will deck rules.

The seed's «ПРАВИЛА СБОРКИ КОЛОДЫ» section is empty; its «ИГРОВОЕ ПОЛЕ» fixes the
zones («Колода: все карты, которыми Вы играете, за исключением магических камней и
Правителя»; «Колода магических камней»; «Зона Правителя»). The numbers are the
project's, given with the issue:

  • one Ruler                                       → ``ruler_missing``, ``not_a_ruler``
  • main deck 40–60 cards                           → ``main_size``
    with no Ruler and no magic stones               → ``ruler_in_main``, ``stone_in_main``
  • magic stone deck 10–20 magic stones             → ``stones_size``, ``not_a_stone``
  • side deck up to 15 (the event may allow fewer)  → ``side_size``
  • at most 4 copies of a card by name across main, stone and side decks; basic magic
    stones are exempt                               → ``copy_limit``
  • at most one copy of a ruler's name across the ruler zone and the side deck (CR 404.3,
    the deck-rules audit E1 of ``engine/games/fow/RULES.md``)  → ``copy_limit`` (limit 1)
"""

from collections.abc import Mapping
from typing import Any

from engine.catalog import Catalog
from engine.decklist import MAIN_HEADERS, SIDE_HEADERS, Decklist, ZoneKind, ZoneSpec
from engine.games._card_fields import a_type
from engine.games._deck_check import DeckCheck, copy_totals, option_side_max, zone_spec
from engine.games.fow.cards import Card
from engine.problems import Violation

FORMATS: tuple[str, ...] = ("constructed",)

ZONES: tuple[ZoneSpec, ...] = (
    zone_spec("ruler", ZoneKind.ONE, "правитель", required=True),
    zone_spec("main", ZoneKind.COUNTS, *MAIN_HEADERS, required=True),
    zone_spec(
        "stones",
        ZoneKind.COUNTS,
        "magic stone deck",
        "magic stones",
        "stone deck",
        "колода магических камней",
        "магические камни",
        "камни",
        required=True,
    ),
    zone_spec("side", ZoneKind.COUNTS, *SIDE_HEADERS),
)

MAIN_MIN, MAIN_MAX = 40, 60
STONES_MIN, STONES_MAX = 10, 20
SIDE_MAX = 15
SIDE_DECK_MOST = SIDE_MAX  # F2.4: an event's side deck holds at most 15 cards
COPY_LIMIT = 4
RULER_LIMIT = 1  # F2.4 (published, CR 404.3): one copy of a ruler name over ruler + side

# Stable violation codes (README.md lists them with their meanings).
CODES: tuple[str, ...] = (
    "unknown_card",
    "ruler_missing",
    "not_a_ruler",
    "main_size",
    "ruler_in_main",
    "stone_in_main",
    "stones_size",
    "not_a_stone",
    "side_size",
    "copy_limit",
    "bad_count",
    "unknown_zone",
)


def validate_deck(
    deck: Decklist, catalog: Catalog[Any], *, options: Mapping[str, Any] | None = None
) -> list[Violation]:
    """Return every violation of the Force of Will deck rules (empty when legal); never raises.

    ``options``: ``side_max`` — the event's side deck size, 0 meaning none, capped at
    15 (default 15).
    """
    check: DeckCheck[Card] = DeckCheck(deck, catalog, zones=ZONES, card_type=Card)
    side_max = min(option_side_max(options, SIDE_MAX) or 0, SIDE_MAX)

    ruler = check.one("ruler")
    if check.is_empty("ruler"):
        check.add("ruler_missing", None, "the deck has no ruler")
    elif ruler is not None and not ruler.is_ruler:
        check.add(
            "not_a_ruler", ruler.name, f"«{ruler.name}» is {a_type(ruler.type)}, not a ruler", type=ruler.type
        )

    main = check.counts("main")
    stones = check.counts("stones")
    side = check.counts("side")

    check.check_size("main", "main deck", main, minimum=MAIN_MIN, maximum=MAIN_MAX)
    for entry in main:
        if entry.card.is_ruler:
            check.add(
                "ruler_in_main", entry.card.name, f"the ruler «{entry.card.name}» cannot be in the main deck"
            )
        elif entry.card.is_stone:
            message = (
                f"the magic stone «{entry.card.name}» belongs in the magic stone deck, not the main deck"
            )
            check.add("stone_in_main", entry.card.name, message)

    check.check_size("stones", "magic stone deck", stones, minimum=STONES_MIN, maximum=STONES_MAX)
    for entry in stones:
        if not entry.card.is_stone:
            kind = a_type(entry.card.type)
            message = f"«{entry.card.name}» is {kind}; the magic stone deck holds magic stones only"
            check.add("not_a_stone", entry.card.name, message, type=entry.card.type)

    check.check_size("side", "side deck", side, maximum=side_max)

    rulers: dict[str, int] = {}
    if ruler is not None and ruler.is_ruler:
        rulers[ruler.name] = 1
    for entry in side:
        if entry.card.is_ruler:
            rulers[entry.card.name] = rulers.get(entry.card.name, 0) + entry.count
    for name, count in rulers.items():
        if count > RULER_LIMIT:
            message = (
                f"at most {RULER_LIMIT} copy of the ruler «{name}» across the ruler zone and the side deck"
                f" (found {count}; CR 404.3)"
            )
            check.add("copy_limit", name, message, limit=RULER_LIMIT, found=count)
    for entry in copy_totals([main, stones, side]):
        if entry.card.is_ruler:
            continue  # counted above, with the ruler zone
        if entry.count > COPY_LIMIT and not entry.card.basic:
            message = (
                f"at most {COPY_LIMIT} copies of «{entry.card.name}» across main, stone and side decks"
                f" (found {entry.count}); only basic magic stones are exempt"
            )
            check.add("copy_limit", entry.card.name, message, limit=COPY_LIMIT, found=entry.count)
    return check.violations
