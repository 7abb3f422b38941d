"""League standings, live: match points and tiebreakers over finished matches, and the matches left."""

from datetime import UTC, datetime

from tournaments.structures import League, LeagueRules
from tournaments.swiss import Player

from .support import match

RULES = LeagueRules.over(opens_at=datetime(2026, 12, 1, tzinfo=UTC), days=14, matches=4)
ANN, BEN, CAT, DAN = 1, 2, 3, 4
PLAYERS = [
    Player(id=ANN, name="ann"),
    Player(id=BEN, name="ben"),
    Player(id=CAT, name="cat"),
    Player(id=DAN, name="dan", dropped=True),
]
# A league has no rounds: the site may give every match the same round number.
HISTORY = [
    match(1, ANN, BEN, 2, 1),
    match(1, CAT, ANN, 2, 0),
    match(1, BEN, CAT, 1, 1, 1),
    match(1, DAN, BEN, 0, 2),
]


def test_it_ranks_by_match_points_then_tiebreakers_with_the_matches_left() -> None:
    lg = League(rules=RULES, players=PLAYERS, history=HISTORY, pending=[(CAT, BEN)])
    rows = lg.standings(tiebreakers=["omw"])
    # Ann 3 (beat Ben, lost to Cat), Ben 4 (lost to Ann, drew with Cat, beat Dan), Cat 4, Dan 0.
    # OMW: Ben met Ann 3/6, Cat 4/6, Dan 1/3 (floor): 1/2. Cat met Ann 1/2 and Ben 4/9: 17/36.
    # Ann met Ben 4/9 and Cat 2/3: 5/9. Dan met Ben: 4/9.
    assert [(r.rank, r.name, r.match_points, r.played, r.remaining, r.tiebreaker("omw")) for r in rows] == [
        (1, "ben", 4, 3, 0, 0.5),  # three played and one being played: none left
        (2, "cat", 4, 2, 1, 0.4722),
        (3, "ann", 3, 2, 2, 0.5556),
        (4, "dan", 0, 1, 0, 0.4444),  # dropped: none left
    ]
    assert rows[1].as_dict()["remaining"] == 1


def test_the_standings_follow_each_finished_match() -> None:
    lg = League(rules=RULES, players=PLAYERS, history=HISTORY[:1])
    # Ben lost his one match (OMW 1); Cat has no opponent yet (OMW 1/3).
    assert [(r.name, r.match_points) for r in lg.standings()][:3] == [("ann", 3), ("ben", 0), ("cat", 0)]
    lg = League(rules=RULES, players=PLAYERS, history=HISTORY)
    # Level on 4 points, Cat (two matches: MW% 4/6) leads Ben (three: 4/9) on the default profile.
    assert [r.name for r in lg.standings()][:2] == ["cat", "ben"]
