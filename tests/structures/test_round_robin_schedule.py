"""The round robin's circle schedule: everyone meets everyone once (twice in a double round robin)."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.structures import round_robin_round, round_robin_rounds, round_robin_schedule


def pairs(entrants: list[int], *, double: bool = False) -> list[list[tuple[int, int]]]:
    return [
        [(t.a, t.b) for t in r.tables]
        for r in round_robin_schedule(entrants=entrants, double_round_robin=double)
    ]


def test_it_turns_the_circle_around_the_last_player() -> None:
    # Four players: 4 stays put while 1 2 3 turn: each round 4 meets the next of them, the other
    # two face each other; seats alternate.
    assert pairs([1, 2, 3, 4]) == [
        [(1, 4), (2, 3)],
        [(4, 2), (3, 1)],
        [(3, 4), (1, 2)],
    ]


def test_it_rests_one_player_a_round_in_an_odd_field() -> None:
    schedule = round_robin_schedule(entrants=[1, 2, 3, 4, 5])
    assert [(r.number, r.kind, r.rests, len(r.tables)) for r in schedule] == [
        (1, "round_robin", (1,), 2),
        (2, "round_robin", (2,), 2),
        (3, "round_robin", (3,), 2),
        (4, "round_robin", (4,), 2),
        (5, "round_robin", (5,), 2),
    ]
    assert all(r.byes == () for r in schedule)  # a rest is no bye: no win, no points


def test_a_double_round_robin_plays_the_rounds_again_with_the_seats_swapped() -> None:
    legs = pairs([1, 2, 3, 4], double=True)
    assert len(legs) == 6
    assert legs[3:] == [[(b, a) for a, b in rnd] for rnd in legs[:3]]


def test_it_counts_the_rounds() -> None:
    assert [round_robin_rounds(n) for n in range(7)] == [0, 0, 1, 3, 3, 5, 5]
    assert round_robin_rounds(6, double=True) == 10
    assert round_robin_rounds(5, double=True) == 10


@pytest.mark.parametrize("number", [0, 4, -1])
def test_it_refuses_a_round_outside_the_schedule(number: int) -> None:
    with pytest.raises(ValueError, match="has rounds 1 to 3"):
        round_robin_round(entrants=[1, 2, 3, 4], round_number=number)


def test_it_refuses_a_repeated_entrant_or_an_unknown_drop_policy() -> None:
    with pytest.raises(ValueError, match="twice"):
        round_robin_round(entrants=[1, 2, 1, 4], round_number=1)
    with pytest.raises(ValueError, match="unknown drop policy 'forfeit'"):
        round_robin_round(entrants=[1, 2, 3, 4], round_number=1, drop_policy="forfeit")


@settings(max_examples=80, deadline=None)
@given(n=st.integers(2, 41), double=st.booleans(), first=st.integers(0, 10**6))
def test_everyone_meets_everyone_once_a_leg_and_plays_at_most_once_a_round(
    n: int, double: bool, first: int
) -> None:
    entrants = list(range(first, first + n))
    schedule = round_robin_schedule(entrants=entrants, double_round_robin=double)
    assert len(schedule) == round_robin_rounds(n, double=double)
    met: Counter[frozenset[int]] = Counter()
    first_seat: Counter[int] = Counter()
    rests: Counter[int] = Counter()
    for number, rnd in enumerate(schedule, start=1):
        assert rnd.number == number
        assert [t.number for t in rnd.tables] == list(range(1, len(rnd.tables) + 1))
        seated = [pid for t in rnd.tables for pid in (t.a, t.b)] + list(rnd.rests)
        assert sorted(seated) == entrants  # each once: at a table or resting
        met.update(frozenset((t.a, t.b)) for t in rnd.tables)
        first_seat.update(t.a for t in rnd.tables)
        rests.update(rnd.rests)
    legs = 2 if double else 1
    assert len(met) == n * (n - 1) // 2 and set(met.values()) == {legs}
    assert set(rests.values()) <= {legs} and len(rests) == (n if n % 2 else 0)
    for pid in entrants:  # every player sits first in half their matches, give or take one
        played = legs * (n - 1)
        assert abs(2 * first_seat[pid] - played) <= legs
