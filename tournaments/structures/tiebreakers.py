"""Tiebreaker profiles: an event's ordered list of tiebreakers, computed exactly for any structure.

Standings rank by match points (win 3, draw 1, loss 0; a bye is a win, a missed round or a
forfeit a loss), then by each tiebreaker of the event's profile in order, then by a final
key that keeps the order stable (the name, then the id; an elimination's seed). Every value
is compared exactly, as integers over a common denominator (the Swiss core's method), and
shown rounded: percentages to 4 places.

The percentages follow Magic's tournament rules (Appendix C), as the Swiss core does: a
player's match-win % and game-win % count as at least 1/3, a player without rounds (or
games) counts 1/3, and a player without opponents has 1/3 for the opponents' averages. A bye
is a won round without an opponent: it counts in the player's own percentages and is no
opponent in any other tiebreaker. An opponent met twice (a double round robin) counts twice.

``TIEBREAKERS`` names and explains each one in English; the pages translate them by key.
"""

import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from tournaments.structures.records import TiebreakValue
from tournaments.swiss import MatchRecord, Player
from tournaments.swiss.scoring import Tally, tally

PLACES = 4


@dataclass(frozen=True, slots=True)
class Tiebreaker:
    """One tiebreaker: its ``key`` (the API's), an English ``name`` and ``explanation`` for
    the standings page (translated by key), and whether its value is a ``percentage``."""

    key: str
    name: str
    explanation: str
    percentage: bool


TIEBREAKERS: dict[str, Tiebreaker] = {
    t.key: t
    for t in (
        Tiebreaker(
            "mwp",
            "Match-win %",
            "Match points won out of 3 for each round played (a bye is a round won), counted as at "
            "least 33%.",
            True,
        ),
        Tiebreaker(
            "omw",
            "Opponents' match-win %",
            "The average match-win % of the opponents played (a bye is no opponent), each counted "
            "as at least 33%.",
            True,
        ),
        Tiebreaker(
            "gw",
            "Game-win %",
            "Game points won (3 for a game won, 1 for a game drawn) out of 3 for each game played, "
            "counted as at least 33%.",
            True,
        ),
        Tiebreaker(
            "ogw",
            "Opponents' game-win %",
            "The average game-win % of the opponents played, each counted as at least 33%.",
            True,
        ),
        Tiebreaker(
            "buchholz",
            "Buchholz",
            "The sum of the match points of every opponent played.",
            False,
        ),
        Tiebreaker(
            "median_buchholz",
            "Median Buchholz",
            "Buchholz without the opponent with the most match points and the one with the "
            "fewest (for a player with three opponents or more).",
            False,
        ),
        Tiebreaker(
            "sonneborn_berger",
            "Sonneborn-Berger",
            "The match points of every opponent beaten, plus half those of every opponent drawn with.",
            False,
        ),
        Tiebreaker(
            "head_to_head",
            "Head-to-head",
            "Among players level on points and on the tiebreakers before this one: the match "
            "points each scored in the matches between them, when every one of them has played "
            "all the others.",
            False,
        ),
        Tiebreaker(
            "oomw",
            "Opponents' opponents' match-win %",
            "The average opponents' match-win % of the opponents played.",
            True,
        ),
    )
}

# The default for the constructed card games (a game may declare its own).
DEFAULT_PROFILE = ("mwp", "omw", "gw", "ogw")


def check_profile(profile: Iterable[str]) -> tuple[str, ...]:
    """Return ``profile`` as a tuple; raises ValueError for an unknown or repeated key."""
    keys = tuple(profile)
    for key in keys:
        if key not in TIEBREAKERS:
            raise ValueError(f"unknown tiebreaker {key!r}: choose from {', '.join(TIEBREAKERS)}")
    repeated = sorted({key for key in keys if keys.count(key) > 1})
    if repeated:
        raise ValueError(f"a tiebreaker is listed twice: {', '.join(repeated)}")
    return keys


@dataclass(frozen=True, slots=True)
class Ranking:
    """Players ranked by a profile: ``order`` (ids, best first), each player's :class:`Tally`
    and their tiebreaker values (shown values, in ``profile`` order)."""

    order: tuple[int, ...]
    profile: tuple[str, ...]
    tallies: Mapping[int, Tally]
    values: Mapping[int, tuple[TiebreakValue, ...]]

    def tiebreakers(self, player: int) -> tuple[tuple[str, TiebreakValue], ...]:
        """Return (key, value) for each tiebreaker of the profile, for ``player``."""
        return tuple(zip(self.profile, self.values[player], strict=True))


FinalKey = Callable[[Player], tuple[object, ...]]


def by_name(player: Player) -> tuple[object, ...]:
    """The default final key: the name, then the id (as the Swiss standings)."""
    return (player.name, player.id)


def rank_by_profile(
    *,
    players: Sequence[Player],
    history: Sequence[MatchRecord],
    profile: Sequence[str],
    final_key: FinalKey = by_name,
    tallies: Mapping[int, Tally] | None = None,
) -> Ranking:
    """Return the :class:`Ranking` of ``players`` by match points, then ``profile``, then ``final_key``.

    ``history`` holds every match that counts (byes as :meth:`MatchRecord.bye`); ``tallies``
    may give :func:`tournaments.swiss.scoring.tally` of the same players and history when the
    caller has it already. O(players log players + matches). Raises ValueError for an unknown
    or repeated tiebreaker, and as :func:`tournaments.swiss.scoring.tally` does for
    inconsistent input.
    """
    keys = check_profile(profile)
    if tallies is None:
        tallies = tally(players, history)
    exact = _Exact(tallies, history)
    head = keys.index("head_to_head") if "head_to_head" in keys else len(keys)
    # Each player's sort key, larger first: match points, then each tiebreaker in order.
    sort_keys: dict[int, list[int]] = {pid: [-t.match_points] for pid, t in tallies.items()}
    shown_columns: list[Mapping[int, TiebreakValue]] = []
    for index, key in enumerate(keys):
        if index == head:
            prefixes = {pid: tuple(values) for pid, values in sort_keys.items()}
            found = _head_to_head(tallies, history, prefixes.__getitem__)
            for pid, values in sort_keys.items():
                points = found[pid]
                values.append(1 if points is None else -points)
            shown_columns.append(found)
            continue
        column = exact.column(key)
        for pid, values in sort_keys.items():
            values.append(-column[pid])
        shown_columns.append(exact.shown(key, column))
    order = tuple(p.id for p in sorted(players, key=lambda p: (*sort_keys[p.id], *final_key(p))))
    shown = {pid: tuple(column[pid] for column in shown_columns) for pid in tallies}
    return Ranking(order=order, profile=keys, tallies=tallies, values=shown)


class _Exact:
    """Each tiebreaker's exact numerators (integers over one denominator per tiebreaker)."""

    def __init__(self, tallies: Mapping[int, Tally], history: Sequence[MatchRecord]) -> None:
        self.tallies = tallies
        self.history = history
        self.denominator: dict[str, int] = {}
        self.cache: dict[str, dict[int, int]] = {}
        self.rounds_l = _lcm(t.rounds for t in tallies.values())
        self.games_l = _lcm(t.games for t in tallies.values())
        self.opp_l = _lcm(len(t.opponents) for t in tallies.values())

    def column(self, key: str) -> dict[int, int]:
        """Return each player's numerator for ``key`` (larger is better)."""
        if key not in self.cache:
            self.cache[key] = getattr(self, f"_{key}")()
        return self.cache[key]

    def shown(self, key: str, column: Mapping[int, int]) -> dict[int, TiebreakValue]:
        """Return the values a page shows for the numerators ``column`` of ``key``."""
        if key in self.denominator:
            denominator = self.denominator[key]
            return {pid: round(numerator / denominator, PLACES) for pid, numerator in column.items()}
        if key == "sonneborn_berger":  # counted in half points
            return {pid: numerator / 2 for pid, numerator in column.items()}
        return dict(column)

    # --- the percentages: numerators over 3 × an lcm, floored at a third --------------------

    def _mwp(self) -> dict[int, int]:
        rl = self.rounds_l
        self.denominator["mwp"] = 3 * rl
        return {
            pid: max(t.match_points, t.rounds) * (rl // t.rounds) if t.rounds else rl
            for pid, t in self.tallies.items()
        }

    def _gw(self) -> dict[int, int]:
        gl = self.games_l
        self.denominator["gw"] = 3 * gl
        return {
            pid: max(t.game_points, t.games) * (gl // t.games) if t.games else gl
            for pid, t in self.tallies.items()
        }

    def _opponents_mean(self, key: str, of: str) -> dict[int, int]:
        """Return the mean over each player's opponents of ``of`` (1/3 without opponents)."""
        values = self.column(of)
        base = self.denominator[of]
        ol = self.opp_l
        self.denominator[key] = base * ol
        third = base * ol // 3
        return {
            pid: sum(values[o] for o in t.opponents) * (ol // len(t.opponents)) if t.opponents else third
            for pid, t in self.tallies.items()
        }

    def _omw(self) -> dict[int, int]:
        return self._opponents_mean("omw", "mwp")

    def _ogw(self) -> dict[int, int]:
        return self._opponents_mean("ogw", "gw")

    def _oomw(self) -> dict[int, int]:
        return self._opponents_mean("oomw", "omw")

    # --- the point sums -------------------------------------------------------------------

    def _buchholz(self) -> dict[int, int]:
        t = self.tallies
        return {pid: sum(t[o].match_points for o in mine.opponents) for pid, mine in t.items()}

    def _median_buchholz(self) -> dict[int, int]:
        t = self.tallies
        result = {}
        for pid, mine in t.items():
            points = [t[o].match_points for o in mine.opponents]
            total = sum(points)
            result[pid] = total - max(points) - min(points) if len(points) >= 3 else total
        return result

    def _sonneborn_berger(self) -> dict[int, int]:
        # In half points: an opponent beaten counts twice their points, one drawn with once.
        points = {pid: t.match_points for pid, t in self.tallies.items()}
        result = dict.fromkeys(points, 0)
        for r in self.history:
            if r.b is None:
                continue
            if r.wins_a > r.wins_b:
                result[r.a] += 2 * points[r.b]
            elif r.wins_b > r.wins_a:
                result[r.b] += 2 * points[r.a]
            else:
                result[r.a] += points[r.b]
                result[r.b] += points[r.a]
        return result


def _head_to_head(
    tallies: Mapping[int, Tally],
    history: Sequence[MatchRecord],
    group_key: Callable[[int], tuple[int, ...]],
) -> dict[int, int | None]:
    """Return each tied player's match points against the others of their tie, or None.

    A tie is the players with the same ``group_key``; it has head-to-head values only when
    every one of them has played all the others (each has at least as many distinct
    opponents as the tie has other players, then every pair is checked).
    """
    groups: dict[tuple[int, ...], list[int]] = defaultdict(list)
    for pid in tallies:
        groups[group_key(pid)].append(pid)
    tie_of: dict[int, int] = {}
    for index, members in enumerate(groups.values()):
        if len(members) < 2:
            continue
        others = len(members) - 1
        if any(len(set(tallies[pid].opponents)) < others for pid in members):
            continue
        inside = set(members)
        if all(len(inside.intersection(tallies[pid].opponents)) == others for pid in members):
            for pid in members:
                tie_of[pid] = index
    points: dict[int, int | None] = {pid: (0 if pid in tie_of else None) for pid in tallies}
    for r in history:
        if r.b is None or r.a not in tie_of or tie_of[r.a] != tie_of.get(r.b):
            continue
        a_points, b_points = (3, 0) if r.wins_a > r.wins_b else (0, 3) if r.wins_b > r.wins_a else (1, 1)
        points[r.a] = (points[r.a] or 0) + a_points
        points[r.b] = (points[r.b] or 0) + b_points
    return points


def _lcm(values: Iterable[int]) -> int:
    return math.lcm(1, *{v for v in values if v})
