"""Later rounds: players meet their own point group; the fewest float, the shortest way, from the bottom.

Fields of up to ``EXACT_LIMIT`` players are paired by one exact matching, larger ones group by
group; every scenario here runs both ways ("exact" and "by groups", the latter forced on a
small field by lowering the limit).
"""

import random
from collections.abc import Iterator
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.swiss import MatchRecord, Player, pair_round, recommended_rounds
from tournaments.swiss import pairing as pairing_module
from tournaments.swiss.scoring import score

from .support import float_cost, met, parity_floor, perfect_matchings, play, results, roster

PATHS = {"exact": 10**9, "by groups": 0}


@pytest.fixture(params=list(PATHS))
def path(request: pytest.FixtureRequest) -> Iterator[str]:
    with mock.patch.object(pairing_module, "EXACT_LIMIT", PATHS[request.param]):
        yield request.param


def win(number: int, winner: int, loser: int, games: tuple[int, int] = (2, 0)) -> MatchRecord:
    return MatchRecord(round=number, a=winner, b=loser, wins_a=games[0], wins_b=games[1])


def draw(number: int, a: int, b: int) -> MatchRecord:
    return MatchRecord(round=number, a=a, b=b, wins_a=1, wins_b=1, draws=1)


def points_of(players: list[Player], history: list[MatchRecord]) -> dict[int, int]:
    return {pid: key[0] for pid, key in score(players, history).keys.items()}


def test_it_pairs_winners_with_winners_and_losers_with_losers(path: str) -> None:
    players = roster(8)
    history = [win(1, a, a + 1) for a in (1, 3, 5, 7)]
    pairing = pair_round(players=players, history=history, round_number=2, seed=5)
    winners = {1, 3, 5, 7}
    assert all(({a, b} <= winners) or not ({a, b} & winners) for a, b in pairing.pairs)


def float_scenario(winners: int) -> tuple[list[Player], list[MatchRecord], int, tuple[int, int]]:
    """An odd group of winners above a group of two drawers above the losers.

    Every winner won 2–0 but one, who won 2–1 and so is the unique bottom of the group.
    Returns (players, history, that bottom winner, the drawers).
    """
    players = roster(2 * winners + 2)
    history = [win(1, 2 * i + 1, 2 * i + 2) for i in range(winners)]
    history[-1] = win(1, 2 * winners - 1, 2 * winners, (2, 1))
    drawers = (2 * winners + 1, 2 * winners + 2)
    history.append(draw(1, *drawers))
    return players, history, 2 * winners - 1, drawers


@pytest.mark.parametrize("winners", [3, 199])
def test_it_floats_the_bottom_of_an_odd_group_to_the_next_group(path: str, winners: int) -> None:
    players, history, bottom, drawers = float_scenario(winners)
    points = points_of(players, history)
    pairing = pair_round(players=players, history=history, round_number=2, seed=11)

    across = [(a, b) for a, b in pairing.pairs if points[a] != points[b]]
    assert len(across) == parity_floor(list(points.values())) == 2
    (top_float,) = [pair for pair in across if bottom in pair]
    assert set(top_float) - {bottom} <= set(drawers)  # one group down, not two
    (low_float,) = [pair for pair in across if bottom not in pair]
    assert sorted(points[p] for p in low_float) == [0, 1]  # the other drawer, one group down


def test_it_floats_a_player_past_a_group_they_have_met_entirely(path: str) -> None:
    players = roster(6)
    x, y, z, a, b, c = (p.id for p in players)
    history = [
        win(1, x, y),
        win(1, z, a),
        draw(1, b, c),
        win(2, x, z),
        win(2, y, b),
        draw(2, a, c),
    ]
    assert points_of(players, history) == {x: 6, y: 3, z: 3, c: 2, a: 1, b: 1}
    pairing = pair_round(players=players, history=history, round_number=3, seed=1)
    assert {frozenset(p) for p in pairing.pairs} == {frozenset((x, c)), frozenset((y, z)), frozenset((a, b))}


def test_it_pairs_across_groups_rather_than_rematch(path: str) -> None:
    players = roster(4)
    history = [win(1, 1, 2), win(1, 3, 4), win(2, 3, 1), win(2, 2, 4)]
    assert points_of(players, history) == {1: 3, 2: 3, 3: 6, 4: 0}
    pairing = pair_round(players=players, history=history, round_number=3, seed=1)
    assert {frozenset(p) for p in pairing.pairs} == {frozenset((1, 4)), frozenset((2, 3))}


@settings(max_examples=120, deadline=None)
@given(n=st.integers(2, 10), seed=st.integers(0, 10**6), data=st.data())
def test_it_floats_no_more_and_no_further_than_the_best_pairing(
    n: int, seed: int, data: st.DataObject
) -> None:
    players = roster(n)
    history: list[MatchRecord] = []
    for number in range(1, recommended_rounds(n) + 1):
        try:
            pairing = pair_round(players=players, history=history, round_number=number, seed=seed)
        except pairing_module.PairingError:
            break  # the rematch tests check that this is right
        points = points_of(players, history)
        ids = [p for pair in pairing.pairs for p in pair]
        best = min(float_cost(pairs, points) for pairs in perfect_matchings(ids, met(history)))
        assert float_cost(pairing.pairs, points) == best
        history += play(
            number,
            pairing,
            data.draw(st.lists(results, min_size=len(pairing.pairs), max_size=len(pairing.pairs))),
        )


def test_it_pairs_a_large_field_group_by_group_as_well_as_one_exact_matching() -> None:
    # 600 players, above the exact limit; random results with draws. Each group boundary with an
    # odd number of players above it needs a pair across it (the floor); where rematches force
    # more, the exact matching (slow at this size, so only run then) must not do better.
    players = roster(600)
    history: list[MatchRecord] = []
    rng = random.Random(8)
    above_floor = 0
    for number in range(1, 10):
        pairing = pair_round(players=players, history=history, round_number=number, seed=8)
        points = points_of(players, history)
        floor = parity_floor([points[p] for pair in pairing.pairs for p in pair])
        cost = float_cost(pairing.pairs, points)
        assert cost[0] >= floor
        if cost != (floor, floor):
            above_floor += 1
            with mock.patch.object(pairing_module, "EXACT_LIMIT", 10**9):
                exact = pair_round(players=players, history=history, round_number=number, seed=8)
            assert cost == float_cost(exact.pairs, points)
        outcomes = [rng.choice([(2, 0, 0), (0, 2, 0), (2, 1, 0), (1, 1, 1)]) for _ in pairing.pairs]
        history += play(number, pairing, outcomes)
    assert above_floor >= 1  # so the comparison above did run
