"""Shared helpers for the Swiss tests: rosters, simulated events, and slow reference computations."""

from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from fractions import Fraction

from hypothesis import strategies as st

from tournaments.swiss import MatchRecord, Pairing, Player

THIRD = Fraction(1, 3)

# Match results as (wins_a, wins_b, draws): wins, losses, 1–1 draws, an intentional draw.
RESULTS = [(2, 0, 0), (2, 1, 0), (0, 2, 0), (1, 2, 0), (1, 1, 1), (1, 1, 0), (0, 0, 0)]
results = st.sampled_from(RESULTS)


def roster(n: int, *, first_id: int = 1) -> list[Player]:
    """Return ``n`` players with ids from ``first_id`` and names sorting like their ids."""
    return [Player(id=i, name=f"player{i:04d}") for i in range(first_id, first_id + n)]


def play(number: int, pairing: Pairing, outcomes: Sequence[tuple[int, int, int]]) -> list[MatchRecord]:
    """Return the records of a paired round: ``outcomes`` in table order, then the bye."""
    records = [
        MatchRecord(round=number, a=a, b=b, wins_a=wa, wins_b=wb, draws=d)
        for (a, b), (wa, wb, d) in zip(pairing.pairs, outcomes, strict=True)
    ]
    bye = pairing.bye_record()
    return records + ([bye] if bye else [])


def met(history: Sequence[MatchRecord]) -> set[frozenset[int]]:
    """Return every pair of players who have played each other."""
    return {frozenset((r.a, r.b)) for r in history if r.b is not None}


def reference_keys(
    players: Sequence[Player], history: Sequence[MatchRecord]
) -> dict[int, tuple[int, Fraction, Fraction, Fraction]]:
    """Return (match points, OMW, GW, OGW) per player, computed the slow, obvious way with Fractions."""
    points: dict[int, int] = defaultdict(int)
    rounds: dict[int, int] = defaultdict(int)
    game_points: dict[int, int] = defaultdict(int)
    games: dict[int, int] = defaultdict(int)
    opponents: dict[int, list[int]] = defaultdict(list)
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

    def floored(numerator: int, count: int) -> Fraction:
        return max(Fraction(numerator, 3 * count), THIRD) if count else THIRD

    def mean(values: list[Fraction]) -> Fraction:
        return sum(values, Fraction(0)) / len(values) if values else THIRD

    mw = {p.id: floored(points[p.id], rounds[p.id]) for p in players}
    gw = {p.id: floored(game_points[p.id], games[p.id]) for p in players}
    return {
        p.id: (
            points[p.id],
            mean([mw[o] for o in opponents[p.id]]),
            gw[p.id],
            mean([gw[o] for o in opponents[p.id]]),
        )
        for p in players
    }


def perfect_matchings(ids: Sequence[int], met_pairs: set[frozenset[int]]) -> Iterator[list[tuple[int, int]]]:
    """Yield every way to pair all of ``ids`` with no rematch (exhaustive: keep ``ids`` small)."""
    if not ids:
        yield []
        return
    first, rest = ids[0], ids[1:]
    for i, other in enumerate(rest):
        if frozenset((first, other)) in met_pairs:
            continue
        for tail in perfect_matchings([*rest[:i], *rest[i + 1 :]], met_pairs):
            yield [(first, other), *tail]


def float_cost(pairs: Sequence[tuple[int, int]], points: dict[int, int]) -> tuple[int, int]:
    """Return (sum over pairs of the squared distance between their point groups, pairs across groups),
    the distance counted in the point groups present among the paired players."""
    levels = sorted({points[p] for pair in pairs for p in pair}, reverse=True)
    index = {level: i for i, level in enumerate(levels)}
    distances = [abs(index[points[a]] - index[points[b]]) for a, b in pairs]
    return sum(d * d for d in distances), sum(d > 0 for d in distances)


def parity_floor(points: Sequence[int]) -> int:
    """Return how many point-group boundaries have an odd number of players above them: each needs
    at least one pair across it."""
    sizes = Counter(points)
    above = odd = 0
    for level in sorted(sizes, reverse=True):
        above += sizes[level]
        odd += above % 2
    return odd
