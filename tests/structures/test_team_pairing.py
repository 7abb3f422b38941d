"""Team Swiss: teams paired by the Swiss core as players, each team table played seat by seat."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.structures import SeatTable, Table, Team, check_teams, team_match_result, team_pair_round
from tournaments.swiss import MatchRecord, Player


def teams_of(size: int, count: int) -> list[Team]:
    """Return ``count`` teams of ``size``: team t (ids 100 + t) has players 10t + 1 ... 10t + size."""
    return [
        Team(
            id=100 + t,
            name=f"team{t}",
            members=tuple(Player(id=10 * t + s, name=f"p{10 * t + s}") for s in range(1, size + 1)),
        )
        for t in range(1, count + 1)
    ]


def test_it_seats_each_team_tables_members_seat_by_seat() -> None:
    teams = teams_of(3, 4)
    pairing = team_pair_round(teams=teams, history=[], round_number=1, seed=5)
    assert pairing.teams.kind == "swiss" and pairing.teams.number == 1
    assert len(pairing.teams.tables) == 2 and pairing.teams.byes == ()
    first = pairing.teams.tables[0]
    a, b = (first.a - 100) * 10, (first.b - 100) * 10
    assert pairing.seats[:3] == (
        SeatTable(table=1, team_table=1, seat=1, a=a + 1, b=b + 1),
        SeatTable(table=2, team_table=1, seat=2, a=a + 2, b=b + 2),
        SeatTable(table=3, team_table=1, seat=3, a=a + 3, b=b + 3),
    )
    assert [s.table for s in pairing.seats] == [1, 2, 3, 4, 5, 6]
    assert {s.team_table for s in pairing.seats[3:]} == {2}


def test_it_gives_an_odd_teams_bye_to_each_of_its_members() -> None:
    teams = teams_of(3, 5)
    pairing = team_pair_round(teams=teams, history=[], round_number=1, seed=2)
    (bye,) = pairing.teams.byes
    members = tuple(m.id for m in next(t for t in teams if t.id == bye).members)
    assert pairing.member_byes == members
    team_records, member_records = pairing.records_without_play(size=3)
    assert team_records == [MatchRecord(1, bye, None, 3, 0)]  # every seat won
    assert member_records == [MatchRecord.bye(round=1, player=pid) for pid in members]


def test_it_pairs_round_one_by_the_members_mean_rating() -> None:
    teams = teams_of(2, 4)
    # Means: team1 1900, team2 1500, team3 1700, team4 1200: top half v bottom half in order.
    ratings = {11: 2000.0, 12: 1800.0, 21: 1500.0, 22: 1500.0, 31: 1400.0, 32: 2000.0, 41: 1200.0}
    pairing = team_pair_round(
        teams=teams, history=[], round_number=1, seed=1, ratings={**ratings, 42: 1200.0}
    )
    assert pairing.teams.tables == (Table(1, 101, 102), Table(2, 103, 104))


def test_it_keeps_forbidden_teams_apart() -> None:
    teams = teams_of(3, 4)
    for seed in range(10):
        pairing = team_pair_round(teams=teams, history=[], round_number=1, seed=seed, forbidden=[(101, 102)])
        assert all({t.a, t.b} != {101, 102} for t in pairing.teams.tables)


def test_it_refuses_teams_that_cannot_play_together() -> None:
    with pytest.raises(ValueError, match="2 or 3 players, not \\[4\\]"):
        check_teams(teams_of(4, 2))
    with pytest.raises(ValueError, match="one size"):
        check_teams([*teams_of(2, 2), *teams_of(3, 3)[2:]])
    clash = teams_of(2, 2)
    clash[1] = Team(id=102, name="team2", members=(clash[0].members[0], Player(id=99, name="x")))
    with pytest.raises(ValueError, match="player 11 is in two teams"):
        check_teams(clash)
    with pytest.raises(ValueError, match="listed twice"):
        check_teams([teams_of(2, 1)[0], teams_of(2, 1)[0]])


@settings(max_examples=60, deadline=None)
@given(size=st.sampled_from([2, 3]), count=st.integers(2, 24), seed=st.integers(0, 10**6))
def test_no_two_teams_meet_twice_and_every_member_plays_once_a_round(
    size: int, count: int, seed: int
) -> None:
    teams = teams_of(size, count)
    by_id = {t.id: t for t in teams}
    rng = random.Random(seed)
    history: list[MatchRecord] = []
    met: set[frozenset[int]] = set()
    for number in range(1, min(3, count - 1) + 1):  # the Swiss rounds a field this size plays
        pairing = team_pair_round(teams=teams, history=history, round_number=number, seed=seed)
        seated = [pid for s in pairing.seats for pid in (s.a, s.b)] + list(pairing.member_byes)
        assert sorted(seated) == sorted(m.id for t in teams for m in t.members)
        for table in pairing.teams.tables:
            assert frozenset((table.a, table.b)) not in met
            met.add(frozenset((table.a, table.b)))
            seats = [
                MatchRecord(number, s.a, s.b, *rng.choice([(2, 0), (0, 2), (1, 1)]))
                for s in pairing.seats
                if s.team_table == table.number
            ]
            result = team_match_result(
                round=number, team_a=by_id[table.a], team_b=by_id[table.b], seats=seats
            )
            history.append(result.record)
        history += pairing.records_without_play(size=size)[0]
