"""``manage.py import_cards FILE.json [...]``: import card sets (idempotent, all or nothing)."""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from engine.cardset import parse_card_set
from engine.problems import InputError
from tournaments.services.cards import card_set_import, read_json_file


class Command(BaseCommand):
    help = "Import card-set JSON files (formats.md). Re-importing updates; an invalid file changes nothing."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", metavar="FILE.json")

    def handle(self, *args: Any, **options: Any) -> None:
        # Check every file before importing any: one bad file refuses the whole call.
        loaded = []
        for path in options["files"]:
            try:
                data = read_json_file(path)
                parse_card_set(data, source=path)
            except InputError as error:
                problems = "\n".join(f"  {problem}" for problem in error.problems[1:20])
                raise CommandError(error.one_line() + (f"\n{problems}" if problems else "")) from None
            loaded.append((path, data))
        for path, data in loaded:
            self.stdout.write(str(card_set_import(data=data, source=path)))
