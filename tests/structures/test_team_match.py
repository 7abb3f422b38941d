"""A team match: the members' matches seat by seat, won by winning more of them; level is a draw."""

import pytest

from tournaments.structures import Team, team_match_result
from tournaments.swiss import MatchRecord, Player

RED2 = Team(id=1, name="red", members=(Player(id=11, name="r1"), Player(id=12, name="r2")))
BLUE2 = Team(id=2, name="blue", members=(Player(id=21, name="b1"), Player(id=22, name="b2")))
RED3 = Team(id=1, name="red", members=(*RED2.members, Player(id=13, name="r3")))
BLUE3 = Team(id=2, name="blue", members=(*BLUE2.members, Player(id=23, name="b3")))


def seat(a: int, b: int, wins_a: int, wins_b: int, draws: int = 0) -> MatchRecord:
    return MatchRecord(round=4, a=a, b=b, wins_a=wins_a, wins_b=wins_b, draws=draws)


def test_the_team_that_wins_more_seats_wins_the_match() -> None:
    result = team_match_result(
        round=4, team_a=RED3, team_b=BLUE3, seats=[seat(11, 21, 2, 1), seat(12, 22, 0, 2), seat(13, 23, 2, 0)]
    )
    assert (result.winner, result.decided) == (1, True)
    # As a match record, seats are games: the team's game-win % is its seat-win %.
    assert result.record == MatchRecord(round=4, a=1, b=2, wins_a=2, wins_b=1, draws=0)


def test_a_seat_result_may_name_either_player_first() -> None:
    result = team_match_result(
        round=4, team_a=RED2, team_b=BLUE2, seats=[seat(21, 11, 2, 0), seat(22, 12, 1, 2)]
    )
    assert result.record == MatchRecord(round=4, a=1, b=2, wins_a=1, wins_b=1)


def test_two_player_teams_splitting_the_seats_draw() -> None:
    result = team_match_result(
        round=4, team_a=RED2, team_b=BLUE2, seats=[seat(11, 21, 2, 0), seat(12, 22, 0, 2)]
    )
    assert (result.winner, result.decided) == (None, True)
    assert (result.record.wins_a, result.record.wins_b, result.record.draws) == (1, 1, 0)


def test_three_player_teams_with_a_drawn_seat_and_one_seat_each_draw() -> None:
    seats = [seat(11, 21, 2, 0), seat(12, 22, 1, 1, 1), seat(13, 23, 0, 2)]
    result = team_match_result(round=4, team_a=RED3, team_b=BLUE3, seats=seats)
    assert (result.winner, result.decided) == (None, True)
    assert (result.record.wins_a, result.record.wins_b, result.record.draws) == (1, 1, 1)


def test_a_team_match_is_decided_once_a_team_has_won_more_than_half_the_seats() -> None:
    decided = team_match_result(
        round=4, team_a=RED3, team_b=BLUE3, seats=[seat(11, 21, 0, 2), None, seat(13, 23, 1, 2)]
    )
    assert (decided.winner, decided.decided) == (2, True)
    assert (decided.record.wins_a, decided.record.wins_b) == (0, 2)
    open_match = team_match_result(round=4, team_a=RED3, team_b=BLUE3, seats=[seat(11, 21, 0, 2), None, None])
    assert (open_match.winner, open_match.decided) == (None, False)
    level = team_match_result(round=4, team_a=RED2, team_b=BLUE2, seats=[seat(11, 21, 2, 0), None])
    assert (level.winner, level.decided) == (None, False)  # one seat of two: not more than half


def test_it_refuses_seats_that_are_not_the_teams() -> None:
    with pytest.raises(ValueError, match="seat 2 is player 12 against player 22, not 12 against 21"):
        team_match_result(round=4, team_a=RED2, team_b=BLUE2, seats=[seat(11, 21, 2, 0), seat(12, 21, 2, 0)])
    with pytest.raises(ValueError, match="has 2 seats, not 3"):
        team_match_result(round=4, team_a=RED2, team_b=BLUE2, seats=[None, None, None])
