"""RULES.md R8 (combat), R9 (winning and losing) and R10 (determinism), one test or more per rule,
named by its number; positions are set up directly (match/scenario.py) where the rule is about one."""

from __future__ import annotations

from typing import Any

import pytest
from match_builders import (
    ability,
    catalog,
    deck,
    enhancement,
    events_of,
    location,
    on_field,
    position,
    spell,
    trap,
    unit,
)

from engine.games.respons.match import IllegalAction, Match, new_match, replay

WEAK = unit("Weak", 1)
BIG = unit("Big", 5)
SHED = location("Shed", 3)
CARDS = [WEAK, BIG, SHED]


def refusal(match: Match, seat: int, action: dict[str, Any], **kwargs: Any) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        match.apply(seat, action, **kwargs)
    return caught.value


def combat(match: Match) -> list[Any]:
    """Both seats pass (R6.3 a): the turn goes on to combat; return the events."""
    first = match.decision()
    assert first is not None and first.kind == "act"
    return match.apply(first.seat, {"type": "pass"}) + match.apply(1 - first.seat, {"type": "pass"})


def collisions(events: list[Any]) -> list[tuple[str, str]]:
    return [(e["attacker"]["card"], e["defender"]["card"]) for e in events_of(events, "collision")]


# --- R8 Combat in a line ---------------------------------------------------------------------


def test_R8_1_a_unit_attacks_a_unit_else_the_location_else_the_hero_and_traps_do_not_block():
    pit = trap("Pit", abilities=[ability("activated", "gain_influence", "you", 1)])
    match = position(
        [pit, enhancement("Flag"), SHED],
        seat0={"field": [on_field("Soldier", 1, 1), on_field("Soldier", 2, 1)], "deck": ["Soldier"]},
        seat1={
            "field": [on_field("Pit", 1, 1, face_down=True), on_field("Flag", 1, 2)],
            "location": "Shed",
            "deck": ["Soldier"],
        },
    )
    events = combat(match)
    assert [e["line"] for e in events_of(events, "hit_location")] == [1, 2]
    assert not events_of(events, "collision") and not events_of(events, "hit_hero")


def test_R8_2_a_line_attacks_row_by_row_initiative_player_first():
    match = position(
        CARDS,
        initiative=0,
        seat0={"field": [on_field("Soldier", 1, 2)]},
        seat1={"field": [on_field("Weak", 1, 1)]},
    )
    # Row 1: seat 0 has none, so seat 1's Weak attacks first; the Soldier it collided with skips.
    assert collisions(combat(match)) == [("Weak", "Soldier")]


def test_R8_3_colliding_units_each_lose_the_others_strength_at_once_the_front_most_is_hit():
    match = position(
        CARDS,
        seat0={"field": [on_field("Big", 3, 1)]},
        seat1={"field": [on_field("Soldier", 3, 2), on_field("Weak", 3, 3)]},
    )
    events = combat(match)
    # Big meets the front-most Soldier (5 against 2: both lose at once), then the Weak behind it
    # attacks in its row and meets Big, now at 3.
    assert collisions(events) == [("Big", "Soldier"), ("Weak", "Big")]
    assert [
        (e["attacker"]["strength"], e["defender"]["strength"]) for e in events_of(events, "collision")
    ] == [
        (5, 2),
        (1, 3),
    ]
    assert [e["card"] for e in events_of(events, "destroyed")] == ["Soldier", "Weak"]


def test_R8_4_a_location_absorbs_the_hit_the_attacker_is_unharmed_and_the_excess_is_lost():
    match = position(
        CARDS,
        seat0={"field": [on_field("Big", 4, 1)], "deck": ["Soldier"]},
        seat1={"location": "Shed", "deck": ["Soldier"]},
    )
    events = combat(match)
    assert [(e["damage"], e["durability"]) for e in events_of(events, "hit_location")] == [(5, 0)]
    assert [e["card"] for e in events_of(events, "destroyed")] == ["Shed"] and not events_of(
        events, "hit_hero"
    )
    assert match.cells[9] is not None and match.cells[9].strength == 5


def test_R8_5_a_hit_on_the_hero_makes_its_owner_play_the_left_most_order():
    match = position(
        seat0={"field": [on_field("Soldier", 5, 1)], "deck": ["Soldier"]},
        seat1={"orders_revealed": 2, "deck": ["Soldier"]},
    )
    events = combat(match)
    assert [(e["seat"], e["hits_taken"]) for e in events_of(events, "hit_hero")] == [(1, 1)]
    assert [(e["card"], e["position"]) for e in events_of(events, "order")] == [("Order 3", 3)]


def test_R8_6_the_sixth_successful_attack_finds_no_order_and_wins():
    match = position(
        seat0={"field": [on_field("Soldier", 5, 1)], "deck": ["Soldier"]},
        seat1={"orders_revealed": 5, "hits_taken": 5, "deck": ["Soldier"]},
    )
    combat(match)
    assert match.result is not None and (match.result.winner, match.result.reason) == (0, "orders_exhausted")


# --- R9 Winning and losing ---------------------------------------------------------------------


def test_R9_1_a_player_who_must_play_an_order_and_has_none_loses():
    match = position(phase="draw", seat0={"deck": [], "orders_revealed": 5}, seat1={"deck": ["Soldier"]})
    assert match.result is not None and (match.result.winner, match.result.reason) == (1, "orders_exhausted")


def test_R9_2_a_card_may_say_the_player_loses_or_you_win():
    doom = spell("Doom", abilities=[ability("on_play", "player_loses", "opponent")])
    crown = spell("Crown", abilities=[ability("on_play", "you_win", "you")])
    lost = position([doom], seat1={"hand": ["Doom"]}, to_act=1)
    lost.apply(1, {"type": "play", "card": "Doom"})
    assert lost.result is not None and (lost.result.winner, lost.result.reason) == (1, "card_effect")
    won = position([crown], seat0={"hand": ["Crown"]})
    won.apply(0, {"type": "play", "card": "Crown"})
    assert won.result is not None and (won.result.winner, won.result.reason) == (0, "card_effect")


def test_R9_3_either_player_may_concede_at_any_moment_also_out_of_turn():
    match = position(to_act=0)
    assert {"type": "concede"} in match.legal_actions(1)
    match.apply(1, {"type": "concede"})
    assert match.result is not None and (match.result.winner, match.result.reason) == (0, "concede")


def test_R9_4_the_site_applies_a_timeout_and_a_no_show():
    timed_out = position()
    timed_out.apply(0, {"type": "timeout"})
    assert timed_out.result is not None and (timed_out.result.winner, timed_out.result.reason) == (
        1,
        "timeout",
    )
    nobody = position()
    nobody.apply(0, {"type": "no_show", "both": True})
    assert nobody.result is not None and (nobody.result.winner, nobody.result.reason) == (None, "no_show")
    assert {"type": "timeout"} not in position().legal_actions(0), "a player cannot send it"


def test_R9_5_once_the_game_is_over_no_action_is_accepted():
    match = position()
    match.apply(0, {"type": "concede"})
    over = refusal(match, 1, {"type": "pass"})
    assert (over.rule, over.code) == ("R9.5", "game_over")


# --- R10 Determinism -----------------------------------------------------------------------------


def test_R10_1_the_seed_and_the_actions_rebuild_every_state():
    cards = catalog()
    played = new_match(cards, (deck(), deck()), seed=31)
    for _ in range(12):
        decision = played.decision()
        assert decision is not None
        played.apply(decision.seat, played.legal_actions(decision.seat)[-2])
    rebuilt = replay(played.to_log(["CORE"]), cards)
    assert rebuilt.judge_view() == played.judge_view()


def test_R10_2_a_game_may_be_set_up_in_listed_order_with_a_fixed_first_initiative():
    main = ["Weak"] * 7 + ["Big"] * 23
    match = new_match(catalog(*CARDS), (deck(main), deck(main)), seed=5, shuffle=False, first_initiative=1)
    assert match.initiative == 1
    assert [inst.name for inst in match.seats[0].hand] == ["Weak"] * 7


def test_R10_3_an_action_of_no_documented_shape_is_refused():
    match = position()
    for junk in ([], "pass", {"kind": "pass"}, {"type": 3}):
        refused = refusal(match, 0, junk)  # type: ignore[arg-type]
        assert (refused.rule, refused.code) == ("R10.3", "not_an_action")


def test_R10_4_a_stale_or_repeated_submission_is_refused():
    match = position(seq=7)
    match.apply(0, {"type": "pass"}, seq=7)
    again = refusal(match, 0, {"type": "pass"}, seq=7)
    assert (again.rule, again.code, again.params["expected"]) == ("R10.4", "stale_seq", 8)
