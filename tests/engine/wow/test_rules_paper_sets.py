"""RULES.md W1.3 and the paper-event contract (docs/formats.md): a World of Warcraft TCG set with
only the fields the deck rules read loads and validates decks; a match, or a position, with a
card lacking a number the engine needs is refused, naming the card and the field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cardset import load_catalog
from engine.decklist import Decklist
from engine.problems import InputError
from engine.registry import get_game

HERO = {
    "name": "Thrall", "type": "hero",
    "traits": {"faction": "horde", "classes": ["shaman"], "races": ["orc"], "talents": ["elemental"],
               "professions": ["mining"]},
}  # fmt: skip
ALLY = {"name": "Orgrimmar Grunt", "type": "ally", "traits": {"faction": "horde"}}
AXE = {"name": "Gorehowl", "type": "weapon", "keywords": ["melee"]}
QUEST = {"name": "Lost in Battle", "type": "quest"}


def paper_set(tmp_path: Path) -> Path:
    path = tmp_path / "paper.json"
    cards = [HERO, ALLY, AXE, QUEST]
    path.write_text(json.dumps({"game": "wow", "set": {"code": "PAPR", "name": "Paper"}, "cards": cards}))
    return path


def test_w1_3_a_set_with_only_the_deck_rules_fields_loads_and_validates_decks(tmp_path: Path) -> None:
    rules, catalog = load_catalog([paper_set(tmp_path)])
    deck = Decklist(game="wow", zones={"hero": "Thrall", "main": {"Orgrimmar Grunt": 4, "Gorehowl": 4}})
    assert [v.code for v in rules.validate_deck(deck, catalog)] == ["main_size"]
    grunt = catalog.get("Orgrimmar Grunt")
    assert grunt is not None and grunt.missing == ("health", "atk", "damage_type", "cost")


def test_w1_3_a_match_with_a_card_lacking_an_engine_field_is_refused_naming_card_and_field(
    tmp_path: Path,
) -> None:
    engine = get_game("wow").match_engine
    _rules, catalog = load_catalog([paper_set(tmp_path)])
    deck = Decklist(game="wow", zones={"hero": "Thrall", "main": {"Orgrimmar Grunt": 30, "Gorehowl": 30}})
    named = {(v.card, v.params["field"]) for v in engine.playable_problems(catalog, [deck, deck])}
    assert named == {
        ("Thrall", "health"), ("Orgrimmar Grunt", "health"), ("Orgrimmar Grunt", "atk"),
        ("Orgrimmar Grunt", "damage_type"), ("Orgrimmar Grunt", "cost"), ("Gorehowl", "atk"),
        ("Gorehowl", "damage_type"), ("Gorehowl", "strike_cost"), ("Gorehowl", "cost"),
    }  # fmt: skip
    with pytest.raises(InputError) as caught:
        engine.new_match(catalog, [deck, deck], seed=1)
    assert "Thrall has no health, which a match needs" in str(caught.value)
    assert engine.scenario is not None
    with pytest.raises(InputError) as built:
        engine.scenario.build(
            catalog, {"seats": [{"hero": "Thrall"}, {"hero": "Thrall", "hand": ["Gorehowl"]}]}
        )
    wheres = [problem.where for problem in built.value.problems]
    assert "seats[1].hand[0]" in wheres and "seats[0].hero" in wheres
