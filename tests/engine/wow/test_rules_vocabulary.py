"""RULES.md W18's words a real card needs beyond the first set (text that needs the hero's
trait W1.4, damage types W1.5, control change W3.5, maximum hand size W6.4, triggers that
choose a target and the order of simultaneous triggers W9.4, ATK until the end of combat
W11.5, damage modifiers W12.4): each played by its shipped card on a position
(match/scenario.py), and its loader errors, which name the card's field."""

from __future__ import annotations

from typing import Any

import pytest

from engine.games.wow.cards import parse_card
from engine.games.wow.match.state import ALLIES
from engine.problems import Problem
from tests.support.wow import act, both_pass, position

GROTHA, MIREL, VASHKA = "Grotha Ashmane", "Mirel Duskwhisper", "Vashka Stormcaller"
RECRUITS = ["Warband Recruit"] * 5


def test_w1_4_text_beside_a_trait_works_only_while_the_hero_has_that_trait():
    for hero, bonus in ((GROTHA, 1), (MIREL, 0)):  # an orc warrior; a blood-elf mage
        match = position({"turn": 3, "seats": [
            {"hero": hero, "allies": ["Kor'kron Drillmaster", "Warband Recruit"]}, {"hero": VASHKA},
        ]})  # fmt: skip
        recruit = match.seats[0].allies[1]
        assert match.atk_of(recruit) == 1 + bonus, hero


def test_w1_5_w12_4_a_damage_modifier_adds_to_the_damage_of_its_type_before_prevention():
    match = position({"turn": 5, "seats": [
        {"hero": MIREL, "hero_row": ["Flamecaller's Focus"], "hand": ["Cinderbolt", "Tinker's Flare"],
         "resources": RECRUITS},
        {"hero": VASHKA, "allies": [{"card": "Tusked Outrider", "shield": 1}]},
    ]})  # fmt: skip
    outrider = match.seats[1].allies[0]
    cinderbolt, flare = match.seats[0].hand
    act(match, 0, {"type": "play", "card": cinderbolt.id, "target": outrider.id})
    both_pass(match)
    assert outrider.damage == 3, "3 fire +1, then the shield prevents 1 (W12.4: modifiers first)"
    act(match, 0, {"type": "play", "card": flare.id})
    both_pass(match)
    hero = match.seats[1].hero
    act(match, 0, {"type": "power", "card": flare.id, "ability": 0, "target": hero.id})
    both_pass(match)
    assert hero.damage == 1, "Tinker's Flare's damage has no type: no fire bonus"


def test_w3_5_control_of_an_ally_changes_and_it_goes_to_its_owners_graveyard():
    match = position({"turn": 5, "seats": [
        {"hero": MIREL, "hand": ["Enthralling Gaze", "Cinderbolt"], "resources": RECRUITS},
        {"hero": VASHKA, "allies": ["Tusked Outrider"]},
    ]})  # fmt: skip
    outrider = match.seats[1].allies[0]
    gaze, _ = match.seats[0].hand
    act(match, 0, {"type": "play", "card": gaze.id, "target": outrider.id})
    both_pass(match)
    assert outrider in match.seats[0].allies and match.controller(outrider) == 0 and outrider.owner == 1
    assert not any(a["type"] == "attack" and a["attacker"] == outrider.id for a in match.legal_actions(0)), (
        "it came under its new controller's control this turn (W9.2)"
    )
    outrider.damage = 5
    match.state_check()
    assert outrider in match.seats[1].graveyard and match.controller(outrider) == 1


def test_w6_4_a_card_raises_the_maximum_hand_size_of_the_end_step():
    match = position({"turn": 3, "phase": "end", "seats": [
        {"hero": GROTHA, "hero_row": ["Hoarder's Satchel"], "hand": ["Warband Recruit"] * 9},
        {"hero": MIREL, "deck": ["Warband Recruit"]},
    ]})  # fmt: skip
    assert match.max_hand(0) == 9 and match.max_hand(1) == 7
    both_pass(match)
    assert match.pending is not None and match.pending.kind != "discard" and len(match.seats[0].hand) == 9


def test_w9_4_a_trigger_that_chooses_asks_its_controller_for_the_target_as_it_goes_on_the_chain():
    match = position({"turn": 3, "seats": [
        {"hero": GROTHA, "hand": ["Vengeful Harrier"], "resources": ["Warband Recruit"] * 3},
        {"hero": MIREL, "allies": ["Gilded Footman", "Brightvale Squire"]},
    ]})  # fmt: skip
    footman, squire = match.seats[1].allies
    act(match, 0, {"type": "play", "card": match.seats[0].hand[0].id})
    both_pass(match)  # the ally resolves; its enters trigger waits for a target
    assert match.pending is not None and (match.pending.kind, match.pending.seat) == ("target", 0)
    legal = [a for a in match.legal_actions(0) if a["type"] == "target"]
    assert {a["target"] for a in legal} == {footman.id, squire.id}
    act(match, 0, next(a for a in legal if a["target"] == squire.id))
    both_pass(match)
    assert squire in match.seats[1].graveyard and footman.damage == 0


def test_w9_4_a_trigger_that_chooses_with_no_legal_target_ceases_to_exist():
    match = position({"turn": 3, "seats": [
        {"hero": GROTHA, "hand": ["Vengeful Harrier"], "resources": ["Warband Recruit"] * 3},
        {"hero": MIREL},
    ]})  # fmt: skip
    act(match, 0, {"type": "play", "card": match.seats[0].hand[0].id})
    both_pass(match)
    assert [e.public["type"] for e in match.events][-1] == "trigger_gone"
    assert len(match.chain) == 0 and match.pending is not None and match.pending.kind == "priority"


def test_w9_4_the_controller_orders_its_simultaneous_different_triggers():
    for first in ("Ragefire Berserker", "Seething Elemental"):
        match = position({"turn": 5, "seats": [
            {"hero": GROTHA, "hand": ["Cleaving Sweep"], "resources": RECRUITS},
            {"hero": VASHKA, "allies": ["Seething Elemental", "Ragefire Berserker"]},
        ]})  # fmt: skip
        act(match, 0, {"type": "play", "card": match.seats[0].hand[0].id})
        both_pass(match)  # both allies are dealt damage: two different damaged triggers of seat 1
        assert match.pending is not None and (match.pending.kind, match.pending.seat) == ("order", 1)
        options = [a for a in match.legal_actions(1) if a["type"] == "order"]
        assert len(options) == 2 and [t["card"] for t in match.pending.info["triggers"]] == [
            "Seething Elemental", "Ragefire Berserker"
        ]  # fmt: skip
        pick = next(
            a for a, t in zip(options, match.pending.info["triggers"], strict=True) if t["card"] == first
        )
        act(match, 1, pick)
        assert match.pending is not None and (match.pending.kind, match.pending.seat) == ("priority", 0)
        names = [match.minted[item.payload["card"]].name for item in match.chain]
        assert names[0] == first and len(names) == 2, "the first picked goes on first: it resolves last"


def test_w11_5_atk_until_the_end_of_combat_ends_with_the_combat():
    match = position({"turn": 3, "seats": [
        {"hero": GROTHA, "allies": ["Mercenary Sellsword"], "hand": ["Heroic Surge"],
         "resources": ["Warband Recruit"] * 3},
        {"hero": MIREL},
    ]})  # fmt: skip
    sellsword, surge = match.seats[0].allies[0], match.seats[0].hand[0]
    act(match, 0, {"type": "attack", "attacker": sellsword.id, "defender": match.seats[1].hero.id})
    both_pass(match)  # the attack window is open
    act(match, 0, {"type": "play", "card": surge.id, "target": sellsword.id})
    both_pass(match)
    assert match.atk_of(sellsword) == 6
    both_pass(match)  # the attack window closes
    both_pass(match)  # the defend window closes: combat damage
    assert match.seats[1].hero.damage == 6 and match.combat is None and match.atk_of(sellsword) == 3


def loader(raw: dict[str, Any]) -> list[str]:
    problems: list[Problem] = []
    parse_card(raw, "cards[0]", problems)
    return [problem.where for problem in problems]


SPELL: dict[str, Any] = {"name": "X", "type": "ability", "cost": 1}


@pytest.mark.parametrize(
    ("effect", "where"),
    [
        ({"do": "heal", "amount": 1, "target": "your_hero", "source": "your_hero"}, "source"),
        ({"do": "damage", "amount": 1, "target": "enemy_hero", "source": "the_moon"}, "source"),
        ({"do": "heal", "amount": 1, "target": "your_hero", "until": "combat"}, "until"),
        ({"do": "atk", "amount": 1, "target": "your_hero", "until": "dawn"}, "until"),
        ({"do": "damage", "amount": 1, "target": "enemy_hero", "damage_type": "laser"}, "damage_type"),
        ({"do": "take_control", "target": "enemy_character"}, "target"),
        ({"do": "hand_size", "amount": 2}, "do"),
    ],
)
def test_w18_the_loader_names_the_card_field_of_a_bad_new_word(effect: dict[str, Any], where: str) -> None:
    raw = {**SPELL, "abilities": [{"when": "play", "effects": [effect]}]}
    assert f"cards[0].abilities[0].effects[0].{where}" in loader(raw)


@pytest.mark.parametrize(
    ("ability", "where"),
    [
        ({"when": "static", "effects": [{"do": "hand_size", "amount": 0}]}, "effects[0].amount"),
        ({"when": "static", "effects": [{"do": "hand_size", "amount": 1, "target": "self"}]},
         "effects[0].target"),
        ({"when": "static", "effects": [{"do": "damage_bonus", "amount": 1, "target": "opponent"}]},
         "effects[0].target"),
        ({"when": "static", "effects": [{"do": "draw", "amount": 1}]}, "effects[0].do"),
        ({"when": "static", "requires": {"kind": "races"}, "effects": [{"do": "atk", "amount": 1,
          "target": "your_hero"}]}, "requires.value"),
        ({"when": "static", "requires": {"kind": "classes", "value": "bard"}, "effects": [{"do": "atk",
          "amount": 1, "target": "your_hero"}]}, "requires.value"),
        ({"when": "static", "requires": {"kind": "hair", "value": "red"}, "effects": [{"do": "atk",
          "amount": 1, "target": "your_hero"}]}, "requires.kind"),
    ],
)  # fmt: skip
def test_w18_the_loader_names_the_card_field_of_a_bad_static_word(
    ability: dict[str, Any], where: str
) -> None:
    raw = {"name": "X", "type": "item", "cost": 1, "abilities": [ability]}
    assert f"cards[0].abilities[0].{where}" in loader(raw)


def test_w3_5_a_position_may_hold_an_ally_whose_control_was_taken():
    match = position({"turn": 3, "seats": [
        {"hero": GROTHA, "allies": [{"card": "Gilded Footman", "owner": 1}]}, {"hero": MIREL},
    ]})  # fmt: skip
    footman = match.seats[0].allies[0]
    assert footman.owner == 1 and match.controller(footman) == 0 and footman.zone == ALLIES


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_w9_4_bots_order_their_triggers_and_choose_a_triggers_target(bot: str) -> None:
    from engine.games.wow.bots import make_bot

    match = position({"turn": 5, "seats": [
        {"hero": GROTHA, "hand": ["Cleaving Sweep"], "resources": RECRUITS},
        {"hero": VASHKA, "allies": ["Seething Elemental", "Ragefire Berserker"]},
    ]})  # fmt: skip
    act(match, 0, {"type": "play", "card": match.seats[0].hand[0].id})
    both_pass(match)
    assert match.pending is not None and match.pending.kind == "order"
    answer = make_bot(bot, 1).act(match, 1)
    assert answer in match.legal_actions(1) and answer["type"] == "order"
    match = position({"turn": 3, "seats": [
        {"hero": GROTHA, "hand": ["Vengeful Harrier"], "resources": ["Warband Recruit"] * 3},
        {"hero": MIREL, "allies": ["Gilded Footman"]},
    ]})  # fmt: skip
    act(match, 0, {"type": "play", "card": match.seats[0].hand[0].id})
    both_pass(match)
    assert match.pending is not None and match.pending.kind == "target"
    answer = make_bot(bot, 1).act(match, 0)
    assert answer in match.legal_actions(0) and answer["type"] == "target"
