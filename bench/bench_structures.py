"""Benchmark of the event structures beyond Swiss (tournaments/structures/): pairing, standings, brackets.

Usage: .venv/bin/python bench/bench_structures.py [--players 8192] [--teams 2730] [--bracket 1024]
       [--repeat 3] [--seed 1] [--rematch-events 300]

Every structure is played with random results (about 4% drawn matches where a draw is
possible), and each step a site takes is timed on its own: the CPU time of this process (the
least of ``--repeat`` runs), so that other work on a shared machine weighs little; on a quiet
machine the wall time is the same. It prints:

- **pairing**: the slowest "next round" of a whole event, per structure: a single- and a
  double-elimination bracket (building it is timed apart: seeding and the bracket itself);
  one round robin round; matching every player of a league waiting at once (the league's
  state built from its matches, then the matching); a team Swiss round of teams of three.
  Target: under 2 s for ``--players`` players (``--teams`` teams of three).
- **standings**: each structure's standings at the end (for a round robin after as many
  rounds as a Swiss event of that size plays, with every tiebreaker of the contract, and a
  whole round robin of 256 players); the Swiss core's own standings beside, for comparison.
  Target: under 1 s.
- **bracket page**: the pure part of a bracket page of ``--bracket`` players (a finished
  double elimination with the reset): the bracket, its progress and the API's data.
  Target: a small part of the page's 300 ms.
- **rematches**: double-elimination events of 8 to 64 players with random results: how
  many matches of the losers' bracket were rematches, and the earliest losers' round one
  happened in, with the crossing order and, back to back, with the losers of every winners'
  round entering in straight bracket order.
"""

import argparse
import random
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from unittest import mock

# Run as a script from the repository root: make the project importable without installing it.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.structures import (
    TIEBREAKERS,
    Bracket,
    League,
    LeagueRules,
    MatchState,
    Team,
    bracket_progress,
    bracket_view,
    double_elimination,
    elimination_standings,
    rank_by_profile,
    round_robin_round,
    round_robin_rounds,
    round_robin_standings,
    seed_order,
    single_elimination,
    team_match_result,
    team_pair_round,
    team_standings,
)
from tournaments.structures import bracket as bracket_module
from tournaments.swiss import MatchRecord, Player, compute_standings, pair_round, recommended_rounds

DRAW_RATE = 0.04
EVERY_TIEBREAKER = list(TIEBREAKERS)


def best_of(repeat: int, run: Callable[[], object]) -> float:
    """Return the least CPU time of ``repeat`` runs of ``run``, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        run()
        best = min(best, time.process_time() - started)
    return best


def random_result(rng: random.Random, number: int, a: int, b: int, *, draws: bool = True) -> MatchRecord:
    roll = rng.random()
    if draws and roll < DRAW_RATE:
        return MatchRecord(number, a, b, 1, 1, rng.choice((0, 1)))
    loser = rng.choice((0, 1))
    return (
        MatchRecord(number, a, b, 2, loser)
        if roll < 0.5 + DRAW_RATE / 2
        else MatchRecord(number, a, b, loser, 2)
    )


def roster(n: int) -> list[Player]:
    return [Player(id=i, name=f"player{i:05d}") for i in range(1, n + 1)]


# --- elimination --------------------------------------------------------------------------------


def play_bracket(bracket: Bracket, rng: random.Random, repeat: int) -> tuple[float, dict[str, MatchRecord]]:
    """Play ``bracket`` out; return the slowest "next round" (progress and its rounds) and the results."""
    results: dict[str, MatchRecord] = {}
    slowest = 0.0
    while True:
        progress = bracket_progress(bracket=bracket, results=results)

        def next_round(results: dict[str, MatchRecord] = results) -> None:
            bracket_progress(bracket=bracket, results=results).ready_rounds()

        slowest = max(slowest, best_of(repeat, next_round))
        if not progress.ready:
            return slowest, results
        for state in progress.ready:
            assert state.player_a is not None and state.player_b is not None
            results[state.match.key] = random_result(
                rng, state.match.round, state.player_a, state.player_b, draws=False
            )


def elimination(players: int, repeat: int, seed: int) -> list[tuple[str, str, float]]:
    rng = random.Random(seed)
    field = roster(players)
    ids = [p.id for p in field]
    ratings = {pid: rng.gauss(1500, 200) for pid in ids}
    figures = []
    seeding = best_of(repeat, lambda: seed_order(entrants=ids, method="rating", seed=seed, ratings=ratings))
    seeds = seed_order(entrants=ids, method="rating", seed=seed, ratings=ratings)
    for name, build in (
        ("single elimination", lambda: single_elimination(seeds=seeds)),
        ("double elimination", lambda: double_elimination(seeds=seeds, grand_final_reset=True)),
    ):
        built = best_of(repeat, build)
        bracket = build()
        slowest, results = play_bracket(bracket, rng, repeat)
        progress = bracket_progress(bracket=bracket, results=results)
        figures.append(("pairing", f"{name}: seeding + bracket", seeding + built))
        figures.append(("pairing", f"{name}: slowest next round", slowest))
        figures.append(
            (
                "standings",
                f"{name}: placings, ties by tiebreakers",
                best_of(
                    repeat,
                    lambda progress=progress: elimination_standings(
                        progress=progress, players=field, tie_break="tiebreakers"
                    ),
                ),
            )
        )
    return figures


def bracket_page(players: int, repeat: int, seed: int) -> list[tuple[str, str, float]]:
    rng = random.Random(seed)
    field = roster(players)
    names = {p.id: p.name for p in field}
    seeds = [p.id for p in field]
    _, results = play_bracket(double_elimination(seeds=seeds, grand_final_reset=True), rng, 1)

    def page() -> None:
        bracket = double_elimination(seeds=seeds, grand_final_reset=True)
        bracket_view(bracket_progress(bracket=bracket, results=results), names=names)

    return [
        (
            "bracket page",
            f"double elimination of {players}: bracket + progress + API data",
            best_of(repeat, page),
        )
    ]


# --- round robin --------------------------------------------------------------------------------


def round_robin(players: int, repeat: int, seed: int) -> list[tuple[str, str, float]]:
    rng = random.Random(seed)
    field = roster(players)
    ids = [p.id for p in field]
    dropped = set(rng.sample(ids, players // 100))
    rounds = recommended_rounds(players)
    history: list[MatchRecord] = []
    slowest = 0.0
    for number in range(1, rounds + 1):
        slowest = max(
            slowest,
            best_of(
                repeat,
                lambda number=number: round_robin_round(entrants=ids, round_number=number, dropped=dropped),
            ),
        )
        pairing = round_robin_round(entrants=ids, round_number=number, dropped=dropped)
        history += pairing.records_without_play()
        history += [random_result(rng, number, t.a, t.b) for t in pairing.tables if t.forfeit is None]
    marked = [Player(id=p.id, name=p.name, dropped=p.id in dropped) for p in field]
    figures = [
        ("pairing", f"round robin: a round of {players} (1% dropped)", slowest),
        (
            "standings",
            f"round robin: {rounds} rounds of {players}, every tiebreaker",
            best_of(
                repeat,
                lambda: round_robin_standings(players=marked, history=history, tiebreakers=EVERY_TIEBREAKER),
            ),
        ),
    ]
    small = roster(256)
    small_ids = [p.id for p in small]
    whole = [
        random_result(rng, number, t.a, t.b)
        for number in range(1, round_robin_rounds(256) + 1)
        for t in round_robin_round(entrants=small_ids, round_number=number).tables
    ]
    figures.append(
        (
            "standings",
            f"round robin: all of 256 ({len(whole):,} matches), every tiebreaker",
            best_of(
                repeat,
                lambda: round_robin_standings(players=small, history=whole, tiebreakers=EVERY_TIEBREAKER),
            ),
        )
    )
    return figures


# --- league -------------------------------------------------------------------------------------


def league(players: int, repeat: int, seed: int) -> list[tuple[str, str, float]]:
    rng = random.Random(seed)
    field = roster(players)
    ids = [p.id for p in field]
    start = datetime(2026, 12, 1, tzinfo=UTC)
    rules = LeagueRules.over(opens_at=start, days=14, matches=12)
    now = start + timedelta(days=7)
    ratings = {pid: rng.gauss(1500, 200) for pid in ids}
    history: list[MatchRecord] = []
    for number in range(1, 7):  # six matches each so far, through the site's own matching
        lg = League(rules=rules, players=field, history=history)
        for a, b in lg.pair_waiting(waiting=ids, now=now, ratings=ratings, seed=number).pairs:
            history.append(random_result(rng, number, a, b))
    waiting = ids[:]
    rng.shuffle(waiting)

    def match_everyone() -> None:
        League(rules=rules, players=field, history=history).pair_waiting(
            waiting=waiting, now=now, ratings=ratings
        )

    lg = League(rules=rules, players=field, history=history)
    pairing = lg.pair_waiting(waiting=waiting, now=now, ratings=ratings)
    assert len(pairing.pairs) * 2 >= players - 1, "the league left players unmatched"
    return [
        (
            "pairing",
            f"league: {players} waiting, {len(history):,} matches so far",
            best_of(repeat, match_everyone),
        ),
        (
            "standings",
            f"league: {players} players, default tiebreakers",
            best_of(repeat, lambda: League(rules=rules, players=field, history=history).standings()),
        ),
    ]


# --- teams --------------------------------------------------------------------------------------


def teams(count: int, repeat: int, seed: int) -> list[tuple[str, str, float]]:
    rng = random.Random(seed)
    field = [
        Team(
            id=t,
            name=f"team{t:05d}",
            members=tuple(Player(id=10 * t + s, name=f"p{10 * t + s}") for s in range(1, 4)),
        )
        for t in range(1, count + 1)
    ]
    by_id = {t.id: t for t in field}
    history: list[MatchRecord] = []
    slowest = 0.0
    for number in range(1, recommended_rounds(count) + 1):
        slowest = max(
            slowest,
            best_of(
                repeat,
                lambda number=number, history=history: team_pair_round(
                    teams=field, history=history, round_number=number, seed=seed
                ),
            ),
        )
        pairing = team_pair_round(teams=field, history=history, round_number=number, seed=seed)
        for table in pairing.teams.tables:
            seats = [
                random_result(rng, number, s.a, s.b) for s in pairing.seats if s.team_table == table.number
            ]
            history.append(
                team_match_result(
                    round=number, team_a=by_id[table.a], team_b=by_id[table.b], seats=seats
                ).record
            )
        history += pairing.records_without_play(size=3)[0]
    return [
        ("pairing", f"team Swiss: a round of {count} teams of 3", slowest),
        (
            "standings",
            f"team Swiss: {count} teams after {recommended_rounds(count)} rounds",
            best_of(repeat, lambda: team_standings(teams=field, history=history)),
        ),
    ]


# --- Swiss, for comparison ----------------------------------------------------------------------


def swiss(players: int, repeat: int, seed: int) -> list[tuple[str, str, float]]:
    rng = random.Random(seed)
    field = roster(players)
    history: list[MatchRecord] = []
    for number in range(1, recommended_rounds(players) + 1):
        pairing = pair_round(players=field, history=history, round_number=number, seed=seed)
        history += [random_result(rng, number, a, b) for a, b in pairing.pairs]
        bye = pairing.bye_record()
        history += [bye] if bye else []
    return [
        (
            "standings",
            f"Swiss core's standings, {players} players (for comparison)",
            best_of(repeat, lambda: compute_standings(players=field, history=history)),
        ),
        (
            "standings",
            "the same event by profile: MTR's four",
            best_of(
                repeat,
                lambda: rank_by_profile(players=field, history=history, profile=["mwp", "omw", "gw", "ogw"]),
            ),
        ),
        (
            "standings",
            "the same event by profile: every tiebreaker",
            best_of(
                repeat, lambda: rank_by_profile(players=field, history=history, profile=EVERY_TIEBREAKER)
            ),
        ),
    ]


# --- rematches in the losers' bracket -----------------------------------------------------------


def rematches(size: int, events: int, seed: int) -> tuple[int, int, int | None, int]:
    """Return (losers' matches, rematches among them, earliest losers' round with one, losers' rounds)
    over ``events`` random double-elimination events of ``size`` players."""
    rng = random.Random(seed)
    bracket = double_elimination(seeds=list(range(1, size + 1)))
    rounds = max(int(m.stage.removeprefix("losers_")) for m in bracket.matches if m.kind == "losers")
    total = again = 0
    earliest: int | None = None
    for _ in range(events):
        met: set[frozenset[int]] = set()
        results: dict[str, MatchRecord] = {}
        while True:
            ready: tuple[MatchState, ...] = bracket_progress(bracket=bracket, results=results).ready
            if not ready:
                break
            for state in ready:
                assert state.player_a is not None and state.player_b is not None
                pair = frozenset((state.player_a, state.player_b))
                if state.match.kind == "losers":
                    total += 1
                    if pair in met:
                        again += 1
                        number = int(state.match.stage.removeprefix("losers_"))
                        earliest = number if earliest is None else min(earliest, number)
                met.add(pair)
                results[state.match.key] = random_result(rng, 1, state.player_a, state.player_b, draws=False)
    return total, again, earliest, rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=8192)
    parser.add_argument("--teams", type=int, default=2730)
    parser.add_argument("--bracket", type=int, default=1024)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rematch-events", type=int, default=300)
    args = parser.parse_args()

    figures = [
        *elimination(args.players, args.repeat, args.seed),
        *round_robin(args.players, args.repeat, args.seed),
        *league(args.players, args.repeat, args.seed),
        *teams(args.teams, args.repeat, args.seed),
        *swiss(args.players, args.repeat, args.seed),
        *bracket_page(args.bracket, args.repeat, args.seed),
    ]
    for section in ("pairing", "standings", "bracket page"):
        print(f"\n{section} (CPU seconds, least of {args.repeat} runs)")
        for name, label, seconds in figures:
            if name == section:
                print(f"  {label:<68} {seconds:>8.3f}", flush=True)

    print(f"\nrematches in the losers' bracket, {args.rematch_events} random events a size")
    header = ("players", "order", "losers matches", "rematches", "earliest", "of rounds")
    print("  " + " ".join(f"{h:>{w}}" for h, w in zip(header, (7, 9, 14, 9, 8, 9), strict=True)))
    straight = lambda count, winners_round: list(range(count))  # noqa: E731
    for size in (8, 16, 32, 64):
        for order, patch in (("crossing", None), ("straight", straight)):
            if patch is None:
                total, again, earliest, rounds = rematches(size, args.rematch_events, args.seed)
            else:
                with mock.patch.object(bracket_module, "crossing_order", patch):
                    total, again, earliest, rounds = rematches(size, args.rematch_events, args.seed)
            first = "-" if earliest is None else str(earliest)
            print(f"  {size:>7} {order:>9} {total:>14} {again:>9} {first:>8} {rounds:>9}", flush=True)


if __name__ == "__main__":
    main()
