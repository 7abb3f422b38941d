"""RULES.md W6, W9–W11 sections without a test of their own elsewhere, one test or more each,
named by its number: what ends with the turn (W6.6), when a power may be used (W9.3), what
does not use the chain (W10.7), a combatant that left play (W11.9); each on a position set up
directly (match/scenario.py)."""

from __future__ import annotations

from typing import Any

from engine.catalog import Catalog
from engine.games.wow.cards import Card, parse_card
from engine.games.wow.match import Match
from engine.games.wow.match.state import ALLIES, HAND
from engine.problems import Problem
from engine.registry import get_game
from tests.support.wow import act, both_pass, catalog, position

GROTHA, MIREL, VASHKA = "Grotha Ashmane", "Mirel Duskwhisper", "Vashka Stormcaller"


def combat_damage(match: Match) -> list[dict[str, Any]]:
    return [e.public for e in match.events if e.public["type"] == "damage" and e.public["combat"]]


def test_w6_6_this_turns_atk_and_shields_end_after_the_end_step_damage_and_counters_stay():
    match = position({"turn": 3, "phase": "end", "seats": [
        {"hero": {"card": GROTHA, "damage": 4, "shield": 2, "atk": 2},
         "allies": [{"card": "Ragefire Berserker", "atk": 1, "damage": 1, "counters": {"rage": 1}}]},
        {"hero": {"card": MIREL, "shield": 3}, "deck": ["Cinderbolt"]},
    ]})  # fmt: skip
    hero, berserker = match.seats[0].hero, match.seats[0].allies[0]
    assert match.atk_of(hero) == 2 and hero.shield == 2
    both_pass(match)  # the end phase closes: the end step, then seat 1's turn
    assert (match.turn, match.active) == (4, 1)
    assert (hero.shield, hero.atk_bonus, berserker.atk_bonus, match.seats[1].hero.shield) == (0, 0, 0, 0)
    assert (hero.damage, berserker.damage, berserker.counters) == (4, 1, {"rage": 1}), "counters stay (L150)"


def test_w6_5_the_end_phase_is_a_window_turn_player_first_then_the_end_step_discards_by_choice():
    match = position({"turn": 3, "phase": "end", "seats": [
        {"hero": GROTHA, "hand": ["Battle Fury"] * 5 + ["Warband Recruit"] * 4},
        {"hero": MIREL, "hand": ["Cinderbolt"] * 9, "deck": ["Cinderbolt"]},
    ]})  # fmt: skip
    assert match.pending is not None and (match.pending.kind, match.pending.seat) == ("priority", 0)
    act(match, 0, {"type": "pass"})
    assert match.pending is not None and (match.pending.kind, match.pending.seat) == ("priority", 1)
    act(match, 1, {"type": "pass"})
    assert match.pending is not None and match.pending.as_dict() == {
        "kind": "discard",
        "seat": 0,
        "seq": match.seq,
        "count": 2,
    }
    recruits = [i for i in match.seats[0].hand if i.name == "Warband Recruit"]
    for recruit in recruits[:2]:  # the turn player chooses which
        act(match, 0, {"type": "discard", "card": recruit.id})
    assert [i.name for i in match.seats[0].graveyard] == ["Warband Recruit"] * 2
    assert (match.turn, len(match.seats[1].hand)) == (4, 9), "the opponent never discards for hand size"


def test_w9_3_a_payment_power_is_used_in_response_in_the_opponents_turn():
    match = position({"turn": 3, "seats": [
        {"hero": MIREL, "hand": ["Cinderbolt"], "resources": ["Warband Recruit"] * 2},
        {"hero": GROTHA, "hero_row": ["Iron Resolve"], "resources": ["Warband Recruit"]},
    ]})  # fmt: skip
    grotha, resolve = match.seats[1].hero, match.seats[1].hero_row[0]
    act(match, 0, {"type": "play", "card": match.seats[0].hand[0].id, "target": grotha.id})
    act(match, 0, {"type": "pass"})
    power = {"type": "power", "card": resolve.id, "ability": 0}
    assert power in match.legal_actions(1)
    act(match, 1, power)
    assert len(match.chain) == 2, "the power goes on the chain above the card"
    both_pass(match)
    assert grotha.shield == 2 and grotha.damage == 0
    both_pass(match)
    assert grotha.damage == 1, "the shield, put on in response, prevented 2 of the 3"


def test_w9_3_a_payment_power_is_used_in_the_end_phase():
    match = position({"turn": 3, "phase": "end", "to_act": 1, "seats": [
        {"hero": MIREL},
        {"hero": GROTHA, "hero_row": ["Iron Resolve"], "resources": ["Warband Recruit"]},
    ]})  # fmt: skip
    resolve = match.seats[1].hero_row[0]
    assert {"type": "power", "card": resolve.id, "ability": 0} in match.legal_actions(1)


def test_w10_7_strikes_and_armor_do_not_use_the_chain():
    match = position({"turn": 3, "seats": [
        {"hero": GROTHA, "hero_row": ["Rusted Cleaver"], "resources": ["Warband Recruit"]},
        {"hero": MIREL, "hero_row": ["Worn Leather Jerkin"]},
    ]})  # fmt: skip
    cleaver = match.seats[0].hero_row[0]
    act(match, 0, {"type": "attack", "attacker": match.seats[0].hero.id, "defender": match.seats[1].hero.id})
    both_pass(match)  # the proposal (it uses the chain) resolves
    both_pass(match)  # the attack window closes; no protector: the defend window
    act(match, 0, {"type": "strike", "weapon": cleaver.id})
    assert len(match.chain) == 0 and [e.public["type"] for e in match.events] == ["strike"]
    assert match.pending is not None and (match.pending.kind, match.pending.seat) == ("priority", 0)
    both_pass(match)  # the defend window closes: combat damage, the armor decision
    assert match.pending is not None and match.pending.kind == "armor" and len(match.chain) == 0


def test_w11_9_an_attacker_that_left_play_deals_no_combat_damage():
    match = position({"turn": 3, "seats": [
        {"hero": GROTHA, "allies": ["Ashfang Raider"]},
        {"hero": VASHKA, "hand": ["Gust of Banishment"], "resources": ["Warband Recruit"] * 2},
    ]})  # fmt: skip
    raider, vashka = match.seats[0].allies[0], match.seats[1].hero
    act(match, 0, {"type": "attack", "attacker": raider.id, "defender": vashka.id})
    both_pass(match)
    act(match, 0, {"type": "pass"})
    act(match, 1, {"type": "play", "card": match.seats[1].hand[0].id, "target": raider.id})
    both_pass(match)
    assert raider.zone == HAND
    while match.combat is not None:
        both_pass(match)
    assert vashka.damage == 0 and not combat_damage(match)


def test_w11_9_a_defender_that_left_play_takes_and_deals_no_combat_damage():
    match = position({"turn": 3, "seats": [
        {"hero": GROTHA, "hand": ["Gust of Banishment"], "resources": ["Warband Recruit"] * 2,
         "allies": ["Ashfang Raider"]},
        {"hero": VASHKA, "allies": ["Tusked Outrider"]},
    ]})  # fmt: skip
    raider, outrider = match.seats[0].allies[0], match.seats[1].allies[0]
    act(match, 0, {"type": "attack", "attacker": raider.id, "defender": outrider.id})
    both_pass(match)
    act(match, 0, {"type": "play", "card": match.seats[0].hand[0].id, "target": outrider.id})
    both_pass(match)
    while match.combat is not None:
        both_pass(match)
    assert raider.damage == 0 and outrider.zone == HAND and not combat_damage(match)


# An Instant ally (W8.2: an Instant card of any type), so that a card can leave play and come
# back while a chain item or a combat holds it; with Ferocity, so that it may attack again at once.
BLINK = {
    "name": "Blinkstep Phantom", "type": "ally", "keywords": ["instant", "ferocity"], "cost": 1, "atk": 3,
    "damage_type": "shadow", "health": 2, "text": "Instant.",
}  # fmt: skip


def with_phantom() -> Catalog[Card]:
    problems: list[Problem] = []
    phantom = parse_card(BLINK, "cards[0]", problems)
    assert phantom is not None and not problems, problems
    return Catalog([*catalog(), phantom])


def phantom_position(spec: dict[str, Any]) -> Match:
    builder = get_game("wow").match_engine.scenario
    assert builder is not None
    return builder.build(with_phantom(), {"auto_pass": False, **spec})


def test_w11_9_an_attacker_that_left_play_and_came_back_is_a_new_card_out_of_the_combat():
    match = phantom_position({"turn": 3, "seats": [
        {"hero": GROTHA, "allies": ["Blinkstep Phantom"], "resources": ["Warband Recruit"]},
        {"hero": VASHKA, "hand": ["Gust of Banishment"], "resources": ["Warband Recruit"] * 2},
    ]})  # fmt: skip
    phantom, vashka = match.seats[0].allies[0], match.seats[1].hero
    act(match, 0, {"type": "attack", "attacker": phantom.id, "defender": vashka.id})
    both_pass(match)
    act(match, 0, {"type": "pass"})
    act(match, 1, {"type": "play", "card": match.seats[1].hand[0].id, "target": phantom.id})
    both_pass(match)
    act(match, 0, {"type": "play", "card": phantom.id})  # back in play in the attack window
    both_pass(match)
    assert phantom.zone == ALLIES
    while match.combat is not None:
        both_pass(match)
    assert vashka.damage == 0 and not combat_damage(match), "W4.4: a new object, no combatant"


def test_w8_8_a_target_that_left_play_and_came_back_is_a_new_card_and_the_card_is_interrupted():
    match = phantom_position({"turn": 5, "seats": [
        {"hero": MIREL, "hand": ["Cinderbolt", "Gust of Banishment"], "resources": ["Warband Recruit"] * 4},
        {"hero": VASHKA, "allies": ["Blinkstep Phantom"], "resources": ["Warband Recruit"]},
    ]})  # fmt: skip
    bolt, gust = match.seats[0].hand
    phantom = match.seats[1].allies[0]
    act(match, 0, {"type": "play", "card": bolt.id, "target": phantom.id})
    act(match, 0, {"type": "play", "card": gust.id, "target": phantom.id})
    both_pass(match)  # the Gust: the Phantom to its owner's hand
    act(match, 0, {"type": "pass"})
    act(match, 1, {"type": "play", "card": phantom.id})  # back, above the Cinderbolt
    both_pass(match)
    both_pass(match)  # the Cinderbolt resolves
    assert phantom.zone == ALLIES and phantom.damage == 0
    assert any(e.public["type"] == "interrupted" and e.public["card"] == "Cinderbolt" for e in match.events)


def test_w11_1_an_attacker_that_left_play_and_came_back_before_the_proposal_resolved_is_no_attacker():
    match = phantom_position({"turn": 3, "seats": [
        {"hero": GROTHA, "allies": ["Blinkstep Phantom"], "resources": ["Warband Recruit"]},
        {"hero": VASHKA, "hand": ["Gust of Banishment"], "resources": ["Warband Recruit"] * 2},
    ]})  # fmt: skip
    phantom = match.seats[0].allies[0]
    act(match, 0, {"type": "attack", "attacker": phantom.id, "defender": match.seats[1].hero.id})
    act(match, 0, {"type": "pass"})
    act(match, 1, {"type": "play", "card": match.seats[1].hand[0].id, "target": phantom.id})
    both_pass(match)  # the Gust resolves, the proposal still on the chain
    act(match, 0, {"type": "play", "card": phantom.id})  # back in play (Ferocity: it could attack)
    both_pass(match)
    both_pass(match)  # the proposal resolves
    assert match.combat is None and not phantom.exhausted
    assert any(e.public["type"] == "interrupted" and e.public.get("attack") for e in match.events)
