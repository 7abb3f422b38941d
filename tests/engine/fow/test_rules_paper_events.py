"""F1 and the paper-event contract (formats.md; engine/playable.py): a Force of Will set with only
the minimum fields (type, basic, attributes) loads and validates decks; a match with a card that
lacks an engine field is refused at set-up, naming the card and the field."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.cardset import parse_card_set
from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.fow import RULES
from engine.games.fow.deck import validate_deck
from engine.problems import InputError
from engine.registry import bundled_card_sets

MINIMUM = ("name", "type", "basic", "attributes")


def paper_set() -> dict[str, Any]:
    """The bundled set with every card cut down to the minimum fields of formats.md."""
    data = json.loads(bundled_card_sets("fow")[0].read_text(encoding="utf-8"))
    data["cards"] = [{key: raw[key] for key in MINIMUM if key in raw} for raw in data["cards"]]
    return data


def deck() -> Decklist:
    main = {"Dawnspire Lancer": 4, "Halo Sentinel": 4, "Radiant Verdict": 4, "Sanctuary Hymn": 4}
    main |= {"Lantern Acolyte": 4, "Blessed Plating": 4, "Hollow Automaton": 4, "Sunforged Circlet": 4}
    main |= {"Banner of the Dawnspire": 4, "Choir of the Dawn": 4}
    return Decklist(
        game="fow",
        zones={"ruler": "Aurelia, Warden of the Dawnspire", "main": main, "stones": {"Dawnlit Shard": 10}},
    )


def test_f1_a_set_with_only_the_minimum_fields_loads_and_validates_decks() -> None:
    card_set = parse_card_set(paper_set())  # raises CardSetError with any problem
    assert card_set.cards and any(card.missing for card in card_set.cards)
    catalog = Catalog(card_set.cards)
    assert validate_deck(deck(), catalog) == []
    short = Decklist(game="fow", zones={**deck().zones, "main": {"Dawnspire Lancer": 4}})
    assert [v.code for v in validate_deck(short, catalog)] == ["main_size"]


def test_f1_5_a_match_names_each_card_and_engine_field_it_lacks() -> None:
    catalog = Catalog(parse_card_set(paper_set()).cards)
    engine = RULES.match_engine
    assert engine is not None
    found = {(v.card, v.params["field"]) for v in engine.playable_problems(catalog, [deck(), deck()])}
    assert ("Aurelia, Warden of the Dawnspire", "judgment") in found
    assert ("Aurelia, Warden of the Dawnspire", "j_atk") in found
    assert ("Dawnspire Lancer", "cost") in found and ("Dawnspire Lancer", "atk") in found
    assert ("Dawnspire Lancer", "def") in found and ("Radiant Verdict", "cost") in found
    assert not any(card == "Dawnlit Shard" for card, _ in found)  # its attribute is its will (F7.1)
    with pytest.raises(InputError) as refused:
        engine.new_match(catalog, [deck(), deck()], seed=1)
    assert "Aurelia, Warden of the Dawnspire has no judgment, which a match needs" in str(refused.value)


def test_f7_1_a_stone_without_attributes_or_produces_lacks_produces() -> None:
    data = paper_set()
    data["cards"].append({"name": "Blank Stone", "type": "magic_stone"})
    card = next(c for c in parse_card_set(data).cards if c.name == "Blank Stone")
    assert card.missing == ("produces",)


def test_f1_the_bundled_set_lacks_nothing() -> None:
    engine = RULES.match_engine
    assert engine is not None
    catalog = Catalog(
        parse_card_set(json.loads(bundled_card_sets("fow")[0].read_text(encoding="utf-8"))).cards
    )
    assert all(not card.missing for card in catalog)
