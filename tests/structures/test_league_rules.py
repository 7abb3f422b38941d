"""Who may be matched in a league now: the window, the number of matches, never the same opponent twice."""

from datetime import UTC, datetime, timedelta

import pytest

from tournaments.structures import League, LeagueRules
from tournaments.swiss import MatchRecord, Player

from .support import match

OPENS = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)
DURING = OPENS + timedelta(days=3)
RULES = LeagueRules.over(opens_at=OPENS, days=14, matches=3)
ANN, BEN, CAT, DAN, EVE = 1, 2, 3, 4, 5


def league(
    *, history: list[MatchRecord] | None = None, pending: list[tuple[int, int]] | None = None
) -> League:
    players = [
        Player(id=ANN, name="ann"),
        Player(id=BEN, name="ben"),
        Player(id=CAT, name="cat"),
        Player(id=DAN, name="dan", dropped=True),
        Player(id=EVE, name="eve"),
    ]
    return League(rules=RULES, players=players, history=history or [], pending=pending or [])


def refused(lg: League, a: int, b: int, *, now: datetime = DURING) -> str | None:
    found = lg.refusal(a, b, now=now)
    return None if found is None else found.code


def test_the_window_is_league_days_long_from_its_opening() -> None:
    assert RULES.closes_at == datetime(2026, 12, 15, 18, 0, tzinfo=UTC)
    lg = league()
    assert refused(lg, ANN, BEN, now=OPENS - timedelta(seconds=1)) == "not_open"
    assert refused(lg, ANN, BEN, now=OPENS) is None
    assert refused(lg, ANN, BEN, now=RULES.closes_at - timedelta(seconds=1)) is None
    closed = lg.refusal(ANN, BEN, now=RULES.closes_at)
    assert closed is not None and closed.code == "closed"
    assert closed.message == "the league closed at 2026-12-15T18:00:00+00:00"
    assert closed.params == {"closes_at": "2026-12-15T18:00:00+00:00"}


@pytest.mark.parametrize(("days", "matches"), [(0, 3), (14, 0), (-1, 5)])
def test_it_refuses_a_league_without_days_or_matches(days: int, matches: int) -> None:
    with pytest.raises(ValueError, match="at least 1 day and 1 match"):
        LeagueRules.over(opens_at=OPENS, days=days, matches=matches)


def test_two_players_are_matched_at_most_once() -> None:
    lg = league(history=[match(1, ANN, BEN, 2, 1)])
    rematch = lg.refusal(BEN, ANN, now=DURING)
    assert rematch is not None and rematch.code == "rematch"
    assert rematch.message == "ben and ann have already been matched in this league"
    assert refused(lg, ANN, CAT) is None


def test_a_player_plays_no_more_than_the_leagues_number_of_matches() -> None:
    lg = league(history=[match(1, ANN, BEN, 2, 1), match(2, ANN, CAT, 2, 0), match(3, EVE, ANN, 0, 2)])
    assert lg.started(ANN) == 3
    limit = lg.refusal(CAT, ANN, now=DURING)
    assert limit is not None and (limit.code, limit.params) == ("limit", {"player": "ann", "matches": 3})
    assert limit.message == "ann has played all 3 league matches"
    assert refused(lg, BEN, CAT) is None


def test_a_player_in_a_match_is_not_matched_again_until_it_ends() -> None:
    lg = league(pending=[(BEN, CAT)])
    assert refused(lg, ANN, BEN) == "busy"
    assert refused(lg, CAT, EVE) == "busy"
    assert lg.started(BEN) == 1
    assert refused(lg, ANN, EVE) is None


def test_a_dropped_unknown_or_same_player_is_refused() -> None:
    lg = league()
    assert refused(lg, ANN, DAN) == "dropped"
    assert refused(lg, ANN, 99) == "unknown_player"
    assert refused(lg, ANN, ANN) == "same_player"


def test_it_lists_the_players_looking_for_a_match_whom_a_player_may_play() -> None:
    lg = league(history=[match(1, ANN, BEN, 2, 1)])
    looking = [EVE, BEN, DAN, CAT]
    assert lg.opponents_for(ANN, looking=looking, now=DURING) == [EVE, CAT]
    assert lg.opponents_for(ANN, looking=looking, now=RULES.closes_at) == []
    assert lg.opponents_for(DAN, looking=looking, now=DURING) == []


def test_it_refuses_matches_in_progress_that_cannot_be() -> None:
    with pytest.raises(ValueError, match="unknown player 9"):
        league(pending=[(ANN, 9)])
    with pytest.raises(ValueError, match="player 1 is in two"):
        league(pending=[(ANN, BEN), (CAT, ANN)])
