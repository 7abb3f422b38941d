"""A dropped player in a round robin: results kept (forfeits after the drop) or voided for everyone."""

import pytest

from tournaments.structures import Table, round_robin_round, round_robin_standings
from tournaments.swiss import MatchRecord, Player

from .support import match

ANN, BEN, CAT, DAN = 1, 2, 3, 4
ENTRANTS = [ANN, BEN, CAT, DAN]
# The schedule: round 1 Ann v Dan, Ben v Cat; round 2 Dan v Ben, Cat v Ann; round 3 Cat v Dan, Ann v Ben.
# Round 1: Ann beats Dan 2-0, Cat beats Ben 2-1. Then Cat drops.
ROUND_ONE = [match(1, ANN, DAN, 2, 0), match(1, BEN, CAT, 1, 2)]


def players(*, cat_dropped: bool) -> list[Player]:
    return [
        Player(id=ANN, name="ann"),
        Player(id=BEN, name="ben"),
        Player(id=CAT, name="cat", dropped=cat_dropped),
        Player(id=DAN, name="dan"),
    ]


def test_keeping_results_turns_the_dropped_players_matches_left_into_forfeits() -> None:
    second = round_robin_round(entrants=ENTRANTS, round_number=2, dropped=[CAT], drop_policy="keep")
    assert second.tables == (Table(1, DAN, BEN), Table(2, CAT, ANN, forfeit=CAT))
    assert second.rests == ()
    assert second.records_without_play() == [MatchRecord(2, ANN, CAT, 2, 0)]


def test_voiding_results_rests_the_dropped_players_opponents() -> None:
    second = round_robin_round(entrants=ENTRANTS, round_number=2, dropped=[CAT], drop_policy="void")
    assert second.tables == (Table(1, DAN, BEN),)
    assert second.rests == (ANN,)
    assert second.records_without_play() == []


def test_two_dropped_players_have_no_match_and_a_dropped_player_no_rest() -> None:
    both = round_robin_round(entrants=ENTRANTS, round_number=1, dropped=[BEN, CAT])
    assert both.tables == (Table(1, ANN, DAN),) and both.rests == ()
    odd = round_robin_round(entrants=[1, 2, 3, 4, 5], round_number=1, dropped=[1])
    assert odd.rests == ()  # 1 would have rested


def test_kept_results_count_for_everyone_and_the_dropped_player_stays_in_place() -> None:
    # Round 2: Ben beats Dan 2-0; Ann wins by Cat's forfeit. Round 3: Dan wins by forfeit, Ann beats Ben 2-1.
    history = [
        *ROUND_ONE,
        match(2, DAN, BEN, 0, 2),
        *round_robin_round(entrants=ENTRANTS, round_number=2, dropped=[CAT]).records_without_play(),
        *round_robin_round(entrants=ENTRANTS, round_number=3, dropped=[CAT]).records_without_play(),
        match(3, ANN, BEN, 2, 1),
    ]
    standings = round_robin_standings(players=players(cat_dropped=True), history=history, drop_policy="keep")
    assert standings.drop_policy == "keep"
    # Ann 9; Ben, Cat and Dan 3 each, all with OMW 5/9. GW: Ben 12 of 24; Cat 6 of 21 and Dan 6 of
    # 18, both 1/3 (floor), with the same OGW (Ann, Ben and each other): by name.
    assert [(r.rank, r.name, r.match_points, r.played, r.dropped, r.voided) for r in standings.rows] == [
        (1, "ann", 9, 3, False, False),
        (2, "ben", 3, 3, False, False),
        (3, "cat", 3, 3, True, False),
        (4, "dan", 3, 3, False, False),
    ]
    assert standings.rows[1].tiebreaker("gw") == 0.5


def test_voided_results_are_struck_for_everyone_and_the_dropped_player_is_listed_last() -> None:
    # Round 2: Ben beats Dan 2-0, Ann rests. Round 3: Ann beats Ben 2-1, Dan rests.
    history = [*ROUND_ONE, match(2, DAN, BEN, 0, 2), match(3, ANN, BEN, 2, 1)]
    standings = round_robin_standings(players=players(cat_dropped=True), history=history, drop_policy="void")
    assert standings.drop_policy == "void"
    # Ben's loss to Cat is struck: Ann 6, Ben 3 (1-1), Dan 0. Cat keeps their own figures, marked voided.
    assert [(r.rank, r.name, r.match_points, r.wins, r.losses, r.voided) for r in standings.rows] == [
        (1, "ann", 6, 2, 0, False),
        (2, "ben", 3, 1, 1, False),
        (3, "dan", 0, 0, 2, False),
        (4, "cat", 3, 1, 0, True),
    ]
    assert standings.rows[3].tiebreakers == (("mwp", None), ("omw", None), ("gw", None), ("ogw", None))
    assert standings.rows[1].tiebreaker("omw") == 0.6667  # Dan (1/3) and Ann (1): Cat is nobody
    assert standings.rows[3].as_dict()["voided"] is True
    assert "voided" not in standings.rows[0].as_dict()


def test_a_player_who_has_not_dropped_is_never_voided() -> None:
    standings = round_robin_standings(
        players=players(cat_dropped=False), history=ROUND_ONE, drop_policy="void"
    )
    # Ben (1-2 against Cat, GW 1/3) and Dan (0-2 against Ann, GW 1/3 by the floor) are level
    # until OGW: Ann won every game, Cat 2 of 3.
    assert [(r.name, r.match_points, r.voided) for r in standings.rows] == [
        ("ann", 3, False),
        ("cat", 3, False),
        ("dan", 0, False),
        ("ben", 0, False),
    ]


def test_a_forfeit_is_by_a_player_at_the_table() -> None:
    with pytest.raises(ValueError, match="does not play at table 3"):
        Table(3, ANN, BEN, forfeit=CAT)
    with pytest.raises(ValueError, match="cannot play themself"):
        Table(3, ANN, ANN)
