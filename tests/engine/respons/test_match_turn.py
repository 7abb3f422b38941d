"""R6 the turn: draw (R6.2), the actions phase and its end (R6.3), recovery (R6.6)."""

import pytest
from match_builders import at, events_of, pass_, pass_both, play, scripted, spell, unit

from engine.games.respons.match import IllegalAction

# A free card that does nothing: a decision that changes no board.
WHISTLE = spell("Whistle", cost=0)
WHISTLES = ["Whistle"] * 10 + ["Soldier"] * 20
EMPTY_ORDERS = (spell(f"Signal {i}", cost=0, order=True) for i in range(1, 6))


def test_it_draws_one_card_for_each_player_initiative_first() -> None:
    match = scripted(initiative=1, keep=False)
    match.apply(1, {"type": "keep"})
    events = match.apply(0, {"type": "keep"})
    draws = [(e["seat"], e["count"]) for e in events_of(events, "draw")]
    assert draws == [(1, 1), (0, 1)]  # R6.2, R4.2: initiative first
    assert [len(side.hand) for side in match.seats] == [8, 8]  # R6.2 [decision]: no skipped first draw


def test_it_plays_the_left_most_order_instead_of_drawing_from_an_empty_deck() -> None:
    match = scripted(main0=["Soldier"] * 7, keep=False)
    match.apply(0, {"type": "keep"})
    events = match.apply(1, {"type": "keep"})
    assert events_of(events, "deck_empty")[0]["seat"] == 0  # R6.2
    assert events_of(events, "order")[0] == {"type": "order", "seat": 0, "card": "Order 1", "position": 1}
    decision = match.decision()
    assert (decision.kind, decision.seat, decision.card) == ("choose_cell", 0, "Order 1")  # R7.5
    match.apply(0, {"type": "choose", "cell": at(2, 1)})
    assert match.seats[0].orders_left == 4 and len(match.seats[1].hand) == 8


def test_it_makes_a_player_with_an_empty_deck_and_no_order_lose() -> None:
    match = scripted(main0=["Soldier"] * 7, orders0=(), keep=False)
    match.apply(0, {"type": "keep"})
    match.apply(1, {"type": "keep"})
    assert (
        match.is_over and match.result.winner == 1 and match.result.reason == "orders_exhausted"
    )  # R6.2, R9.1


def test_it_is_a_draw_when_both_players_lose_in_the_draw_phase() -> None:
    match = scripted(main0=["Soldier"] * 7, main1=["Soldier"] * 7, orders0=(), orders1=(), keep=False)
    match.apply(0, {"type": "keep"})
    match.apply(1, {"type": "keep"})
    assert match.result is not None and (match.result.winner, match.result.reason) == (None, "draw")  # R6.2


def test_it_alternates_decisions_starting_with_the_initiative_player() -> None:
    match = scripted([WHISTLE], WHISTLES, WHISTLES, initiative=1)
    seats = []
    for _ in range(4):
        decision = match.decision()
        seats.append(decision.seat)
        play(match, decision.seat, "Whistle")
    assert seats == [1, 0, 1, 0]  # R6.3


def test_it_refuses_the_sixth_decision_of_a_turn() -> None:
    match = scripted([WHISTLE], WHISTLES, WHISTLES)
    for _ in range(4):
        play(match, 0, "Whistle")
        play(match, 1, "Whistle")
    play(match, 0, "Whistle")  # seat 0's fifth decision
    assert match.seats[0].decisions == 0 and match.decision().seat == 1
    before = match.judge_view()
    with pytest.raises(IllegalAction) as refused:
        play(match, 0, "Whistle")  # the sixth
    assert refused.value.rule == "R6.3" and "no decisions left" in refused.value.message
    assert match.judge_view() == before


def test_it_lets_a_player_act_again_after_passing_if_the_opponent_did_not_pass() -> None:
    match = scripted([WHISTLE], WHISTLES, WHISTLES)
    pass_(match, 0)
    play(match, 1, "Whistle")
    assert match.decision().kind == "act" and match.decision().seat == 0  # R6.3
    play(match, 0, "Whistle")
    assert match.seats[0].decisions == 3  # the pass spent one


def test_it_ends_the_actions_phase_on_two_passes_in_a_row() -> None:
    match = scripted([WHISTLE], WHISTLES, WHISTLES)
    play(match, 0, "Whistle")
    pass_(match, 1)
    events = pass_(match, 0)  # (a)
    assert events_of(events, "phase")[0]["phase"] == "combat"
    assert match.turn == 2 and match.decision().seat == 1  # initiative passed (R6.6)


def test_it_ends_the_actions_phase_when_a_player_passes_and_the_opponent_has_no_decisions_left() -> None:
    match = scripted([WHISTLE], WHISTLES, WHISTLES)
    for _ in range(4):
        play(match, 0, "Whistle")
        play(match, 1, "Whistle")
    play(match, 0, "Whistle")  # seat 0 has none left
    events = pass_(match, 1)  # (b): seat 0 is not asked again
    assert events_of(events, "phase")[0]["phase"] == "combat" and match.turn == 2


def test_it_ends_the_actions_phase_when_neither_player_has_decisions_left() -> None:
    match = scripted([WHISTLE], WHISTLES, WHISTLES)
    for _ in range(5):
        play(match, 0, "Whistle")
        play(match, 1, "Whistle")
    assert match.turn == 2  # (c)


def test_it_restores_influence_and_strength_and_passes_initiative_at_recovery() -> None:
    brute = unit("Brute", 3, cost=2)
    match = scripted([brute], ["Brute"] * 30, ["Soldier"] * 30)
    play(match, 0, "Brute", 1, 1)
    play(match, 1, "Soldier", 1, 1)
    assert match.seats[0].influence == 3 and match.seats[1].influence == 4
    pass_both(match)  # combat: Brute 3 collides with Soldier 2; Brute is left at 1
    assert match.seats[0].influence == 5 and match.seats[1].influence == 5  # R6.6
    view = match.judge_view()["seats"][0]["cells"][0]
    assert (view["card"], view["strength"]) == ("Brute", 3)  # damage cleared
    assert match.initiative == 1 and match.decision().seat == 1


def test_it_fires_start_and_end_of_turn_in_order_of_the_phases() -> None:
    match = scripted()
    events = pass_both(match)
    phases = [e["phase"] for e in events_of(events, "phase")]
    assert phases == ["combat", "end", "draw", "actions"]  # R6.4, R6.5, then the next turn's R6.2, R6.3
    assert [e.type for e in events].index("recovery") < [e.type for e in events].index("turn")
