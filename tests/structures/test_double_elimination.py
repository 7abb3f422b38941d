"""Double elimination: winners' bracket, losers' bracket in crossing order, grand final and its reset."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.structures import (
    MatchState,
    bracket_progress,
    crossing_order,
    double_elimination,
)
from tournaments.swiss import MatchRecord

from .support import play_out

EIGHT = [101, 102, 103, 104, 105, 106, 107, 108]


def layout(seeds: list[int], *, reset: bool = False) -> list[tuple[int, str, str, str, str]]:
    bracket = double_elimination(seeds=seeds, grand_final_reset=reset)
    return [(m.round, m.kind, m.key, str(m.from_a), str(m.from_b)) for m in bracket.matches]


def test_it_lays_out_eight_players_round_by_round_in_play_order() -> None:
    assert layout(EIGHT, reset=True) == [
        (1, "winners", "W1-1", "seed 1", "seed 8"),
        (1, "winners", "W1-2", "seed 4", "seed 5"),
        (1, "winners", "W1-3", "seed 2", "seed 7"),
        (1, "winners", "W1-4", "seed 3", "seed 6"),
        (2, "winners", "W2-1", "winner of W1-1", "winner of W1-2"),
        (2, "winners", "W2-2", "winner of W1-3", "winner of W1-4"),
        (3, "losers", "L1-1", "loser of W1-1", "loser of W1-2"),
        (3, "losers", "L1-2", "loser of W1-3", "loser of W1-4"),
        (4, "winners", "W3-1", "winner of W2-1", "winner of W2-2"),
        # Winners' round 2's losers cross: the bottom half's loser meets the top half's survivor.
        (5, "losers", "L2-1", "winner of L1-1", "loser of W2-2"),
        (5, "losers", "L2-2", "winner of L1-2", "loser of W2-1"),
        (6, "losers", "L3-1", "winner of L2-1", "winner of L2-2"),
        (7, "losers", "L4-1", "winner of L3-1", "loser of W3-1"),
        (8, "grand_final", "GF1", "winner of W3-1", "winner of L4-1"),
        (9, "grand_final", "GF2", "loser of GF1", "winner of GF1"),
    ]


def test_it_names_each_round_by_its_bracket_and_number() -> None:
    bracket = double_elimination(seeds=EIGHT, grand_final_reset=True)
    assert [(r.number, r.kind, r.stage) for r in bracket.rounds] == [
        (1, "winners", "winners_1"),
        (2, "winners", "winners_2"),
        (3, "losers", "losers_1"),
        (4, "winners", "winners_3"),
        (5, "losers", "losers_2"),
        (6, "losers", "losers_3"),
        (7, "losers", "losers_4"),
        (8, "grand_final", "grand_final"),
        (9, "grand_final", "grand_final_reset"),
    ]
    assert bracket.match("W2-1").loser_to == "L2-2"
    assert bracket.match("W2-2").loser_to == "L2-1"
    assert bracket.match("L4-1").winner_to == "GF1"
    assert bracket.match("GF2").conditional and not bracket.match("GF1").conditional


def test_it_crosses_each_winners_rounds_losers_in_a_cycle_of_three_orders() -> None:
    assert crossing_order(4, 2) == [2, 3, 0, 1]  # halves swapped
    assert crossing_order(4, 3) == [1, 0, 3, 2]  # each half reversed
    assert crossing_order(4, 4) == [3, 2, 1, 0]  # reversed whole
    assert crossing_order(4, 5) == [2, 3, 0, 1]  # and again
    assert crossing_order(8, 2) == [4, 5, 6, 7, 0, 1, 2, 3]
    assert crossing_order(1, 3) == [0]


def test_it_feeds_sixteen_players_losers_bracket_in_crossing_order() -> None:
    bracket = double_elimination(seeds=list(range(1, 17)))
    drops = {
        m.key: m.from_b.match for m in bracket.matches if m.kind == "losers" and m.from_b.outcome == "loser"
    }
    assert drops == {
        "L1-1": "W1-2", "L1-2": "W1-4", "L1-3": "W1-6", "L1-4": "W1-8",  # in bracket order
        "L2-1": "W2-3", "L2-2": "W2-4", "L2-3": "W2-1", "L2-4": "W2-2",  # halves swapped
        "L4-1": "W3-1", "L4-2": "W3-2",  # each half reversed: halves of one stay as they come
        "L6-1": "W4-1",
    }  # fmt: skip


def test_it_passes_players_through_the_losers_matches_that_byes_leave_empty() -> None:
    # Five players: only 4 v 5 is played in winners' round 1, so its loser has nobody to meet in
    # losers' round 1 and meets winners' round 2's first loser in losers' round 2.
    assert layout([1, 2, 3, 4, 5]) == [
        (1, "winners", "W1-2", "seed 4", "seed 5"),
        (2, "winners", "W2-1", "seed 1", "winner of W1-2"),
        (2, "winners", "W2-2", "seed 2", "seed 3"),
        (3, "winners", "W3-1", "winner of W2-1", "winner of W2-2"),
        (4, "losers", "L2-1", "loser of W1-2", "loser of W2-2"),
        (5, "losers", "L3-1", "winner of L2-1", "loser of W2-1"),
        (6, "losers", "L4-1", "winner of L3-1", "loser of W3-1"),
        (7, "grand_final", "GF1", "winner of W3-1", "winner of L4-1"),
    ]


def test_two_players_meet_in_the_winners_round_then_in_the_grand_final() -> None:
    assert layout([7, 9], reset=True) == [
        (1, "winners", "W1-1", "seed 1", "seed 2"),
        (2, "grand_final", "GF1", "winner of W1-1", "loser of W1-1"),
        (3, "grand_final", "GF2", "loser of GF1", "winner of GF1"),
    ]


@settings(max_examples=120, deadline=None)
@given(n=st.integers(2, 200), reset=st.booleans())
def test_a_bracket_of_n_players_has_2n_minus_2_matches_and_one_more_with_the_reset(
    n: int, reset: bool
) -> None:
    bracket = double_elimination(seeds=list(range(1, n + 1)), grand_final_reset=reset)
    assert len(bracket.matches) == 2 * n - 2 + reset
    assert {m.kind for m in bracket.matches} <= {"winners", "losers", "grand_final"}
    # A round is played after every round its players come from.
    for m in bracket.matches:
        for source in (m.from_a, m.from_b):
            if source.match is not None:
                assert bracket.match(source.match).round < m.round


# --- the grand final ------------------------------------------------------------------------------

FOUR = [11, 12, 13, 14]


def four_to_the_grand_final(*, reset: bool) -> tuple[dict[str, MatchRecord], int, int]:
    """Return the results of a four-player bracket up to its grand final: 11 wins the winners'
    bracket; 12, beaten by 13 in the first round, wins the losers' bracket over 14, then 13."""
    bracket = double_elimination(seeds=FOUR, grand_final_reset=reset)
    results = {
        "W1-1": MatchRecord(1, 11, 14, 2, 0),
        "W1-2": MatchRecord(1, 12, 13, 0, 2),
        "W2-1": MatchRecord(2, 11, 13, 2, 1),
        "L1-1": MatchRecord(3, 14, 12, 0, 2),
        "L2-1": MatchRecord(4, 12, 13, 2, 0),
    }
    progress = bracket_progress(bracket=bracket, results=results)
    gf1 = progress.state("GF1")
    assert (gf1.status, gf1.player_a, gf1.player_b) == ("ready", 11, 12)
    return results, 11, 12


def test_the_winners_bracket_champion_wins_the_title_by_winning_the_grand_final() -> None:
    results, winners_champion, _ = four_to_the_grand_final(reset=True)
    results["GF1"] = MatchRecord(5, 11, 12, 2, 1)
    progress = bracket_progress(
        bracket=double_elimination(seeds=FOUR, grand_final_reset=True), results=results
    )
    assert progress.state("GF2").status == "void"
    assert progress.champion == winners_champion
    with pytest.raises(ValueError, match="GF2 is not played"):
        bracket_progress(
            bracket=double_elimination(seeds=FOUR, grand_final_reset=True),
            results={**results, "GF2": MatchRecord(6, 11, 12, 2, 0)},
        )


def test_the_losers_bracket_champion_forces_the_reset_by_winning_the_grand_final() -> None:
    bracket = double_elimination(seeds=FOUR, grand_final_reset=True)
    results, winners_champion, losers_champion = four_to_the_grand_final(reset=True)
    results["GF1"] = MatchRecord(5, 11, 12, 1, 2)
    progress = bracket_progress(bracket=bracket, results=results)
    reset = progress.state("GF2")
    assert (reset.status, reset.player_a, reset.player_b) == ("ready", winners_champion, losers_champion)
    assert progress.champion is None
    results["GF2"] = MatchRecord(6, 11, 12, 2, 0)
    assert bracket_progress(bracket=bracket, results=results).champion == winners_champion


def test_without_the_reset_the_grand_final_decides() -> None:
    bracket = double_elimination(seeds=FOUR)
    results, _, losers_champion = four_to_the_grand_final(reset=False)
    results["GF1"] = MatchRecord(5, 11, 12, 1, 2)
    assert bracket_progress(bracket=bracket, results=results).champion == losers_champion
    assert [m.key for m in bracket.matches][-1] == "GF1"


def losses_of(states: list[MatchState]) -> dict[int, int]:
    counted: dict[int, int] = {}
    for s in states:
        if s.loser is not None:
            counted[s.loser] = counted.get(s.loser, 0) + 1
    return counted


@settings(max_examples=80, deadline=None)
@given(n=st.integers(2, 70), seed=st.integers(0, 10**6))
def test_with_the_reset_every_player_but_the_champion_is_out_after_exactly_two_losses(
    n: int, seed: int
) -> None:
    bracket = double_elimination(seeds=list(range(1, n + 1)), grand_final_reset=True)
    rng = random.Random(seed)
    progress, played = play_out(bracket, lambda state: rng.random() < 0.5)
    losses = losses_of(list(progress.states))
    assert progress.champion is not None
    assert losses.pop(progress.champion, 0) <= 1
    assert sorted(losses) == [pid for pid in range(1, n + 1) if pid != progress.champion]
    assert set(losses.values()) == {2}
    seen: set[tuple[int, int | None]] = set()
    for state in played:  # nobody plays twice in a round
        for pid in (state.player_a, state.player_b):
            assert (state.match.round, pid) not in seen
            seen.add((state.match.round, pid))
