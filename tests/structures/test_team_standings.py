"""Team standings: by match points, then the tiebreakers over team matches; each row lists the members."""

from tournaments.structures import Team, team_bye_record, team_match_result, team_standings
from tournaments.swiss import MatchRecord, Player


def team(tid: int, name: str) -> Team:
    return Team(
        id=tid,
        name=name,
        members=(Player(id=10 * tid + 1, name=f"{name}1"), Player(id=10 * tid + 2, name=f"{name}2")),
    )


RED, BLUE, GOLD = team(1, "red"), team(2, "blue"), team(3, "gold")


def seat(number: int, a: int, b: int, wins_a: int, wins_b: int) -> MatchRecord:
    return MatchRecord(round=number, a=a, b=b, wins_a=wins_a, wins_b=wins_b)


def history() -> list[MatchRecord]:
    # Round 1: red beats blue on both seats, gold has the bye. Round 2: gold and red split the
    # seats (a drawn team match), blue has the bye.
    return [
        team_match_result(
            round=1, team_a=RED, team_b=BLUE, seats=[seat(1, 11, 21, 2, 0), seat(1, 12, 22, 2, 1)]
        ).record,
        team_bye_record(round=1, team=GOLD.id, size=2),
        team_match_result(
            round=2, team_a=GOLD, team_b=RED, seats=[seat(2, 31, 11, 2, 0), seat(2, 32, 12, 0, 2)]
        ).record,
        team_bye_record(round=2, team=BLUE.id, size=2),
    ]


def test_it_ranks_teams_by_match_points_then_the_tiebreakers_on_seats() -> None:
    rows = team_standings(teams=[RED, BLUE, GOLD], history=history(), tiebreakers=["gw", "omw"])
    # Seats are games. Red: a win and a draw, 4 points, 3 seats won of 4: GW 9/12. Gold: the bye
    # (both seats) and the draw, 4 points, GW 9/12. OMW: red met blue (3/6 -> 1/2) and gold
    # (4/6): 7/12; gold met red (4/6). Blue: the bye, 3 points, 2 seats of 4; met red (4/6).
    assert [(r.rank, r.name, r.match_points, r.tiebreakers) for r in rows] == [
        (1, "gold", 4, (("gw", 0.75), ("omw", 0.6667))),
        (2, "red", 4, (("gw", 0.75), ("omw", 0.5833))),
        (3, "blue", 3, (("gw", 0.5), ("omw", 0.6667))),
    ]
    assert [m.id for m in rows[0].members] == [31, 32]


def test_it_shapes_each_line_as_the_api_does_with_the_team_and_its_members() -> None:
    rows = team_standings(teams=[RED, BLUE, GOLD], history=history(), tiebreakers=["omw"])
    assert rows[1].as_dict() == {
        "rank": 2,
        "team": "red",
        "members": ["red1", "red2"],
        "match_points": 4,
        "wins": 1,
        "losses": 0,
        "draws": 1,
        "played": 2,
        "omw": 0.5833,
        "dropped": False,
    }
