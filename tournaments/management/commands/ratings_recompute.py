"""``manage.py ratings_recompute [--game KEY]``: rebuild ratings from the final matches."""

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from tournaments.services.rating_recompute import ratings_games, ratings_recompute


class Command(BaseCommand):
    help = "Rebuild every player's rating of a game (or of every game) from its final matches (idempotent)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", help="the game's key (default: every game with final matches)")

    def handle(self, *args: Any, **options: Any) -> None:
        for game in [options["game"]] if options["game"] else ratings_games():
            started = time.monotonic()
            count = ratings_recompute(game=game)
            self.stdout.write(f"{game}: {count} matches rated in {time.monotonic() - started:.1f} s")
