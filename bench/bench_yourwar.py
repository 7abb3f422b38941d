"""Benchmark of the Your War match engine: ``.venv/bin/python bench/bench_yourwar.py [--games N]``.

Prints, on one core (one process, CPU time), through the registry's match engine
(``engine.match.MatchEngine``) with the game's bundled card set and decklists:

- complete random-vs-random games per second (target ≥ 200), mean game length;
- replayed actions per second, rebuilding those games from their logs (target ≥ 20,000);
- the heuristic bot's win rate against the random bot over 1,000 games (target ≥ 75%).
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.cardset import load_card_set, load_catalog
from engine.decklist import load_decklist
from engine.registry import bundled_card_sets, bundled_decklists, get_game

GAME = "yourwar"


def play(match: Any, bots: list[Any]) -> Any:
    while not match.is_over:
        decision = match.decision()
        match.apply(decision.seat, bots[decision.seat].act(match, decision.seat))
    return match


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="random-vs-random games to time")
    parser.add_argument("--duel", type=int, default=1000, help="heuristic-vs-random games (0: skip)")
    args = parser.parse_args()
    engine = get_game(GAME).match_engine
    assert engine is not None
    paths = bundled_card_sets(GAME)
    codes = [load_card_set(path).code for path in paths]
    _rules, catalog = load_catalog(paths)
    decks = [load_decklist(path, game=GAME) for path in bundled_decklists(GAME)]
    rng = random.Random(2026)
    setups = [([rng.choice(decks), rng.choice(decks)], rng.getrandbits(32)) for _ in range(args.games)]

    start = time.process_time()
    logs = []
    actions = turns = 0
    for pair, seed in setups:
        match = engine.new_match(catalog, pair, seed=seed)
        play(match, [engine.make_bot("random", seed), engine.make_bot("random", seed + 1)])
        actions += match.seq
        turns += match.turn
        logs.append(match.to_log(codes))
    played = time.process_time() - start
    print(f"random vs random: {args.games} games in {played:.2f} s CPU = {args.games / played:,.0f} games/s")
    print(f"  mean game: {actions / args.games:.1f} actions, {turns / args.games:.2f} turns")

    gc.collect()
    gc.freeze()
    start = time.process_time()
    for log in logs:
        engine.replay(log, catalog)
    replayed = time.process_time() - start
    print(f"replay: {actions:,} actions in {replayed:.2f} s CPU = {actions / replayed:,.0f} actions/s")

    if args.duel:
        wins = 0
        reasons: dict[str, int] = {}
        start = time.process_time()
        for game in range(args.duel):
            seat = game % 2
            bots = [engine.make_bot("random", game), engine.make_bot("random", game + 1)]
            bots[seat] = engine.make_bot("heuristic", game)
            match = engine.new_match(
                catalog, [rng.choice(decks), rng.choice(decks)], seed=rng.getrandbits(32)
            )
            play(match, bots)
            assert match.result is not None
            wins += match.result.winner == seat
            reasons[match.result.reason] = reasons.get(match.result.reason, 0) + 1
        duel = time.process_time() - start
        print(
            f"heuristic vs random: {wins / args.duel:.1%} of {args.duel} games won "
            f"({duel:.2f} s CPU; reasons {dict(sorted(reasons.items()))})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
