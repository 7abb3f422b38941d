"""WoW sealed and draft: the deck comes from the player's pool (W2.6, seed L292–295)."""

from typing import Any

import pytest
from game_support import codes

from engine.cardset import load_card_set
from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.wow import RULES, SAMPLE_SET
from engine.games.wow.cards import Card
from engine.pool import MAX_POOL_CARDS, parse_pool
from engine.problems import DeckParseError, Violation

HERO = "Grotha Ashmane"
MAIN = {"Battle Fury": 10, "Ashfang Raider": 10, "Traveler's Pack": 10}
POOL = {"Battle Fury": 12, "Ashfang Raider": 10, "Traveler's Pack": 10, "Rusted Cleaver": 3}


@pytest.fixture(scope="module")
def catalog() -> Catalog[Card]:
    return Catalog(load_card_set(SAMPLE_SET).cards)


def deck(main: dict[str, int], side: dict[str, int] | None = None, hero: str = HERO) -> Decklist:
    return Decklist(game="wow", zones={"hero": hero, "main": main, "side": side or {}})


def validate(catalog: Catalog[Card], decklist: Decklist, **options: Any) -> list[Violation]:
    return RULES.validate_deck(decklist, catalog, options=options)


@pytest.mark.parametrize("event_format", ["sealed", "draft"])
def test_it_accepts_a_deck_drawn_from_the_pool(catalog: Catalog[Card], event_format: str) -> None:
    side = {"Battle Fury": 2, "Rusted Cleaver": 3}
    assert validate(catalog, deck(MAIN, side), format=event_format, pool=POOL) == []


def test_it_refuses_a_card_the_pool_does_not_hold(catalog: Catalog[Card]) -> None:
    violations = validate(catalog, deck({**MAIN, "Ironjaw Greataxe": 1}), format="sealed", pool=POOL)
    assert codes(violations) == ["not_in_pool"]
    assert violations[0].card == "Ironjaw Greataxe" and violations[0].params == {"found": 1}


def test_it_counts_main_deck_and_sideboard_against_the_pool_together(catalog: Catalog[Card]) -> None:
    violations = validate(catalog, deck(MAIN, {"Battle Fury": 3}), format="draft", pool=POOL)
    assert codes(violations) == ["pool_exceeded"]
    assert violations[0].card == "Battle Fury"
    assert violations[0].params == {"available": 12, "found": 13}


def test_it_lets_any_hero_lead_a_limited_deck(catalog: Catalog[Card]) -> None:
    # The format's basic card: the hero, «любым из существующих в игре», not from the boosters.
    assert HERO not in POOL
    assert validate(catalog, deck(MAIN), format="sealed", pool=POOL) == []


def test_it_matches_pool_names_by_alias_and_spelling(catalog: Catalog[Card]) -> None:
    russian = {
        catalog.get(name).aliases[0] if catalog.get(name).aliases else name: n for name, n in POOL.items()
    }  # type: ignore[union-attr]
    assert russian != POOL
    assert validate(catalog, deck(MAIN), format="sealed", pool=russian) == []


def test_it_checks_no_pool_in_constructed(catalog: Catalog[Card]) -> None:
    shipped_like = {"Battle Fury": 4, "Warband Recruit": 4}
    found = codes(validate(catalog, deck(shipped_like), format="constructed", pool={}))
    assert "not_in_pool" not in found and "pool_exceeded" not in found


def test_it_ignores_pool_lines_naming_no_card(catalog: Catalog[Card]) -> None:
    pool: dict[Any, Any] = {**POOL, "Nothing Such": 5, "Battle Fury": 0, 7: 3}
    assert codes(validate(catalog, deck(MAIN), format="sealed", pool=pool)) == ["not_in_pool"]


# --- reading a pool -----------------------------------------------------------------------------


def test_it_reads_a_pasted_pool() -> None:
    text = "Pool:\n12 Battle Fury\n# a comment\nAshfang Raider x10\n\nRusted Cleaver\n2x rusted  cleaver\n"
    assert parse_pool(text) == {"Battle Fury": 12, "Ashfang Raider": 10, "Rusted Cleaver": 3}


def test_it_reads_a_json_pool_as_counts_or_as_a_list_of_names() -> None:
    assert parse_pool('{"pool": {"Battle Fury": 2}}') == {"Battle Fury": 2}
    assert parse_pool({"Battle Fury": 2, "Rusted Cleaver": 1}) == {"Battle Fury": 2, "Rusted Cleaver": 1}
    assert parse_pool('["Battle Fury", "Rusted Cleaver", "battle fury"]') == {
        "Battle Fury": 2,
        "Rusted Cleaver": 1,
    }


@pytest.mark.parametrize(
    ("source", "where"),
    [
        ("", "pool"),
        ("12 Battle Fury\n3x\n", "line 2"),
        ("999 Battle Fury", "line 1"),
        ('{"Battle Fury": 0}', 'pool["Battle Fury"]'),
        ('["Battle Fury", 3]', "pool[1]"),
        ("[[[[", "pool"),
        ("42", "line 1"),
        (["Battle Fury"] * (MAX_POOL_CARDS + 1), "pool"),
    ],
)
def test_it_refuses_an_unreadable_pool_saying_where(source: Any, where: str) -> None:
    with pytest.raises(DeckParseError) as caught:
        parse_pool(source)
    assert caught.value.problems[0].where == where
