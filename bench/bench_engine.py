"""Benchmark of the RESPONSE match engine: ``.venv/bin/python bench/bench_engine.py [--games N]``.

Prints, on one core (one process, CPU time):

- complete random-vs-random games per second (target ≥ 200), with the mean game length;
- replayed actions per second, rebuilding those games from their logs (target ≥ 50,000),
  and the share of that time spent setting the games up (a game is ~31 actions);
- the heuristic bot's win rate against the random bot over 1,000 games (target ≥ 75%).

Uses the starter set and its shipped decklists, the decks drawn by a seeded generator.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.games.respons.bots import HeuristicBot, RandomBot, play_game
from engine.games.respons.match import new_match, replay
from engine.games.respons.match.log import read_setup
from engine.games.respons.starter import load_core_catalog, starter_decks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="random-vs-random games to time")
    parser.add_argument("--duel", type=int, default=1000, help="heuristic-vs-random games (0: skip)")
    args = parser.parse_args()
    catalog = load_core_catalog()
    decks = list(starter_decks().values())
    rng = random.Random(2026)
    setups = [((rng.choice(decks), rng.choice(decks)), rng.getrandbits(32)) for _ in range(args.games)]

    start = time.process_time()
    logs = []
    actions = turns = 0
    for pair, seed in setups:
        match = play_game(catalog, pair, (RandomBot(seed), RandomBot(seed + 1)), seed=seed)
        actions += match.seq
        turns += match.turn
        logs.append(match.to_log(["CORE"]))
    played = time.process_time() - start
    print(f"random vs random: {args.games} games in {played:.2f} s CPU = {args.games / played:,.0f} games/s")
    print(f"  mean game: {actions / args.games:.1f} actions, {turns / args.games:.2f} turns")

    # The logs just built are long-lived: keep the collector from rescanning them.
    gc.collect()
    gc.freeze()
    start = time.process_time()
    for log in logs:
        replay(log, catalog)
    replayed = time.process_time() - start
    start = time.process_time()
    for log in logs:
        setup, _ = read_setup(log)
        new_match(catalog, **setup)
    setting_up = time.process_time() - start
    print(f"replay: {actions:,} actions in {replayed:.2f} s CPU = {actions / replayed:,.0f} actions/s")
    print(
        f"  of which setting up the {args.games} games: {setting_up:.2f} s; applying the actions alone: "
        f"{actions / max(replayed - setting_up, 1e-9):,.0f} actions/s"
    )

    if args.duel:
        wins = 0
        start = time.process_time()
        for game in range(args.duel):
            seat = game % 2
            bots = [RandomBot(game), RandomBot(game)]
            bots[seat] = HeuristicBot(game)
            pair = (rng.choice(decks), rng.choice(decks))
            match = play_game(catalog, pair, (bots[0], bots[1]), seed=rng.getrandbits(32))
            wins += match.result is not None and match.result.winner == seat
        duel = time.process_time() - start
        print(f"heuristic vs random: {wins / args.duel:.1%} wins over {args.duel} games ({duel:.1f} s CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
