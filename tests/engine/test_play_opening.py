"""The shared start of a play (engine/play.py: ``Opening``, ``Ids``) and the zone filling of a
position builder (engine/scenario.py: ``Stock``, ``counted``), as every game's match uses them."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from engine.cardset import load_catalog
from engine.decklist import Decklist
from engine.games.chronomagia.match import new_match as chronomagia_match
from engine.games.fow.match import new_match as fow_match
from engine.play import Ids, Opening
from engine.problems import InputError
from engine.registry import bundled_card_sets, get_game
from engine.scenario import Entry, Stock, counted


@dataclass(frozen=True)
class Card:
    name: str


class Thing:
    """A card instance: an id (−1: none), a name and a zone."""

    def __init__(self, name: str = "x") -> None:
        self.id = -1
        self.card_name = name
        self.zone = 0

    @property
    def name(self) -> str:
        return self.card_name


CATALOG = {"Ant": Card("Ant"), "Bee": Card("Bee")}


def opening(main: object, **options: object) -> Opening:
    deck = Decklist(game="test", zones={"main": main})
    return Opening(CATALOG, (deck, deck), 7, **options)  # type: ignore[arg-type]


def test_a_pile_holds_each_card_as_many_times_as_the_deck_counts_it_in_the_decks_order():
    assert [card.name for card in opening({"Bee": 2, "Ant": 1}).pile(1, "main", Card)] == [
        "Bee",
        "Bee",
        "Ant",
    ]
    assert opening({"Ant": 1}).pile(0, "side", Card) == []


def test_a_pile_naming_an_unknown_card_or_not_a_mapping_is_an_input_error_naming_the_deck():
    with pytest.raises(InputError, match=r"decks\[1\].*unknown card 'Wasp'"):
        opening({"Wasp": 1}).pile(1, "main", Card)
    with pytest.raises(InputError, match=r"decks\[0\]\.main.*must map card names to counts"):
        opening(["Ant"]).pile(0, "main", Card)


def test_the_one_generator_is_seeded_shuffles_the_piles_in_order_then_picks_who_goes_first():
    start = opening({"Ant": 1})
    a, b = list(range(10)), list(range(10, 20))
    start.shuffled(a, b)
    expected = random.Random(7)
    c, d = list(range(10)), list(range(10, 20))
    expected.shuffle(c)
    expected.shuffle(d)
    assert (a, b) == (c, d)
    assert start.first_player() == expected.randrange(2)


def test_an_unshuffled_opening_keeps_the_piles_and_the_sites_choice_of_first_player_wins():
    start = opening({"Ant": 1}, shuffle=False, first=1)
    pile = list(range(10))
    start.shuffled(pile)
    assert pile == list(range(10))
    assert [start.first_player() for _ in range(5)] == [1] * 5


def test_ids_are_minted_from_one_counter_and_a_card_minted_again_is_a_new_object():
    ids = Ids()
    a, b = Thing(), Thing()
    assert (ids.mint(a), ids.mint(b)) == (0, 1)
    assert ids.mint(a) == 2
    assert ids.by_id == {1: b, 2: a}  # its old id names nothing in sight
    assert ids.minted == {0: a, 1: b, 2: a}  # what an old action named
    ids.forget(b)
    assert (b.id, ids.by_id, ids.next_id) == (-1, {2: a}, 3)


def test_a_stock_fills_zones_taking_a_cards_instances_in_the_order_they_were_given():
    ants = [Thing("Ant") for _ in range(3)]
    bee = Thing("Bee")
    stock = Stock([ants[0], bee, ants[1], ants[2]])
    entries = [Entry(Card(name), f"hand[{i}]", {}) for i, name in enumerate(("Ant", "Bee", "Ant"))]
    assert stock.fill(entries, 4) == [ants[0], bee, ants[1]]
    assert [thing.zone for thing in (*ants, bee)] == [4, 4, 0, 4]
    assert stock.take(entries[0], 2) is ants[2]
    assert counted(entries) == {"Ant": 2, "Bee": 1}


@pytest.mark.parametrize(("key", "new_match"), [("chronomagia", chronomagia_match), ("fow", fow_match)])
def test_a_match_starts_from_one_opening_and_mints_its_ids_from_one_table(key, new_match):
    catalog = load_catalog(bundled_card_sets(key))[1]
    decks = get_game(key).match_engine.sample_decks(catalog, seed=3)
    match = new_match(catalog, (decks[0], decks[1]), seed=11, names=("Ann", "Bob"))
    assert match.opening.seed == match.seed == 11
    assert match.rng is match.opening.rng
    assert match.names == ("Ann", "Bob")
    assert match.by_id is match.ids.by_id
    assert match.ids.next_id == len(match.ids.minted) > 0
