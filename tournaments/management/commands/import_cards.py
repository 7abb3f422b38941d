"""``manage.py import_cards FILE.json [...]``: import card sets (idempotent, all or nothing).

Exits 2 with one line (and the further problems, one a line) for a file it cannot use — not
JSON, nested too deeply, a NUL character, an invalid set — and when it would remove cards that
decks still name (``--force`` removes them anyway); nothing is changed then.
"""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError, transaction

from engine.cardset import parse_card_set
from engine.problems import InputError
from tournaments.services.cards import CardsInUse, card_set_import, read_json_file

BAD_INPUT = 2  # formats.md: exit 2 for input that cannot be used


class Command(BaseCommand):
    help = "Import card-set JSON files (formats.md). Re-importing updates; an invalid file changes nothing."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", metavar="FILE.json")
        parser.add_argument(
            "--force",
            action="store_true",
            help="remove cards no longer in a set even when decks still name them (starter decks, "
            "saved decks, registrations of events not finished, games being played)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        # Check every file before importing any: one bad file refuses the whole call.
        loaded = []
        for path in options["files"]:
            try:
                data = read_json_file(path)
                parse_card_set(data, source=path)
            except InputError as error:
                problems = "\n".join(f"  {problem}" for problem in error.problems[1:20])
                raise CommandError(
                    error.one_line() + (f"\n{problems}" if problems else ""), returncode=BAD_INPUT
                ) from None
            loaded.append((path, data))
        try:
            with transaction.atomic():  # all the files or none
                reports = [
                    card_set_import(data=data, source=path, force=options["force"]) for path, data in loaded
                ]
        except CardsInUse as refused:
            raise CommandError("\n".join([str(refused), *refused.details()]), returncode=BAD_INPUT) from None
        except DatabaseError as error:
            first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            raise CommandError(f"database error, nothing imported: {first}") from None
        for report in reports:
            self.stdout.write(str(report))
