"""Round robin standings: match points, then the event's tiebreakers (head-to-head, Sonneborn-Berger, ...)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.structures import round_robin_schedule, round_robin_standings
from tournaments.swiss import MatchRecord, Player

ZOE, YAN, XIA, WES = 1, 2, 3, 4
PLAYERS = [
    Player(id=ZOE, name="zoe"),
    Player(id=YAN, name="yan"),
    Player(id=XIA, name="xia"),
    Player(id=WES, name="wes"),
]
# Zoe beats Yan and Xia, loses to Wes: 6. Yan beats Xia and Wes: 6. Xia beats Wes: 3. Wes beats Zoe: 3.
WINNER = {
    frozenset((ZOE, YAN)): ZOE,
    frozenset((ZOE, XIA)): ZOE,
    frozenset((ZOE, WES)): WES,
    frozenset((YAN, XIA)): YAN,
    frozenset((YAN, WES)): YAN,
    frozenset((XIA, WES)): XIA,
}


def played() -> list[MatchRecord]:
    history = []
    for rnd in round_robin_schedule(entrants=[ZOE, YAN, XIA, WES]):
        for t in rnd.tables:
            a_won = WINNER[frozenset((t.a, t.b))] == t.a
            history.append(MatchRecord(rnd.number, t.a, t.b, 2 if a_won else 0, 0 if a_won else 2))
    return history


def names(tiebreakers: list[str]) -> list[str]:
    standings = round_robin_standings(players=PLAYERS, history=played(), tiebreakers=tiebreakers)
    return [row.name for row in standings.rows]


def test_it_ranks_a_tie_by_the_match_between_the_tied_players_on_head_to_head() -> None:
    assert names([]) == ["yan", "zoe", "wes", "xia"]  # level pairs by name
    assert names(["head_to_head"]) == ["zoe", "yan", "xia", "wes"]


def test_it_ranks_a_tie_by_the_points_of_the_players_beaten_on_sonneborn_berger() -> None:
    # Zoe beat Yan (6) and Xia (3): 9; Yan beat Xia and Wes: 6; Wes beat Zoe: 6; Xia beat Wes: 3.
    standings = round_robin_standings(players=PLAYERS, history=played(), tiebreakers=["sonneborn_berger"])
    assert [(row.name, row.tiebreaker("sonneborn_berger")) for row in standings.rows] == [
        ("zoe", 9.0),
        ("yan", 6.0),
        ("wes", 6.0),
        ("xia", 3.0),
    ]
    assert standings.profile == ("sonneborn_berger",)


def test_it_shapes_each_line_as_the_api_does() -> None:
    standings = round_robin_standings(
        players=PLAYERS, history=played(), tiebreakers=["head_to_head", "buchholz"]
    )
    assert standings.rows[0].as_dict() == {
        "rank": 1,
        "username": "zoe",
        "match_points": 6,
        "wins": 2,
        "losses": 1,
        "draws": 0,
        "played": 3,
        "head_to_head": 3,
        "buchholz": 12,
        "dropped": False,
    }


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 16), seed=st.integers(0, 10**6))
def test_in_a_complete_round_robin_buchholz_is_everyone_elses_points(n: int, seed: int) -> None:
    rng = random.Random(seed)
    players = [Player(id=i, name=f"p{i:02d}") for i in range(n)]
    history = []
    for rnd in round_robin_schedule(entrants=[p.id for p in players]):
        for t in rnd.tables:
            wins = rng.choice([(2, 0, 0), (0, 2, 0), (1, 1, 1), (2, 1, 0)])
            history.append(MatchRecord(rnd.number, t.a, t.b, *wins))
    rows = round_robin_standings(players=players, history=history, tiebreakers=["buchholz"]).rows
    total = sum(row.match_points for row in rows)
    for row in rows:
        assert row.played == n - 1
        assert row.tiebreaker("buchholz") == total - row.match_points
    assert [row.match_points for row in rows] == sorted((row.match_points for row in rows), reverse=True)
