"""``python -m engine``: the command-line contracts of formats.md.

Each subcommand is a module of :mod:`engine.commands` with ``add_arguments(parser)``
and ``run(args) -> int``. Exit codes: 0 success, 1 valid input but the answer is
"no", 2 unreadable or malformed input with a one-line message on stderr — never a
traceback for bad input.
"""

import argparse
import importlib
import sys
from collections.abc import Sequence

from engine.problems import InputError

COMMANDS: dict[str, str] = {
    "validate": "validate a decklist against the game's deck rules",
    "replay": "replay a match log and print the state reached",
    "play": "let bots play games and print statistics",
}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        # argparse's own usage errors are bad input too: one line, exit 2.
        self.exit(2, f"{self.prog}: {message}\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = _Parser(prog="python -m engine", description=__doc__.splitlines()[0])
    subparsers = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    modules = {}
    for name, help_text in COMMANDS.items():
        try:
            module = importlib.import_module(f"engine.commands.{name}")
        except ModuleNotFoundError as error:
            # A command whose module is not written yet is left out; any other
            # missing import inside a command is a real bug and still raises.
            if error.name != f"engine.commands.{name}":
                raise
            continue
        module.add_arguments(subparsers.add_parser(name, help=help_text))
        modules[name] = module
    args = parser.parse_args(argv)
    try:
        return int(modules[args.command].run(args))
    except InputError as error:
        print(error.one_line(), file=sys.stderr)
        return 2
    except OSError as error:
        print(f"{getattr(error, 'filename', '') or ''}: {error.strerror or error}", file=sys.stderr)
        return 2
