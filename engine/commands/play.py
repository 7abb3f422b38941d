"""``python -m engine play --bots heuristic,random --games N --seed S [--cards SET.json ...]``.

Lets two bots play games (RESPONSE by default, or the game of ``--cards`` if it has a match
engine) and prints one JSON object: win rates per bot and per
seat, mean turns and actions per game, and the share of games ended by each reason.
The bots swap seats every game. Decks: the shipped decklists with the default starter
set, else random legal decks built from the given sets (or ``--deck`` files).
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from typing import Any

from engine.cardset import load_catalog
from engine.commands.validate import _dumps
from engine.decklist import Decklist, load_decklist
from engine.games.respons.bots import BOTS, make_bot, play_game
from engine.games.respons.starter import CORE_SET_PATH, build_deck, starter_decks
from engine.problems import InputError, Problem

DECKS_PER_HERO = 3


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bots", default="heuristic,random", help="two bot names: " + ", ".join(BOTS))
    parser.add_argument("--games", type=int, default=100, metavar="N")
    parser.add_argument("--seed", type=int, default=0, metavar="S")
    parser.add_argument(
        "--cards", action="append", metavar="SET.json", help="card sets (default: the starter set)"
    )
    parser.add_argument("--deck", action="append", metavar="DECK", help="decklists to draw from (repeatable)")


def _deck_pool(args: argparse.Namespace, catalog: Any, rules: Any, rng: random.Random) -> list[Decklist]:
    """Return the legal decks the games draw from. Raises InputError when there is none."""
    if args.deck:
        decks = [load_decklist(path, game=rules.key) for path in args.deck]
    elif not args.cards:
        decks = list(starter_decks().values())
    else:
        decks = []
        for hero in (card for card in catalog if card.is_hero):
            for _ in range(DECKS_PER_HERO):
                decks.append(build_deck(hero, catalog, rng=rng))
    legal = [deck for deck in decks if not rules.validate_deck(deck, catalog)]
    if not legal:
        raise InputError(Problem("--cards", "no legal deck can be played from these cards"))
    return legal


def _engine_decks(args: argparse.Namespace, catalog: Any, rules: Any) -> list[Decklist]:
    """Return the legal decks of another game: ``--deck`` files, else its bundled decklists
    and its engine's sample decks. Raises InputError when there is none."""
    from engine.registry import bundled_decklists

    paths = args.deck or bundled_decklists(rules.key)
    decks = [load_decklist(path, game=rules.key) for path in paths]
    if not args.deck:
        decks += rules.match_engine.sample_decks(catalog, seed=args.seed)
    legal = [deck for deck in decks if not rules.validate_deck(deck, catalog)]
    if not legal:
        raise InputError(Problem("--cards", "no legal deck can be played from these cards"))
    return legal


def _play_engine(
    engine: Any, catalog: Any, pair: tuple[Decklist, Decklist], names: tuple[str, str], seed: int
) -> Any:
    """Play one game of a registry engine (engine/match.py) to its end with bots ``names``."""
    match = engine.new_match(catalog, pair, seed=seed)
    bots = (engine.make_bot(names[0], seed), engine.make_bot(names[1], seed + 1))
    while not match.is_over:
        decision = match.decision()
        match.apply(decision.seat, bots[decision.seat].act(match, decision.seat))
    return match


def run(args: argparse.Namespace) -> int:
    """Play the games and print the statistics; return 0. Raises InputError for bad input."""
    names = [name.strip() for name in args.bots.split(",")]
    if len(names) != 2 or any(name not in BOTS for name in names):
        raise InputError(Problem("--bots", f"give two of {', '.join(BOTS)} separated by a comma"))
    if args.games < 1:
        raise InputError(Problem("--games", "must be at least 1"))
    rules, catalog = load_catalog(args.cards or [CORE_SET_PATH])
    if rules.match_engine is None:
        raise InputError(Problem("--cards", f"{rules.key!r} has no match engine"))
    rng = random.Random(args.seed)
    pool = (
        _deck_pool(args, catalog, rules, rng)
        if rules.key == "respons"
        else _engine_decks(args, catalog, rules)
    )
    # Labels are the bot names, numbered when both seats run the same bot ("random#1").
    labels = names if names[0] != names[1] else [f"{name}#{i + 1}" for i, name in enumerate(names)]
    wins: Counter[str] = Counter()
    seat_wins: Counter[int] = Counter()
    bot_seat_wins: Counter[tuple[str, int]] = Counter()
    reasons: Counter[str] = Counter()
    turns = actions = 0
    for game in range(args.games):
        first = game % 2  # labels[0] sits at seat `first`; the bots swap seats every game
        seat_names = (names[0], names[1]) if first == 0 else (names[1], names[0])
        seed = rng.getrandbits(32)
        if rules.key == "respons":
            bots = (make_bot(seat_names[0], seed), make_bot(seat_names[1], seed + 1))
            match = play_game(catalog, (rng.choice(pool), rng.choice(pool)), bots, seed=seed)
        else:
            match = _play_engine(
                rules.match_engine, catalog, (rng.choice(pool), rng.choice(pool)), seat_names, seed
            )
        assert match.result is not None
        winner = match.result.winner
        reasons[match.result.reason] += 1
        turns += match.turn
        actions += len(match.actions)
        if winner is None:
            wins["draw"] += 1
            continue
        seat_wins[winner] += 1
        label = labels[0] if winner == first else labels[1]
        wins[label] += 1
        bot_seat_wins[(label, winner)] += 1
    games = args.games
    # How many games each label played at each seat: labels[0] sat at seat 0 in the even games.
    played = {
        (labels[0], 0): (games + 1) // 2,
        (labels[0], 1): games // 2,
        (labels[1], 0): games // 2,
        (labels[1], 1): (games + 1) // 2,
    }
    report: dict[str, Any] = {
        "game": rules.key,
        "games": games,
        "seed": args.seed,
        "bots": names,
        "win_rate": {label: round(wins[label] / games, 4) for label in labels},
        "draw_rate": round(wins["draw"] / games, 4),
        "win_rate_by_seat": {str(seat): round(seat_wins[seat] / games, 4) for seat in (0, 1)},
        "win_rate_by_bot_and_seat": {
            label: {
                str(seat): round(bot_seat_wins[(label, seat)] / max(played[(label, seat)], 1), 4)
                for seat in (0, 1)
            }
            for label in labels
        },
        "mean_turns": round(turns / games, 2),
        "mean_actions": round(actions / games, 2),
        "reasons": {reason: round(count / games, 4) for reason, count in sorted(reasons.items())},
        "decks": len(pool),
    }
    print(_dumps(report))
    return 0


def _run_engine(args: argparse.Namespace, names: list[str], rules: Any, catalog: Any) -> int:
    """Play another game's bots through its match engine (engine.match.MatchEngine): the same
    statistics as RESPONSE's (win rates, reasons, mean actions); decks are ``--deck`` files, else
    the game's bundled legal decklists and its ``sample_decks``."""
    from engine.registry import bundled_decklists

    engine = rules.match_engine
    unknown = [name for name in names if name not in engine.bot_names]
    if unknown:
        raise InputError(Problem("--bots", f"{rules.key} has the bots {', '.join(engine.bot_names)}"))
    paths = args.deck or bundled_decklists(rules.key)
    decks = [load_decklist(path, game=rules.key) for path in paths]
    pool = [deck for deck in decks if not rules.validate_deck(deck, catalog)]
    pool = pool or engine.sample_decks(catalog, seed=args.seed)
    if not pool:
        raise InputError(Problem("--cards", "no legal deck can be played from these cards"))
    rng = random.Random(args.seed)
    labels = names if names[0] != names[1] else [f"{name}#{i + 1}" for i, name in enumerate(names)]
    wins: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    actions = 0
    for game in range(args.games):
        first = game % 2
        seed = rng.getrandbits(32)
        order = (0, 1) if first == 0 else (1, 0)
        bots = [engine.make_bot(names[order[seat]], seed + seat) for seat in (0, 1)]
        match = engine.new_match(catalog, [rng.choice(pool), rng.choice(pool)], seed=seed)
        while not match.is_over:
            decision = match.decision()
            match.apply(decision.seat, bots[decision.seat].act(match, decision.seat), seq=decision.seq)
        actions += len(match.actions)
        reasons[match.result.reason] += 1
        winner = match.result.winner
        wins["draw" if winner is None else labels[order[winner]]] += 1
    games = args.games
    report: dict[str, Any] = {
        "game": rules.key,
        "games": games,
        "seed": args.seed,
        "bots": names,
        "win_rate": {label: round(wins[label] / games, 4) for label in labels},
        "draw_rate": round(wins["draw"] / games, 4),
        "mean_actions": round(actions / games, 2),
        "reasons": {reason: round(count / games, 4) for reason, count in sorted(reasons.items())},
        "decks": len(pool),
    }
    print(_dumps(report))
    return 0
