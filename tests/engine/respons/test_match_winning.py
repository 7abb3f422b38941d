"""R9 winning and losing: orders exhausted, card effects, concession at any moment, the clock."""

import pytest
from match_builders import ability, at, pass_, pass_both, play, put, scripted, spell

from engine.games.respons.match import IllegalAction

DOOM = spell("Doom", cost=1, abilities=[ability("on_play", "player_loses", "opponent")])
FOLLY = spell("Folly", cost=1, abilities=[ability("on_play", "player_loses", "you")])
TRIUMPH = spell("Triumph", cost=1, abilities=[ability("on_play", "you_win", "you")])
CARDS = [DOOM, FOLLY, TRIUMPH]
MAIN = ["Doom", "Folly", "Triumph"] + ["Soldier"] * 27


def test_it_lets_either_seat_concede_during_the_mulligan() -> None:
    match = scripted(keep=False)
    match.apply(1, {"type": "concede"})  # R9.3: not seat 1's decision, still allowed
    assert (match.result.winner, match.result.reason) == (0, "concede")
    assert match.actions[-1] == {"seat": 1, "type": "concede"}


def test_it_lets_a_player_concede_while_the_opponent_is_choosing_a_cell() -> None:
    match = scripted()
    put(match, 0, "Soldier", [(1, 1)])
    pass_both(match)
    assert match.decision().kind == "choose_cell" and match.decision().seat == 1
    events = match.apply(0, {"type": "concede"})
    assert [e.type for e in events] == ["concede", "game_over"]
    assert (match.result.winner, match.result.reason) == (1, "concede")
    assert match.decision() is None and match.legal_actions(0) == match.legal_actions(1) == []


def test_it_offers_concede_to_the_seat_that_is_not_deciding() -> None:
    match = scripted()
    assert match.legal_actions(1) == [{"type": "concede"}]
    assert {"type": "concede"} in match.legal_actions(0)


def test_it_makes_the_seat_whose_clock_ran_out_lose() -> None:
    match = scripted()
    match.apply(1, {"type": "timeout"})  # R9.4: applied by the site's clock for seat 1
    assert (match.result.winner, match.result.reason) == (0, "timeout")
    assert {"type": "timeout"} not in match.legal_actions(0)


def test_it_ends_the_game_when_a_card_says_the_opponent_loses() -> None:
    match = scripted(CARDS, MAIN, MAIN)
    play(match, 0, "Doom")
    assert (match.result.winner, match.result.reason) == (0, "card_effect")  # R9.2


def test_it_ends_the_game_when_a_card_says_its_player_loses() -> None:
    match = scripted(CARDS, MAIN, MAIN)
    play(match, 0, "Folly")
    assert (match.result.winner, match.result.reason) == (1, "card_effect")


def test_it_ends_the_game_when_a_card_says_you_win() -> None:
    match = scripted(CARDS, MAIN, MAIN)
    pass_(match, 0)
    play(match, 1, "Triumph")
    assert (match.result.winner, match.result.reason) == (1, "card_effect")  # R9.2


def test_it_refuses_every_action_once_the_game_is_over() -> None:
    match = scripted(CARDS, MAIN, MAIN)
    match.apply(0, {"type": "concede"})
    for seat, action in (
        (1, {"type": "pass"}),
        (0, {"type": "concede"}),
        (1, {"type": "choose", "cell": at(1, 1)}),
    ):
        with pytest.raises(IllegalAction) as refused:
            match.apply(seat, action)
        assert refused.value.rule == "R9.5"
    assert match.seq == 3  # two keeps and the concession
