"""The WoW TCG match rules, one test per rule of the digest (engine/games/wow/RULES.md) and
per registered ability handler (W18). Matches start unshuffled with seat 0 first; cards are
put where a test needs them with :func:`give` (the helpers: ``tests/support/wow.py``, whose
``new_match`` makes every pass a player's action; the automatic passes have their own tests)."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from engine.decklist import Decklist
from engine.games.wow.cards import EFFECTS, Effect
from engine.games.wow.match import Match
from engine.games.wow.match import new_match as engine_new_match
from engine.games.wow.match.actions import hand_may_play
from engine.games.wow.match.effects import HANDLERS
from engine.games.wow.match.state import ALLIES, HERO_ROW, RESOURCE, Inst
from engine.registry import get_game
from tests.support.wow import act, catalog, deck, give, new_match, refused, resources, settle, start

# --- the cards --------------------------------------------------------------------------------


def test_w1_7_a_flip_power_flips_the_hero_and_only_the_back_works_from_then_on() -> None:
    match = start("Aldric Dawnhammer")
    hero = match.seats[0].hero
    hero.damage = 6
    resources(match, 0, 4)
    ally = give(match, 0, "Gilded Footman", ALLIES)
    printed = match.atk_of(ally)
    flip = {"type": "power", "card": hero.id, "ability": 0, "target": hero.id}
    assert flip in match.legal_actions(0)
    act(match, 0, flip)
    assert hero.flipped, "flipping is part of the cost: done as the power is used"
    assert [e.public["type"] for e in match.events][:2] == ["flip", "power"]
    for seat in (0, 1, None):  # W1.7: everyone sees the flipped side
        shown = match.observation(seat) if seat is not None else match.spectator_view()
        assert shown["seats"][0]["hero"]["flipped"] is True
    settle(match)
    assert hero.damage == 1, "the front power still resolves after the flip"
    assert match.atk_of(ally) == printed + 1, "the back's static text works"
    powers = [a for a in match.legal_actions(0) if a["type"] == "power" and a["card"] == hero.id]
    assert powers and all(a["ability"] == 1 for a in powers), "only the back's power; the front's stopped"
    act(match, 0, {"type": "power", "card": hero.id, "ability": 1, "target": ally.id})
    settle(match)
    assert match.atk_of(ally) == printed + 3 and hero.flipped and hero.exhausted and hero.damage == 1


def test_w1_7_an_unflipped_hero_has_only_its_front() -> None:
    match = start("Aldric Dawnhammer")
    ally = give(match, 0, "Gilded Footman", ALLIES)
    assert match.atk_of(ally) == ally.card.atk
    assert "flipped" not in match.observation(1)["seats"][0]["hero"]
    resources(match, 0, 1)
    powers = [a for a in match.legal_actions(0) if a["type"] == "power"]
    assert powers == [], "the front power costs 2; the back's cheaper power is not there yet"


# --- setup and turns -------------------------------------------------------------------------


def test_w5_3_each_player_draws_seven_and_w6_2_the_first_player_skips_the_first_draw() -> None:
    match = start()
    assert len(match.seats[0].hand) == 7 and len(match.seats[1].hand) == 7
    assert match.pending is not None and match.pending.kind == "priority" and match.pending.seat == 0


def test_w5_4_a_mulligan_shuffles_the_hand_back_and_draws_seven_once() -> None:
    mixed = Decklist(
        game="wow", zones={"hero": "Grotha Ashmane", "main": {"Warband Recruit": 30, "Rusted Cleaver": 30}}
    )
    match = new_match(catalog(), (mixed, mixed), seed=3, shuffle=False, first=1)
    assert match.pending is not None and match.pending.seat == 1, "the first player decides first"
    before = [i.id for i in match.seats[1].hand]
    act(match, 1, {"type": "mulligan"})
    assert len(match.seats[1].hand) == 7 and [i.id for i in match.seats[1].hand] != before
    assert match.pending is not None and match.pending.seat == 0 and match.pending.kind == "mulligan"


def test_w6_4_the_turn_player_discards_down_to_seven_at_the_end_step() -> None:
    match = start()
    for _ in range(3):
        give(match, 0, "Warband Recruit")
    for _ in range(4):  # both pass the action phase, then the end phase
        act(match, match.pending.seat, {"type": "pass"})  # type: ignore[union-attr]
    assert match.pending is not None and match.pending.kind == "discard" and match.pending.seat == 0
    for _ in range(3):
        act(match, 0, {"type": "discard", "card": match.seats[0].hand[0].id})
    assert match.active == 1 and len(match.seats[0].hand) == 7 and match.phase == "ready"
    assert len(match.seats[1].hand) == 7
    act(match, 1, {"type": "pass"})
    act(match, 0, {"type": "pass"})
    assert match.phase == "draw"
    assert len(match.seats[1].hand) == 8, "the second player draws on its first turn (W6.2)"


def test_w10_5_instants_may_be_played_in_the_ready_step_window() -> None:
    match = new_match(
        catalog(), (deck("Grotha Ashmane"), deck("Mirel Duskwhisper")), seed=1, shuffle=False, first=0
    )
    match.apply(0, {"type": "keep"})
    match.apply(1, {"type": "keep"})
    assert match.phase == "ready" and match.chain.holder == 0
    resources(match, 0, 2)
    bellow, raider = give(match, 0, "Rallying Bellow"), give(match, 0, "Ashfang Raider")
    legal = match.legal_actions(0)
    assert {"type": "play", "card": bellow.id, "target": 0} in legal
    assert not [a for a in legal if a.get("card") == raider.id], "not Instant: the action phase (W8.2)"


# --- resources and costs -----------------------------------------------------------------------


def test_w7_1_one_resource_per_turn_goes_on_the_chain_face_down() -> None:
    match = start()
    card = match.seats[0].hand[0]
    act(match, 0, {"type": "resource", "card": card.id})
    assert match.chain.top is not None and match.chain.top.payload["kind"] == "resource"
    assert "Warband Recruit" not in str(match.observation(1)["chain"])
    settle(match)
    assert card in match.seats[0].resources and not card.face_up
    error = refused(match, 0, {"type": "resource", "card": match.seats[0].hand[0].id})
    assert (error.rule, error.code) == ("W7.1", "resource_placed")


def test_w7_2_a_cost_is_paid_by_exhausting_ready_resources() -> None:
    match = start()
    resources(match, 0, 3)
    ally = give(match, 0, "Ashfang Raider")
    act(match, 0, {"type": "play", "card": ally.id})
    assert [r.exhausted for r in match.seats[0].resources] == [True, True, True]
    settle(match)
    assert ally in match.seats[0].allies
    error = refused(match, 0, {"type": "play", "card": give(match, 0, "Warband Recruit").id})
    assert (error.rule, error.code) == ("W7.2", "cannot_pay")


def test_w7_5_the_player_may_name_the_resources_that_pay() -> None:
    match = start()
    resources(match, 0, 4)
    rows = match.seats[0].resources
    scout = give(match, 0, "Dustwind Scout")  # cost 2
    assert {"type": "play", "card": scout.id} in match.legal_actions(0), "no payment in legal actions"
    act(match, 0, {"type": "play", "card": scout.id, "pay": [rows[3].id, rows[1].id]})
    assert [r.exhausted for r in rows] == [False, True, False, True]
    assert match.actions[-1]["pay"] == [rows[3].id, rows[1].id], "the log keeps the payment"
    settle(match)
    assert scout in match.seats[0].allies


# Wrong payments for a cost of 2 (W7.5): (mine: three ready resources, spent: an exhausted one,
# theirs: the opponent's, hero: seat 0's hero) -> what "pay" names.
WRONG_PAYMENTS: dict[str, Any] = {
    "one for a cost of 2": lambda mine, spent, theirs, hero: [mine[0]],
    "the same one twice": lambda mine, spent, theirs, hero: [mine[0], mine[0]],
    "too many": lambda mine, spent, theirs, hero: mine[:3],
    "an exhausted one": lambda mine, spent, theirs, hero: [mine[0], spent],
    "the opponent's": lambda mine, spent, theirs, hero: [mine[0], theirs],
    "not a resource": lambda mine, spent, theirs, hero: [mine[0], hero],
    "no such card": lambda mine, spent, theirs, hero: [mine[0], 10_000],
    "not ids": lambda mine, spent, theirs, hero: ["one", "two"],
    "not a list": lambda mine, spent, theirs, hero: mine[0],
}


@pytest.mark.parametrize("wrong", sorted(WRONG_PAYMENTS))
def test_w7_5_a_wrong_payment_is_refused_and_changes_nothing(wrong: str) -> None:
    match = start()
    resources(match, 0, 3)
    spent = give(match, 0, "Warband Recruit", RESOURCE)
    spent.exhausted = True
    theirs = give(match, 1, "Warband Recruit", RESOURCE)
    mine = [r.id for r in match.seats[0].resources[:3]]
    scout = give(match, 0, "Dustwind Scout")
    named = WRONG_PAYMENTS[wrong](mine, spent.id, theirs.id, match.seats[0].hero.id)
    before, seq = [r.exhausted for r in match.seats[0].resources], match.seq
    error = refused(match, 0, {"type": "play", "card": scout.id, "pay": named})
    assert (error.rule, error.code) == ("W7.5", "bad_payment") and "cost" in error.params
    assert [r.exhausted for r in match.seats[0].resources] == before and match.seq == seq
    assert scout in match.seats[0].hand and not match.chain


def test_w7_5_a_payment_on_an_action_that_costs_nothing_is_refused() -> None:
    match = start()
    error = refused(match, 0, {"type": "pass", "pay": []})
    assert (error.rule, error.code) == ("W7.5", "bad_payment")
    assert match.pending is not None and match.pending.kind == "priority" and match.phase == "action"


def test_w7_5_a_quest_being_completed_may_be_named_to_pay_for_itself() -> None:
    match = start()
    resources(match, 0, 2)
    quest = give(match, 0, "Cinders in the Valley", RESOURCE)
    quest.face_up = True
    assert quest.card.quest is not None and quest.card.quest.cost == 2
    first = match.seats[0].resources[0]
    act(match, 0, {"type": "complete", "card": quest.id, "pay": [quest.id, first.id]})
    assert quest.exhausted and first.exhausted and not match.seats[0].resources[1].exhausted


def test_w7_5_a_named_payment_replays_from_the_log() -> None:
    from engine.games.wow.match.log import replay

    match = new_match(catalog(), (deck("Grotha Ashmane"), deck("Mirel Duskwhisper")), seed=5, first=0)
    act(match, 0, {"type": "keep"})
    act(match, 1, {"type": "keep"})

    def step() -> None:  # seat 0 places a resource whenever it may; end-step discards; else pass
        assert match.pending is not None
        seat, legal = match.pending.seat, match.legal_actions(match.pending.seat)
        place = {"type": "resource", "card": match.seats[seat].hand[0].id}
        discards = [a for a in legal if a["type"] == "discard"]
        mine = seat == 0 and place in legal
        act(match, seat, discards[0] if discards else place if mine else {"type": "pass"})

    while len(match.seats[0].resources) < 2:
        step()
    while not (match.active == 0 and match.phase == "action" and match.pending.seat == 0):  # type: ignore[union-attr]
        step()
    second = match.seats[0].resources[1]
    act(match, 0, {"type": "play", "card": match.seats[0].hand[0].id, "pay": [second.id]})
    again = replay(match.to_log(["ASHF"]), catalog())
    assert again.actions == match.actions and again.actions[-1]["pay"] == [second.id]
    assert [r.exhausted for r in again.seats[0].resources] == [False, True]


def test_w8_7_a_face_up_quest_pays_for_itself_turns_face_down_and_rewards() -> None:
    match = start()
    resources(match, 0, 1)
    quest = give(match, 0, "Cinders in the Valley", RESOURCE)
    quest.face_up = True
    hand = len(match.seats[0].hand)
    act(match, 0, {"type": "complete", "card": quest.id})
    assert not quest.face_up and quest.exhausted
    settle(match)
    assert len(match.seats[0].hand) == hand + 2
    assert {"type": "complete", "card": quest.id} not in match.legal_actions(0)


# --- playing cards -------------------------------------------------------------------------------


def test_w8_2_a_non_instant_card_waits_for_your_action_phase_and_an_empty_chain() -> None:
    match = start()
    resources(match, 1, 3)
    strike = give(match, 1, "Cinderbolt")
    act(match, 0, {"type": "pass"})  # seat 1 gets priority in seat 0's action phase
    error = refused(match, 1, {"type": "play", "card": strike.id, "target": 0})
    assert (error.rule, error.code) == ("W8.2", "not_instant")
    instant = give(match, 1, "Arcane Insight")
    assert {"type": "play", "card": instant.id} in match.legal_actions(1)


def test_w8_4_equipment_the_hero_cannot_use_is_not_playable() -> None:
    match = start()
    resources(match, 0, 3)
    wand = give(match, 0, "Ember Wand")
    error = refused(match, 0, {"type": "play", "card": wand.id})
    assert (error.rule, error.code) == ("W8.4", "not_usable_by_hero")


def test_w8_8_a_card_whose_target_left_is_interrupted() -> None:
    match = start("Mirel Duskwhisper", "Grotha Ashmane")
    resources(match, 0, 8)
    target = give(match, 1, "Warband Recruit", ALLIES)
    lance, bolt = give(match, 0, "Searing Lance"), give(match, 0, "Cinderbolt")
    act(match, 0, {"type": "play", "card": lance.id, "target": target.id})
    act(match, 0, {"type": "pass"})
    act(match, 1, {"type": "pass"})  # the lance resolves: the recruit dies
    act(match, 0, {"type": "play", "card": bolt.id, "target": match.seats[1].hero.id})
    assert target not in match.seats[1].allies
    settle(match)
    assert match.seats[1].hero.damage == 3


def test_w10_4_who_puts_an_item_keeps_priority_and_the_turn_player_gets_it_after() -> None:
    match = start()
    resources(match, 0, 1)
    resources(match, 1, 2)
    give(match, 0, "Warband Recruit")
    act(match, 0, {"type": "play", "card": match.seats[0].hand[-1].id})
    assert match.chain.holder == 0
    act(match, 0, {"type": "pass"})
    response = give(match, 1, "Arcane Insight")
    act(match, 1, {"type": "play", "card": response.id})
    assert match.chain.holder == 1 and len(match.chain) == 2
    act(match, 1, {"type": "pass"})
    act(match, 0, {"type": "pass"})
    assert len(match.chain) == 1 and match.chain.holder == 0, "W10.4: the turn player again"


def test_w9_4_an_enters_play_trigger_goes_on_the_chain() -> None:
    match = start("Mirel Duskwhisper", "Grotha Ashmane")
    resources(match, 0, 2)
    ritualist = give(match, 0, "Ashen Ritualist")
    act(match, 0, {"type": "play", "card": ritualist.id})
    act(match, 0, {"type": "pass"})
    act(match, 1, {"type": "pass"})
    top = match.chain.top
    assert top is not None and top.triggered and top.payload["card"] == ritualist.id
    settle(match)
    assert match.seats[1].hero.damage == 1


def test_w9_2_an_ally_uses_no_exhaust_power_the_turn_it_arrived() -> None:
    match = start("Mirel Duskwhisper", "Grotha Ashmane")
    adept = give(match, 0, "Emberveil Adept", ALLIES, entered=1)
    assert not [a for a in match.legal_actions(0) if a["type"] == "power"]
    adept.entered = 0
    powers = [a for a in match.legal_actions(0) if a["type"] == "power"]
    assert powers and all(a["card"] == adept.id for a in powers)
    act(match, 0, {**powers[0], "target": match.seats[1].hero.id})
    assert adept.exhausted


# --- combat --------------------------------------------------------------------------------------


def attack(match: Match, attacker: Inst, defender: Inst) -> None:
    """Propose, resolve, and pass the attack window (and protect nothing)."""
    act(match, match.active, {"type": "attack", "attacker": attacker.id, "defender": defender.id})
    settle(match)
    act(match, match.active, {"type": "pass"})
    act(match, 1 - match.active, {"type": "pass"})
    if match.pending is not None and match.pending.kind == "protect":
        act(match, 1 - match.active, {"type": "no_protect"})


def finish_combat(match: Match) -> None:
    act(match, match.active, {"type": "pass"})
    act(match, 1 - match.active, {"type": "pass"})


def test_w11_1_an_ally_that_just_arrived_cannot_attack_unless_it_has_ferocity() -> None:
    match = start()
    recruit = give(match, 0, "Warband Recruit", ALLIES, entered=1)
    raider = give(match, 0, "Ashfang Raider", ALLIES, entered=1)
    hero = match.seats[1].hero
    error = refused(match, 0, {"type": "attack", "attacker": recruit.id, "defender": hero.id})
    assert (error.rule, error.code) == ("W11.1", "just_arrived")
    assert {"type": "attack", "attacker": raider.id, "defender": hero.id} in match.legal_actions(0)


def test_w11_1_an_elusive_character_cannot_be_chosen_as_defender() -> None:
    match = start()
    scout = give(match, 1, "Dustwind Scout", ALLIES)
    error = refused(match, 0, {"type": "attack", "attacker": match.seats[0].hero.id, "defender": scout.id})
    assert (error.rule, error.code) == ("W11.1", "elusive")


def test_w11_6_attacker_and_defender_deal_their_atk_to_each_other() -> None:
    match = start()
    raider = give(match, 0, "Ashfang Raider", ALLIES)
    outrider = give(match, 1, "Tusked Outrider", ALLIES)
    attack(match, raider, outrider)
    assert raider.exhausted, "W11.3"
    finish_combat(match)
    assert outrider.damage == 3 and raider in match.seats[0].graveyard, "2 damage kills the raider (W12.6)"


def test_w11_6_a_long_range_attacker_takes_no_damage_back() -> None:
    match = start()
    hawk = give(match, 0, "Skyward Hawkstrider", ALLIES)
    outrider = give(match, 1, "Tusked Outrider", ALLIES)
    attack(match, hawk, outrider)
    finish_combat(match)
    assert hawk.damage == 0 and outrider.damage == 2


def test_w11_4_a_ready_protector_becomes_the_defender() -> None:
    match = start()
    raider = give(match, 0, "Ashfang Raider", ALLIES)
    outrider = give(match, 1, "Tusked Outrider", ALLIES)
    act(match, 0, {"type": "attack", "attacker": raider.id, "defender": match.seats[1].hero.id})
    settle(match)
    act(match, 0, {"type": "pass"})
    act(match, 1, {"type": "pass"})
    assert match.pending is not None and match.pending.kind == "protect"
    act(match, 1, {"type": "protect", "card": outrider.id})
    finish_combat(match)
    assert outrider.exhausted and outrider.damage == 3 and match.seats[1].hero.damage == 0


def test_w11_5_a_strike_adds_the_weapons_atk_once_per_combat() -> None:
    match = start()
    resources(match, 0, 2)
    axe = give(match, 0, "Rusted Cleaver", HERO_ROW)
    attack(match, match.seats[0].hero, match.seats[1].hero)
    act(match, 0, {"type": "strike", "weapon": axe.id})
    assert axe.exhausted and match.chain.holder == 0
    assert not [a for a in match.legal_actions(0) if a["type"] == "strike"]
    finish_combat(match)
    assert match.seats[1].hero.damage == 2


# --- damage --------------------------------------------------------------------------------------


def test_w12_3_a_shield_prevents_the_next_damage_and_w12_2_put_damage_ignores_it() -> None:
    match = start()
    hero = match.seats[1].hero
    match.run_effects(0, None, (Effect("prevent", 3, "enemy_hero"),), None)
    match.deal(None, hero, 2)
    assert hero.damage == 0 and hero.shield == 1
    match.run_effects(0, None, (Effect("put_damage", 2, "enemy_hero"),), None)
    assert hero.damage == 2 and hero.shield == 1


def test_w12_5_armor_is_the_players_choice_as_damage_reaches_the_hero() -> None:
    match = start("Mirel Duskwhisper", "Grotha Ashmane")
    resources(match, 0, 5)
    plate = give(match, 1, "Scarred Plate Hauberk", HERO_ROW)
    jerkin = give(match, 1, "Worn Leather Jerkin", HERO_ROW)
    hero = match.seats[1].hero
    act(match, 0, {"type": "play", "card": give(match, 0, "Cinderbolt").id, "target": hero.id})
    settle(match)
    assert match.pending is not None and (match.pending.kind, match.pending.seat) == ("armor", 1)
    options = [a["cards"] for a in match.legal_actions(1) if a["type"] == "armor"]
    assert sorted(options) == sorted([[], [plate.id], [jerkin.id], [plate.id, jerkin.id]])
    assert hero.damage == 0, "nothing placed before the choice"
    act(match, 1, {"type": "armor", "cards": [jerkin.id]})
    assert hero.damage == 2 and jerkin.exhausted and not plate.exhausted
    assert match.pending is not None and match.pending.kind == "priority"
    act(match, 0, {"type": "play", "card": give(match, 0, "Arcane Insight").id})
    error = refused(match, 1, {"type": "armor", "cards": [jerkin.id]})
    assert error.code == "not_your_decision"


def test_w12_5_unused_def_is_lost_and_exhausted_armor_is_not_asked() -> None:
    match = start()
    plate = give(match, 1, "Scarred Plate Hauberk", HERO_ROW)
    match.deal(None, match.seats[1].hero, 2)
    match.set_pending()
    act(match, 1, {"type": "armor", "cards": [plate.id]})
    assert plate.exhausted and match.seats[1].hero.damage == 0
    match.deal(None, match.seats[1].hero, 2)
    assert match.seats[1].hero.damage == 2 and not match.armor_queue


def shielded_hero_with_jerkin(match: Match) -> tuple[Inst, Inst]:
    """Seat 1's hero with a 2-point shield and a ready DEF 1 armor, dealt 2 damage."""
    hero = match.seats[1].hero
    jerkin = give(match, 1, "Worn Leather Jerkin", HERO_ROW)
    assert jerkin.card.defense == 1
    match.run_effects(1, None, (Effect("prevent", 2, "your_hero"),), None)
    match.deal(None, hero, 2)
    match.set_pending()
    return hero, jerkin


def test_w12_5_the_armor_question_comes_before_the_shields_are_used() -> None:
    match = start()
    hero, jerkin = shielded_hero_with_jerkin(match)
    assert match.pending is not None and match.pending.kind == "armor"
    assert match.pending.info == {"amount": 2, "shield": 2} and hero.shield == 2, "no shield used yet"
    legal = [a for a in match.legal_actions(1) if a["type"] == "armor"]
    assert legal == [
        {"type": "armor", "cards": []},
        {"type": "armor", "cards": [jerkin.id]},
        {"type": "armor", "cards": [jerkin.id], "before_shields": True},
    ]


def test_w12_5_armor_after_the_shields_by_default_its_def_is_lost() -> None:
    match = start()
    hero, jerkin = shielded_hero_with_jerkin(match)
    act(match, 1, {"type": "armor", "cards": [jerkin.id]})
    assert hero.damage == 0 and hero.shield == 0 and jerkin.exhausted, "the shield took it all"


def test_w12_5_armor_before_the_shields_saves_shield_for_later() -> None:
    match = start()
    hero, jerkin = shielded_hero_with_jerkin(match)
    act(match, 1, {"type": "armor", "cards": [jerkin.id], "before_shields": True})
    assert hero.damage == 0 and hero.shield == 1 and jerkin.exhausted, "DEF 1 first, then 1 of the shield"
    events = [e.public for e in match.events if e.public["type"] == "damage"]
    assert events == [{"type": "damage", "target": hero.id, "card": hero.name, "amount": 0, "prevented": 2,
                       "combat": False, "source": None}]  # fmt: skip


def test_w12_5_no_order_to_choose_without_shields() -> None:
    match = start()
    plate = give(match, 1, "Scarred Plate Hauberk", HERO_ROW)
    match.deal(None, match.seats[1].hero, 2)
    match.set_pending()
    assert all("before_shields" not in a for a in match.legal_actions(1))
    error = refused(match, 1, {"type": "armor", "cards": [plate.id], "before_shields": True})
    assert (error.rule, error.code) == ("W12.5", "not_ready_armor") and not plate.exhausted


def test_w12_7_healing_removes_only_damage_there_is() -> None:
    match = start()
    hero = match.seats[0].hero
    hero.damage = 2
    match.run_effects(0, None, (Effect("heal", 5, "your_hero"),), None)
    assert hero.damage == 0


@pytest.mark.parametrize("do", ["ready", "exhaust", "destroy", "atk", "damage", "draw"])
def test_w18_every_effect_word_has_a_handler(do: str) -> None:
    match = start()
    ally = give(match, 1, "Tusked Outrider", ALLIES)
    ally.exhausted = do == "ready"
    hand = len(match.seats[0].hand)
    match.run_effects(0, None, (Effect(do, 2, "enemy_ally" if do != "draw" else "you"),), ally.id)
    expected = {
        "ready": lambda: not ally.exhausted,
        "exhaust": lambda: ally.exhausted,
        "destroy": lambda: ally in match.seats[1].graveyard,
        "atk": lambda: match.atk_of(ally) == 4,
        "damage": lambda: ally.damage == 2,
        "draw": lambda: len(match.seats[0].hand) == hand + 2,
    }
    assert expected[do]()


def test_w18_the_registry_has_one_handler_per_effect_word_the_loader_accepts() -> None:
    assert set(HANDLERS) == set(EFFECTS)


def test_w18_a_static_ability_raises_atk_while_in_play() -> None:
    match = start()
    ally = give(match, 0, "Warband Recruit", ALLIES)
    give(match, 0, "Warchief's Standard", HERO_ROW)
    give(match, 0, "Unyielding Stand", HERO_ROW)
    assert match.atk_of(ally) == 2 and match.atk_of(match.seats[0].hero) == 1


# --- state checks --------------------------------------------------------------------------------


def keep_decision(match: Match) -> tuple[int, str, list[list[int]]]:
    """Return the pending ``keep`` decision (W13.4): the seat, the rule, the sets it may keep."""
    assert match.pending is not None and match.pending.kind == "keep", match.pending
    options = [a["cards"] for a in match.legal_actions(match.pending.seat) if a["type"] == "keep_cards"]
    return match.pending.seat, match.pending.info["rule"], options


def test_w13_1_w13_4_the_controller_chooses_which_unique_card_to_keep() -> None:
    match = start()
    resources(match, 0, 3)
    first = give(match, 0, "Warchief's Standard", HERO_ROW)
    second = give(match, 0, "Warchief's Standard")
    act(match, 0, {"type": "play", "card": second.id})
    settle(match)  # the state check after the resolution finds two of a unique name
    assert keep_decision(match) == (0, "W13.1", [[first.id], [second.id]])
    assert match.pending is not None and match.pending.info["cards"] == [first.id, second.id]
    error = refused(match, 0, {"type": "pass"})
    assert (error.rule, error.code) == ("W13.4", "not_legal_now")
    error = refused(match, 0, {"type": "keep_cards", "cards": [first.id, second.id]})
    assert (error.rule, error.code) == ("W13.1", "not_kept")
    assert second in match.seats[0].hero_row and first in match.seats[0].hero_row, "a refusal changes nothing"
    act(match, 0, {"type": "keep_cards", "cards": [first.id]})  # the older one, by choice
    assert first in match.seats[0].hero_row and second in match.seats[0].graveyard
    assert match.pending is not None and (match.pending.kind, match.pending.seat) == ("priority", 0)
    assert match.phase == "action" and not match.chain, "the flow goes on where it was"


def test_w13_2_w13_4_a_tag_limit_keeps_the_n_cards_the_controller_chooses() -> None:
    match = start("Vashka Stormcaller")
    old = give(match, 0, "Bloodroar Totem", HERO_ROW)
    new = give(match, 0, "Searing Totem", HERO_ROW)  # both «Fire Totem (1)»
    match.state_check()
    match.set_pending()
    assert keep_decision(match) == (0, "W13.2", [[old.id], [new.id]])
    act(match, 0, {"type": "keep_cards", "cards": [old.id]})
    assert old in match.seats[0].hero_row and new in match.seats[0].graveyard


def test_w13_3_w13_4_two_weapons_of_one_slot_keep_the_one_chosen() -> None:
    match = start()
    old = give(match, 0, "Rusted Cleaver", HERO_ROW)
    new = give(match, 0, "Rusted Cleaver", HERO_ROW)  # Melee (1)
    match.state_check()
    match.set_pending()
    assert keep_decision(match) == (0, "W13.3", [[old.id], [new.id]])
    act(match, 0, {"type": "keep_cards", "cards": [new.id]})
    assert new in match.seats[0].hero_row and old in match.seats[0].graveyard


def test_w13_3_w13_4_two_handed_and_off_hand_the_controller_keeps_one_side() -> None:
    match = start()
    axe = give(match, 0, "Ironjaw Greataxe", HERO_ROW)
    dirk = give(match, 0, "Sundered Dirk", HERO_ROW)
    match.state_check()
    match.set_pending()
    assert keep_decision(match) == (0, "W13.3", [[axe.id], [dirk.id]])
    act(match, 0, {"type": "keep_cards", "cards": [axe.id]})  # the older, two-handed one stays
    assert axe in match.seats[0].hero_row and dirk in match.seats[0].graveyard
    assert match.pending is not None and match.pending.kind == "priority"


def test_w13_4_the_turn_players_violations_come_first_at_the_start_of_a_turn() -> None:
    match = start()
    for _ in range(3):  # both pass the action phase, seat 0 the end phase
        act(match, match.pending.seat, {"type": "pass"})  # type: ignore[union-attr]
    mine = [give(match, 1, "Ironhide Guardian", ALLIES) for _ in range(2)]
    theirs = [give(match, 0, "Warchief's Standard", HERO_ROW) for _ in range(2)]
    act(match, 1, {"type": "pass"})  # the end step, then seat 1's turn and its state check
    assert match.active == 1 and match.phase == "ready"
    assert keep_decision(match) == (1, "W13.1", [[mine[0].id], [mine[1].id]])
    act(match, 1, {"type": "keep_cards", "cards": [mine[1].id]})
    assert keep_decision(match) == (0, "W13.1", [[theirs[0].id], [theirs[1].id]])
    act(match, 0, {"type": "keep_cards", "cards": [theirs[0].id]})
    assert mine[0] in match.seats[1].graveyard and theirs[1] in match.seats[0].graveyard
    assert match.pending is not None and (match.pending.kind, match.pending.seat) == ("priority", 1)
    assert match.phase == "ready", "the ready step's window opens after the choices"


def test_w13_5_a_non_feral_ability_breaks_bear_form_and_a_feral_one_does_not() -> None:
    match = start("Thandrel Oakroot")
    resources(match, 0, 6)
    form = give(match, 0, "Thornhide Form", HERO_ROW)
    assert match.has_keyword(match.seats[0].hero, "protector")
    act(match, 0, {"type": "play", "card": give(match, 0, "Grovecall").id})
    settle(match)
    assert form in match.seats[0].hero_row
    act(match, 0, {"type": "play", "card": give(match, 0, "Rallying Bellow").id, "target": 0})
    assert match.chain.top is not None and match.chain.top.payload["kind"] == "break_form"
    settle(match)
    assert form in match.seats[0].graveyard


def test_w13_6_a_stealthed_hero_that_deals_damage_loses_stealth() -> None:
    match = start()
    cloak = give(match, 0, "Shadowstep Cloak", HERO_ROW)
    match.deal(match.seats[0].hero, match.seats[1].hero, 1)
    match.state_check()
    assert cloak in match.seats[0].graveyard


# --- the end -------------------------------------------------------------------------------------


def test_w14_1_a_hero_with_fatal_damage_loses() -> None:
    match = start("Mirel Duskwhisper", "Grotha Ashmane")
    match.seats[1].hero.damage = 24
    resources(match, 0, 3)
    act(match, 0, {"type": "play", "card": give(match, 0, "Cinderbolt").id, "target": match.seats[1].hero.id})
    settle(match)
    assert match.result is not None and (match.result.winner, match.result.reason) == (0, "hero")


def test_w14_2_drawing_from_an_empty_deck_loses() -> None:
    match = start(count=7)
    assert match.seats[1].deck == []
    for _ in range(6):  # the action phase, the end phase, seat 1's ready step: then its draw
        act(match, match.pending.seat, {"type": "pass"})  # type: ignore[union-attr]
    assert match.result is not None and (match.result.winner, match.result.reason) == (0, "deck")


def test_w14_3_both_out_at_once_is_a_draw() -> None:
    match = start()
    match.seats[0].hero.damage = 27
    match.seats[1].hero.damage = 25
    act(match, 0, {"type": "pass"})  # priority moves on: nothing changed, nothing to check
    act(match, 1, {"type": "pass"})  # the window closes: the state check (W12.6) finds both
    assert match.result is not None and match.result.winner is None


def test_w15_1_the_turn_limit_ends_the_game_in_a_draw() -> None:
    match = start(turn_limit=2)
    while match.result is None:
        decision = match.pending
        assert decision is not None
        action = {"type": "pass"} if decision.kind == "priority" else match.legal_actions(decision.seat)[0]
        act(match, decision.seat, action)
    assert (match.result.winner, match.result.reason) == (None, "turn_limit")


@pytest.mark.parametrize(
    ("action", "winner", "reason"),
    [
        ({"type": "concede"}, 0, "concede"),
        ({"type": "timeout"}, 0, "timeout"),
        ({"type": "no_show"}, 0, "no_show"),
        ({"type": "penalty_loss"}, 0, "penalty"),
    ],
)
def test_site_actions_end_the_game_for_either_seat_at_any_moment(
    action: dict[str, Any], winner: int, reason: str
) -> None:
    match = start()
    match.apply(1, action)
    assert match.result is not None and (match.result.winner, match.result.reason) == (winner, reason)


def test_no_show_of_both_is_a_draw() -> None:
    match = start()
    match.apply(0, {"type": "no_show", "both": True})
    assert match.result is not None and (match.result.winner, match.result.reason) == (None, "no_show")


# --- sideboarding --------------------------------------------------------------------------------


def test_w2_5_sideboarding_swaps_one_for_one() -> None:
    engine = get_game("wow").match_engine
    assert engine is not None
    main = {"Warband Recruit": 56, "Mercenary Sellsword": 4}
    before = Decklist(game="wow", zones={"hero": "Grotha Ashmane", "main": main, "side": {"Battle Fury": 1}})
    swapped = {"hero": "Grotha Ashmane", "main": {**main, "Warband Recruit": 55, "Battle Fury": 1},
               "side": {"Warband Recruit": 1}}  # fmt: skip
    assert engine.swap_problems(before, Decklist(game="wow", zones=swapped), catalog()) == []
    new_card = {**swapped, "main": {**main, "Warband Recruit": 55, "Rallying Bellow": 1}}
    codes = [v.code for v in engine.swap_problems(before, Decklist(game="wow", zones=new_card), catalog())]
    assert codes == ["not_a_swap"]
    other_hero = {**swapped, "hero": "Vashka Stormcaller"}
    codes = [v.code for v in engine.swap_problems(before, Decklist(game="wow", zones=other_hero), catalog())]
    assert "hero_changed" in codes


# --- W10.4 [decision]: a seat that can only pass passes by itself ------------------------------


def random_game(seed: int) -> Match:
    """Return a random game of the shipped decks played to its end with automatic passes."""
    engine = get_game("wow").match_engine
    assert engine is not None
    decks = engine.sample_decks(catalog(), seed=seed)
    match: Match = engine.new_match(catalog(), decks[:2], seed=seed)
    bots = (engine.make_bot("random", seed), engine.make_bot("random", seed + 1))
    while not match.is_over:
        decision = match.decision()
        assert decision is not None
        if decision.kind == "priority":
            # W10.4 [decision]: asked only with something to use, or a hand that might hold it
            choices = [a for a in match.legal_actions(decision.seat) if a["type"] not in ("pass", "concede")]
            assert choices or hand_may_play(match, decision.seat), "asked with nothing anyone may think of"
        match.apply(decision.seat, bots[decision.seat].act(match, decision.seat))
    return match


def test_w10_4_a_seat_that_can_only_pass_as_anyone_may_know_is_never_asked() -> None:
    match = random_game(5)
    assert match.result is not None
    assert not any(e.get("auto") for e in match.actions), "an automatic pass is no action of the log"


def test_w10_4_a_seat_is_asked_whenever_its_hand_might_hold_what_it_could_play() -> None:
    # The same board, a hand of one card that cannot be played or one that can: asked alike,
    # so that being asked tells the opponent nothing of the hand (W4.4).
    for name in ("Warband Recruit", "Tinker's Flare"):
        match = start(auto_pass=True)
        match.seats[0].hand.clear()
        give(match, 0, name)
        events = match.apply(0, {"type": "pass"}, seq=match.seq)
        decision = match.decision()
        assert decision is not None and (decision.kind, decision.seat) == ("priority", 1)
        assert [e.public_dict() for e in events] == [{"type": "pass", "seat": 0}]
    empty = start(auto_pass=True)
    empty.seats[1].hand.clear()
    events = empty.apply(0, {"type": "pass"}, seq=empty.seq)
    assert {"type": "pass", "seat": 1, "auto": True} in [e.public_dict() for e in events]


def test_w10_4_the_automatic_passes_are_events_in_order_with_the_seat() -> None:
    match = engine_new_match(
        catalog(), (deck("Grotha Ashmane"), deck("Mirel Duskwhisper")), seed=1, shuffle=False, first=0
    )
    match.apply(0, {"type": "keep"})
    match.apply(1, {"type": "keep"})
    for side in match.seats:  # empty hands: nothing anyone may think they could play
        side.hand.clear()
    decision = match.decision()
    assert decision is not None and decision.kind == "priority"
    events = [e.public_dict() for e in match.apply(decision.seat, {"type": "pass"})]
    passes = [e for e in events if e["type"] == "pass"]
    assert passes[0] == {"type": "pass", "seat": decision.seat}
    automatic = passes[1:]
    assert automatic and all(e["auto"] is True and e["seat"] in (0, 1) for e in automatic)
    assert all(a["seat"] != b["seat"] for a, b in pairwise(passes))
    decision = match.decision()
    assert decision is not None and decision.kind == "priority"
    legal = [a for a in match.legal_actions(decision.seat) if a["type"] not in ("pass", "concede")]
    assert legal or hand_may_play(match, decision.seat)


def test_w10_4_a_log_replays_with_its_automatic_passes_and_an_older_log_without_them() -> None:
    from engine.games.wow.match.log import replay

    automatic = random_game(8)
    log = automatic.to_log(["ASHF"])
    assert log["auto_pass"] is True
    again = replay(log, catalog())
    assert again.result == automatic.result and again.judge_view() == automatic.judge_view()
    manual = new_match(catalog(), (deck("Grotha Ashmane"), deck("Mirel Duskwhisper")), seed=2, first=0)
    manual.apply(0, {"type": "keep"})
    manual.apply(1, {"type": "keep"})
    for _ in range(6):
        decision = manual.decision()
        assert decision is not None
        manual.apply(decision.seat, {"type": "pass"})
    older = manual.to_log(["ASHF"])
    del older["auto_pass"]  # a log written before the option existed
    assert replay(older, catalog()).judge_view() == manual.judge_view()
