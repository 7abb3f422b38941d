"""Matching the players waiting for a league match: the most pairs, close in the standings, no rematch."""

import random
from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.structures import League, LeagueRules, RoundPairing, Table
from tournaments.swiss import MatchRecord, Player

from .support import match, roster

OPENS = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)
NOW = OPENS + timedelta(days=1)
RULES = LeagueRules.over(opens_at=OPENS, days=7, matches=5)


def most_pairs(players: list[int], allowed: set[frozenset[int]]) -> int:
    """Return the size of a largest matching of ``players`` over ``allowed`` pairs, by exhaustive search."""
    if len(players) < 2:
        return 0
    first, rest = players[0], players[1:]
    best = most_pairs(rest, allowed)  # first left out
    for i, other in enumerate(rest):
        if frozenset((first, other)) in allowed:
            best = max(best, 1 + most_pairs(rest[:i] + rest[i + 1 :], allowed))
    return best


def test_it_pairs_the_players_closest_in_the_standings() -> None:
    players = roster(6)
    lg = League(rules=RULES, players=players, history=[])
    ratings = {1: 1500.0, 2: 1800.0, 3: 1510.0, 4: 1790.0, 5: 1200.0, 6: 1230.0}
    pairing = lg.pair_waiting(waiting=[1, 2, 3, 4, 5, 6], now=NOW, ratings=ratings)
    assert pairing.pairs == ((2, 4), (3, 1), (6, 5))
    assert pairing.unmatched == ()
    assert pairing.as_round(7) == RoundPairing(
        number=7, kind="league", tables=(Table(1, 2, 4), Table(2, 3, 1), Table(3, 6, 5))
    )


def test_it_puts_match_points_before_rating() -> None:
    players = roster(4)
    history = [match(1, 1, 2, 2, 0)]  # 1 has 3 points
    lg = League(rules=RULES, players=players, history=history)
    ratings = {1: 1000.0, 2: 1000.0, 3: 1900.0, 4: 1800.0}
    # By rating 3 and 4 would meet; 1 leads on points, so the order is 1, 3, 4, 2.
    assert lg.pair_waiting(waiting=[3, 4, 1, 2], now=NOW, ratings=ratings).pairs == ((1, 3), (4, 2))


def test_it_never_pairs_two_players_who_have_met() -> None:
    players = roster(4)
    history = [match(1, 1, 2, 2, 0), match(2, 3, 4, 2, 1)]
    lg = League(rules=RULES, players=players, history=history)
    pairing = lg.pair_waiting(waiting=[1, 2, 3, 4], now=NOW, ratings={1: 4.0, 2: 3.0, 3: 2.0, 4: 1.0})
    # Standings: 1 and 3 (3 points), then 2 and 4; the closest pairs 1-3 and 2-4 are new.
    assert pairing.pairs == ((1, 3), (2, 4))


def test_with_an_odd_number_waiting_the_last_to_join_waits() -> None:
    lg = League(rules=RULES, players=roster(5), history=[])
    # 3 joined last and leads on rating: the others are paired down the standings.
    ratings = {3: 2000.0, 4: 1900.0, 1: 1800.0, 5: 1700.0, 2: 1600.0}
    pairing = lg.pair_waiting(waiting=[4, 1, 5, 2, 3], now=NOW, ratings=ratings)
    assert pairing.unmatched == (3,)
    assert pairing.pairs == ((4, 1), (5, 2))


def test_it_finds_the_pairing_a_first_pass_down_the_standings_misses() -> None:
    # a beat b, b beat d: a and b lead on 3 points, then c and d (by rating). Down the standings
    # a waits, b cannot meet a, c takes a, and b and d have met: b and d would wait. Yet a-d and
    # b-c pair everyone.
    a, b, c, d = 1, 2, 3, 4
    lg = League(rules=RULES, players=roster(4), history=[match(1, a, b, 2, 0), match(2, b, d, 2, 1)])
    pairing = lg.pair_waiting(waiting=[a, b, c, d], now=NOW, ratings={a: 2.0, b: 1.0, c: 2.0, d: 1.0})
    assert sorted(pairing.pairs) == [(a, d), (b, c)]
    assert pairing.unmatched == ()


def test_it_leaves_out_the_players_who_may_not_play_now() -> None:
    players = [*roster(4), Player(id=5, name="gone", dropped=True)]
    lg = League(rules=RULES, players=players, history=[], pending=[(3, 4)])
    pairing = lg.pair_waiting(waiting=[5, 4, 1, 2, 99], now=NOW)
    assert pairing.pairs == ((1, 2),)
    assert pairing.unmatched == (5, 4, 99)
    assert lg.pair_waiting(waiting=[1, 2], now=RULES.closes_at).pairs == ()


@settings(max_examples=150, deadline=None)
@given(n=st.integers(0, 11), seed=st.integers(0, 10**6), data=st.data())
def test_it_pairs_the_most_waiting_players_it_can_without_a_rematch(
    n: int, seed: int, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    players = roster(n)
    ids = [p.id for p in players]
    history: list[MatchRecord] = []
    met: set[frozenset[int]] = set()
    for _ in range(rng.randrange(3 * n + 1)):
        a, b = rng.sample(ids, 2) if n >= 2 else (0, 0)
        if a and frozenset((a, b)) not in met:
            met.add(frozenset((a, b)))
            history.append(match(1, a, b, *rng.choice([(2, 0), (0, 2), (1, 1)])))
    rules = LeagueRules.over(opens_at=OPENS, days=7, matches=data.draw(st.integers(1, 12)))
    lg = League(rules=rules, players=players, history=history)
    waiting = data.draw(st.lists(st.sampled_from(ids), unique=True) if ids else st.just([]))
    pairing = lg.pair_waiting(waiting=waiting, now=NOW, seed=seed)
    paired = [pid for pair in pairing.pairs for pid in pair]
    assert len(paired) == len(set(paired))
    assert sorted(paired + list(pairing.unmatched)) == sorted(waiting)
    for a, b in pairing.pairs:
        assert lg.refusal(a, b, now=NOW) is None
    able = [pid for pid in waiting if lg.player_refusal(pid, now=NOW) is None]
    allowed = {frozenset((a, b)) for a in able for b in able if a != b and frozenset((a, b)) not in met}
    assert len(pairing.pairs) == most_pairs(able, allowed)


def test_it_pairs_a_large_league_quickly_and_without_a_rematch() -> None:
    rng = random.Random(7)
    players = roster(3000)
    history = []
    met: set[frozenset[int]] = set()
    for number in range(1, 6):  # five matches each, against nearby players
        order = [p.id for p in players]
        rng.shuffle(order)
        for a, b in zip(order[::2], order[1::2], strict=True):
            if frozenset((a, b)) not in met:
                met.add(frozenset((a, b)))
                history.append(match(number, a, b, *rng.choice([(2, 0), (0, 2), (2, 1)])))
    rules = LeagueRules.over(opens_at=OPENS, days=7, matches=20)
    lg = League(rules=rules, players=players, history=history)
    pairing = lg.pair_waiting(waiting=[p.id for p in players], now=NOW, seed=1)
    assert len(pairing.pairs) == 1500
    assert not any(frozenset(pair) in met for pair in pairing.pairs)
