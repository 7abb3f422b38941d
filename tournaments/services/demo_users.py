"""The demo's users (``manage.py setup_demo``): created once, each with the demo password."""

from django.contrib.auth import get_user_model
from django.db import transaction

from tournaments.services.accounts import username_lock, username_refusal
from tournaments.services.errors import BadInput

DEMO_PASSWORD = "demo-password-1"
DEMO_USERS = ("organizer", "judge", "anna", "boris", "vera", "gleb", "dina", "egor", "zoya", "ivan")


@transaction.atomic
def demo_users_ensure() -> list[str]:
    """Create the demo users that do not exist yet; return the names created."""
    User = get_user_model()
    created = []
    for name in DEMO_USERS:
        if not User.objects.filter(username=name).exists():
            username_lock(name)
            refused = username_refusal(name)  # the look-alike check of every account
            if refused is not None:
                raise BadInput(refused.message_dict["username"][0], code="username_look_alike")
            User.objects.create_user(username=name, password=DEMO_PASSWORD, email=f"{name}@demo.invalid")
            created.append(name)
    return created
