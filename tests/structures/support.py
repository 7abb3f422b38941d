"""Shared helpers for the structures' tests: rosters, brackets played out, slow reference tiebreakers."""

from collections import defaultdict
from collections.abc import Callable, Sequence
from fractions import Fraction

from tournaments.structures import Bracket, BracketProgress, MatchState, bracket_progress
from tournaments.swiss import MatchRecord, Player

THIRD = Fraction(1, 3)


def roster(n: int, *, first_id: int = 1) -> list[Player]:
    """Return ``n`` players with ids from ``first_id`` and names sorting like their ids."""
    return [Player(id=i, name=f"player{i:04d}") for i in range(first_id, first_id + n)]


def match(number: int, a: int, b: int, wins_a: int, wins_b: int, draws: int = 0) -> MatchRecord:
    return MatchRecord(round=number, a=a, b=b, wins_a=wins_a, wins_b=wins_b, draws=draws)


def better_seed_wins(bracket: Bracket) -> Callable[[MatchState], bool]:
    """Return a chooser under which the better seed always wins."""
    return lambda state: bracket.seed_of(state.player_a or 0) < bracket.seed_of(state.player_b or 0)


def play_out(
    bracket: Bracket,
    a_wins: Callable[[MatchState], bool],
    *,
    dropped: Sequence[int] = (),
    stop: Callable[[MatchState], bool] = lambda state: False,
) -> tuple[BracketProgress, list[MatchState]]:
    """Play ``bracket`` to its end, each ready match won 2–1 by seat a when ``a_wins(state)``;
    return the last progress and the matches as they were played (ready states, in order).
    ``stop`` ends the play-out before the first ready match for which it is true."""
    results: dict[str, MatchRecord] = {}
    played: list[MatchState] = []
    while True:
        progress = bracket_progress(bracket=bracket, results=results, dropped=dropped)
        if not progress.ready:
            return progress, played
        for state in progress.ready:
            if stop(state):
                return progress, played
            assert state.player_a is not None and state.player_b is not None
            wins = (2, 1) if a_wins(state) else (1, 2)
            results[state.match.key] = MatchRecord(
                state.match.round, state.player_a, state.player_b, wins[0], wins[1]
            )
            played.append(state)


# --- the tiebreakers, the slow and obvious way, with Fractions ------------------------------------


def reference_values(
    players: Sequence[Player], history: Sequence[MatchRecord]
) -> dict[int, dict[str, object]]:
    """Return every tiebreaker of every player (and ``points``), computed with Fractions."""
    points: dict[int, int] = defaultdict(int)
    rounds: dict[int, int] = defaultdict(int)
    game_points: dict[int, int] = defaultdict(int)
    games: dict[int, int] = defaultdict(int)
    opponents: dict[int, list[int]] = defaultdict(list)
    beaten: dict[int, list[int]] = defaultdict(list)
    drawn: dict[int, list[int]] = defaultdict(list)
    for r in history:
        sides = [(r.a, r.b, r.wins_a, r.wins_b)]
        if r.b is not None:
            sides.append((r.b, r.a, r.wins_b, r.wins_a))
        for me, other, won, lost in sides:
            rounds[me] += 1
            points[me] += 3 if won > lost else 1 if won == lost else 0
            game_points[me] += 3 * won + r.draws
            games[me] += won + lost + r.draws
            if other is not None:
                opponents[me].append(other)
                if won > lost:
                    beaten[me].append(other)
                elif won == lost:
                    drawn[me].append(other)

    def floored(numerator: int, count: int) -> Fraction:
        return max(Fraction(numerator, 3 * count), THIRD) if count else THIRD

    def mean(values: list[Fraction]) -> Fraction:
        return sum(values, Fraction(0)) / len(values) if values else THIRD

    ids = [p.id for p in players]
    mwp = {p: floored(points[p], rounds[p]) for p in ids}
    gw = {p: floored(game_points[p], games[p]) for p in ids}
    omw = {p: mean([mwp[o] for o in opponents[p]]) for p in ids}
    values: dict[int, dict[str, Fraction]] = {}
    for p in ids:
        theirs = sorted(points[o] for o in opponents[p])
        values[p] = {
            "points": Fraction(points[p]),
            "mwp": mwp[p],
            "omw": omw[p],
            "gw": gw[p],
            "ogw": mean([gw[o] for o in opponents[p]]),
            "oomw": mean([omw[o] for o in opponents[p]]),
            "buchholz": Fraction(sum(theirs)),
            "median_buchholz": Fraction(sum(theirs[1:-1]) if len(theirs) >= 3 else sum(theirs)),
            "sonneborn_berger": Fraction(sum(points[o] for o in beaten[p]))
            + Fraction(sum(points[o] for o in drawn[p]), 2),
        }
    return values


PERCENTAGES = {"mwp", "omw", "gw", "ogw", "oomw"}


def shown(key: str, value: Fraction) -> int | float:
    """Return a reference value as the standings show it: percentages rounded to 4 places,
    Sonneborn-Berger in half points, the other sums as whole numbers."""
    if key in PERCENTAGES:
        return round(float(value), 4)
    if key == "sonneborn_berger":
        return float(value)
    return int(value)
