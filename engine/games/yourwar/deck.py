"""Your War deck rules (the rulebook's section «КОЛОДА КАРТ ИГРОКА»).

«Есть лишь два правила при создании колоды:
  • Минимальное количество карт в колоде – 50 штук            → ``main_size``
  • В одной колоде может находиться не более 4-х экземпляров одной и той же карты,
    за исключением карт «Военная База»                          → ``copy_limit``
Максимум же карт в колоде – не ограничен.»

The seed knows no side deck (rules digest Y2.4, audit B1): the ``side`` zone of formats.md
is empty unless the event opts in with ``side_max`` (default 0 here, not the project's 10 →
``side_size``); an event's side deck shares the copy limit with the main deck (B2), so
that swapping cards one-for-one never makes the deck illegal.
"""

from collections.abc import Mapping
from typing import Any

from engine.catalog import Catalog
from engine.decklist import MAIN_HEADERS, SIDE_HEADERS, Decklist, ZoneKind, ZoneSpec
from engine.games._deck_check import DeckCheck, copy_totals, option_side_max, zone_spec
from engine.games.yourwar.cards import Card
from engine.problems import Violation

FORMATS: tuple[str, ...] = ("constructed",)

ZONES: tuple[ZoneSpec, ...] = (
    zone_spec("main", ZoneKind.COUNTS, *MAIN_HEADERS, required=True),
    zone_spec("side", ZoneKind.COUNTS, *SIDE_HEADERS),
)

MAIN_MIN = 50  # «Минимальное количество карт в колоде – 50 штук»; no maximum
COPY_LIMIT = 4  # «не более 4-х экземпляров одной и той же карты»
SIDE_MAX = 0  # Y2.4 [decision]: one deck per player; a side deck only when the event asks

# Stable violation codes (README.md lists them with their meanings).
CODES: tuple[str, ...] = (
    "unknown_card",
    "main_size",
    "copy_limit",
    "side_size",
    "bad_count",
    "unknown_zone",
)


def validate_deck(
    deck: Decklist, catalog: Catalog[Any], *, options: Mapping[str, Any] | None = None
) -> list[Violation]:
    """Return every violation of the Your War deck rules (empty when legal); never raises.

    ``options``: ``side_max`` — the event's side deck size, 0 meaning none (the default, Y2.4).
    """
    check: DeckCheck[Card] = DeckCheck(deck, catalog, zones=ZONES, card_type=Card)
    side_max = option_side(options)

    main = check.counts("main")
    side = check.counts("side")

    check.check_size("main", "deck", main, minimum=MAIN_MIN)
    for entry in copy_totals([main, side]):
        if entry.count > COPY_LIMIT and not entry.card.is_base:
            message = (
                f"at most {COPY_LIMIT} copies of «{entry.card.name}» (found {entry.count});"
                " only «Военная База» is exempt"
            )
            check.add("copy_limit", entry.card.name, message, limit=COPY_LIMIT, found=entry.count)
    check.check_size("side", "side deck", side, maximum=side_max)
    return check.violations


def option_side(options: Mapping[str, Any] | None) -> int:
    """Return the event's side deck size: ``side_max`` when given, else 0 (Y2.4, audit B1)."""
    return option_side_max(options, SIDE_MAX) or 0
