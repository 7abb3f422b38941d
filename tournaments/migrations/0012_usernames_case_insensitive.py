"""Usernames are unique whatever their case (RACE, race and Race were three
accounts): a unique index on lower(username) of Django's user table.

Accounts already sharing a name but for its case keep the oldest one's name; each later one is
renamed ``<name>-<id>`` (another suffix if that is taken too), so the index can be built and
nobody's data is lost (they sign in with the new name; an operator can see them in the admin).
"""

from django.db import migrations
from django.db.models import Count, UniqueConstraint
from django.db.models.functions import Lower

NAME = "respons_username_lower_unique"


def _constraint() -> UniqueConstraint:
    return UniqueConstraint(Lower("username"), name=NAME)


def _free_name(User, base: str, suffix: str) -> str:
    tries = 0
    while True:
        tail = f"-{suffix}" if tries == 0 else f"-{suffix}-{tries}"
        name = base[: 150 - len(tail)] + tail
        if not User.objects.annotate(lower=Lower("username")).filter(lower=name.lower()).exists():
            return name
        tries += 1


def forwards(apps, schema_editor):
    User = apps.get_model("auth", "User")
    shared = (
        User.objects.annotate(lower=Lower("username"))
        .values("lower")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
        .values_list("lower", flat=True)
    )
    for lower in list(shared):
        same = list(User.objects.annotate(lower=Lower("username")).filter(lower=lower).order_by("id"))
        for user in same[1:]:
            user.username = _free_name(User, user.username, str(user.pk))
            user.save(update_fields=["username"])
    schema_editor.add_constraint(User, _constraint())


def backwards(apps, schema_editor):
    schema_editor.remove_constraint(apps.get_model("auth", "User"), _constraint())


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("tournaments", "0011_action_decision"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
