"""What a deck is for the metagame (engine/metagame.py): its identity (hero, leader) and its
archetype for every registered game without naming one, and who started a match."""

import pytest

from engine.cardset import load_catalog
from engine.decklist import Decklist, load_decklist
from engine.metagame import UNKNOWN, deck_archetype, deck_cards, deck_identity, first_seat
from engine.registry import bundled_card_sets, bundled_decklists, game_keys, get_game

GAMES = list(game_keys())


def catalog_of(key: str):
    return load_catalog(bundled_card_sets(key))


@pytest.mark.parametrize("key", GAMES)
def test_every_bundled_deck_has_a_known_identity_and_an_archetype_made_of_it(key):
    rules, catalog = catalog_of(key)
    decks = bundled_decklists(key)
    assert decks
    for path in decks:
        deck = load_decklist(path, game=key)
        identity = deck_identity(rules, deck, catalog)
        assert identity != UNKNOWN, path.name
        archetype = deck_archetype(rules, deck, catalog)
        assert archetype.startswith(identity + " · "), (path.name, archetype)
        assert deck_cards(rules, deck, catalog)  # every card of every zone, by its catalog name


def test_a_hero_zone_gives_the_identity_in_its_catalog_spelling():
    rules, catalog = catalog_of("respons")
    deck = load_decklist(bundled_decklists("respons")[0], game="respons")
    hero = catalog.get(deck.one("hero"))
    assert hero is not None
    shouted = Decklist(game="respons", zones={**deck.zones, "hero": deck.one("hero").upper()})
    assert deck_identity(rules, shouted, catalog) == hero.name
    assert (
        deck_identity(rules, Decklist(game="respons", zones={**deck.zones, "hero": None}), catalog) == UNKNOWN
    )


def test_a_game_without_a_hero_zone_is_known_by_its_dominant_country():
    rules, catalog = catalog_of("yourwar")
    assert all(zone.kind.value != "one" for zone in rules.zones)  # Your War: no hero
    deck = load_decklist(bundled_decklists("yourwar")[0], game="yourwar")
    tally: dict[str, int] = {}
    for name, copies in deck.counts("main").items():
        card = catalog.get(name)
        if card is not None and card.country:
            tally[card.country] = tally.get(card.country, 0) + copies
    best = max(tally.values())
    assert deck_identity(rules, deck, catalog) == min(c for c, n in tally.items() if n == best)


def test_a_game_may_say_its_own_identity():
    rules, catalog = catalog_of("fow")

    class Ruled:
        zones = rules.zones

        @staticmethod
        def deck_identity(decklist, catalog):
            return "by the game"

    deck = load_decklist(bundled_decklists("fow")[0], game="fow")
    assert deck_identity(Ruled(), deck, catalog) == "by the game"


class _Event:
    def __init__(self, public):
        self.public = public


def test_the_first_seat_comes_from_the_public_setup():
    assert first_seat([_Event({"type": "setup", "initiative": 1})]) == 1  # RESPONSE, R4.1
    assert first_seat([_Event({"type": "setup", "first": 0})]) == 0  # Chronomagia, C5.2
    assert (
        first_seat([_Event({"type": "setup", "seed": None}), _Event({"type": "first", "seat": 1})]) == 1
    )  # Y4.2
    assert first_seat([_Event({"type": "setup"})]) is None


@pytest.mark.parametrize("key", [k for k in GAMES if get_game(k).match_engine is not None])
def test_every_match_engine_says_who_starts_as_asked(key):
    rules, catalog = catalog_of(key)
    engine = rules.match_engine
    decks = engine.sample_decks(catalog, seed=3)[:2]
    for first in (0, 1):
        match = engine.new_match(catalog, decks, seed=11, options={"first": first})
        assert first_seat(match.initial_events) == first
    drawn = {first_seat(engine.new_match(catalog, decks, seed=s).initial_events) for s in range(12)}
    assert drawn == {0, 1}  # the seed decides when nobody asks
