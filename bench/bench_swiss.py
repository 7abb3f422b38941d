"""Benchmark of the Swiss core: full simulated events, timed, with the pairing quality checked.

Usage: .venv/bin/python bench/bench_swiss.py [--sizes 256,1024,4096,8192] [--seed 1]

Each event plays the recommended number of rounds with random results (about 4% drawn
matches), random drops (more likely after losses) and a few late entries joining in
round 2 with a missed round 1. Per size it prints the slowest round's pairing time, the
final standings' time, and the pairing quality: rematches (must be 0), players paired
outside their point group (the most in one round, and in all, beside the floor that
the groups' parities force), and whether each bye went
to the lowest-ranked eligible player with nobody getting two.
Targets at 8,192 players: slowest pairing < 2 s, standings < 1 s.
"""

import argparse
import random
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path

# Run as a script from the repository root: make the project importable without installing it.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.swiss import (
    MatchRecord,
    Player,
    compute_standings,
    pair_round,
    recommended_rounds,
)
from tournaments.swiss.scoring import score

DRAW_RATE = 0.04
DROP_RATE_AFTER_LOSS = 0.04
DROP_RATE = 0.005
LATE_SHARE = 0.005


@dataclass
class Result:
    size: int
    rounds: int
    slowest_pairing: float
    standings: float
    rematches: int
    off_group_max: int
    off_group_total: int
    off_group_floor: int
    byes: int
    bad_byes: int
    double_byes: int


def simulate(size: int, seed: int) -> Result:
    """Return the timings and quality figures of one simulated event of ``size`` players."""
    rng = random.Random(seed)
    players = {i: Player(id=i, name=f"player{i:05d}") for i in range(size)}
    late = max(1, int(size * LATE_SHARE))
    history: list[MatchRecord] = []
    met: set[frozenset[int]] = set()
    had_bye: set[int] = set()
    rounds = recommended_rounds(size + late)
    result = Result(size, rounds, 0.0, 0.0, 0, 0, 0, 0, 0, 0, 0)
    for number in range(1, rounds + 1):
        if number == 2:
            for i in range(size, size + late):
                players[i] = Player(id=i, name=f"player{i:05d}", late_round=2)
                history.append(MatchRecord.missed(round=1, player=i))
        roster = list(players.values())
        before = score(roster, history)  # untimed: the reference for the quality checks
        started = time.perf_counter()
        pairing = pair_round(players=roster, history=history, round_number=number, seed=seed)
        result.slowest_pairing = max(result.slowest_pairing, time.perf_counter() - started)

        points = {pid: key[0] for pid, key in before.keys.items()}
        off_group = 0
        for a, b in pairing.pairs:
            if frozenset((a, b)) in met:
                result.rematches += 1
            met.add(frozenset((a, b)))
            off_group += 2 * (points[a] != points[b])
        result.off_group_max = max(result.off_group_max, off_group)
        result.off_group_total += off_group
        result.off_group_floor += _parity_floor(roster, number, pairing.bye, points)
        if pairing.bye is not None:
            result.byes += 1
            eligible = [p.id for p in roster if p.can_play(number) and p.id not in had_bye]
            lowest = min(before.keys[pid] for pid in eligible) if eligible else None
            result.double_byes += pairing.bye in had_bye
            result.bad_byes += before.keys[pairing.bye] != lowest
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


def _parity_floor(roster: list[Player], number: int, bye: int | None, points: dict[int, int]) -> int:
    """Return how many players must be paired outside their point group when groups pair top-down:
    two per group boundary above which an odd number of players stand."""
    sizes: dict[int, int] = {}
    for p in roster:
        if p.can_play(number) and p.id != bye:
            sizes[points[p.id]] = sizes.get(points[p.id], 0) + 1
    above = odd = 0
    for group_points in sorted(sizes, reverse=True):
        above += sizes[group_points]
        odd += above % 2
    return 2 * odd


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
    args = parser.parse_args()
    header = (
        f"{'players':>8} {'rounds':>6} {'pair max s':>10} {'stand s':>8} {'rematch':>7} "
        f"{'off/round':>9} {'off total':>9} {'floor':>6} {'byes':>5} {'bad bye':>7} {'2 byes':>6}"
    )
    print(header)
    for size in (int(s) for s in args.sizes.split(",")):
        r = simulate(size, args.seed)
        print(
            f"{r.size:>8} {r.rounds:>6} {r.slowest_pairing:>10.3f} {r.standings:>8.3f} {r.rematches:>7} "
            f"{r.off_group_max:>9} {r.off_group_total:>9} {r.off_group_floor:>6} "
            f"{r.byes:>5} {r.bad_byes:>7} {r.double_byes:>6}",
            flush=True,
        )


if __name__ == "__main__":
    main()
