"""Chronomagia's rules, one test (or a few) per rule of the digest, named by rule number."""

from __future__ import annotations

import pytest
from chronomagia_builders import (
    ab,
    act,
    catalog,
    deck,
    end_turn,
    give,
    in_given_order,
    place,
    row,
    same,
    shadow,
    table,
)

from engine.games.chronomagia.match import IllegalAction, new_match, replay
from engine.games.chronomagia.match.state import GRAVEYARD, HAND, epoch_of
from engine.registry import get_game

GOBLIN = {
    "name": "Goblin",
    "type": "thoughtform",
    "cost": 1,
    "rows": [row({"attack": 2}), row(None, ab("spell", "damage", 3)), None],
}
WALL = {"name": "Wall", "type": "thoughtform", "cost": 1, "rows": same(row({"defense": 2}))}
VALLEY = {"name": "Valley", "type": "terrain", "cost": 1, "lives": 3, "rows": same(row({"concentration": 1}))}
AURORA = {
    "name": "Aurora",
    "type": "phenomenon",
    "cost": 1,
    "time_counter": 2,
    "rows": same(row({"life": 1})),
}


def refused(match, seat, type_, **fields) -> IllegalAction:
    with pytest.raises(IllegalAction) as error:
        act(match, seat, type_, **fields)
    return error.value


def test_c1_3_a_thoughtform_is_a_creature_where_it_has_resources_and_a_spell_elsewhere() -> None:
    match = table(GOBLIN)
    goblin = give(match, 0, "Goblin")
    act(match, 0, "play", card=goblin.id)
    assert goblin.zone == 2 and match.century == 1  # on the battlefield in epoch 1
    match.century = 16  # epoch 2: a spell (L37's «Гоблин поджигатель»)
    other = give(match, 0, "Goblin")
    act(match, 0, "play", card=other.id)
    assert other.zone == GRAVEYARD and match.seats[1].life == 27


def test_c1_4_a_card_absent_in_the_epoch_cannot_be_played_and_leaves_with_no_effect() -> None:
    match = table(GOBLIN)
    match.century = 26
    error = refused(match, 0, "play", card=give(match, 0, "Goblin").id)
    assert (error.rule, error.code, error.params["epoch"]) == ("C1.4", "absent_in_epoch", 3)
    match.century = 25
    on_board = place(match, 0, "Goblin")
    match.move_time(0, 1)  # into epoch 3
    assert on_board.zone == GRAVEYARD and match.seats[1].life == 30


def test_c5_3_a_redraw_puts_cards_under_the_deck_and_draws_as_many() -> None:
    cards = catalog(GOBLIN)
    d = deck({"Filler": 30, "Goblin": 2})
    match = new_match(cards, (d, d), seed=3, first=1)
    assert match.decision().kind == "redraw" and match.decision().seat == 1  # first player first
    hand = [inst.id for inst in match.seats[1].hand]
    act(match, 1, "redraw", cards=hand[:2])
    assert len(match.seats[1].hand) == 5 and len(match.seats[1].deck) == 27
    assert refused(match, 0, "redraw", cards=[hand[0]]).code == "mulligan_not_in_hand"


def test_c5_4_the_first_player_skips_the_first_draw_and_the_first_natural_time_move() -> None:
    match = table()
    assert match.turn == 1 and match.century == 1
    assert len(match.seats[0].hand) == 5 and len(match.seats[0].pool) == 2
    end_turn(match)
    assert match.century == 2 and len(match.seats[1].hand) == 6


def test_c6_3_meditation_pays_one_takes_a_hero_deck_card_and_forbids_playing() -> None:
    match = table(GOBLIN, side={"Goblin": 1})
    assert match.can_meditate(0) is False  # C6.3: not on the game's first turn
    end_turn(match)
    end_turn(match, meditation=True)  # seat 0's second turn: the meditation decision
    decision = match.decision()
    assert decision.kind == "meditation" and decision.seat == 0
    goblin = match.seats[0].hero_deck[0]
    pool = len(match.seats[0].pool)
    act(match, 0, "meditate", card=goblin.id)
    assert goblin.zone == HAND and len(match.seats[0].pool) == pool - 1
    assert match.seats[0].life == 31  # the meditation window's one-shot ability
    assert refused(match, 0, "play", card=goblin.id).code == "meditated"
    assert refused(match, 0, "hero", ability=0).code == "meditated"
    assert match.defense(0) == 3 + 0  # the hero's meditation window gives defense until its next turn


def test_c7_1_each_resource_is_collected_once_per_turn_and_new_cards_give_nothing() -> None:
    match = table(VALLEY)
    place(match, 0, "Valley")
    place(match, 0, "Valley", new=True)
    act(match, 0, "collect", kind="concentration")
    assert len(match.seats[0].pool) == 3
    assert refused(match, 0, "collect", kind="concentration").code == "already_collected"


def test_c7_2_spent_concentration_goes_to_the_bottom_of_the_deck_oldest_first() -> None:
    match = table(GOBLIN)
    oldest = match.seats[0].pool[0]
    act(match, 0, "play", card=give(match, 0, "Goblin").id)
    assert match.seats[0].deck[-1] is oldest and oldest.zone == 0


def test_c7_3_time_is_spent_in_one_move_and_may_erode_a_phenomenon() -> None:
    clock = {
        "name": "Clock",
        "type": "thoughtform",
        "cost": 1,
        "rows": same(row({"time": 3, "time_past": 2})),
    }
    match = table(clock, AURORA)
    place(match, 0, "Clock")
    aurora = place(match, 1, "Aurora")
    error = refused(match, 0, "collect_time", kind="time", move=2, target=aurora.id, erode=2)
    assert (error.rule, error.code) == ("C7.3", "bad_time_spend")
    act(match, 0, "collect_time", kind="time", move=1, target=aurora.id, erode=2)
    assert match.century == 2 and aurora.zone == GRAVEYARD
    assert refused(match, 0, "collect_time", kind="time_past", move=1).code == "bad_time_spend"


def test_c7_7_self_damage_is_lost_when_the_attack_lands_and_armor_does_not_stop_it() -> None:
    golem = {
        "name": "Golem",
        "type": "thoughtform",
        "cost": 1,
        "rows": same(row({"attack": 4, "self_damage": 1})),
    }
    match = table(golem)
    place(match, 0, "Golem")
    match.seats[0].armor = 5
    act(match, 0, "pass")
    act(match, 0, "attack", opponent=4, terrain=0)
    assert match.seats[1].life == 26 and match.seats[0].life == 29 and match.seats[0].armor == 5


def test_c7_9_armor_absorbs_damage_first() -> None:
    match = table(GOBLIN)
    place(match, 0, "Goblin")
    match.seats[1].armor = 1
    act(match, 0, "pass")
    act(match, 0, "attack", opponent=2, terrain=0)
    assert match.seats[1].life == 29 and match.seats[1].armor == 0


def test_c8_2_moving_time_triggers_time_words_but_the_natural_flow_does_not() -> None:
    watcher = {
        "name": "Watcher",
        "type": "thoughtform",
        "cost": 1,
        "rows": same(
            row(
                {"attack": 0},
                ab("time_moves", "gain_life", 1),
                ab("time_forward", "armor", 1),
                ab("time_back", "draw", 1),
            )
        ),
    }
    match = table(watcher)
    place(match, 0, "Watcher")
    hand = len(match.seats[0].hand)
    match.move_time(0, 2)
    match.run()
    in_given_order(match)  # C6.7: two different triggers of the card
    assert match.seats[0].life == 31 and match.seats[0].armor == 1
    match.move_time(0, -1)
    match.run()
    in_given_order(match)
    assert match.seats[0].life == 32 and len(match.seats[0].hand) == hand + 1
    end_turn(match)  # the natural flow
    assert match.century == 3 and match.seats[0].life == 32


def test_c8_3_time_stops_at_century_1_and_30_and_an_unchanged_century_is_no_move() -> None:
    match = table()
    match.move_time(0, -5)
    assert match.century == 1 and match.time_moves == 0
    match.move_time(0, 99)
    assert match.century == 30 and epoch_of(30) == 3


def test_c8_4_an_epoch_change_turns_creatures_into_spells_and_manifests_the_rest() -> None:
    herald = {
        "name": "Herald",
        "type": "thoughtform",
        "cost": 1,
        "rows": [row({"attack": 1}), row({"attack": 1}, ab("manifest", "gain_life", 4)), None],
    }
    match = table(GOBLIN, herald)
    goblin = place(match, 0, "Goblin")
    place(match, 0, "Herald")
    match.move_time(0, 15)  # century 16: epoch 2
    match.run()
    in_given_order(match)  # C8.4: seat 0 orders its two triggers (C6.7)
    assert goblin.zone == GRAVEYARD and match.seats[1].life == 27  # «живое заклинание»
    assert match.seats[0].life == 34


def test_c8_5_a_time_shift_gives_a_permanent_its_own_epoch() -> None:
    shifter = {
        "name": "Shifter",
        "type": "thoughtform",
        "cost": 1,
        "rows": same(row(None, ab("spell", "time_shift"))),
    }
    match = table(GOBLIN, shifter)
    goblin = place(match, 1, "Goblin")
    act(match, 0, "play", card=give(match, 0, "Shifter").id)
    decision = match.decision()
    assert decision.kind == "choose" and decision.info["effect"] == "time_shift"
    act(match, 0, "choose", target=goblin.id, epoch=2)
    assert goblin.zone == GRAVEYARD and match.seats[0].life == 27  # its epoch-2 spell, for its owner


def test_c8_6_time_moves_by_effects_stop_after_fifty_in_a_turn() -> None:
    match = table()
    for step in range(60):
        match.move_time(0, 1 if step % 2 == 0 else -1)
    assert match.time_moves == 50


def test_c9_2_defense_counts_the_defenders_in_play_when_the_turn_began() -> None:
    big = {"name": "Big", "type": "thoughtform", "cost": 1, "rows": same(row({"attack": 5}))}
    match = table(big, WALL)
    place(match, 0, "Big")
    place(match, 1, "Wall")
    place(match, 1, "Wall", new=True)  # came this turn: no defense yet
    act(match, 0, "pass")
    decision = match.decision()
    assert decision.kind == "attack" and decision.info["attack"] == 3
    error = refused(match, 0, "attack", opponent=5, terrain=0)
    assert (error.rule, error.code) == ("C9.3", "bad_assignment")


def test_c9_3_the_attack_may_go_to_the_opponents_terrain() -> None:
    big = {"name": "Big", "type": "thoughtform", "cost": 1, "rows": same(row({"attack": 5}))}
    match = table(big, VALLEY)
    place(match, 0, "Big")
    valley = place(match, 1, "Valley")
    act(match, 0, "pass")
    assert {"type": "attack", "opponent": 2, "terrain": 3} in match.legal_actions(0)
    act(match, 0, "attack", opponent=2, terrain=3)
    assert valley.zone == GRAVEYARD and match.seats[1].life == 28


def test_c10_2_and_c10_3_one_terrain_and_one_phenomenon_per_player() -> None:
    match = table(VALLEY, AURORA)
    for _ in range(4):
        match.gain_concentration(0, 1)
    act(match, 0, "play", card=give(match, 0, "Valley").id)
    assert refused(match, 0, "play", card=give(match, 0, "Valley").id).code == "terrain_taken"
    act(match, 0, "play", card=give(match, 0, "Aurora").id)
    error = refused(match, 0, "play", card=give(match, 0, "Aurora").id)
    assert (error.rule, error.code) == ("C10.3", "phenomenon_taken")


def test_c10_4_a_shadow_may_flip_when_its_event_happens() -> None:
    ambush = {
        "name": "Ambush",
        "type": "shadow",
        "cost": 0,
        "shadow_event": "attacked",
        "rows": same(row({}, ab("summon", "damage", 3))),
    }
    match = table(GOBLIN, ambush)
    place(match, 0, "Goblin")
    trap = shadow(match, 1, "Ambush")
    act(match, 0, "pass")
    act(match, 0, "attack", opponent=2, terrain=0)
    decision = match.decision()
    assert (decision.kind, decision.seat) == ("flip", 1)
    act(match, 1, "flip")
    assert match.seats[0].life == 27 and trap.zone == GRAVEYARD


def test_c10_4_a_shadow_is_placed_for_free_and_hidden_from_the_opponent() -> None:
    ambush = {
        "name": "Ambush",
        "type": "shadow",
        "cost": 0,
        "shadow_event": "attacked",
        "rows": same(row({})),
    }
    match = table(ambush)
    card = give(match, 0, "Ambush")
    pool = len(match.seats[0].pool)
    act(match, 0, "shadow", card=card.id)
    assert len(match.seats[0].pool) == pool and card.face_down
    assert "Ambush" in match.hidden_from(1)
    assert match.observation(1)["seats"][0]["field"] == [{"id": card.id, "face_down": True, "card": None}]


def test_c10_5_hero_abilities_put_or_remove_tokens_once_a_turn() -> None:
    match = table()
    error = refused(match, 0, "hero", ability=1)
    assert (error.rule, error.code) == ("C10.5", "not_enough_tokens")
    act(match, 0, "hero", ability=0)
    assert match.seats[0].tokens == 1 and match.seats[0].life == 31
    assert refused(match, 0, "hero", ability=0).code == "action_used"


def test_c11_1_a_fury_creature_may_be_sacrificed_and_its_effect_happens() -> None:
    berserk = {
        "name": "Berserk",
        "type": "thoughtform",
        "cost": 1,
        "rows": same(row({"attack": 1}, ab("fury", "damage", 2))),
    }
    match = table(berserk, GOBLIN)
    assert refused(match, 0, "sacrifice", card=place(match, 0, "Goblin").id).code == "no_action"
    inst = place(match, 0, "Berserk")
    act(match, 0, "sacrifice", card=inst.id)
    assert inst.zone == GRAVEYARD and match.seats[1].life == 28


def test_c12_1_a_tap_ability_taps_the_card_and_needs_it_past_summoning_sickness() -> None:
    sage = {
        "name": "Sage",
        "type": "thoughtform",
        "cost": 1,
        "rows": same(row({"concentration": 1}, ab("tap", "draw", 1))),
    }
    quick = {
        "name": "Quick",
        "type": "thoughtform",
        "cost": 1,
        "rows": same(row({"attack": 1}, ab("tap", "gain_life", 1), keywords=("haste",))),
    }
    match = table(sage, quick)
    new = place(match, 0, "Sage", new=True)
    assert refused(match, 0, "activate", card=new.id).code == "summoning_sick"
    old = place(match, 0, "Sage")
    act(match, 0, "activate", card=old.id)
    assert old.tapped and match.amount(0, "concentration") == 0  # a tapped card gives nothing
    assert refused(match, 0, "activate", card=old.id).code == "action_used"
    act(match, 0, "activate", card=place(match, 0, "Quick", new=True).id)  # C13 «Ускорение»
    assert match.seats[0].life == 31


def test_c14_1_both_players_at_zero_together_is_a_draw() -> None:
    golem = {
        "name": "Golem",
        "type": "thoughtform",
        "cost": 1,
        "rows": same(row({"attack": 4, "self_damage": 3})),
    }
    match = table(golem)
    place(match, 0, "Golem")
    match.seats[0].life = 3
    match.seats[1].life = 4
    act(match, 0, "pass")
    act(match, 0, "attack", opponent=4, terrain=0)
    assert match.result.as_dict() == {"winner": None, "reason": "life"}


def test_c15_1_the_game_ends_when_the_natural_flow_passes_century_30() -> None:
    match = table()
    match.century = 30
    match.seats[1].life = 29
    end_turn(match)
    assert match.result.as_dict() == {"winner": 0, "reason": "end_of_time"}


def test_c15_3_a_turn_cap_ends_the_game_as_the_end_of_time_does() -> None:
    match = table(turn_limit=2)
    end_turn(match)
    match.seats[0].life = 10
    end_turn(match)
    assert match.result.as_dict() == {"winner": 1, "reason": "turn_limit"}


@pytest.mark.parametrize(
    ("action", "result"),
    [
        ({"type": "concede"}, {"winner": 0, "reason": "concede"}),
        ({"type": "timeout"}, {"winner": 0, "reason": "timeout"}),
        ({"type": "no_show"}, {"winner": 0, "reason": "no_show"}),
        ({"type": "no_show", "both": True}, {"winner": None, "reason": "no_show"}),
        ({"type": "penalty_loss"}, {"winner": 0, "reason": "penalty"}),
    ],
)
def test_the_site_actions_end_the_game_from_either_seat_at_any_moment(action, result) -> None:
    match = table()
    seat = 0 if action.get("both") else 1  # seat 1 is waiting: it is seat 0's decision
    match.apply(seat, action)
    assert match.result.as_dict() == result
    again = replay(match.to_log(["T"]), match.catalog)
    assert again.result.as_dict() == result


def test_swapping_cards_between_games_is_refused() -> None:
    engine = get_game("chronomagia").match_engine
    before = deck({"Filler": 40})
    assert engine.swap_problems(before, before, catalog()) == []
    problems = engine.swap_problems(before, deck({"Filler": 40}, {"Filler": 1}), catalog())
    assert [p.code for p in problems] == ["no_sideboarding"] and "C2.1" in problems[0].message


def test_a_players_log_copy_has_no_seed_and_no_hidden_opponent_card() -> None:
    ambush = {
        "name": "Ambush",
        "type": "shadow",
        "cost": 0,
        "shadow_event": "attacked",
        "rows": same(row({})),
    }
    engine = get_game("chronomagia").match_engine
    cards = catalog(ambush)
    d = deck({"Filler": 30, "Ambush": 2})
    match = new_match(cards, (d, d), seed=5, first=0)
    act(match, 0, "keep")
    act(match, 1, "keep")
    log = match.to_log(["T"])
    copy = engine.redacted_log(log, cards, 0)
    assert copy["seed"] is None and copy["players"][1]["deck"] is None
    assert copy["players"][1]["revealed"]["hero"] == "Tester" and "Ambush" not in str(copy["players"][1])
    with pytest.raises(Exception, match="redacted"):
        engine.replay(copy, cards)


def test_a_tampered_log_names_its_first_illegal_action() -> None:
    engine = get_game("chronomagia").match_engine
    match = table()
    log = match.to_log(["T"])
    log["actions"].append({"seat": 1, "type": "pass"})
    with pytest.raises(engine.replay_error) as error:
        engine.replay(log, match.catalog)
    assert error.value.index == 2 and error.value.seat == 1 and error.value.error.code == "not_your_decision"
    assert error.value.match.seq == 2


def test_c4_1_nobody_sees_the_pool_not_even_its_owner() -> None:
    rare = {"name": "Rare", "type": "thoughtform", "cost": 1, "rows": same(row({"attack": 1}))}
    match = table(rare)
    match.seats[0].deck.insert(0, give(match, 0, "Rare"))
    match.seats[0].hand.remove(match.seats[0].deck[0])
    match.seats[0].deck[0].zone = 0
    match.gain_concentration(0, 1)
    assert match.seats[0].pool[-1].name == "Rare"
    for seat in (0, 1):
        view = match.observation(seat)
        assert view["seats"][0]["pool"] == 3 and "Rare" not in str(view)
        assert "Rare" in match.hidden_from(seat)
    assert "Rare" in str(match.judge_view())


def test_c6_1_and_c6_6_start_and_end_of_turn_abilities_work_in_their_controllers_turn() -> None:
    both = row({}, ab("start_of_turn", "gain_life", 2), ab("end_of_turn", "armor", 1))
    harvest = {"name": "Harvest", "type": "thoughtform", "cost": 1, "rows": same(both)}
    match = table(harvest)
    place(match, 0, "Harvest")
    end_turn(match)  # seat 0's end: armor; seat 1's start: nothing for seat 0
    assert (match.seats[0].armor, match.seats[0].life) == (1, 30)
    end_turn(match)  # seat 0's next start
    assert match.seats[0].life == 32


# --- C4.4 [decision]: new objects and ids; C10.4 [decision]: every shadow is asked ----------------


def test_c10_4_every_face_down_shadow_is_asked_at_a_shadow_event_whatever_its_event() -> None:
    # An attack: the defender's shadow of «attacked» and its shadow of another event are both
    # asked; only the first may flip, so being asked tells the attacker nothing of either.
    ambush = {"name": "Ambush", "type": "shadow", "cost": 0, "shadow_event": "attacked",
              "rows": same(row({}))}  # fmt: skip
    lurker = {"name": "Lurker", "type": "shadow", "cost": 0, "shadow_event": "epoch_change",
              "rows": same(row({}))}  # fmt: skip
    match = table(GOBLIN, ambush, lurker)
    place(match, 0, "Goblin")
    trap, other = shadow(match, 1, "Ambush"), shadow(match, 1, "Lurker")
    act(match, 0, "pass")
    act(match, 0, "attack", opponent=2, terrain=0)
    asked = []
    while (decision := match.decision()) is not None and decision.kind == "flip":
        asked.append(decision.info["shadow"])
        seen = match.observation(0)["decision"]
        assert seen == {"kind": "wait", "seat": 0, "seq": match.seq} or seen["kind"] == "flip"
        if decision.info["shadow"] == other.id:
            assert match.legal_actions(1)[:-1] == [{"type": "stay"}]
            assert refused(match, 1, "flip").code == "not_its_event"
            act(match, 1, "stay")
        else:
            assert match.legal_actions(1)[:-1] == [{"type": "flip"}, {"type": "stay"}]
            act(match, 1, "stay")
    assert sorted(asked) == sorted([trap.id, other.id])
    assert trap.face_down and other.face_down


def test_c4_4_a_shadow_is_a_new_object_and_the_hero_deck_is_offered_in_the_order_of_the_names() -> None:
    ambush = {"name": "Ambush", "type": "shadow", "cost": 0, "shadow_event": "attacked",
              "rows": same(row({}))}  # fmt: skip
    match = table(ambush)
    card = give(match, 0, "Ambush")
    in_hand = card.id
    act(match, 0, "shadow", card=in_hand)
    assert card.id != in_hand and in_hand not in match.by_id and card.known == 1
    assert all(inst.id == -1 for side in match.seats for inst in (*side.deck, *side.pool))
    # The hero deck's ids follow the names, whatever the shuffle: the same for every seed.
    cards = [{"name": name, "type": "thoughtform", "cost": 1, "rows": same(row({"attack": 1}))}
             for name in ("Zebra", "Aspen", "Moss")]  # fmt: skip
    hero_decks = []
    for seed in (1, 2, 3):
        seen = new_match(catalog(*cards), (deck(side={"Zebra": 2, "Aspen": 1, "Moss": 2}),) * 2, seed=seed)
        mine = seen.seats[0].hero_deck
        hero_decks.append(sorted((inst.id, inst.name) for inst in mine))
        assert [inst.name for inst in sorted(mine, key=lambda i: i.id)] == sorted(i.name for i in mine)
    assert hero_decks[0] == hero_decks[1] == hero_decks[2]
