"""Benchmark of the Swiss core: full simulated events, timed, with the pairing quality checked.

Usage: .venv/bin/python bench/bench_swiss.py [--sizes 256,1024,4096,8192] [--seed 1] [--exact-upto 300]
       [--teams 0,0.1]

Each event plays the recommended number of rounds with random results (about 4% drawn
matches), random drops (more likely after losses) and a few late entries joining in round 2
with a missed round 1. Per size it prints:

- ``pair max s``: the slowest round's pairing time; ``stand s``: the final standings' time;
- ``rematch``: rematches paired (must be 0);
- ``off/round``, ``off total``: players paired outside their point group, the most in one
  round and over the event, beside ``floor``: the fewest the groups' sizes allow (two per
  group boundary with an odd number of players above it), which rematches can make
  impossible;
- ``>exact``: rounds whose floats (squared distances, then count) were worse than one exact
  matching's, checked for events up to ``--exact-upto`` players wherever a round is above
  the floor (the exact matching is O(n³), so not at every size); "-" when not checked;
- ``byes``, ``bad bye``: byes given, and those not given to the lowest-ranked player who had
  not had one; ``2 byes``: players given a second bye;
- ``teams``: the share of players in teams of four whose members the pairer keeps apart
  (forbidden pairs, six a team; each share in ``--teams`` is one table), and ``forbid``: the
  forbidden pairs it paired all the same (0 unless no other pairing existed).

Targets at 8,192 players: slowest pairing < 2 s, standings < 1 s.
"""

import argparse
import random
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from unittest import mock

# Run as a script from the repository root: make the project importable without installing it.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.swiss import MatchRecord, Pairing, Player, compute_standings, pair_round, recommended_rounds
from tournaments.swiss import pairing as pairing_module
from tournaments.swiss.scoring import score

DRAW_RATE = 0.04
DROP_RATE_AFTER_LOSS = 0.04
DROP_RATE = 0.005
LATE_SHARE = 0.005


@dataclass
class Result:
    size: int
    rounds: int = 0
    slowest_pairing: float = 0.0
    standings: float = 0.0
    rematches: int = 0
    off_group_max: int = 0
    off_group_total: int = 0
    off_group_floor: int = 0
    worse_than_exact: int | None = None
    byes: int = 0
    bad_byes: int = 0
    double_byes: int = 0
    teams: float = 0.0
    forbidden_paired: int = 0


def simulate(size: int, seed: int, exact_upto: int, teams: float = 0.0) -> Result:
    """Return the timings and quality figures of one simulated event of ``size`` players, a
    share ``teams`` of them in teams of four kept apart (forbidden pairs)."""
    rng = random.Random(seed)
    players = {i: Player(id=i, name=f"player{i:05d}") for i in range(size)}
    members = rng.sample(range(size), int(size * teams) // 4 * 4)
    forbidden = [
        (a, b)
        for t in range(0, len(members), 4)
        for k, a in enumerate(members[t : t + 4])
        for b in members[t + k + 1 : t + 4]
    ]
    kept_apart = {frozenset(pair) for pair in forbidden}
    late = max(1, int(size * LATE_SHARE))
    history: list[MatchRecord] = []
    met: set[frozenset[int]] = set()
    had_bye: set[int] = set()
    result = Result(size, rounds=recommended_rounds(size + late), teams=teams)
    if size <= exact_upto:
        result.worse_than_exact = 0
    for number in range(1, result.rounds + 1):
        if number == 2:
            for i in range(size, size + late):
                players[i] = Player(id=i, name=f"player{i:05d}", late_round=2)
                history.append(MatchRecord.missed(round=1, player=i))
        roster = list(players.values())
        keys = score(roster, history).keys  # untimed: the reference for the quality checks
        started = time.perf_counter()
        pairing = pair_round(
            players=roster, history=history, round_number=number, seed=seed, forbidden=forbidden
        )
        result.slowest_pairing = max(result.slowest_pairing, time.perf_counter() - started)

        points = {pid: key[0] for pid, key in keys.items()}
        result.rematches += sum(frozenset(pair) in met for pair in pairing.pairs)
        result.forbidden_paired += sum(frozenset(pair) in kept_apart for pair in pairing.pairs)
        met.update(frozenset(pair) for pair in pairing.pairs)
        off_group = 2 * sum(points[a] != points[b] for a, b in pairing.pairs)
        floor = _parity_floor([points[p] for pair in pairing.pairs for p in pair])
        result.off_group_max = max(result.off_group_max, off_group)
        result.off_group_total += off_group
        result.off_group_floor += floor
        if result.worse_than_exact is not None and off_group > floor:
            with mock.patch.object(pairing_module, "EXACT_LIMIT", size + late):
                exact = pair_round(
                    players=roster, history=history, round_number=number, seed=seed, forbidden=forbidden
                )
            result.worse_than_exact += _float_cost(pairing, points) > _float_cost(exact, points)
        if pairing.bye is not None:
            eligible = [p.id for p in roster if p.can_play(number) and p.id not in had_bye]
            result.byes += 1
            result.double_byes += pairing.bye in had_bye
            result.bad_byes += bool(eligible) and keys[pairing.bye] != min(keys[pid] for pid in eligible)
            had_bye.add(pairing.bye)
            history.append(MatchRecord.bye(round=number, player=pairing.bye))

        for a, b in pairing.pairs:
            match = _random_match(rng, number, a, b)
            history.append(match)
            for pid, lost in ((a, match.wins_a < match.wins_b), (b, match.wins_b < match.wins_a)):
                if rng.random() < (DROP_RATE_AFTER_LOSS if lost else DROP_RATE):
                    players[pid] = replace(players[pid], dropped=True)

    started = time.perf_counter()
    compute_standings(players=list(players.values()), history=history)
    result.standings = time.perf_counter() - started
    return result


def _parity_floor(points: list[int]) -> int:
    """Return the fewest players who must meet outside their point group: two per group boundary
    with an odd number of players above it."""
    sizes: dict[int, int] = {}
    for p in points:
        sizes[p] = sizes.get(p, 0) + 1
    above = odd = 0
    for level in sorted(sizes, reverse=True):
        above += sizes[level]
        odd += above % 2
    return 2 * odd


def _float_cost(pairing: Pairing, points: dict[int, int]) -> tuple[int, int]:
    """Return (sum of squared point-group distances, pairs across groups) of a pairing."""
    levels = sorted({points[p] for pair in pairing.pairs for p in pair}, reverse=True)
    index = {level: i for i, level in enumerate(levels)}
    distances = [abs(index[points[a]] - index[points[b]]) for a, b in pairing.pairs]
    return sum(d * d for d in distances), sum(d > 0 for d in distances)


def _random_match(rng: random.Random, number: int, a: int, b: int) -> MatchRecord:
    roll = rng.random()
    if roll < DRAW_RATE:
        return MatchRecord(round=number, a=a, b=b, wins_a=1, wins_b=1, draws=rng.choice((0, 1)))
    loser_games = rng.choice((0, 1))
    if roll < (1 + DRAW_RATE) / 2:
        return MatchRecord(round=number, a=a, b=b, wins_a=2, wins_b=loser_games)
    return MatchRecord(round=number, a=a, b=b, wins_a=loser_games, wins_b=2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="256,1024,4096,8192", help="comma-separated player counts")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--exact-upto", type=int, default=300, help="compare with one exact matching up to")
    parser.add_argument(
        "--teams",
        default="0,0.1",
        help="comma-separated shares of players in teams kept apart, one table each",
    )
    args = parser.parse_args()
    for teams in (float(t) for t in args.teams.split(",")):
        print(
            f"{'players':>8} {'rounds':>6} {'pair max s':>10} {'stand s':>8} {'rematch':>7} {'off/round':>9} "
            f"{'off total':>9} {'floor':>6} {'>exact':>6} {'byes':>5} {'bad bye':>7} {'2 byes':>6} "
            f"{'teams':>5} {'forbid':>6}"
        )
        for size in (int(s) for s in args.sizes.split(",")):
            r = simulate(size, args.seed, args.exact_upto, teams)
            worse = "-" if r.worse_than_exact is None else str(r.worse_than_exact)
            print(
                f"{r.size:>8} {r.rounds:>6} {r.slowest_pairing:>10.3f} {r.standings:>8.3f} {r.rematches:>7} "
                f"{r.off_group_max:>9} {r.off_group_total:>9} {r.off_group_floor:>6} {worse:>6} "
                f"{r.byes:>5} {r.bad_byes:>7} {r.double_byes:>6} {r.teams:>5.2f} {r.forbidden_paired:>6}",
                flush=True,
            )


if __name__ == "__main__":
    main()
