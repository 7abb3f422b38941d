"""A card set for paper events may lack the fields a match engine needs (engine/playable.py): such
cards load and validate decks; a match that would need one is refused at set-up, naming the card
and the field, and every engine says which cards of a match's decks those are."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.cardset import load_catalog
from engine.catalog import Catalog
from engine.decklist import Decklist, load_decklist
from engine.playable import NOT_PLAYABLE, EngineFields, playable_problems, require_playable
from engine.problems import InputError
from engine.registry import bundled_card_sets, bundled_decklists, game_keys, get_game
from tests.support.playable import catalog_lacking


def game_table(key: str) -> tuple[Catalog[Any], Decklist]:
    _rules, catalog = load_catalog(bundled_card_sets(key))
    return catalog, load_decklist(bundled_decklists(key)[0], game=key)


def test_the_loader_records_a_field_the_card_needs_and_lacks():
    fields = EngineFields({"name": "Thrall", "health": None, "atk": 2})
    assert fields.need("health") is False
    assert fields.need("atk") is True
    assert fields.need("judgment", when=False) is False
    fields.need("health")
    assert fields.missing == ("health",)


def test_it_names_each_card_of_the_decks_and_each_field_it_lacks_once():
    catalog, deck = game_table("wow")
    hero = deck.one("hero")
    assert hero is not None
    lacking = catalog_lacking(catalog, hero, "health", "traits")
    found = playable_problems(lacking, [deck, deck])
    assert [(v.code, v.card, v.params["field"]) for v in found] == [
        (NOT_PLAYABLE, hero, "health"),
        (NOT_PLAYABLE, hero, "traits"),
    ]
    assert found[0].message == f"{hero} has no health, which a match needs"


def test_it_looks_at_the_side_deck_too_and_leaves_unknown_cards_to_the_deck_rules():
    catalog, deck = game_table("wow")
    spare = next(card.name for card in catalog if card.name not in json.dumps(deck.zones, ensure_ascii=False))
    with_side = Decklist(game="wow", zones={**deck.zones, "side": {spare: 1, "No Such Card": 1}})
    assert [v.card for v in playable_problems(catalog_lacking(catalog, spare, "atk"), [with_side])] == [spare]
    assert playable_problems(catalog_lacking(catalog, spare, "atk"), [deck]) == []


@pytest.mark.parametrize("key", [key for key in game_keys() if get_game(key).match_engine])
def test_every_engine_plays_every_card_of_its_bundled_sets(key):
    engine = get_game(key).match_engine
    catalog, deck = game_table(key)
    assert engine.playable_problems(catalog, [deck, deck]) == []


def test_a_match_is_refused_at_set_up_naming_the_card_and_the_field():
    catalog, deck = game_table("wow")
    hero = deck.one("hero")
    assert hero is not None
    engine = get_game("wow").match_engine
    with pytest.raises(InputError) as caught:
        engine.new_match(catalog_lacking(catalog, hero, "health"), [deck, deck], seed=1)
    assert [str(problem) for problem in caught.value.problems] == [
        f"players[0].deck: {hero} has no health, which a match needs",
        f"players[1].deck: {hero} has no health, which a match needs",
    ]


def test_a_log_is_refused_as_bad_input_when_its_cards_lack_a_field():
    catalog, deck = game_table("fow")
    engine = get_game("fow").match_engine
    log = engine.new_match(catalog, [deck, deck], seed=3).to_log(["DWN1"])
    ruler = deck.one("ruler")
    assert ruler is not None
    with pytest.raises(InputError, match="has no judgment"):
        engine.replay(log, catalog_lacking(catalog, ruler, "judgment"))


def test_require_playable_is_silent_when_every_card_can_be_played():
    catalog, deck = game_table("chronomagia")
    require_playable(catalog, [deck, deck])
    with pytest.raises(InputError):
        require_playable(catalog_lacking(catalog, deck.one("hero") or "", "base"), [deck])
