"""Tiebreakers: each one computed exactly and shown rounded, in the event's order, after match points.

The expected figures below are worked out by hand in the comments.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.structures import DEFAULT_PROFILE, TIEBREAKERS, check_profile, rank_by_profile
from tournaments.swiss import MatchRecord, Player, compute_standings

from .support import PERCENTAGES, match, reference_values, shown

ANN, BEN, CAT, DAN, EVE = 1, 2, 3, 4, 5
FIVE = [
    Player(id=i, name=n) for i, n in ((ANN, "ann"), (BEN, "ben"), (CAT, "cat"), (DAN, "dan"), (EVE, "eve"))
]
# Round 1: Ann beats Ben 2-1, Cat and Dan draw 1-1-1, Eve has the bye.
# Round 2: Eve beats Ann 2-0, Cat beats Ben 2-0, Dan has the bye.
# Round 3: Eve and Cat draw 1-1-1, Ann beats Dan 2-1.
# Match points: Eve 7, Ann 6, Cat 5, Dan 4, Ben 0.
FIVE_HISTORY = [
    match(1, ANN, BEN, 2, 1),
    match(1, CAT, DAN, 1, 1, 1),
    MatchRecord.bye(round=1, player=EVE),
    match(2, EVE, ANN, 2, 0),
    match(2, BEN, CAT, 0, 2),
    MatchRecord.bye(round=2, player=DAN),
    match(3, EVE, CAT, 1, 1, 1),
    match(3, ANN, DAN, 2, 1),
]
EVERY = list(TIEBREAKERS)


def values_of(key: str) -> dict[int, object]:
    ranking = rank_by_profile(players=FIVE, history=FIVE_HISTORY, profile=[key])
    return {pid: ranking.values[pid][0] for pid in ranking.order}


def test_it_computes_the_match_win_percentage_floored_at_a_third() -> None:
    # Ann 6/9, Ben 0/6 -> 1/3, Cat 5/9, Dan 4/9 (the bye counts as a round won), Eve 7/9.
    assert values_of("mwp") == {EVE: 0.7778, ANN: 0.6667, CAT: 0.5556, DAN: 0.4444, BEN: 0.3333}


def test_it_computes_the_opponents_opponents_match_win_percentage() -> None:
    # OMW: Ann 14/27 (Ben, Eve, Dan), Ben 11/18 (Ann, Cat), Cat 14/27, Dan 11/18, Eve 11/18.
    # OOMW: Ann, Cat: their three opponents all have 11/18. Ben, Dan, Eve: both of theirs 14/27.
    assert values_of("oomw") == {EVE: 0.5185, ANN: 0.6111, CAT: 0.6111, DAN: 0.5185, BEN: 0.5185}


def test_it_sums_the_opponents_match_points_for_buchholz() -> None:
    # Ann: Ben 0 + Eve 7 + Dan 4. Ben: Ann 6 + Cat 5. Cat: Dan 4 + Ben 0 + Eve 7. Dan: Cat 5 +
    # Ann 6. Eve: Ann 6 + Cat 5. Byes are nobody.
    assert values_of("buchholz") == {EVE: 11, ANN: 11, CAT: 11, DAN: 11, BEN: 11}


def test_it_drops_the_best_and_the_worst_opponent_for_median_buchholz() -> None:
    # Ann and Cat met 0, 4 and 7: 4 is left. The others met only two players: their Buchholz.
    assert values_of("median_buchholz") == {EVE: 11, ANN: 4, CAT: 4, DAN: 11, BEN: 11}


def test_it_counts_the_opponents_beaten_and_half_those_drawn_for_sonneborn_berger() -> None:
    # Eve beat Ann (6) and drew with Cat (5/2). Ann beat Ben (0) and Dan (4). Cat drew with Dan
    # (4/2) and Eve (7/2) and beat Ben (0). Dan drew with Cat (5/2). Ben beat nobody.
    assert values_of("sonneborn_berger") == {EVE: 8.5, ANN: 4.0, CAT: 5.5, DAN: 2.5, BEN: 0.0}


def test_it_ranks_by_match_points_first_whatever_the_profile() -> None:
    for key in EVERY:
        ranking = rank_by_profile(players=FIVE, history=FIVE_HISTORY, profile=[key])
        assert list(ranking.order) == [EVE, ANN, CAT, DAN, BEN], key


def test_it_breaks_a_tie_by_the_tiebreakers_in_the_profiles_order() -> None:
    # Round 1: A beats B 2-0, C beats D 2-1. Round 2: A beats C 2-0, D beats B 2-0.
    # C and D have 3 points each. GW: C 6 of 15 = 2/5, D 9 of 15 = 3/5. MW%: C and D 1/2, A 1,
    # B 1/3 (floor). OMW: C met D and A, (1/2 + 1)/2 = 3/4; D met C and B, (1/2 + 1/3)/2 = 5/12.
    players = [Player(id=i, name=n) for i, n in ((1, "a"), (2, "b"), (3, "c"), (4, "d"))]
    history = [match(1, 1, 2, 2, 0), match(1, 3, 4, 2, 1), match(2, 1, 3, 2, 0), match(2, 4, 2, 2, 0)]
    by_omw = rank_by_profile(players=players, history=history, profile=["omw", "gw"])
    by_gw = rank_by_profile(players=players, history=history, profile=["gw", "omw"])
    assert list(by_omw.order) == [1, 3, 4, 2]
    assert list(by_gw.order) == [1, 4, 3, 2]
    assert by_omw.tiebreakers(3) == (("omw", 0.75), ("gw", 0.4))
    assert by_gw.tiebreakers(4) == (("gw", 0.6), ("omw", 0.4167))


def test_it_orders_a_complete_tie_by_name_then_id() -> None:
    players = [Player(id=9, name="same"), Player(id=8, name="same"), Player(id=7, name="abe")]
    assert list(rank_by_profile(players=players, history=[], profile=DEFAULT_PROFILE).order) == [7, 8, 9]


# --- head-to-head -------------------------------------------------------------------------------

ZED, AMY, BOB, CY = 1, 2, 3, 4
FOUR = [Player(id=i, name=n) for i, n in ((ZED, "zed"), (AMY, "amy"), (BOB, "bob"), (CY, "cy"))]
# Round 1: Zed beats Amy, Bob beats Cy. Round 2: Amy beats Cy, Bob beats Zed.
# Bob 6, Zed 3, Amy 3, Cy 0: Zed and Amy are level, and Zed won their match.
FOUR_HISTORY = [
    match(1, ZED, AMY, 2, 0),
    match(1, BOB, CY, 2, 0),
    match(2, AMY, CY, 2, 0),
    match(2, BOB, ZED, 2, 0),
]


def test_it_puts_the_winner_of_a_tied_pairs_match_first_on_head_to_head() -> None:
    without = rank_by_profile(players=FOUR, history=FOUR_HISTORY, profile=[])
    assert list(without.order) == [BOB, AMY, ZED, CY]  # by name
    ranking = rank_by_profile(players=FOUR, history=FOUR_HISTORY, profile=["head_to_head"])
    assert list(ranking.order) == [BOB, ZED, AMY, CY]
    assert {pid: ranking.values[pid] for pid in ranking.order} == {
        BOB: (None,),  # alone on 6 points: head-to-head does not apply
        ZED: (3,),
        AMY: (0,),
        CY: (None,),
    }


def test_it_applies_head_to_head_only_among_players_level_on_the_tiebreakers_before_it() -> None:
    # Amy's OMW (Zed 1/2, Cy 1/3 -> 5/12) is below Zed's (Amy 1/2, Bob 1: 3/4): OMW already decides.
    ranking = rank_by_profile(players=FOUR, history=FOUR_HISTORY, profile=["omw", "head_to_head"])
    assert list(ranking.order) == [BOB, ZED, AMY, CY]
    assert ranking.values[ZED] == (0.75, None)


def test_it_skips_head_to_head_when_the_tied_players_have_not_all_met() -> None:
    # Abe, Bea and Cy on 3 points: Bea beat Abe, Abe beat Xi, Cy beat Yu. Cy met neither of the
    # others, so Bea's win over Abe decides nothing: the three stay in name order.
    abe, bea, cy, xi, yu = 1, 2, 3, 4, 5
    players = [
        Player(id=i, name=n) for i, n in ((abe, "abe"), (bea, "bea"), (cy, "cy"), (xi, "xi"), (yu, "yu"))
    ]
    history = [match(1, bea, abe, 2, 0), match(2, abe, xi, 2, 1), match(1, cy, yu, 2, 0)]
    ranking = rank_by_profile(players=players, history=history, profile=["head_to_head"])
    assert [ranking.tallies[pid].match_points for pid in (abe, bea, cy)] == [3, 3, 3]
    assert list(ranking.order) == [abe, bea, cy, xi, yu]
    assert all(ranking.values[pid] == (None,) for pid in ranking.order)


def test_it_adds_up_a_double_round_robins_two_matches_for_head_to_head() -> None:
    # x and y meet twice: x wins, then they draw. y beats z twice; x and z win one each.
    # Points: x 3 + 1 + 3 = 7, y 1 + 6 = 7, z 3. Between x and y: x 3 + 1 = 4, y 1.
    x, y, z = 1, 2, 3
    players = [Player(id=x, name="x"), Player(id=y, name="y"), Player(id=z, name="z")]
    history = [
        match(1, x, y, 2, 0),
        match(2, x, y, 1, 1, 1),
        match(3, y, z, 2, 0),
        match(4, y, z, 2, 0),
        match(5, x, z, 2, 0),
        match(6, z, x, 2, 0),
    ]
    ranking = rank_by_profile(players=players, history=history, profile=["head_to_head"])
    assert ranking.tallies[x].match_points == ranking.tallies[y].match_points == 7
    assert (ranking.values[x], ranking.values[y]) == ((4,), (1,))
    assert list(ranking.order) == [x, y, z]


# --- the profile ----------------------------------------------------------------------------------


def test_it_names_and_explains_every_tiebreaker_of_the_contract() -> None:
    contract = [
        "mwp", "omw", "gw", "ogw", "buchholz", "median_buchholz", "sonneborn_berger", "head_to_head", "oomw",
    ]  # fmt: skip
    assert sorted(TIEBREAKERS) == sorted(contract)
    for key, tiebreaker in TIEBREAKERS.items():
        assert tiebreaker.key == key
        assert tiebreaker.name and tiebreaker.explanation.endswith(".")
        assert tiebreaker.percentage == (key in PERCENTAGES)
    assert DEFAULT_PROFILE == ("mwp", "omw", "gw", "ogw")


def test_it_refuses_an_unknown_or_repeated_tiebreaker() -> None:
    with pytest.raises(ValueError, match="unknown tiebreaker 'owm'"):
        check_profile(["mwp", "owm"])
    with pytest.raises(ValueError, match="listed twice: gw"):
        check_profile(["gw", "omw", "gw"])
    assert check_profile([]) == ()


RESULTS = [(2, 0, 0), (2, 1, 0), (0, 2, 0), (1, 2, 0), (1, 1, 1), (1, 1, 0), (0, 0, 0)]


@st.composite
def events(draw: st.DrawFn) -> tuple[list[Player], list[MatchRecord]]:
    """Draw a roster and a consistent history: each player at most once a round, byes and
    missed rounds included."""
    n = draw(st.integers(1, 12))
    players = [Player(id=i, name=f"p{(i * 7) % n}") for i in range(n)]
    matches = draw(
        st.lists(
            st.tuples(st.integers(1, 5), st.integers(0, 11), st.integers(-2, 11), st.sampled_from(RESULTS)),
            max_size=40,
        )
    )
    busy: set[tuple[int, int]] = set()
    history = []
    for number, a, b, (wa, wb, d) in matches:
        a, other = a % n, (None if b < 0 else b % n)
        if a == other or (number, a) in busy or (number, other) in busy:
            continue
        busy.add((number, a))
        if other is None:
            history.append(
                MatchRecord.bye(round=number, player=a)
                if b == -1
                else MatchRecord.missed(round=number, player=a)
            )
            continue
        busy.add((number, other))
        history.append(MatchRecord(round=number, a=a, b=other, wins_a=wa, wins_b=wb, draws=d))
    return players, history


@settings(max_examples=150, deadline=None)
@given(
    event=events(),
    profile=st.permutations(sorted(set(TIEBREAKERS) - {"head_to_head"})),
    size=st.integers(0, 8),
)
def test_it_computes_and_ranks_exactly_as_the_slow_fraction_arithmetic_does(
    event: tuple[list[Player], list[MatchRecord]], profile: list[str], size: int
) -> None:
    players, history = event
    chosen = profile[:size]
    reference = reference_values(players, history)
    ranking = rank_by_profile(players=players, history=history, profile=chosen)
    expected = sorted(
        players,
        key=lambda p: (*(-reference[p.id][k] for k in ["points", *chosen]), p.name, p.id),
    )
    assert list(ranking.order) == [p.id for p in expected]
    for p in players:
        assert ranking.tallies[p.id].match_points == reference[p.id]["points"]
        assert ranking.values[p.id] == tuple(shown(k, reference[p.id][k]) for k in chosen)


@settings(max_examples=100, deadline=None)
@given(event=events())
def test_it_ranks_as_the_swiss_standings_with_their_tiebreakers(
    event: tuple[list[Player], list[MatchRecord]],
) -> None:
    players, history = event
    ranking = rank_by_profile(players=players, history=history, profile=["omw", "gw", "ogw"])
    standings = compute_standings(players=players, history=history)
    assert list(ranking.order) == [s.player_id for s in standings]
    for s in standings:
        assert ranking.tiebreakers(s.player_id) == (("omw", s.omw), ("gw", s.gw), ("ogw", s.ogw))
