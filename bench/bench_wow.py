"""Benchmark of the WoW TCG match engine: ``.venv/bin/python bench/bench_wow.py``.

Prints, on one core (one process, CPU time):

- complete random-vs-random games per second, with the mean game length;
- replayed actions per second, rebuilding those games from their logs;
- the heuristic bot's win rate against the random bot over ``--duel`` games (target ≥ 75%),
  the bots changing seats every game.

Uses the bundled card set, its shipped decklists and the engine's sample decks.
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

from engine.cardset import load_catalog
from engine.decklist import load_decklist
from engine.registry import bundled_card_sets, bundled_decklists, get_game

GAME = "wow"


def play(engine: Any, catalog: Any, pair: Any, seed: int, names: tuple[str, str]) -> Any:
    """Play one game to its end with the bots ``names`` (seat 0, seat 1)."""
    match = engine.new_match(catalog, pair, seed=seed)
    bots = (engine.make_bot(names[0], seed), engine.make_bot(names[1], seed + 1))
    while not match.is_over:
        decision = match.decision()
        match.apply(decision.seat, bots[decision.seat].act(match, decision.seat))
    return match


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="random-vs-random games to time")
    parser.add_argument("--duel", type=int, default=1000, help="heuristic-vs-random games (0: skip)")
    args = parser.parse_args()
    engine = get_game(GAME).match_engine
    assert engine is not None
    rules, catalog = load_catalog(bundled_card_sets(GAME))
    decks = [load_decklist(path, game=GAME) for path in bundled_decklists(GAME)]
    decks = [deck for deck in decks if not rules.validate_deck(deck, catalog)]
    decks += engine.sample_decks(catalog, seed=2026)
    rng = random.Random(2026)
    setups = [((rng.choice(decks), rng.choice(decks)), rng.getrandbits(32)) for _ in range(args.games)]

    start = time.process_time()
    logs = []
    actions = turns = 0
    for pair, seed in setups:
        match = play(engine, catalog, pair, seed, ("random", "random"))
        actions += match.seq
        turns += match.turn
        logs.append(match.to_log(["ASHF"]))
    played = time.process_time() - start
    print(f"random vs random: {args.games} games in {played:.2f} s CPU = {args.games / played:,.0f} games/s")
    print(f"  mean game: {actions / args.games:.1f} actions, {turns / args.games:.2f} turns")

    gc.collect()
    gc.freeze()
    start = time.process_time()
    for log in logs:
        engine.replay(log, catalog)
    replayed = time.process_time() - start
    print(f"replay: {actions} actions in {replayed:.2f} s CPU = {actions / replayed:,.0f} actions/s")

    if args.duel:
        wins = draws = 0
        for game in range(args.duel):
            pair = (rng.choice(decks), rng.choice(decks))
            seat = game % 2  # the heuristic bot's seat
            names = ("heuristic", "random") if seat == 0 else ("random", "heuristic")
            result = play(engine, catalog, pair, rng.getrandbits(32), names).result
            wins += result.winner == seat
            draws += result.winner is None
        print(f"heuristic vs random: {wins}/{args.duel} won = {wins / args.duel:.1%} ({draws} draws)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
