"""RULES.md C3 (zones), C8 (time), C14–C16 (the end, limits, determinism): one test or more per
rule, named by its number; positions are set up directly (match/scenario.py)."""

from __future__ import annotations

from chronomagia_builders import act, catalog, deck, position, table

from engine.games.chronomagia.match import new_match
from engine.games.chronomagia.match.state import epoch_of


def test_c3_1_each_player_starts_with_30_life_and_time_at_century_1() -> None:
    match = table()
    assert [side.life for side in match.seats] == [30, 30] and match.century == 1


def test_c3_2_one_century_counter_gives_the_epoch() -> None:
    assert [epoch_of(c) for c in (1, 15, 16, 25, 26, 30)] == [1, 1, 2, 2, 3, 3]
    assert position(century=25).epoch == 2


def test_c3_3_the_pool_and_the_deck_are_zones_of_their_own() -> None:
    match = position(turn=3, seats=({"pool": ["Filler"], "deck": ["Filler", "Filler"]}, {}))
    view = match.observation(0)["seats"][0]
    assert (view["pool"], view["deck"]) == (1, 2)


def test_c8_1_the_natural_flow_moves_time_one_century_a_turn() -> None:
    match = position(turn=3, century=7)
    act(match, 0, "pass")
    assert match.century == 8 and match.active == 1


def test_c14_1_a_player_at_0_life_loses() -> None:
    match = position(step="attack", turn=3, seats=({"field": ["Filler"]}, {"life": 1}))
    act(match, 0, "attack", opponent=1, terrain=0)
    assert match.result.winner == 0 and match.result.reason == "life"


def test_c15_1_the_natural_flow_past_century_30_ends_the_game_by_life() -> None:
    match = position(step="start", turn=3, century=30, seats=({"life": 10}, {"life": 12}))
    assert match.result.winner == 1 and match.result.reason == "end_of_time"


def test_c15_3_the_turn_cap_decides_by_life() -> None:
    match = position(step="start", turn=5, turn_limit=4)
    assert match.result.winner is None and match.result.reason == "turn_limit"


def test_c16_1_the_same_seed_gives_the_same_game_and_shuffle_false_the_listed_order() -> None:
    cards = catalog()
    one = new_match(cards, (deck(), deck()), seed=5)
    two = new_match(cards, (deck(), deck()), seed=5)
    assert one.judge_view() == two.judge_view()
    fixed = new_match(cards, (deck(), deck()), seed=5, shuffle=False, first=1)
    assert fixed.first == 1 and fixed.judge_view()["seats"][0]["deck_cards"] == ["Filler"] * 35
