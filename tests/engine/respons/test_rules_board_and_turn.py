"""RULES.md R3 (board) to R6 (turn), one test or more per rule, named by its number; each sets up
its position directly (match/scenario.py) and plays the action the rule is about."""

from __future__ import annotations

from typing import Any

import pytest
from match_builders import ability, events_of, location, on_field, position, scripted, spell, trap, unit

from engine.games.respons.match import IllegalAction, Match

WEAK = unit("Weak", 1)
BIG = unit("Big", 5)
WALL = location("Wall", 10)
SIGNALS = [spell(f"Signal {i}", cost=0, order=True) for i in range(1, 6)]  # orders that need no cell
SIGNAL_ROW = [card.name for card in SIGNALS]
CARDS = [WEAK, BIG, WALL, *SIGNALS]


def refusal(match: Match, seat: int, action: dict[str, Any]) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        match.apply(seat, action)
    return caught.value


def cards_in_cells(match: Match, seat: int, viewer: int) -> list[tuple[int, int, Any]]:
    return [(c["line"], c["row"], c["card"]) for c in match.observation(viewer)["seats"][seat]["cells"]]


# --- R3 Board --------------------------------------------------------------------------------


def test_R3_1_each_side_has_its_hero_location_tactical_and_abstract_segments():
    match = position(
        CARDS,
        seat0={
            "location": "Wall",
            "field": [on_field("Soldier", 1, 1)],
            "deck": ["Weak"],
            "graveyard": ["Soldier"],
            "space": ["Big"],
        },
    )
    side = match.observation(0)["seats"][0]
    assert side["hero"]["card"] == "Tester" and side["location"]["card"] == "Wall"
    assert [c["card"] for c in side["cells"]] == ["Soldier"]
    assert (side["deck"], side["graveyard"], side["space"]) == (1, ["Soldier"], ["Big"])


def test_R3_2_five_lines_of_three_cells_each_holding_one_card():
    match = position(seat0={"hand": ["Soldier"], "field": [on_field("Soldier", 5, 3)]})
    taken = refusal(match, 0, {"type": "play", "card": "Soldier", "cell": {"line": 5, "row": 3}})
    assert (taken.rule, taken.code) == ("R7.2", "cell_taken")
    beyond = refusal(match, 0, {"type": "play", "card": "Soldier", "cell": {"line": 6, "row": 1}})
    assert (beyond.rule, beyond.code) == ("R3.2", "no_such_cell")


def test_R3_3_line_n_of_one_player_faces_line_n_of_the_other():
    match = position(
        CARDS,
        seat0={"field": [on_field("Big", 2, 1)]},
        seat1={"field": [on_field("Weak", 2, 1), on_field("Soldier", 4, 1)]},
    )
    match.apply(0, {"type": "pass"})
    events = match.apply(1, {"type": "pass"})
    pairs = {
        (e["attacker"]["card"], e["defender"]["card"], e["line"]) for e in events_of(events, "collision")
    }
    assert ("Big", "Weak", 2) in pairs and not any("Soldier" in pair for pair in pairs)


def test_R3_4_cards_never_move_between_cells_on_their_own():
    match = position(
        CARDS, seat0={"field": [on_field("Big", 3, 2)]}, seat1={"field": [on_field("Soldier", 3, 1)]}
    )
    match.apply(0, {"type": "pass"})
    match.apply(1, {"type": "pass"})
    assert cards_in_cells(match, 0, 0) == [(3, 2, "Big")], "the survivor stays in row 2"


def test_R3_5_a_seat_sees_its_own_hand_and_face_down_cards_of_the_opponent_only_backs():
    snare = trap("Snare", abilities=[ability("enemy_attacks_in_line", "damage", "attacker", 1)])
    match = position([snare], seat0={"hand": ["Soldier"], "field": [on_field("Snare", 1, 1, face_down=True)]})
    theirs = match.observation(1)["seats"][0]
    assert theirs["hand"] is None and theirs["hand_size"] == 1
    assert theirs["cells"][0]["card"] is None and not theirs["cells"][0]["face_up"]
    assert match.observation(0)["seats"][0]["cells"][0]["card"] == "Snare"
    assert match.judge_view()["seats"][0]["hand"] == ["Soldier"]
    assert "Snare" not in str(match.spectator_view())


# --- R4 Initiative ---------------------------------------------------------------------------


def test_R4_1_initiative_passes_to_the_other_player_at_the_end_of_every_turn():
    match = position(initiative=0, seat0={"deck": ["Soldier"]}, seat1={"deck": ["Soldier"]})
    match.apply(0, {"type": "pass"})
    match.apply(1, {"type": "pass"})
    assert (match.turn, match.initiative) == (2, 1)
    assert match.decision() is not None and match.decision().seat == 1, "the new initiative player acts first"


def test_R4_2_when_both_players_do_something_the_initiative_player_goes_first():
    match = position(CARDS, phase="draw", initiative=1, seat0={"deck": ["Soldier"]}, seat1={"deck": ["Weak"]})
    assert [e["seat"] for e in events_of(match.initial_events, "draw")] == [1, 0]


# --- R5 Game start ---------------------------------------------------------------------------


def test_R5_1_orders_are_revealed_left_to_right_one_at_a_time():
    match = position(
        CARDS,
        seat0={"field": [on_field("Soldier", 1, 1)], "deck": ["Soldier"]},
        seat1={"orders": SIGNAL_ROW, "orders_revealed": 1, "deck": ["Soldier"]},
    )
    match.apply(0, {"type": "pass"})
    events = match.apply(1, {"type": "pass"})
    assert [(e["card"], e["position"]) for e in events_of(events, "order")] == [("Signal 2", 2)]
    orders = match.observation(0)["seats"][1]["orders"]
    assert [o["state"] for o in orders] == ["face_up", "played", "face_down", "face_down", "face_down"]


def test_R5_2_each_player_answers_keep_or_one_mulligan_initiative_first():
    hand = ["Soldier"] * 7
    match = position(
        CARDS,
        phase="mulligan",
        initiative=1,
        seat0={"hand": hand, "deck": ["Weak"] * 3, "mulliganed": None},
        seat1={"hand": hand, "deck": ["Weak"] * 3, "mulliganed": None},
    )
    assert match.decision().kind == "mulligan" and match.decision().seat == 1
    match.apply(1, {"type": "mulligan", "cards": ["Soldier", "Soldier"]})
    side = match.seats[1]
    assert [i.name for i in side.hand].count("Weak") == 2 and len(side.hand) == 7
    assert [i.name for i in side.deck[:2]] == ["Soldier", "Soldier"], "put back at the bottom"
    match.apply(0, {"type": "keep"})
    assert match.decision().kind == "act", "one mulligan only: the first turn begins"
    assert refusal(match, 1, {"type": "mulligan", "cards": ["Weak"]}).code == "not_an_act"


def test_R5_3_a_hero_starts_with_its_full_influence_supply():
    match = scripted(keep=False)
    assert [side.influence for side in match.seats] == [5, 5] == [side.supply for side in match.seats]


# --- R6 Turn ---------------------------------------------------------------------------------


def test_R6_1_start_of_turn_abilities_fire_at_the_start_of_the_turn():
    dawn = unit("Dawn", 2, abilities=[ability("start_of_turn", "gain_influence", "you", 2)])
    match = position(
        [dawn],
        phase="start",
        seat0={"field": [on_field("Dawn", 1, 1)], "deck": ["Soldier"]},
        seat1={"deck": ["Soldier"]},
    )
    gains = [e for e in events_of(match.initial_events, "effect") if e["effect"] == "gain_influence"]
    assert [(e["source"], e["now"]) for e in gains] == [("Dawn", 7)]
    assert match.seats[0].influence == 7


def test_R6_2_each_player_draws_one_and_one_with_an_empty_deck_plays_an_order():
    match = position(phase="draw", seat0={"deck": ["Soldier", "Soldier"]}, seat1={"deck": []})
    assert [e["seat"] for e in events_of(match.initial_events, "draw")] == [0]
    assert [e["seat"] for e in events_of(match.initial_events, "deck_empty")] == [1]
    decision = match.decision()
    assert (decision.kind, decision.seat, decision.card) == ("choose_cell", 1, "Order 1")


def test_R6_2_a_player_with_an_empty_deck_and_no_order_left_loses_both_a_draw():
    lost = position(phase="draw", seat0={"deck": ["Soldier"]}, seat1={"deck": [], "orders_revealed": 5})
    assert lost.result is not None and (lost.result.winner, lost.result.reason) == (0, "orders_exhausted")
    both = position(
        phase="draw", seat0={"deck": [], "orders_revealed": 5}, seat1={"deck": [], "orders_revealed": 5}
    )
    assert both.result is not None and (both.result.winner, both.result.reason) == (None, "draw")


def test_R6_3_players_alternate_and_a_seat_without_decisions_left_is_refused():
    match = position(seat0={"hand": ["Soldier", "Soldier"], "decisions": 1}, seat1={"decisions": 3})
    match.apply(0, {"type": "play", "card": "Soldier", "cell": {"line": 1, "row": 1}})
    assert match.decision().seat == 1
    sixth = refusal(match, 0, {"type": "play", "card": "Soldier", "cell": {"line": 2, "row": 1}})
    assert (sixth.rule, sixth.code) == ("R6.3", "no_decisions_left")


def test_R6_3_two_passes_in_a_row_end_the_actions_phase():
    match = position(to_act=1, passed=True, seat1={"hand": ["Soldier"]})
    events = match.apply(1, {"type": "pass"})
    assert next(e["phase"] for e in events_of(events, "phase")) == "combat"


def test_R6_4_combat_takes_the_lines_as_the_initiative_player_sees_them():
    match = position(
        CARDS,
        initiative=1,
        seat0={"field": [on_field("Soldier", 1, 1), on_field("Weak", 5, 1)]},
        seat1={"location": "Wall"},
    )
    match.apply(1, {"type": "pass"})
    events = match.apply(0, {"type": "pass"})
    assert [e["line"] for e in events_of(events, "hit_location")] == [5, 1]


def test_R6_5_end_of_turn_abilities_fire_at_the_end_of_the_turn():
    dusk = unit("Dusk", 2, abilities=[ability("end_of_turn", "draw", "you", 1)])
    match = position(
        [dusk],
        phase="end",
        seat0={"field": [on_field("Dusk", 1, 1)], "deck": ["Soldier"] * 3},
        seat1={"deck": ["Soldier"]},
    )
    draws = [(e["seat"], e.get("source")) for e in events_of(match.initial_events, "draw")]
    assert draws[0] == (0, "Dusk") and events_of(match.initial_events, "recovery")


def test_R6_6_recovery_restores_influence_strength_durability_and_actions():
    match = position(
        CARDS,
        phase="recovery",
        initiative=0,
        seat0={
            "influence": 1,
            "hero_used": True,
            "location": {"card": "Wall", "delta": -4, "used": True},
            "field": [on_field("Big", 1, 1, delta=-3, used=True)],
            "deck": ["Soldier"],
        },
        seat1={"deck": ["Soldier"]},
    )
    side = match.seats[0]
    big = match.cells[0]
    assert side.influence == side.supply and not side.hero.used
    assert big is not None and big.strength == 5 and not big.used
    assert side.location is not None and side.location.strength == 10 and not side.location.used
    assert match.initiative == 1
