"""The number of rounds, and the inputs a pairing refuses."""

import pytest

from tournaments.swiss import MatchRecord, Player, compute_standings, pair_round, recommended_rounds

from .support import roster


@pytest.mark.parametrize(
    ("players", "rounds"),
    [
        (0, 0),
        (1, 0),
        (2, 1),
        (3, 2),
        (4, 2),
        (5, 3),
        (8, 3),
        (9, 5),
        (32, 5),
        (33, 6),
        (64, 6),
        (65, 7),
        (128, 7),
        (129, 8),
        (226, 8),
        (227, 9),
        (409, 9),
        (410, 10),
        (8192, 10),
    ],
)
def test_it_recommends_the_rounds_of_the_magic_tournament_rules(players: int, rounds: int) -> None:
    assert recommended_rounds(players) == rounds


def test_it_refuses_a_negative_number_of_players() -> None:
    with pytest.raises(ValueError):
        recommended_rounds(-1)


def test_it_refuses_a_history_that_already_holds_the_round() -> None:
    history = [MatchRecord(round=2, a=1, b=2, wins_a=2, wins_b=0)]
    with pytest.raises(ValueError, match="round 2"):
        pair_round(players=roster(4), history=history, round_number=2, seed=1)


def test_it_refuses_round_zero() -> None:
    with pytest.raises(ValueError):
        pair_round(players=roster(4), history=[], round_number=0, seed=1)


def test_it_refuses_a_record_of_an_unknown_player() -> None:
    history = [MatchRecord(round=1, a=1, b=99, wins_a=2, wins_b=0)]
    with pytest.raises(ValueError, match="unknown player 99"):
        pair_round(players=roster(4), history=history, round_number=2, seed=1)


def test_it_refuses_a_player_listed_twice() -> None:
    with pytest.raises(ValueError, match="twice"):
        pair_round(players=[*roster(2), Player(id=1, name="again")], history=[], round_number=1, seed=1)


def test_it_refuses_a_player_in_two_matches_of_one_round() -> None:
    history = [
        MatchRecord(round=1, a=1, b=2, wins_a=2, wins_b=0),
        MatchRecord(round=1, a=1, b=3, wins_a=2, wins_b=0),
    ]
    with pytest.raises(ValueError, match="two matches in round 1"):
        pair_round(players=roster(4), history=history, round_number=2, seed=1)


def test_it_seats_the_better_ranked_player_first_and_the_top_at_table_one() -> None:
    # 1 beat 2 2-0 and 3 beat 4 2-1: the standings are 1, 3 (lower GW), 2 (better OGW), 4.
    players = roster(4)
    history = [
        MatchRecord(round=1, a=1, b=2, wins_a=2, wins_b=0),
        MatchRecord(round=1, a=3, b=4, wins_a=2, wins_b=1),
    ]
    assert [s.player_id for s in compute_standings(players=players, history=history)] == [1, 3, 2, 4]
    for seed in range(5):
        assert pair_round(players=players, history=history, round_number=2, seed=seed).pairs == (
            (1, 3),
            (2, 4),
        )
