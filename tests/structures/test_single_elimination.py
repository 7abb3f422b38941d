"""Single elimination: the standard bracket order, byes to the best seeds, n − 1 matches."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.structures import Source, bracket_progress, single_elimination
from tournaments.structures.bracket import bracket_order, bracket_size

from .support import better_seed_wins, play_out

# Player ids that are not their seed numbers, so a mix-up shows.
SIXTEEN = [100 + s for s in range(1, 17)]


def first_round(seeds: list[int]) -> list[tuple[int, int]]:
    progress = bracket_progress(bracket=single_elimination(seeds=seeds), results={})
    return [(s.player_a or 0, s.player_b or 0) for s in progress.ready if s.match.round == 1]


def test_it_pairs_sixteen_players_in_the_standard_bracket_order() -> None:
    assert first_round(SIXTEEN) == [
        (101, 116), (108, 109), (104, 113), (105, 112), (102, 115), (107, 110), (103, 114), (106, 111),
    ]  # fmt: skip


def test_it_names_the_rounds_by_how_many_players_are_left() -> None:
    bracket = single_elimination(seeds=SIXTEEN)
    assert [(r.number, r.kind, r.stage, len(r.matches)) for r in bracket.rounds] == [
        (1, "winners", "round_of_16", 8),
        (2, "winners", "quarterfinal", 4),
        (3, "winners", "semifinal", 2),
        (4, "winners", "final", 1),
    ]


def test_it_says_where_each_seat_comes_from() -> None:
    bracket = single_elimination(seeds=SIXTEEN)
    assert bracket.match("W1-2").from_a == Source.of_seed(8)
    assert bracket.match("W1-2").from_b == Source.of_seed(9)
    quarterfinal = bracket.match("W2-1")
    assert (quarterfinal.from_a, quarterfinal.from_b) == (Source.winner_of("W1-1"), Source.winner_of("W1-2"))
    assert bracket.match("W1-1").winner_to == bracket.match("W1-2").winner_to == "W2-1"
    assert bracket.match("W1-1").loser_to is None
    assert bracket.match("W4-1").winner_to is None


def test_it_gives_the_byes_to_the_best_seeds_when_the_field_is_not_a_power_of_two() -> None:
    # Five players in a bracket of 8: seeds 1, 2 and 3 skip the first round, 4 plays 5.
    bracket = single_elimination(seeds=[101, 102, 103, 104, 105])
    assert bracket.byes == (101, 102, 103)
    assert [(m.key, str(m.from_a), str(m.from_b)) for m in bracket.matches] == [
        ("W1-2", "seed 4", "seed 5"),
        ("W2-1", "seed 1", "winner of W1-2"),
        ("W2-2", "seed 2", "seed 3"),
        ("W3-1", "winner of W2-1", "winner of W2-2"),
    ]
    progress = bracket_progress(bracket=bracket, results={})
    # Both matches whose players are known are ready at once; the bye's table stays numbered 1.
    assert [(s.match.key, s.match.round, s.match.table) for s in progress.ready] == [
        ("W1-2", 1, 1),
        ("W2-2", 2, 2),
    ]


def test_it_lets_the_better_seed_meet_only_the_worse_seeds_until_the_final() -> None:
    bracket = single_elimination(seeds=SIXTEEN)
    progress, played = play_out(bracket, better_seed_wins(bracket))
    seeds = [(bracket.seed_of(s.player_a or 0), bracket.seed_of(s.player_b or 0)) for s in played]
    assert seeds[8:] == [(1, 8), (4, 5), (2, 7), (3, 6), (1, 4), (2, 3), (1, 2)]
    assert progress.champion == 101


@pytest.mark.parametrize("n", [0, 1])
def test_it_refuses_a_bracket_of_fewer_than_two_players(n: int) -> None:
    with pytest.raises(ValueError, match="at least 2 players"):
        single_elimination(seeds=SIXTEEN[:n])


def test_it_refuses_a_player_seeded_twice() -> None:
    with pytest.raises(ValueError, match="twice"):
        single_elimination(seeds=[1, 2, 3, 1])


@settings(max_examples=120, deadline=None)
@given(n=st.integers(2, 300))
def test_a_bracket_of_n_players_has_n_minus_one_matches_and_byes_for_the_best_seeds(n: int) -> None:
    bracket = single_elimination(seeds=list(range(1000, 1000 + n)))
    size = bracket_size(n)
    assert size // 2 < n <= size
    assert len(bracket.matches) == n - 1
    assert bracket.byes == tuple(range(1000, 1000 + size - n))
    first = [m for m in bracket.matches if m.key.startswith("W1-")]
    # Each seed enters once, the best ones in round 2.
    entered = sorted(s.seed for m in bracket.matches for s in (m.from_a, m.from_b) if s.seed is not None)
    assert entered == list(range(1, n + 1))
    assert all(m.from_a.seed and m.from_b.seed for m in first)
    assert sorted(bracket_order(size)) == list(range(1, size + 1))


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 100), seed=st.integers(0, 10**6))
def test_every_player_plays_at_most_once_a_round_and_all_but_the_champion_lose_once(
    n: int, seed: int
) -> None:
    bracket = single_elimination(seeds=list(range(1, n + 1)))
    rng = random.Random(seed)
    progress, played = play_out(bracket, lambda state: rng.random() < 0.5)
    seen: set[tuple[int, int]] = set()
    for state in played:
        for pid in (state.player_a, state.player_b):
            assert pid is not None and (state.match.round, pid) not in seen
            seen.add((state.match.round, pid))
    losers = [s.loser for s in progress.states]
    assert len(losers) == len(set(losers)) == n - 1
    assert progress.champion is not None and progress.champion not in losers
