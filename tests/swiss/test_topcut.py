"""The top cut: seeds 1v8, 4v5, 2v7, 3v6 in bracket order; winners meet; no draws."""

import pytest

from tournaments.swiss import (
    DrawnTopCutError,
    MatchRecord,
    Player,
    compute_standings,
    next_top_cut_round,
    top_cut_pairings,
    top_cut_seeds,
    top_cut_winner,
)

# Player ids that are not their seed numbers, so a mix-up shows.
SEEDED = [101, 102, 103, 104, 105, 106, 107, 108]


def test_it_pairs_a_top_eight_in_bracket_order() -> None:
    assert top_cut_pairings(SEEDED) == [(101, 108), (104, 105), (102, 107), (103, 106)]


def test_it_pairs_a_top_four_and_a_top_two() -> None:
    assert top_cut_pairings(SEEDED[:4]) == [(101, 104), (102, 103)]
    assert top_cut_pairings(SEEDED[:2]) == [(101, 102)]


def test_it_pairs_a_top_sixteen_keeping_the_top_seeds_apart() -> None:
    seeds = list(range(1, 17))
    assert top_cut_pairings(seeds) == [
        (1, 16), (8, 9), (4, 13), (5, 12), (2, 15), (7, 10), (3, 14), (6, 11),
    ]  # fmt: skip


@pytest.mark.parametrize("size", [0, 1, 3, 6, 12])
def test_it_refuses_a_top_cut_that_is_not_a_power_of_two(size: int) -> None:
    with pytest.raises(ValueError, match="power of two"):
        top_cut_pairings(list(range(size)))


def test_it_refuses_a_player_seeded_twice() -> None:
    with pytest.raises(ValueError, match="twice"):
        top_cut_pairings([1, 2, 3, 1])


def test_it_pairs_the_winners_of_1v8_and_4v5_then_of_2v7_and_3v6() -> None:
    quarterfinals = [(101, 108, 108), (104, 105, 104), (102, 107, 102), (103, 106, 106)]
    assert next_top_cut_round(quarterfinals) == [(108, 104), (102, 106)]
    assert next_top_cut_round(quarterfinals, seeds=SEEDED) == [(104, 108), (102, 106)]


def test_it_plays_a_final_after_the_semifinals_and_nothing_after_the_final() -> None:
    semifinals = [(104, 108, 104), (102, 106, 106)]
    assert next_top_cut_round(semifinals, seeds=SEEDED) == [(104, 106)]
    assert next_top_cut_round([(104, 106, 106)]) == []


def test_it_refuses_a_winner_who_did_not_play_the_match() -> None:
    with pytest.raises(ValueError, match="cannot win"):
        next_top_cut_round([(1, 2, 3), (4, 5, 4)])


def test_it_decides_the_winner_on_games_won() -> None:
    assert top_cut_winner(a=7, b=9, wins_a=2, wins_b=1) == 7
    assert top_cut_winner(a=7, b=9, wins_a=0, wins_b=2, draws=1) == 9
    assert top_cut_winner(a=7, b=9, wins_a=2, wins_b=1, draws=3) == 7  # drawn games do not count


@pytest.mark.parametrize(("wins_a", "wins_b", "draws"), [(1, 1, 1), (1, 1, 0), (0, 0, 3), (0, 0, 0)])
def test_it_refuses_a_drawn_top_cut_match(wins_a: int, wins_b: int, draws: int) -> None:
    with pytest.raises(DrawnTopCutError, match="cannot end in a draw") as refused:
        top_cut_winner(a=7, b=9, wins_a=wins_a, wins_b=wins_b, draws=draws)
    assert refused.value.code == "top_cut_draw"
    assert isinstance(refused.value, ValueError)


def test_it_refuses_a_negative_game_count() -> None:
    with pytest.raises(ValueError):
        top_cut_winner(a=7, b=9, wins_a=-1, wins_b=2)


def test_it_seeds_the_top_of_the_standings_skipping_dropped_players() -> None:
    players = [Player(id=i, name=f"p{i}", dropped=(i == 2)) for i in range(1, 7)]
    # 1 > 2 > 3 > 4 > 5 > 6 on match points; 2 dropped after winning twice.
    history = [
        MatchRecord(round=1, a=1, b=6, wins_a=2, wins_b=0),
        MatchRecord(round=1, a=2, b=5, wins_a=2, wins_b=0),
        MatchRecord(round=1, a=3, b=4, wins_a=2, wins_b=0),
        MatchRecord(round=2, a=1, b=3, wins_a=2, wins_b=0),
        MatchRecord(round=2, a=2, b=4, wins_a=2, wins_b=0),
        MatchRecord(round=2, a=5, b=6, wins_a=2, wins_b=0),
        MatchRecord(round=3, a=1, b=2, wins_a=2, wins_b=0),
        MatchRecord(round=3, a=3, b=5, wins_a=2, wins_b=0),
        MatchRecord(round=3, a=4, b=6, wins_a=2, wins_b=0),
    ]
    standings = compute_standings(players=players, history=history)
    assert [s.player_id for s in standings] == [1, 2, 3, 4, 5, 6]
    assert top_cut_seeds(standings, 4) == [1, 3, 4, 5]
    with pytest.raises(ValueError, match="needs 8"):
        top_cut_seeds(standings, 8)
