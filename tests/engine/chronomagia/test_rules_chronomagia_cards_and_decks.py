"""RULES.md C1 and C2 (cards and decks), and the paper-event contract: one test or more per rule,
named by its number; play is set up directly (match/scenario.py)."""

from __future__ import annotations

import pytest
from chronomagia_builders import act, position, row, same

from engine.cardset import parse_card_set
from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.chronomagia.deck import validate_deck
from engine.problems import InputError
from engine.registry import get_game

EVENT = {
    "name": "Omen", "type": "event", "cost": 1, "time_counter": 2,
    "rows": [row({"attack": 1}), row({"attack": 1}), None],
}  # fmt: skip
PHENOMENON = {"name": "Aurora", "type": "phenomenon", "cost": 1, "time_counter": 2, "rows": same(row({}))}
GOBLIN = {
    "name": "Goblin", "type": "thoughtform", "cost": 1,
    "rows": [row({"attack": 2}), row(None, {"when": "spell", "effect": "damage", "amount": 3}), None],
}  # fmt: skip


def test_c1_1_an_event_card_is_played_as_a_phenomenon() -> None:
    match = position(EVENT, PHENOMENON, turn=3, seats=({"hand": ["Omen", "Aurora"], "pool": ["Filler"]}, {}))
    omen, aurora = match.seats[0].hand
    act(match, 0, "play", card=omen.id)
    assert omen.card.type == "event" and omen.lives == 2  # its time counter (C10.3)
    assert {"type": "play", "card": aurora.id} not in match.legal_actions(0)  # one phenomenon (C10.3)


def test_c1_3_a_thoughtform_is_a_creature_where_it_has_resources_and_a_spell_elsewhere() -> None:
    creature = position(GOBLIN, turn=3, seats=({"hand": ["Goblin"], "pool": ["Filler"]}, {}))
    act(creature, 0, "play", card=creature.seats[0].hand[0].id)
    assert [inst.name for inst in creature.seats[0].field] == ["Goblin"]
    spell = position(GOBLIN, turn=3, century=16, seats=({"hand": ["Goblin"], "pool": ["Filler"]}, {}))
    act(spell, 0, "play", card=spell.seats[0].hand[0].id)
    assert spell.seats[0].field == [] and spell.seats[1].life == 27


def test_c1_4_a_card_absent_in_the_epoch_cannot_be_played() -> None:
    match = position(GOBLIN, turn=3, century=26, seats=({"hand": ["Goblin"], "pool": ["Filler"]}, {}))
    with pytest.raises(Exception) as refused:
        act(match, 0, "play", card=match.seats[0].hand[0].id)
    assert refused.value.code == "absent_in_epoch"


def test_c1_5_one_cost_is_paid_from_the_pool() -> None:
    match = position(GOBLIN, turn=3, seats=({"hand": ["Goblin"], "pool": ["Filler", "Filler"]}, {}))
    act(match, 0, "play", card=match.seats[0].hand[0].id)
    assert len(match.seats[0].pool) == 1 and len(match.seats[0].deck) == 1  # to the deck's bottom (C7.2)


# --- C2 and the paper-event contract (formats.md) ------------------------------------------------

PAPER_SET = {
    "game": "chronomagia",
    "set": {"code": "PAPER", "name": "Paper", "year": 2026},
    "cards": [
        {"name": "Paper Hero", "type": "hero", "rarity": "rare"},
        *({"name": f"Paper Card {i}", "type": "thoughtform", "rarity": "common"} for i in range(15)),
        {"name": "Paper Event", "type": "event", "rarity": "common"},
        {"name": "Paper Myth", "type": "terrain", "rarity": "mythic"},
    ],
}


def paper_deck(**extra: int) -> Decklist:
    main = {f"Paper Card {i}": 2 for i in range(15)} | extra
    return Decklist(
        game="chronomagia", zones={"hero": "Paper Hero", "main": main, "side": {"Paper Event": 1}}
    )


def test_c2_a_set_with_only_the_minimum_fields_loads_and_validates_decks() -> None:
    cards = Catalog(parse_card_set(PAPER_SET).cards)
    assert validate_deck(paper_deck(), cards) == []
    assert [v.code for v in validate_deck(paper_deck(**{"Paper Myth": 2}), cards)] == ["mythic_limit"]


def test_c2_a_match_with_a_card_lacking_an_engine_field_is_refused_naming_card_and_field() -> None:
    cards = Catalog(parse_card_set(PAPER_SET).cards)
    engine = get_game("chronomagia").match_engine
    problems = engine.playable_problems(cards, [paper_deck()])
    named = {(v.params["card"], v.params["field"]) for v in problems}
    assert ("Paper Hero", "base") in named and ("Paper Card 0", "rows") in named
    assert ("Paper Card 0", "cost") in named and ("Paper Event", "time_counter") in named
    assert all(v.code == "not_playable" for v in problems)
    with pytest.raises(InputError) as refused:
        engine.new_match(cards, [paper_deck(), paper_deck()], seed=1)
    assert "Paper Hero has no base" in str(refused.value)


def test_c2_4_copies_count_over_the_main_and_hero_decks_together() -> None:
    cards = Catalog(parse_card_set(PAPER_SET).cards)
    deck = paper_deck()
    deck = Decklist(game="chronomagia", zones={**deck.zones, "side": {"Paper Card 0": 1}})
    assert [v.code for v in validate_deck(deck, cards)] == ["copy_limit"]
