"""Byes: an odd field gives exactly one, to the lowest-ranked player who has not had one."""

from collections.abc import Iterator
from unittest import mock

import pytest

from tournaments.swiss import MatchRecord, Player, compute_standings, pair_round
from tournaments.swiss import pairing as pairing_module

from .support import roster

PATHS = {"exact": 10**9, "by groups": 0}


@pytest.fixture(params=list(PATHS), autouse=True)
def path(request: pytest.FixtureRequest) -> Iterator[str]:
    with mock.patch.object(pairing_module, "EXACT_LIMIT", PATHS[request.param]):
        yield request.param


def win(number: int, winner: int, loser: int, games: tuple[int, int] = (2, 0)) -> MatchRecord:
    return MatchRecord(round=number, a=winner, b=loser, wins_a=games[0], wins_b=games[1])


def test_it_gives_the_bye_to_the_lowest_ranked_player() -> None:
    # 2 and 4 both lost; 4's opponent won less convincingly, so 4 is lower on OGW.
    players = roster(5)
    history = [win(1, 1, 2), win(1, 3, 4, (2, 1)), MatchRecord.bye(round=1, player=5)]
    assert [s.player_id for s in compute_standings(players=players, history=history)][-1] == 4
    pairing = pair_round(players=players, history=history, round_number=2, seed=3)
    assert pairing.bye == 4


def test_it_gives_the_bye_to_a_leader_rather_than_a_second_bye_to_anyone() -> None:
    players = roster(3)
    history = [
        win(1, 1, 2),
        MatchRecord.bye(round=1, player=3),
        win(2, 1, 3),
        MatchRecord.bye(round=2, player=2),
    ]
    pairing = pair_round(players=players, history=history, round_number=3, seed=3)
    assert pairing.bye == 1
    assert pairing.pairs == ((2, 3),) or pairing.pairs == ((3, 2),)


def test_it_moves_the_bye_up_when_the_others_could_only_rematch() -> None:
    # A beat B in round 1; C joins late in round 2, lowest of all, but if C sat out A and B would
    # have to meet again: the bye goes to the next one up, B.
    a, b = Player(id=1, name="a"), Player(id=2, name="b")
    c = Player(id=3, name="c", late_round=2)
    history = [win(1, 1, 2), MatchRecord.missed(round=1, player=3)]
    assert [s.player_id for s in compute_standings(players=[a, b, c], history=history)] == [1, 2, 3]
    pairing = pair_round(players=[a, b, c], history=history, round_number=2, seed=1)
    assert pairing.bye == 2
    assert pairing.pairs == ((1, 3),)


def test_it_records_the_bye_as_a_two_nil_match_win() -> None:
    players = roster(3)
    pairing = pair_round(players=players, history=[], round_number=1, seed=9)
    assert pairing.bye is not None
    record = pairing.bye_record()
    assert record == MatchRecord(round=1, a=pairing.bye, b=None, wins_a=2, wins_b=0, draws=0)
    (line,) = [s for s in compute_standings(players=players, history=[record]) if s.player_id == pairing.bye]
    assert (line.match_points, line.wins, line.gw, line.omw) == (3, 1, 1.0, 0.3333)


def test_it_gives_no_bye_to_an_even_field() -> None:
    pairing = pair_round(players=roster(6), history=[], round_number=1, seed=9)
    assert pairing.bye is None
    assert pairing.bye_record() is None
