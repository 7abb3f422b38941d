"""The bundled starter set and decks, and a deck builder for any hero.

:func:`build_deck` makes a legal deck (R2) for a hero from whatever a catalog holds,
for tests, benchmarks, demo data and bots; pass a seeded ``random.Random`` for variety.
"""

import random
from pathlib import Path
from typing import Any

from engine.cardset import CardSet, load_card_set, merge_card_sets
from engine.catalog import Catalog
from engine.decklist import Decklist, load_decklist
from engine.games.respons.cards import Card
from engine.games.respons.deck import COPY_LIMIT, LEGENDARY_LIMIT, MAIN_SIZE, ORDERS_COUNT, fits_hero

DATA_DIR = Path(__file__).parent / "data"
CORE_SET_PATH = DATA_DIR / "core.json"
DECKS_DIR = DATA_DIR / "decks"


def load_core_set() -> CardSet:
    """Return the bundled CORE set. Raises CardSetError if it is broken."""
    return load_card_set(CORE_SET_PATH)


def load_core_catalog() -> Catalog[Any]:
    """Return a catalog of the bundled CORE set."""
    return merge_card_sets([load_core_set()], [str(CORE_SET_PATH)])[1]


def starter_decks() -> dict[str, Decklist]:
    """Return the bundled decklists by file name. Raises DeckParseError if one is broken."""
    return {path.name: load_decklist(path) for path in sorted(DECKS_DIR.iterdir()) if path.is_file()}


def build_deck(
    hero: Card, catalog: Catalog[Card], *, side: int = 0, rng: random.Random | None = None
) -> Decklist:
    """Return a deck for ``hero`` with 5 orders, 30 main cards and up to ``side`` side cards.

    Cards are taken in set order (shuffled by ``rng`` when given) within the limits of
    R2.2 and the faction rule R2.5. The deck is legal whenever the catalog holds enough
    fitting cards; otherwise it is as full as they allow (the validator says what is short).
    """
    fitting = [card for card in catalog if not card.is_hero and fits_hero(card, hero)]
    if rng is not None:
        rng.shuffle(fitting)
    left = {card.name: LEGENDARY_LIMIT if card.is_legendary else COPY_LIMIT for card in fitting}

    def take(pool: list[Card], wanted: int, most: int) -> dict[str, int]:
        taken: dict[str, int] = {}
        while wanted > 0:
            progress = False
            for card in pool:
                copies = min(left[card.name], most - taken.get(card.name, 0), wanted)
                if copies > 0:
                    taken[card.name] = taken.get(card.name, 0) + copies
                    left[card.name] -= copies
                    wanted -= copies
                    progress = True
                if wanted == 0:
                    break
            if not progress:
                break
        return taken

    orders_pool = [card for card in fitting if card.is_order]
    # One of each order first, so that five different orders are preferred.
    order_counts = take(orders_pool, ORDERS_COUNT, 1)
    for name, count in take(orders_pool, ORDERS_COUNT - sum(order_counts.values()), COPY_LIMIT).items():
        order_counts[name] = order_counts.get(name, 0) + count
    orders = tuple(name for name, count in order_counts.items() for _ in range(count))
    main = take([card for card in fitting if not card.is_order], MAIN_SIZE, COPY_LIMIT)
    side_cards = take(fitting, side, COPY_LIMIT) if side > 0 else {}
    return Decklist(
        game="respons", zones={"hero": hero.name, "orders": orders, "main": main, "side": side_cards}
    )
