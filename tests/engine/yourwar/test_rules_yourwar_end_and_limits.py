"""RULES.md Y9 (winning and losing), Y10 (time and turn limits) and Y11 (randomness and
determinism), one test or more per rule, named by its number; positions are set up directly
(match/scenario.py)."""

from __future__ import annotations

import pytest
from yourwar_builders import CATALOG, USA, act, name, position, refusal, unit

from engine.decklist import Decklist
from engine.games.yourwar.match.core import new_match
from engine.games.yourwar.match.log import replay
from engine.games.yourwar.match.state import IllegalAction
from engine.scenario import NoMatchLog


def test_y9_1_a_player_at_zero_health_or_less_loses() -> None:
    match = position(turn=3, seats=({"bases": [USA, USA], "hand": ["Howitzer Salvo"]}, {"health": 2}))
    act(match, 0, "play", card="Howitzer Salvo", target={"seat": 1})
    assert match.result is not None and match.result.as_dict() == {"winner": 0, "reason": "health"}
    assert refusal(match, 1, "concede").code == "game_over"


def test_y9_2_both_players_at_zero_at_once_is_a_draw() -> None:
    match = position(phase="intervene", turn=3, blocks=[[0, 1]], seats=(
        {"health": 1, "field": [{"card": "Bison Tank Battalion", "used": True, "attacking": True},
                                {"card": "Royal Guards", "used": True, "attacking": True}]},
        {"health": 4, "field": ["Canyon Mountain Rifles"]},  # destroyed: 1 damage to the opponent
    ))  # fmt: skip
    act(match, 0, "proceed")
    assert match.result is not None and match.result.as_dict() == {"winner": None, "reason": "health"}


@pytest.mark.parametrize(("kind", "reason"), [("concede", "concede"), ("timeout", "timeout")])
def test_y9_2_a_site_action_ends_the_game_from_either_seat_at_any_time(kind: str, reason: str) -> None:
    match = position(phase="block", turn=3, seats=(
        {"field": [{"card": "Royal Guards", "used": True, "attacking": True}]}, {}))  # fmt: skip
    act(match, 0, kind)
    assert match.result is not None and match.result.as_dict() == {"winner": 1, "reason": reason}


def test_y9_2_a_no_show_of_both_is_a_draw_applied_by_seat_0() -> None:
    match = position(turn=3)
    assert refusal(match, 1, "no_show", both=True).code == "wrong_action"
    act(match, 0, "no_show", both=True)
    assert match.result is not None and match.result.as_dict() == {"winner": None, "reason": "no_show"}


def test_y9_3_a_player_who_must_draw_from_an_empty_deck_loses() -> None:
    match = position(phase="start", turn=4, active=1, seats=({}, {"deck": []}))
    assert match.result is not None and match.result.as_dict() == {"winner": 0, "reason": "deck_out"}


def test_y9_3_a_draw_effect_from_an_empty_deck_loses_too() -> None:
    match = position(turn=3, seats=({"bases": [USA], "hand": ["Coyote Recon Patrol"]}, {}))
    act(match, 0, "play", card="Coyote Recon Patrol")
    assert match.result is not None and match.result.as_dict() == {"winner": 1, "reason": "deck_out"}


def test_y10_1_a_turn_past_the_events_turn_limit_ends_the_game_in_a_draw() -> None:
    match = position(phase="start", turn=11, turn_limit=10, seats=({"deck": ["Royal Guards"]}, {}))
    assert match.result is not None and match.result.as_dict() == {"winner": None, "reason": "turn_limit"}
    match = position(phase="start", turn=10, active=1, turn_limit=10, seats=({}, {"deck": ["Royal Guards"]}))
    assert match.result is None and match.turn == 10


def test_y10_1_the_turn_limit_is_an_option_of_the_match_kept_in_its_log() -> None:
    deck = Decklist(game="yourwar", zones={"main": {name(USA): 30, name("Prairie Rifle Platoon"): 20}})
    match = new_match(CATALOG, (deck, deck), seed=4, turn_limit=3)
    log = match.to_log(["OGNS"])
    assert log["turn_limit"] == 3 and replay(log, CATALOG).turn_limit == 3


def test_y11_1_a_position_built_twice_is_the_same_and_plays_on_the_same() -> None:
    spec = {"turn": 3, "seed": 9, "seats": ({"field": ["Royal Guards"], "deck": ["Cruiser Polar"] * 3},
                                             {"deck": ["Royal Guards"] * 3})}  # fmt: skip
    one, two = position(**spec), position(**spec)  # type: ignore[arg-type]
    for match in (one, two):
        act(match, 0, "attack", unit=unit(match, 0, "Royal Guards").id)
        act(match, 0, "end")
    assert one.judge_view() == two.judge_view()


def test_y11_1_a_stale_decision_number_is_refused() -> None:
    match = position(turn=3, seq=5)
    with pytest.raises(IllegalAction) as error:
        match.apply(0, {"type": "end"}, seq=4)
    assert (error.value.rule, error.value.code) == ("Y11.1", "stale_seq") and match.seq == 5
    match.apply(0, {"type": "end"}, seq=5)
    assert match.seq == 6


def test_y11_1_a_position_has_no_match_log_its_setup_is_the_spec() -> None:
    with pytest.raises(NoMatchLog):
        position(turn=3).to_log(["OGNS"])


def test_y11_1_shuffle_false_deals_the_deck_in_its_listed_order() -> None:
    deck = Decklist(game="yourwar", zones={"main": {name("Royal Guards"): 7, name(USA): 43}})
    match = new_match(CATALOG, (deck, deck), seed=4, shuffle=False, first=0)
    assert {i.name for i in match.seats[0].hand} == {name("Royal Guards")}
