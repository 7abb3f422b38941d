"""``python -m engine validate``: is a decklist legal under its game's deck rules?

Prints one JSON object ``{"legal": bool, "violations": [{"code", "card", "message"}]}``
(formats.md). Exit 0 legal, 1 illegal, 2 bad input (raised as InputError, which
engine.cli turns into one line on stderr).
"""

import argparse
import json
import sys

from engine.cardset import load_catalog
from engine.decklist import load_decklist
from engine.problems import DeckParseError, InputError, Problem


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--cards",
        action="append",
        required=True,
        metavar="SET.json",
        help="a card set (repeat for more sets)",
    )
    parser.add_argument("--deck", required=True, metavar="DECK", help="a decklist, JSON or text")
    parser.add_argument(
        "--side-max",
        type=int,
        default=None,
        metavar="N",
        help="the event's side-deck maximum (default: the game's)",
    )


def run(args: argparse.Namespace) -> int:
    """Validate the deck; return 0 when legal, 1 when not. Raises InputError for bad input."""
    if args.side_max is not None and args.side_max < 0:
        raise InputError(Problem("--side-max", f"must be a whole number ≥ 0 (got {args.side_max})"))
    rules, catalog = load_catalog(args.cards)
    # A text deck takes the card sets' game; a JSON deck names its own, which must agree.
    deck = load_decklist(args.deck, game=rules.key)
    if deck.game != rules.key:
        message = f"the deck is for the game {deck.game!r} but the card sets are for {rules.key!r}"
        raise DeckParseError(Problem("game", message), source=args.deck)
    options = {} if args.side_max is None else {"side_max": args.side_max}
    violations = rules.validate_deck(deck, catalog, options=options)
    report = {"legal": not violations, "violations": [v.as_dict() for v in violations]}
    print(_dumps(report))
    return 0 if not violations else 1


def _dumps(report: dict[str, object]) -> str:
    """Return the report as JSON, readable Cyrillic unless stdout cannot encode it."""
    text = json.dumps(report, ensure_ascii=False)
    try:
        text.encode(sys.stdout.encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return json.dumps(report)
    return text
