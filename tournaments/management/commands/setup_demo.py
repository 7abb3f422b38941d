"""``manage.py setup_demo``: load the bundled card sets and the demo data (idempotent)."""

from typing import Any

from django.core.management.base import BaseCommand

from tournaments.services.demo import demo_setup


class Command(BaseCommand):
    help = "Load the bundled card sets of every game and create the demo users and events (idempotent)."

    def handle(self, *args: Any, **options: Any) -> None:
        for line in demo_setup():
            self.stdout.write(line)
