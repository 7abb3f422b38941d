"""``manage.py usernames_skeletons``: store what every username looks like again (after an
update of Unicode's confusables data, ``tournaments/data/confusables.txt``, which the
look-alike check reads)."""

from typing import Any

from django.core.management.base import BaseCommand

from tournaments.services.accounts import usernames_skeletons_rebuild


class Command(BaseCommand):
    help = "Store every username's TR39 skeleton again, as the look-alike check compares new names with them."

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(f"{usernames_skeletons_rebuild()} usernames")
