"""``python -m engine replay --cards SET.json LOG.json [--trace]``: replay a match log (formats.md).

Prints one JSON object: ``{"result": {"winner", "reason"}, "turn", "actions_applied",
"seats": [{"orders_left", "hand", "deck", "graveyard"}]}``. Exit 0 when every action
applies; exit 1 at the first illegal action (stderr names its index, seat and rule;
stdout still prints the state reached before it); exit 2 for unreadable or malformed
input. ``--trace`` first prints one JSON line per applied action with its events.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Any

from engine.cardset import load_card_set, merge_card_sets
from engine.commands.validate import _dumps
from engine.files import read_json
from engine.problems import InputError, Problem


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--cards",
        action="append",
        required=True,
        metavar="SET.json",
        help="a card set (repeat for more sets)",
    )
    parser.add_argument("log", metavar="LOG.json", help="the match log")
    parser.add_argument("--trace", action="store_true", help="print one JSON line per applied action first")


def summary(match: Any, applied: int) -> dict[str, Any]:
    """Return the formats.md replay answer for the state reached after ``applied`` actions."""
    result = match.result
    return {
        "result": result.as_dict() if result is not None else {"winner": None, "reason": None},
        "turn": match.turn,
        "actions_applied": applied,
        "seats": match.cli_seats()  # another game's own numbers (Your War: health, destroyed)
        if hasattr(match, "cli_seats")
        else [
            {
                # RESPONSE's orders (R7.5); other games have none.
                **({"orders_left": side.orders_left} if hasattr(side, "orders_left") else {}),
                "hand": len(side.hand),
                "deck": len(side.deck),
                "graveyard": len(side.graveyard),
                # Chronomagia's Life (C3.1).
                **({"life": side.life} if hasattr(side, "life") else {}),
            }
            for side in match.seats
        ],
    }


def run(args: argparse.Namespace) -> int:
    """Replay the log; return 0, or 1 at an illegal action. Raises InputError for bad input."""
    sets = [load_card_set(path) for path in args.cards]
    rules, catalog = merge_card_sets(sets, list(args.cards))
    log = read_json(args.log)
    if isinstance(log, dict) and isinstance(log.get("cards"), list):
        loaded = {card_set.code for card_set in sets}
        for i, code in enumerate(log["cards"]):
            if code not in loaded:
                message = f"the log uses card set {code!r}; give its file with --cards"
                raise InputError(Problem(f"cards[{i}]", message), source=args.log)
    if isinstance(log, dict) and log.get("game") != rules.key:
        message = f"the log is for {log.get('game')!r} but the card sets are for {rules.key!r}"
        raise InputError(Problem("game", message), source=args.log)
    if not rules.has_match_engine:
        raise InputError(Problem("game", f"{rules.key!r} has no match engine"), source=args.log)
    # The game's match engine, found by its key (engine/registry.py): engine.games.<key>.match.
    engine_module = importlib.import_module(f"engine.games.{rules.key}.match")
    log_module = importlib.import_module(f"engine.games.{rules.key}.match.log")
    setup, actions = log_module.read_setup(log, source=args.log)
    try:
        match = engine_module.new_match(catalog, **setup)
    except InputError as error:
        raise InputError(error.problems, source=args.log) from None
    for index, (seat, action) in enumerate(actions):
        setup_events = match.initial_events if index == 0 else None
        try:
            events = match.apply(seat, action)
        except engine_module.IllegalAction as error:
            print(_dumps(summary(match, index)))
            print(
                f"{args.log}: actions[{index}] (seat {seat}): {error.rule}: {error.message}", file=sys.stderr
            )
            return 1
        if args.trace:
            line: dict[str, Any] = {
                "index": index,
                "seat": seat,
                "action": action,
                "description": engine_module.describe_action(action),
                "events": [event.judge_dict() for event in events],
            }
            if setup_events is not None:
                line["setup_events"] = [event.judge_dict() for event in setup_events]
            print(_dumps(line))
    print(_dumps(summary(match, len(actions))))
    return 0
