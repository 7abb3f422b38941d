"""RULES.md sections without a test of their own elsewhere, one test or more each, named by its
number; each on a position set up directly (match/scenario.py)."""

from __future__ import annotations

from engine.games.wow.match.state import ALLIES, CHAIN, GRAVEYARD, HERO_ROW
from tests.support.wow import act, both_pass, position, refused

GROTHA, MIREL = "Grotha Ashmane", "Mirel Duskwhisper"


def test_w3_1_each_side_has_its_ally_row_hero_row_and_resource_row_in_every_view():
    match = position({"turn": 3, "seats": [
        {"hero": GROTHA, "allies": ["Gilded Footman"], "hero_row": ["Rusted Cleaver"],
         "resources": ["Warband Recruit"]},
        {"hero": MIREL},
    ]})  # fmt: skip
    seat = match.observation(1)["seats"][0]
    assert [a["card"] for a in seat["allies"]] == ["Gilded Footman"]
    assert [h["card"] for h in seat["hero_row"]] == ["Rusted Cleaver"]
    assert seat["resources"][0]["card"] is None, "a face-down resource is a back to the opponent (W4.3)"


def test_w6_3_non_instant_cards_need_the_turn_players_action_phase_and_an_empty_chain():
    match = position({"turn": 3, "phase": "draw", "seats": [
        {"hero": GROTHA, "hand": ["Gilded Footman"], "resources": ["Warband Recruit"] * 2},
        {"hero": MIREL},
    ]})  # fmt: skip
    footman = match.seats[0].hand[0]
    assert refused(match, 0, {"type": "play", "card": footman.id}).code == "not_instant"


def test_w8_1_a_card_goes_on_the_chain_with_its_target_and_its_cost_paid():
    match = position({"turn": 3, "seats": [
        {"hero": MIREL, "hand": ["Cinderbolt"], "resources": ["Warband Recruit"] * 3},
        {"hero": GROTHA},
    ]})  # fmt: skip
    bolt = match.seats[0].hand[0]
    act(match, 0, {"type": "play", "card": bolt.id, "target": match.seats[1].hero.id})
    assert bolt.zone == CHAIN and sum(r.exhausted for r in match.seats[0].resources) == 2
    assert match.chain.top is not None and match.chain.top.payload["target"] == match.seats[1].hero.id


def test_w8_6_equipment_may_strike_the_turn_it_entered():
    match = position({"turn": 3, "seats": [
        {"hero": GROTHA, "hero_row": [{"card": "Rusted Cleaver", "new": True}],
         "resources": ["Warband Recruit"]},
        {"hero": MIREL},
    ]})  # fmt: skip
    act(match, 0, {"type": "attack", "attacker": match.seats[0].hero.id, "defender": match.seats[1].hero.id})
    both_pass(match)
    both_pass(match)
    cleaver = match.seats[0].hero_row[0]
    assert {"type": "strike", "weapon": cleaver.id} in match.legal_actions(0)


def test_w9_1_a_payment_power_is_used_again_while_it_can_be_paid():
    match = position({"turn": 4, "seats": [
        {"hero": GROTHA, "hero_row": ["Iron Resolve"], "resources": ["Warband Recruit"] * 2},
        {"hero": MIREL},
    ]})  # fmt: skip
    resolve = match.seats[0].hero_row[0]
    for _ in range(2):
        act(match, 0, {"type": "power", "card": resolve.id, "ability": 0})
        both_pass(match)
    assert match.seats[0].hero.shield == 4
    assert not any(a["type"] == "power" for a in match.legal_actions(0)), "no ready resource left"


def test_w10_1_the_chain_resolves_last_in_first_out():
    match = position({"turn": 4, "seats": [
        {"hero": MIREL, "hand": ["Frostveil Ward", "Arcane Insight"], "deck": ["Cinderbolt"] * 2,
         "resources": ["Warband Recruit"] * 4},
        {"hero": GROTHA},
    ]})  # fmt: skip
    ward, insight = match.seats[0].hand
    act(match, 0, {"type": "play", "card": ward.id, "target": match.seats[0].hero.id})
    act(match, 0, {"type": "play", "card": insight.id})
    both_pass(match)
    assert insight.zone == GRAVEYARD and ward.zone == CHAIN, "the one on top resolved first"


def test_w11_2_w11_3_a_hero_attacks_without_a_weapon_and_exhausts_as_the_proposal_resolves():
    match = position({"turn": 3, "seats": [{"hero": GROTHA}, {"hero": MIREL, "allies": ["Gilded Footman"]}]})
    hero, footman = match.seats[0].hero, match.seats[1].allies[0]
    act(match, 0, {"type": "attack", "attacker": hero.id, "defender": footman.id})
    assert not hero.exhausted
    both_pass(match)
    assert hero.exhausted and match.phase == "attack" and match.atk_of(hero) == 0


def test_w12_1_card_damage_during_combat_is_no_combat_damage():
    match = position({"turn": 3, "seats": [
        {"hero": GROTHA, "hand": ["Ambush from the Dunes"], "allies": ["Gilded Footman"],
         "resources": ["Warband Recruit"] * 3},
        {"hero": MIREL, "allies": ["Tusked Outrider"]},
    ]})  # fmt: skip
    footman, outrider = match.seats[0].allies[0], match.seats[1].allies[0]
    act(match, 0, {"type": "attack", "attacker": footman.id, "defender": outrider.id})
    both_pass(match)
    act(match, 0, {"type": "play", "card": match.seats[0].hand[0].id, "target": outrider.id})
    both_pass(match)
    damage = [e.public for e in match.events if e.public["type"] == "damage"]
    assert damage and damage[0]["combat"] is False and outrider.zone == ALLIES


def test_w13_7_w3_1_the_hero_row_holds_equipment_and_ongoing_abilities():
    match = position({"turn": 3, "seats": [
        {"hero": GROTHA, "hand": ["Unyielding Stand"], "resources": ["Warband Recruit"] * 3},
        {"hero": MIREL},
    ]})  # fmt: skip
    stand = match.seats[0].hand[0]
    act(match, 0, {"type": "play", "card": stand.id})
    both_pass(match)
    assert stand.zone == HERO_ROW and match.atk_of(match.seats[0].hero) == 1
