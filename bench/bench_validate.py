"""Benchmark of the RESPONSE deck validator (rules digest R2): decks validated per second.

Usage: .venv/bin/python bench/bench_validate.py [--seconds 2] [--seed 1]

Validates a mix of realistic decks built from the bundled CORE set, one core, over
and over: half legal (every hero, varied cards, names spelled as in the set, by their
English alias, or in another case / with ``е`` for ``ё``), half illegal (off-faction
cards, too many copies, wrong sizes, an Order card in the main deck, a missing or
wrong hero, an oversized side deck, and misspelled names that need "did you mean").
Prints decks/s for the mix and for each kind. Target: ≥ 20,000 decks/s for the mix.
A typo's suggestions are remembered by the catalog; the figure for cold typos (a new
misspelling every time) is printed apart.
"""

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

# Run as a script from the repository root: make the project importable without installing it.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.catalog import Catalog
from engine.decklist import Decklist, ZoneValue
from engine.games.respons.cards import Card
from engine.games.respons.deck import validate_deck
from engine.games.respons.starter import build_deck, load_core_catalog, starter_decks

TARGET = 20_000

Mutation = Callable[[Decklist, random.Random, Catalog[Card]], Decklist]


def _with(deck: Decklist, **zones: ZoneValue) -> Decklist:
    return Decklist(game=deck.game, zones={**deck.zones, **zones})


def _respell(name: str, catalog: Catalog[Card], rng: random.Random) -> str:
    """Return ``name`` as a player might type it: as printed, its alias, or in other case/ё."""
    card = catalog.get(name)
    roll = rng.random()
    if card is not None and card.aliases and roll < 0.4:
        return card.aliases[0]
    if roll < 0.55:
        return name.lower().replace("ё", "е")
    return name


def _respelled(deck: Decklist, catalog: Catalog[Card], rng: random.Random) -> Decklist:
    return _with(
        deck,
        hero=_respell(deck.one("hero") or "", catalog, rng),
        orders=tuple(_respell(n, catalog, rng) for n in deck.ordered("orders")),
        main={_respell(n, catalog, rng): k for n, k in deck.counts("main").items()},
        side={_respell(n, catalog, rng): k for n, k in deck.counts("side").items()},
    )


def _off_faction(deck: Decklist, rng: random.Random, catalog: Catalog[Card]) -> Decklist:
    hero = catalog.get(deck.one("hero") or "")
    assert hero is not None
    strangers = [c for c in catalog if not c.is_hero and not c.is_order and not c.factions & hero.factions]
    main = dict(deck.counts("main"))
    for name in rng.sample(sorted(main), 2):
        del main[name]
    for card in rng.sample(strangers, 2):
        main[card.name] = main.get(card.name, 0) + 2
    return _with(deck, main=main)


def _too_many(deck: Decklist, rng: random.Random, catalog: Catalog[Card]) -> Decklist:
    main = dict(deck.counts("main"))
    main[rng.choice(sorted(main))] += 2
    return _with(deck, main=main)


def _order_in_main(deck: Decklist, rng: random.Random, catalog: Catalog[Card]) -> Decklist:
    orders = list(deck.ordered("orders"))
    return _with(deck, orders=tuple(orders[:-1]), main={**deck.counts("main"), orders[-1]: 1})


def _wrong_hero(deck: Decklist, rng: random.Random, catalog: Catalog[Card]) -> Decklist:
    return _with(deck, hero=rng.choice([None, "Iron Sentinel", "Hold the Line"]))


def _big_side(deck: Decklist, rng: random.Random, catalog: Catalog[Card]) -> Decklist:
    extra = {c.name: 1 for c in list(catalog)[-8:] if not c.is_hero}
    return _with(deck, side={**deck.counts("side"), **extra})


TYPOS = ("Iron Sentnel", "Dawn Knigt", "Fireball!", "Шестерёночный пес 2", "Огненый шар", "Blessng")


def _typo(deck: Decklist, rng: random.Random, catalog: Catalog[Card]) -> Decklist:
    main = dict(deck.counts("main"))
    main[rng.choice(TYPOS)] = main.pop(rng.choice(sorted(main)))
    return _with(deck, main=main)


MUTATIONS: dict[str, Mutation] = {
    "off_faction": _off_faction,
    "too_many": _too_many,
    "order_in_main": _order_in_main,
    "wrong_hero": _wrong_hero,
    "big_side": _big_side,
    "typo": _typo,
}


def make_decks(catalog: Catalog[Card], seed: int) -> dict[str, list[Decklist]]:
    """Return the benchmark's decks by kind: "legal" and one list per mutation."""
    rng = random.Random(seed)
    heroes = [card for card in catalog if card.is_hero]
    legal = list(starter_decks().values())
    for i in range(60):
        deck = build_deck(heroes[i % len(heroes)], catalog, side=rng.choice((0, 5, 10)), rng=rng)
        legal.append(_respelled(deck, catalog, rng))
    kinds: dict[str, list[Decklist]] = {"legal": legal}
    for kind, mutate in MUTATIONS.items():
        kinds[kind] = [mutate(deck, rng, catalog) for deck in rng.sample(legal, 12)]
    return kinds


def rate(decks: list[Decklist], catalog: Catalog[Card], seconds: float) -> tuple[float, int]:
    """Return (decks per second, violations seen in one pass) validating ``decks`` for ``seconds``."""
    found = sum(len(validate_deck(deck, catalog)) for deck in decks)  # also warms the caches
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for deck in decks:
            validate_deck(deck, catalog)
        done += len(decks)
    return done / elapsed, found


def cold_typo_rate(catalog: Catalog[Card], seconds: float) -> float:
    """Return decks/s when every deck has a misspelling never seen before."""
    base = build_deck(next(c for c in catalog if c.is_hero), catalog)
    done, start, n = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        n += 1
        main = dict(base.counts("main"))
        main[f"Iron Sentinl {n}"] = main.pop("Железный страж", 1)
        validate_deck(Decklist(game="respons", zones={**base.zones, "main": main}), catalog)
        done += 1
    return done / (time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time spent on the mix (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    catalog = load_core_catalog()
    kinds = make_decks(catalog, args.seed)
    legal = kinds["legal"]
    illegal = [deck for kind, decks in kinds.items() if kind != "legal" for deck in decks]
    assert all(not validate_deck(d, catalog) for d in legal), "a 'legal' benchmark deck is illegal"
    assert all(validate_deck(d, catalog) for d in illegal), "an 'illegal' benchmark deck is legal"
    mix = legal[: len(illegal)] + illegal
    random.Random(args.seed).shuffle(mix)
    per_second, _ = rate(mix, catalog, args.seconds)
    print(f"validate_deck, mix of {len(mix)} decks (half legal): {per_second:,.0f} decks/s", end="")
    print(f" (target ≥ {TARGET:,})")
    for kind, decks in kinds.items():
        kind_rate, found = rate(decks, catalog, args.seconds / 8)
        print(f"  {kind:<14} {len(decks):>3} decks, {found:>3} violations: {kind_rate:>9,.0f} decks/s")
    cold = cold_typo_rate(catalog, args.seconds / 8)
    print(f"  {'cold typos':<14} a new misspelling per deck:      {cold:>9,.0f} decks/s")
    return 0 if per_second >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
