"""Standings: match points, then OMW%, GW%, OGW% (each floored at 1/3), then the name.

The expected figures below are worked out by hand in the comments.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.swiss import MatchRecord, Player, Standing, compute_standings

from .support import RESULTS, reference_keys


def match(number: int, a: int, b: int, wins_a: int, wins_b: int, draws: int = 0) -> MatchRecord:
    return MatchRecord(round=number, a=a, b=b, wins_a=wins_a, wins_b=wins_b, draws=draws)


ANN, BEN, CAT, DAN, EVE = 1, 2, 3, 4, 5
FIVE = [
    Player(id=ANN, name="ann"),
    Player(id=BEN, name="ben", dropped=True),
    Player(id=CAT, name="cat"),
    Player(id=DAN, name="dan"),
    Player(id=EVE, name="eve"),
]
# Round 1: Ann beats Ben 2-1, Cat and Dan draw 1-1-1, Eve has the bye.
# Round 2: Eve beats Ann 2-0, Cat beats Ben 2-0, Dan has the bye. Ben then drops.
# Round 3: Eve and Cat draw 1-1-1, Ann beats Dan 2-1.
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


def by_name(standings: list[Standing]) -> dict[str, Standing]:
    return {s.name: s for s in standings}


def test_it_ranks_by_match_points_with_byes_as_wins_and_draws_as_one_point() -> None:
    standings = compute_standings(players=FIVE, history=FIVE_HISTORY)
    # Eve: bye, win, draw = 7. Ann: win, loss, win = 6. Cat: draw, win, draw = 5.
    # Dan: draw, bye, loss = 4. Ben: two losses = 0.
    assert [(s.rank, s.name, s.match_points) for s in standings] == [
        (1, "eve", 7),
        (2, "ann", 6),
        (3, "cat", 5),
        (4, "dan", 4),
        (5, "ben", 0),
    ]
    assert [(s.wins, s.losses, s.draws) for s in standings] == [
        (2, 0, 1),
        (2, 1, 0),
        (1, 0, 2),
        (1, 1, 1),
        (0, 2, 0),
    ]


def test_it_computes_omw_from_opponents_only_with_each_floored_at_a_third() -> None:
    s = by_name(compute_standings(players=FIVE, history=FIVE_HISTORY))
    # Match-win %: Ann 6/9, Ben 0/6 -> 1/3 (floor), Cat 5/9, Dan 4/9, Eve 7/9.
    # Byes are not opponents: Eve met Ann and Cat, Dan met Cat and Ann.
    assert s["ann"].omw == 0.5185  # Ben, Eve, Dan: (3/9 + 7/9 + 4/9) / 3 = 14/27
    assert s["ben"].omw == 0.6111  # Ann, Cat: (6/9 + 5/9) / 2 = 11/18
    assert s["cat"].omw == 0.5185  # Dan, Ben, Eve: 14/27
    assert s["dan"].omw == 0.6111  # Cat, Ann: 11/18
    assert s["eve"].omw == 0.6111  # Ann, Cat: 11/18


def test_it_computes_gw_with_a_bye_as_two_games_won_and_draws_as_one_point() -> None:
    s = by_name(compute_standings(players=FIVE, history=FIVE_HISTORY))
    assert s["ann"].gw == 0.5  # games 2-1, 0-2, 2-1: 12 points of 24
    assert s["ben"].gw == 0.3333  # 1-2, 0-2: 3 of 15 = 0.2, floored at 1/3
    assert s["cat"].gw == 0.5833  # 1-1-1, 2-0, 1-1-1: 4 + 6 + 4 = 14 of 24
    assert s["dan"].gw == 0.5417  # 1-1-1, bye 2-0, 1-2: 4 + 6 + 3 = 13 of 24
    assert s["eve"].gw == 0.7619  # bye 2-0, 2-0, 1-1-1: 6 + 6 + 4 = 16 of 21


def test_it_computes_ogw_from_the_opponents_floored_gw() -> None:
    s = by_name(compute_standings(players=FIVE, history=FIVE_HISTORY))
    assert s["ann"].ogw == 0.5456  # Ben 1/3, Eve 16/21, Dan 13/24: 275/504
    assert s["ben"].ogw == 0.5417  # Ann 1/2, Cat 7/12: 13/24
    assert s["cat"].ogw == 0.5456  # Dan, Ben, Eve: as Ann
    assert s["dan"].ogw == 0.5417  # Cat, Ann: 13/24
    assert s["eve"].ogw == 0.5417  # Ann, Cat: 13/24


def test_it_keeps_a_dropped_player_in_the_standings_marked_dropped() -> None:
    standings = compute_standings(players=FIVE, history=FIVE_HISTORY)
    assert [s.name for s in standings if s.dropped] == ["ben"]
    assert len(standings) == 5


def test_it_breaks_a_points_tie_on_omw() -> None:
    # Round 1: A beats B 2-0, C and D draw 1-1-1. Round 2: A beats C 2-0, B beats D 2-0.
    # C and D have 1 point each, and the same GW (4 of 15, floored to 1/3).
    # C met D (1/6 -> 1/3) and A (6/6): OMW 2/3. D met C (1/3) and B (3/6): OMW 5/12.
    players = [
        Player(id=1, name="a"),
        Player(id=2, name="b"),
        Player(id=3, name="zed"),
        Player(id=4, name="amy"),
    ]
    history = [match(1, 1, 2, 2, 0), match(1, 3, 4, 1, 1, 1), match(2, 1, 3, 2, 0), match(2, 2, 4, 2, 0)]
    standings = compute_standings(players=players, history=history)
    assert [(s.name, s.match_points, s.omw, s.gw) for s in standings[2:]] == [
        ("zed", 1, 0.6667, 0.3333),
        ("amy", 1, 0.4167, 0.3333),
    ]


def test_it_breaks_an_omw_tie_on_gw() -> None:
    # Zoe beats Bo 2-0, Abe beats Cy 2-1: same points, both opponents at the 1/3 floor.
    players = [
        Player(id=1, name="zoe"),
        Player(id=2, name="bo"),
        Player(id=3, name="abe"),
        Player(id=4, name="cy"),
    ]
    standings = compute_standings(players=players, history=[match(1, 1, 2, 2, 0), match(1, 3, 4, 2, 1)])
    assert [(s.name, s.omw, s.gw) for s in standings[:2]] == [("zoe", 0.3333, 1.0), ("abe", 0.3333, 0.6667)]


def test_it_breaks_a_gw_tie_on_ogw() -> None:
    # Round 1: Zoe beats X 2-0, Abe beats Y 2-0. Round 2: X beats P 2-0, Y beats Q 2-1, and Zoe
    # and Abe each have a bye. Zoe and Abe: 6 points, GW 1; X and Y both went 1-1, so OMW 1/2.
    # X's GW is 6/12 = 1/2, Y's 6/15 = 2/5: Zoe is ahead on OGW.
    zoe, abe, x, y, p, q = 1, 2, 3, 4, 5, 6
    players = [
        Player(id=i, name=n) for i, n in ((zoe, "zoe"), (abe, "abe"), (x, "x"), (y, "y"), (p, "p"), (q, "q"))
    ]
    history = [
        match(1, zoe, x, 2, 0),
        match(1, abe, y, 2, 0),
        match(2, x, p, 2, 0),
        match(2, y, q, 2, 1),
        MatchRecord.bye(round=2, player=zoe),
        MatchRecord.bye(round=2, player=abe),
    ]
    standings = compute_standings(players=players, history=history)
    assert [(s.name, s.match_points, s.omw, s.gw, s.ogw) for s in standings[:2]] == [
        ("zoe", 6, 0.5, 1.0, 0.5),
        ("abe", 6, 0.5, 1.0, 0.4),
    ]


def test_it_orders_a_complete_tie_by_name_then_id() -> None:
    # Round 1: 1 beats 2, 3 beats 4. Round 2: 1 beats 3, 2 beats 4. Players 2 and 3 are level on
    # everything: 3 points, OMW (1 + 1/3) / 2, GW 1/2, OGW (1 + 1/3) / 2.
    players = [
        Player(id=1, name="top"),
        Player(id=2, name="mia"),
        Player(id=3, name="lea"),
        Player(id=4, name="low"),
    ]
    history = [match(1, 1, 2, 2, 0), match(1, 3, 4, 2, 0), match(2, 1, 3, 2, 0), match(2, 2, 4, 2, 0)]
    standings = compute_standings(players=players, history=history)
    assert [s.name for s in standings] == ["top", "lea", "mia", "low"]
    lea, mia = standings[1], standings[2]
    assert (lea.match_points, lea.omw, lea.gw, lea.ogw) == (mia.match_points, mia.omw, mia.gw, mia.ogw)
    assert (lea.omw, lea.gw, lea.ogw) == (0.6667, 0.5, 0.6667)
    twins = [Player(id=9, name="same"), Player(id=8, name="same")]
    assert [s.player_id for s in compute_standings(players=twins, history=[])] == [8, 9]


def test_it_gives_a_player_without_opponents_a_third_for_omw_and_ogw() -> None:
    players = [Player(id=1, name="solo"), Player(id=2, name="new")]
    standings = by_name(compute_standings(players=players, history=[MatchRecord.bye(round=1, player=1)]))
    assert (
        standings["solo"].match_points,
        standings["solo"].omw,
        standings["solo"].gw,
        standings["solo"].ogw,
    ) == (
        3,
        0.3333,
        1.0,
        0.3333,
    )
    # No round at all yet: everything at the floor.
    assert (
        standings["new"].match_points,
        standings["new"].omw,
        standings["new"].gw,
        standings["new"].ogw,
    ) == (
        0,
        0.3333,
        0.3333,
        0.3333,
    )


def test_it_counts_a_missed_round_as_a_loss_without_an_opponent() -> None:
    players = [Player(id=1, name="late", late_round=2), Player(id=2, name="b"), Player(id=3, name="c")]
    history = [MatchRecord.missed(round=1, player=1), match(1, 2, 3, 2, 0), match(2, 1, 3, 2, 0)]
    late = by_name(compute_standings(players=players, history=history))["late"]
    assert (late.match_points, late.wins, late.losses) == (3, 1, 1)
    assert late.omw == 0.3333  # only c, who lost everything: 1/3 floor; the missed round is nobody
    assert late.gw == 0.5  # 0-2 then 2-0: 6 of 12


def test_it_shapes_each_line_as_the_api_does() -> None:
    line = compute_standings(players=FIVE, history=FIVE_HISTORY)[0]
    assert line.as_dict() == {
        "rank": 1,
        "username": "eve",
        "match_points": 7,
        "wins": 2,
        "losses": 0,
        "draws": 1,
        "omw": 0.6111,
        "gw": 0.7619,
        "ogw": 0.5417,
        "dropped": False,
    }


@settings(max_examples=150, deadline=None)
@given(
    n=st.integers(1, 12),
    matches=st.lists(
        st.tuples(st.integers(1, 5), st.integers(0, 11), st.integers(-1, 11), st.sampled_from(RESULTS)),
        max_size=40,
    ),
)
def test_it_ranks_exactly_as_the_slow_fraction_arithmetic_does(
    n: int, matches: list[tuple[int, int, int, tuple[int, int, int]]]
) -> None:
    players = [Player(id=i, name=f"p{(i * 7) % n}") for i in range(n)]
    busy: set[tuple[int, int]] = set()
    history = []
    for number, a, b, (wa, wb, d) in matches:
        a, b_or_bye = a % n, (None if b < 0 else b % n)
        if a == b_or_bye or (number, a) in busy or (number, b_or_bye) in busy:
            continue
        busy.add((number, a))
        if b_or_bye is not None:
            busy.add((number, b_or_bye))
        history.append(MatchRecord(round=number, a=a, b=b_or_bye, wins_a=wa, wins_b=wb, draws=d))
    reference = reference_keys(players, history)
    standings = compute_standings(players=players, history=history)
    expected = sorted(players, key=lambda p: (tuple(-v for v in reference[p.id]), p.name, p.id))
    assert [s.player_id for s in standings] == [p.id for p in expected]
    for s in standings:
        points, omw, gw, ogw = reference[s.player_id]
        assert (s.match_points, s.omw, s.gw, s.ogw) == (
            points,
            round(float(omw), 4),
            round(float(gw), 4),
            round(float(ogw), 4),
        )
        assert all(0 <= value <= 1 for value in (s.omw, s.gw, s.ogw))
