"""Match points and tiebreakers, exact, in one pass over the history (shared by standings and pairing).

Every percentage is kept as an integer numerator over a denominator common to all players
(the least common multiple of the round, opponent and game counts that occur), so two
players compare by plain integers: exact ties stay ties, and no float noise decides a rank.
"""

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tournaments.swiss.records import MatchRecord, Player

WIN_POINTS = 3
DRAW_POINTS = 1


@dataclass(slots=True)
class Tally:
    """One player's record summed over the history."""

    match_points: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    rounds: int = 0  # matches played, byes and missed rounds included
    game_points: int = 0  # 3 per game won, 1 per game drawn
    games: int = 0
    byes: int = 0
    opponents: list[int] = field(default_factory=list)  # byes and missed rounds are not opponents


@dataclass(frozen=True, slots=True)
class Scores:
    """Exact scores of every player: ``keys[id]`` = (match points, OMW, GW, OGW) numerators,
    larger is better; each percentage is its numerator over the matching denominator."""

    tallies: dict[int, Tally]
    keys: dict[int, tuple[int, int, int, int]]
    omw_denominator: int
    gw_denominator: int
    ogw_denominator: int


def tally(players: Sequence[Player], history: Iterable[MatchRecord]) -> dict[int, Tally]:
    """Return each player's :class:`Tally`, keyed by player id.

    Raises ValueError for a duplicate player id, a record naming an unknown player, or a
    player with two records in the same round.
    """
    tallies: dict[int, Tally] = {}
    for player in players:
        if player.id in tallies:
            raise ValueError(f"player id {player.id} is listed twice")
        tallies[player.id] = Tally()
    in_round: dict[int, set[int]] = {}  # who has a record in each round
    for record in history:
        a, b, won, lost, draws = record.a, record.b, record.wins_a, record.wins_b, record.draws
        seen = in_round.setdefault(record.round, set())
        ta = _tally_of(tallies, a, record.round, seen)
        games = won + lost + draws
        ta.rounds += 1
        ta.games += games
        ta.game_points += WIN_POINTS * won + DRAW_POINTS * draws
        if b is None:  # a bye or a missed round: no opponent
            if won > lost:
                ta.wins += 1
                ta.match_points += WIN_POINTS
                ta.byes += 1
            elif won < lost:
                ta.losses += 1
            else:
                ta.draws += 1
                ta.match_points += DRAW_POINTS
            continue
        tb = _tally_of(tallies, b, record.round, seen)
        tb.rounds += 1
        tb.games += games
        tb.game_points += WIN_POINTS * lost + DRAW_POINTS * draws
        ta.opponents.append(b)
        tb.opponents.append(a)
        if won > lost:
            ta.wins += 1
            ta.match_points += WIN_POINTS
            tb.losses += 1
        elif won < lost:
            tb.wins += 1
            tb.match_points += WIN_POINTS
            ta.losses += 1
        else:
            ta.draws += 1
            tb.draws += 1
            ta.match_points += DRAW_POINTS
            tb.match_points += DRAW_POINTS
    return tallies


def score(players: Sequence[Player], history: Iterable[MatchRecord]) -> Scores:
    """Return the exact :class:`Scores` of every player (O(players + matches)).

    Match-win % = match points / (3 × rounds played), GW% = game points / (3 × games played),
    each floored at 1/3; OMW% and OGW% are the means of the opponents' MW% and GW%. A player
    with no rounds (or no games) counts 1/3, the floor; so does a player with no opponents for
    OMW% and OGW%. Raises ValueError as :func:`tally` does.
    """
    tallies = tally(players, history)
    rounds_l = _lcm(t.rounds for t in tallies.values())
    games_l = _lcm(t.games for t in tallies.values())
    opp_l = _lcm(len(t.opponents) for t in tallies.values())
    # MW% numerators over 3·rounds_l, GW% numerators over 3·games_l; max(points, n) is the 1/3 floor.
    mw = {
        pid: max(t.match_points, t.rounds) * (rounds_l // t.rounds) if t.rounds else rounds_l
        for pid, t in tallies.items()
    }
    gw = {
        pid: max(t.game_points, t.games) * (games_l // t.games) if t.games else games_l
        for pid, t in tallies.items()
    }
    keys: dict[int, tuple[int, int, int, int]] = {}
    for pid, t in tallies.items():
        k = len(t.opponents)
        if k:
            scale = opp_l // k
            omw = sum(mw[o] for o in t.opponents) * scale
            ogw = sum(gw[o] for o in t.opponents) * scale
        else:
            omw, ogw = rounds_l * opp_l, games_l * opp_l
        keys[pid] = (t.match_points, omw, gw[pid], ogw)
    return Scores(
        tallies=tallies,
        keys=keys,
        omw_denominator=3 * rounds_l * opp_l,
        gw_denominator=3 * games_l,
        ogw_denominator=3 * games_l * opp_l,
    )


def _tally_of(tallies: dict[int, Tally], player: int, round_number: int, seen: set[int]) -> Tally:
    """Return the player's tally, noting them as seen in the round; raises ValueError for an
    unknown player or a second record in the round."""
    mine = tallies.get(player)
    if mine is None:
        raise ValueError(f"round {round_number} names unknown player {player}")
    if player in seen:
        raise ValueError(f"player {player} has two matches in round {round_number}")
    seen.add(player)
    return mine


def _lcm(values: Iterable[int]) -> int:
    # Over the distinct counts that occur, not 1..max, so the numbers stay small.
    return math.lcm(1, *{v for v in values if v})
