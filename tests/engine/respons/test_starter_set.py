"""The bundled starter set CORE and its decks: enough, varied, legal cards for every hero."""

import random
from collections import Counter

import pytest

from engine.cardset import CardSet
from engine.catalog import Catalog
from engine.games.respons.cards import Card
from engine.games.respons.deck import fits_hero, validate_deck
from engine.games.respons.starter import (
    DECKS_DIR,
    build_deck,
    load_core_catalog,
    load_core_set,
    starter_decks,
)
from engine.games.respons.vocabulary import TRIGGERS


@pytest.fixture(scope="module")
def core() -> CardSet:
    return load_core_set()


@pytest.fixture(scope="module")
def catalog() -> Catalog[Card]:
    return load_core_catalog()


def heroes(core: CardSet) -> list[Card]:
    return [card for card in core.cards if card.is_hero]


def test_it_loads_as_the_core_set_of_respons(core: CardSet) -> None:
    assert (core.game, core.code, core.factions) == ("respons", "CORE", ("order", "technology", "chaos"))
    assert len(core.cards) >= 90
    assert all(card.set_code == "CORE" for card in core.cards)
    assert [card.number for card in core.cards] == list(range(1, len(core.cards) + 1))


def test_it_has_mono_and_dual_faction_heroes(core: CardSet) -> None:
    sizes = Counter(len(hero.factions) for hero in heroes(core))
    assert sizes[1] >= 3 and sizes[2] >= 3
    assert {frozenset(hero.factions) for hero in heroes(core) if len(hero.factions) == 1} == {
        frozenset({f}) for f in core.factions
    }
    # Influence is restored every turn (R6.6): 4 to 6 keeps turns comparable.
    assert all(4 <= hero.influence <= 6 for hero in heroes(core))


def test_it_has_every_card_type_orders_and_legendaries(core: CardSet) -> None:
    types = Counter(card.type for card in core.cards)
    assert set(types) == {"hero", "unit", "spell", "trap", "enhancement", "location"}
    assert all(types[t] >= 5 for t in ("spell", "trap", "enhancement", "location"))
    assert sum(card.is_order for card in core.cards) >= 15
    assert 3 <= sum(card.is_legendary for card in core.cards) <= 10


def test_it_gives_units_strength_one_to_six(core: CardSet) -> None:
    assert all(1 <= card.strength <= 6 for card in core.cards if card.type == "unit")


def test_it_names_cards_in_russian_with_an_english_alias(core: CardSet) -> None:
    for card in core.cards:
        assert any("а" <= char.lower() <= "я" or char in "ёЁ" for char in card.name), card.name
        assert card.aliases and all(alias.isascii() for alias in card.aliases), card.name


def test_it_describes_every_ability_in_russian(core: CardSet) -> None:
    for card in core.cards:
        assert bool(card.text) == bool(card.abilities), card.name
        if card.abilities:
            assert any("а" <= char <= "я" for char in card.text), card.name


def test_it_uses_abilities_that_suit_each_type(core: CardSet) -> None:
    for card in core.cards:
        triggers = {ability.trigger for ability in card.abilities}
        assert triggers <= set(TRIGGERS)
        if card.type == "spell":
            assert triggers == {"on_play"}, card.name
        if card.type == "trap":
            assert triggers == {"enemy_attacks_in_line"}, card.name
    boosts = [
        a
        for card in core.cards
        if card.type == "enhancement"
        for a in card.abilities
        if (a.trigger, a.effect, a.target) == ("static", "strengthen", "own_units_in_line")
    ]
    assert len(boosts) >= 3
    units = [card for card in core.cards if card.type == "unit"]
    assert {a.trigger for card in units for a in card.abilities} >= {"on_play", "on_destroyed", "activated"}
    assert sum(not card.abilities for card in units) >= 10  # plenty of plain units


def test_it_passes_the_match_engines_card_check(core: CardSet) -> None:
    from engine.games.respons.abilities import card_problems

    assert [p for card in core.cards for p in card_problems(card)] == []


def test_it_gives_every_hero_five_different_legal_orders(core: CardSet) -> None:
    for hero in heroes(core):
        orders = [card for card in core.cards if card.is_order and not card.is_hero and fits_hero(card, hero)]
        assert len(orders) >= 5, hero.name


@pytest.mark.parametrize("seed", [None, 1, 2, 3])
def test_it_lets_every_hero_make_a_legal_deck_with_a_side_deck(
    core: CardSet, catalog: Catalog[Card], seed: int | None
) -> None:
    for hero in heroes(core):
        deck = build_deck(hero, catalog, side=10, rng=None if seed is None else random.Random(seed))
        assert validate_deck(deck, catalog) == [], hero.name
        assert sum(deck.counts("side").values()) == 10
        assert len(set(deck.ordered("orders"))) == 5


def test_it_makes_varied_decks_for_a_hero(core: CardSet, catalog: Catalog[Card]) -> None:
    hero = heroes(core)[0]
    mains = {
        tuple(sorted(build_deck(hero, catalog, rng=random.Random(s)).counts("main").items()))
        for s in range(5)
    }
    assert len(mains) == 5


def test_it_ships_three_legal_decks_for_three_heroes(catalog: Catalog[Card]) -> None:
    decks = starter_decks()
    assert len(decks) == 3
    assert {name.rsplit(".", 1)[1] for name in decks} == {"txt", "json"}
    assert "Герой:" in "".join(p.read_text(encoding="utf-8") for p in DECKS_DIR.glob("*.txt"))
    hero_names = set()
    for name, deck in decks.items():
        assert validate_deck(deck, catalog) == [], name
        assert 1 <= sum(deck.counts("side").values()) <= 10, name
        hero = catalog.get(deck.one("hero") or "")
        assert hero is not None
        hero_names.add(hero.name)
    assert len(hero_names) == 3
