"""Demo data for `make run`: users to sign in as, card sets, a sample event."""

from collections.abc import Iterator

from django.contrib.auth import get_user_model
from django.db import transaction

from engine.registry import bundled_card_sets, game_keys
from tournaments.services.cards import card_set_import, read_json_file

DEMO_PASSWORD = "demo-password-1"
DEMO_USERS = ("organizer", "judge", "anna", "boris", "vera", "gleb", "dina", "egor", "zoya", "ivan")


@transaction.atomic
def demo_users_ensure() -> list[str]:
    """Create the demo users that do not exist yet; return the names created."""
    User = get_user_model()
    created = []
    for name in DEMO_USERS:
        if not User.objects.filter(username=name).exists():
            User.objects.create_user(username=name, password=DEMO_PASSWORD, email=f"{name}@demo.invalid")
            created.append(name)
    return created


def bundled_card_sets_import() -> Iterator[str]:
    """Import every card set shipped with the engine; yield one line per set."""
    for key in game_keys():
        for path in bundled_card_sets(key):
            yield str(card_set_import(data=read_json_file(path), source=str(path)))


def demo_setup() -> Iterator[str]:
    """Bring the demo data up to date; yield one progress line per step."""
    yield from bundled_card_sets_import()
    created = demo_users_ensure()
    yield f"demo users: {len(created)} created, {len(DEMO_USERS) - len(created)} already there"
