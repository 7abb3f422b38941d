"""RULES.md R7 (playing cards), one test or more per rule, named by its number; each sets up its
position directly (match/scenario.py) and plays the action the rule is about."""

from __future__ import annotations

from typing import Any

import pytest
from match_builders import (
    ability,
    enhancement,
    events_of,
    location,
    on_field,
    position,
    spell,
    target,
    trap,
    unit,
)

from engine.games.respons.match import IllegalAction, Match

BIG = unit("Big", 5)
WALL = location("Wall", 10)
INSIGHT = spell("Insight", abilities=[ability("on_play", "draw", "you", 2)])
BOLT = spell("Bolt", abilities=[ability("on_play", "damage", "chosen_enemy_unit", 1)])
DEAR_ORDERS = [unit(f"Dear Order {i}", 3, cost=4, order=True) for i in range(1, 6)]
DEAR_ROW = [card.name for card in DEAR_ORDERS]
CARDS = [BIG, WALL, INSIGHT, BOLT, *DEAR_ORDERS]
EVERY_CELL = [on_field("Soldier", line, row) for line in range(1, 6) for row in range(1, 4)]


def refusal(match: Match, seat: int, action: dict[str, Any]) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        match.apply(seat, action)
    return caught.value


def both_pass(match: Match) -> list[Any]:
    first = match.decision()
    assert first is not None and first.kind == "act"
    return match.apply(first.seat, {"type": "pass"}) + match.apply(1 - first.seat, {"type": "pass"})


def test_R7_1_room_is_checked_first_then_the_cost_is_paid_from_influence():
    full = position(CARDS, seat0={"hand": ["Big"], "influence": 0, "field": EVERY_CELL})
    assert (
        refusal(full, 0, {"type": "play", "card": "Big", "cell": {"line": 1, "row": 1}}).code
        == "no_free_cell"
    )
    poor = position(CARDS, seat0={"hand": ["Big"], "influence": 0})
    dear = refusal(poor, 0, {"type": "play", "card": "Big", "cell": {"line": 1, "row": 1}})
    assert (dear.rule, dear.code, dear.params["cost"]) == ("R7.1", "too_expensive", 1)
    rich = position(CARDS, seat0={"hand": ["Big"], "influence": 3})
    rich.apply(0, {"type": "play", "card": "Big", "cell": {"line": 1, "row": 1}})
    assert rich.seats[0].influence == 2


def test_R7_2_a_unit_goes_to_the_cell_chosen_a_location_to_an_empty_slot_a_spell_resolves():
    match = position(
        CARDS, seat0={"hand": ["Big", "Wall", "Insight"], "location": "Wall", "deck": ["Soldier"] * 2}
    )
    match.apply(0, {"type": "play", "card": "Big", "cell": {"line": 4, "row": 3}})
    assert match.cells[3 * 3 + 2] is not None and match.cells[3 * 3 + 2].name == "Big"
    match.apply(1, {"type": "pass"})
    assert refusal(match, 0, {"type": "play", "card": "Wall"}).code == "location_taken"
    events = match.apply(0, {"type": "play", "card": "Insight"})
    assert events_of(events, "spell_resolved") and [i.name for i in match.seats[0].graveyard] == ["Insight"]


def test_R7_3_a_trap_goes_face_down_the_opponent_sees_its_cost_only_and_it_is_spent_after_firing():
    snare = trap("Snare", cost=2, abilities=[ability("enemy_attacks_in_line", "damage", "attacker", 5)])
    match = position([snare], seat0={"hand": ["Snare"]}, seat1={"field": [on_field("Soldier", 1, 1)]})
    [played] = [
        e
        for e in match.apply(0, {"type": "play", "card": "Snare", "cell": {"line": 1, "row": 1}})
        if e.type == "play"
    ]
    assert (
        "card" not in played.for_seat(1)
        and played.for_seat(1)["cost"] == 2
        and played.for_seat(0)["card"] == "Snare"
    )
    events = match.apply(1, {"type": "pass"}) + match.apply(0, {"type": "pass"})
    kinds = [e.type for e in events if e.type in ("trap_revealed", "effect", "trap_spent", "destroyed")]
    # The attacker is destroyed as the board settles after the ability (R7.8): it never attacks.
    assert kinds == ["trap_revealed", "effect", "destroyed", "trap_spent"] and not events_of(
        events, "hit_hero"
    )
    assert [i.name for i in match.seats[0].graveyard] == ["Snare"]
    assert [e["card"] for e in events_of(events, "destroyed")] == ["Soldier"], (
        "the trap is spent, not destroyed"
    )


def test_R7_4_an_order_is_played_free_of_charge():
    match = position(
        CARDS,
        seat0={"field": [on_field("Big", 1, 1)], "deck": ["Soldier"]},
        seat1={"orders": DEAR_ROW, "influence": 1, "deck": ["Soldier"]},
    )
    both_pass(match)
    decision = match.decision()
    assert (decision.kind, decision.seat, decision.card) == ("choose_cell", 1, "Dear Order 1")
    match.apply(1, {"type": "choose", "cell": {"line": 2, "row": 1}})
    assert match.seats[1].influence == 1, "printed cost 4, paid nothing"


def test_R7_5_an_order_without_room_stays_face_up_in_its_row():
    # Seat 1's cells all hold enhancements, which do not block (R8.1): the hit lands, and the
    # revealed order unit finds no free cell.
    flags = [on_field("Flag", line, row) for line in range(1, 6) for row in range(1, 4)]
    match = position(
        [enhancement("Flag")],
        seat0={"field": [on_field("Soldier", 2, 1)], "deck": ["Soldier"]},
        seat1={"field": flags, "deck": ["Soldier"]},
    )
    events = both_pass(match)
    assert [(e["card"], e["rule"]) for e in events_of(events, "order_stays")] == [("Order 1", "R7.5")]
    assert match.observation(0)["seats"][1]["orders"][0]["state"] == "face_up"


def test_R7_5_the_owner_chooses_the_cell_of_a_revealed_order():
    match = position(
        seat0={"field": [on_field("Soldier", 2, 1)], "deck": ["Soldier"]}, seat1={"deck": ["Soldier"]}
    )
    both_pass(match)
    decision = match.decision()
    assert (decision.kind, decision.seat, decision.card, len(decision.options)) == (
        "choose_cell",
        1,
        "Order 1",
        15,
    )
    events = match.apply(1, {"type": "choose", "cell": {"line": 5, "row": 3}})
    assert [(e["card"], e["cell"]["line"]) for e in events_of(events, "enter")] == [("Order 1", 5)]


def test_R7_6_a_cards_action_is_paid_from_influence_once_a_turn():
    crank = unit("Crank", 2, abilities=[ability("activated", "gain_influence", "you", 2, cost=1)])
    match = position(
        [crank], seat0={"field": [on_field("Crank", 1, 1)], "influence": 3}, seat1={"decisions": 5}
    )
    match.apply(0, {"type": "activate", "cell": {"line": 1, "row": 1}})
    assert match.seats[0].influence == 3 - 1 + 2
    match.apply(1, {"type": "pass"})
    again = refusal(match, 0, {"type": "activate", "cell": {"line": 1, "row": 1}})
    assert (again.rule, again.code) == ("R7.6", "action_used")


def test_R7_6_using_a_face_down_traps_action_reveals_and_spends_it():
    lever = trap("Lever", abilities=[ability("activated", "gain_influence", "you", 1)])
    match = position([lever], seat0={"field": [on_field("Lever", 3, 3, face_down=True)]})
    events = match.apply(0, {"type": "activate", "cell": {"line": 3, "row": 3}})
    assert [e.type for e in events if e.type.startswith("trap_")] == ["trap_revealed", "trap_spent"]
    assert [i.name for i in match.seats[0].graveyard] == ["Lever"]


def test_R7_7_chosen_targets_travel_in_the_action_and_one_is_needed_when_there_are_candidates():
    match = position(CARDS, seat0={"hand": ["Bolt", "Bolt"]}, seat1={"field": [on_field("Big", 2, 2)]})
    missing = refusal(match, 0, {"type": "play", "card": "Bolt"})
    assert (missing.rule, missing.code) == ("R7.7", "target_count")
    match.apply(0, {"type": "play", "card": "Bolt", "targets": [target(1, 2, 2)]})
    assert match.cells[15 + 4].strength == 4


def test_R7_7_a_chosen_target_not_sent_is_asked_for_with_a_decision():
    martyr = unit("Martyr", 1, abilities=[ability("on_destroyed", "damage", "chosen_enemy_unit", 2)])
    match = position(
        [martyr, BIG],
        seat0={"field": [on_field("Martyr", 1, 1)]},
        seat1={"field": [on_field("Big", 1, 1), on_field("Big", 3, 1)]},
    )
    both_pass(match)
    decision = match.decision()
    assert (decision.kind, decision.seat, decision.card, decision.rule) == (
        "choose_target",
        0,
        "Martyr",
        "R7.7",
    )
    assert len(decision.options) == 2


def test_R7_8_a_card_entering_at_strength_zero_goes_first_and_its_abilities_fire_all_the_same():
    ghost = unit("Ghost", 0, abilities=[ability("on_play", "gain_influence", "you", 3)])
    match = position([ghost], seat0={"hand": ["Ghost"]})
    events = match.apply(0, {"type": "play", "card": "Ghost", "cell": {"line": 1, "row": 1}})
    assert [e.type for e in events if e.type in ("destroyed", "effect")] == ["destroyed", "effect"]
    assert match.seats[0].influence == 5 - 1 + 3


def test_R7_8_when_one_moment_fires_several_cards_the_initiative_players_go_first():
    dawn = unit("Dawn", 2, abilities=[ability("start_of_turn", "gain_influence", "you", 1)])
    match = position(
        [dawn],
        phase="start",
        initiative=1,
        seat0={"field": [on_field("Dawn", 1, 1)], "deck": ["Soldier"]},
        seat1={"field": [on_field("Dawn", 5, 1)], "deck": ["Soldier"]},
    )
    assert [e["seat"] for e in events_of(match.initial_events, "effect")] == [1, 0]


def test_R7_9_a_static_ability_applies_while_face_up_and_not_from_a_face_down_trap():
    banner = enhancement("Banner", abilities=[ability("static", "strengthen", "own_units_in_line", 2)])
    veil = trap("Veil", abilities=[ability("static", "strengthen", "own_units_in_line", 3)])
    match = position(
        [banner, veil],
        seat0={
            "field": [
                on_field("Soldier", 1, 1),
                on_field("Banner", 1, 3),
                on_field("Soldier", 2, 1),
                on_field("Veil", 2, 3, face_down=True),
            ]
        },
    )
    strengths = {(c["line"], c["card"]): c.get("strength") for c in match.observation(0)["seats"][0]["cells"]}
    assert strengths[(1, "Soldier")] == 4 and strengths[(2, "Soldier")] == 2


def test_R7_10_drawing_from_an_empty_deck_draws_nothing_and_influence_may_exceed_the_supply():
    boon = spell("Boon", abilities=[ability("on_play", "gain_influence", "you", 4)])
    match = position([INSIGHT, boon], seat0={"hand": ["Insight", "Boon"], "deck": []}, seat1={"decisions": 5})
    events = match.apply(0, {"type": "play", "card": "Insight"})
    assert [e["count"] for e in events_of(events, "draw")] == [0] and match.result is None
    match.apply(1, {"type": "pass"})
    match.apply(0, {"type": "play", "card": "Boon"})
    assert match.seats[0].influence == 5 - 1 - 1 + 4 > match.seats[0].supply
