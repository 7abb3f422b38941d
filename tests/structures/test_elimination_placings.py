"""Placings of an elimination event: by the round a player went out in, ties by seed or by the tiebreakers."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.structures import (
    DEFAULT_PROFILE,
    bracket_progress,
    double_elimination,
    elimination_standings,
    single_elimination,
)
from tournaments.swiss import MatchRecord, Player

from .support import better_seed_wins, play_out, roster

EIGHT = roster(8, first_id=101)
SEEDS = [p.id for p in EIGHT]
# Quarterfinals: 101 beats 108 2-0, 105 beats 104 2-1, 102 beats 107 2-0, 106 beats 103 2-0.
# Semifinals: 101 beats 105 2-0, 106 beats 102 2-1. Final: 106 beats 101 2-0.
QUARTERFINALS = {
    "W1-1": MatchRecord(1, 101, 108, 2, 0),
    "W1-2": MatchRecord(1, 104, 105, 1, 2),
    "W1-3": MatchRecord(1, 102, 107, 2, 0),
    "W1-4": MatchRecord(1, 103, 106, 0, 2),
}
LATER = {
    "W2-1": MatchRecord(2, 101, 105, 2, 0),
    "W2-2": MatchRecord(2, 102, 106, 1, 2),
    "W3-1": MatchRecord(3, 101, 106, 0, 2),
}


def placings(
    results: dict[str, MatchRecord], **options: object
) -> list[tuple[int, int, str | None, tuple[int, int]]]:
    progress = bracket_progress(bracket=single_elimination(seeds=SEEDS), results=results)
    standings = elimination_standings(progress=progress, players=EIGHT, **options)  # type: ignore[arg-type]
    return [(row.rank, row.player_id, row.eliminated_in, row.places) for row in standings.rows]


def test_it_places_a_single_elimination_by_round_of_elimination_then_by_seed() -> None:
    assert placings({**QUARTERFINALS, **LATER}) == [
        (1, 106, None, (1, 1)),
        (2, 101, "final", (2, 2)),
        (3, 102, "semifinal", (3, 4)),
        (4, 105, "semifinal", (3, 4)),
        (5, 103, "quarterfinal", (5, 8)),
        (6, 104, "quarterfinal", (5, 8)),
        (7, 107, "quarterfinal", (5, 8)),
        (8, 108, "quarterfinal", (5, 8)),
    ]


def test_it_breaks_the_ties_inside_a_round_by_the_events_tiebreakers_when_it_says_so() -> None:
    # The quarterfinals' losers all have 0 points (MW% 1/3). OMW is their winner's MW%: 103 lost
    # to 106 (3-0: 1), 108 to 101 (2-1: 2/3), 104 to 105 and 107 to 102 (both 1-1: 1/2). GW:
    # 104 (1-2) and 107 (0-2) both 1/3. OGW: 105 won 6 game points of 15 (2/5), 102 9 of 15 (3/5).
    progress = bracket_progress(bracket=single_elimination(seeds=SEEDS), results={**QUARTERFINALS, **LATER})
    standings = elimination_standings(progress=progress, players=EIGHT, tie_break="tiebreakers")
    assert (standings.tie_break, standings.profile) == ("tiebreakers", DEFAULT_PROFILE)
    assert [(row.rank, row.player_id) for row in standings.rows[4:]] == [
        (5, 103),
        (6, 108),
        (7, 107),
        (8, 104),
    ]
    assert dict(standings.rows[6].tiebreakers) == {"mwp": 0.3333, "omw": 0.5, "gw": 0.3333, "ogw": 0.6}
    by_seed = elimination_standings(progress=progress, players=EIGHT)
    assert (by_seed.tie_break, by_seed.profile) == ("seed", ())
    assert all(row.tiebreakers == () for row in by_seed.rows)


def test_while_the_event_runs_the_players_still_in_come_first_by_seed() -> None:
    progress = bracket_progress(bracket=single_elimination(seeds=SEEDS), results=QUARTERFINALS)
    rows = elimination_standings(progress=progress, players=EIGHT).rows
    assert [(r.rank, r.player_id, r.still_in, r.places) for r in rows[:4]] == [
        (1, 101, True, (1, 4)),
        (2, 102, True, (1, 4)),
        (3, 105, True, (1, 4)),
        (4, 106, True, (1, 4)),
    ]
    assert [(r.player_id, r.still_in, r.places, r.wins, r.losses) for r in rows[4:5]] == [
        (103, False, (5, 8), 0, 1)
    ]


def test_it_places_a_double_elimination_third_fourth_then_by_twos() -> None:
    bracket = double_elimination(seeds=SEEDS)
    progress, _ = play_out(bracket, better_seed_wins(bracket))
    rows = elimination_standings(progress=progress, players=EIGHT).rows
    # The better seed wins everything: 2 loses the winners' final to 1, comes back through the
    # losers' final (beating 3) and loses the grand final; 4 went out in losers' round 3, 5 and 6
    # in round 2, 7 and 8 in round 1.
    assert [(r.rank, r.player_id, r.eliminated_in, r.places, r.wins, r.losses) for r in rows] == [
        (1, 101, None, (1, 1), 4, 0),
        (2, 102, "grand_final", (2, 2), 3, 2),
        (3, 103, "losers_4", (3, 3), 3, 2),
        (4, 104, "losers_3", (4, 4), 2, 2),
        (5, 105, "losers_2", (5, 6), 1, 2),
        (6, 106, "losers_2", (5, 6), 1, 2),
        (7, 107, "losers_1", (7, 8), 0, 2),
        (8, 108, "losers_1", (7, 8), 0, 2),
    ]


def test_the_reset_decides_second_place_when_it_is_played() -> None:
    four = roster(4, first_id=11)
    bracket = double_elimination(seeds=[p.id for p in four], grand_final_reset=True)
    # 11 wins the winners' bracket; 12 comes back through the losers' bracket, wins the first
    # grand final and loses the reset.
    progress, _ = play_out(
        bracket,
        lambda s: s.match.key == "GF2" or (s.match.key != "GF1" and (s.player_a or 0) < (s.player_b or 0)),
    )
    rows = elimination_standings(progress=progress, players=four).rows
    assert [(r.player_id, r.eliminated_in, r.wins, r.losses) for r in rows[:2]] == [
        (11, None, 3, 1),
        (12, "grand_final_reset", 3, 2),
    ]


def test_it_shapes_each_line_as_the_api_does() -> None:
    progress = bracket_progress(bracket=single_elimination(seeds=SEEDS), results={**QUARTERFINALS, **LATER})
    dropped = [Player(id=p.id, name=p.name, dropped=p.id == 108) for p in EIGHT]
    rows = elimination_standings(
        progress=progress, players=dropped, tie_break="tiebreakers", tiebreakers=["omw"]
    ).rows
    assert rows[5].as_dict() == {
        "rank": 6,
        "username": "player0108",
        "seed": 8,
        "eliminated_in": "quarterfinal",
        "places": [5, 8],
        "still_in": False,
        "wins": 0,
        "losses": 1,
        "omw": 0.6667,
        "dropped": True,
    }


def test_it_refuses_an_unknown_tie_break_or_a_seed_without_a_player() -> None:
    progress = bracket_progress(bracket=single_elimination(seeds=SEEDS), results={})
    with pytest.raises(ValueError, match="unknown tie break 'rating'"):
        elimination_standings(progress=progress, players=EIGHT, tie_break="rating")
    with pytest.raises(ValueError, match=r"missing from the players: \[108\]"):
        elimination_standings(progress=progress, players=EIGHT[:7])


@settings(max_examples=80, deadline=None)
@given(
    n=st.integers(2, 80),
    double=st.booleans(),
    reset=st.booleans(),
    tie_break=st.sampled_from(["seed", "tiebreakers"]),
    seed=st.integers(0, 10**6),
    data=st.data(),
)
def test_placings_are_a_permutation_with_shared_places_by_round(
    n: int, double: bool, reset: bool, tie_break: str, seed: int, data: st.DataObject
) -> None:
    players = roster(n)
    seeds = [p.id for p in players]
    bracket = (
        double_elimination(seeds=seeds, grand_final_reset=reset)
        if double
        else single_elimination(seeds=seeds)
    )
    dropped = data.draw(st.lists(st.sampled_from(seeds), max_size=3, unique=True))
    rng = random.Random(seed)
    finished = data.draw(st.booleans())
    progress, _ = play_out(
        bracket,
        lambda state: rng.random() < 0.5,
        dropped=dropped,
        stop=lambda state: not finished and rng.random() < 0.05,
    )
    rows = elimination_standings(progress=progress, players=players, tie_break=tie_break).rows
    assert sorted(r.player_id for r in rows) == seeds
    assert [r.rank for r in rows] == list(range(1, n + 1))
    for row in rows:
        first, last = row.places
        assert first <= row.rank <= last
        sharing = [r for r in rows if r.places == row.places]
        assert len(sharing) == last - first + 1
        assert {r.eliminated_in for r in sharing} == {row.eliminated_in}
    if finished:
        assert rows[0].player_id == progress.champion and rows[0].places == (1, 1)
        assert not any(r.still_in for r in rows)
