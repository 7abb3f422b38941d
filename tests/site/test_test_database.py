"""The test database between transactional tests (tests/support/flush.py, tests/conftest.py):
emptied by DELETE with what the migrations made kept, and commits that do not wait for the disk."""

import pytest
from django.apps import apps
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db import connection

from tests.support.flush import KEPT
from tests.support.online import online_match
from tests.support.services import require_or_skip

pytestmark = pytest.mark.django_db(transaction=True)


def rows_by_table() -> dict[str, int]:
    return {model._meta.db_table: model.objects.count() for model in apps.get_models()}


def test_a_flush_empties_every_table_but_the_content_types_and_permissions(event_factory, judge, card_sets):
    online_match(event_factory, judge)  # an event, players, decks, a match and its game
    before = rows_by_table()
    assert sum(count for table, count in before.items() if table not in KEPT) > 50
    types = list(ContentType.objects.order_by("pk").values_list("pk", "app_label", "model"))
    permissions = list(Permission.objects.order_by("pk").values_list("pk", "codename"))

    call_command("flush", verbosity=0, interactive=False, reset_sequences=False)  # as after a test

    after = rows_by_table()
    assert {table: count for table, count in after.items() if count and table not in KEPT} == {}
    assert list(ContentType.objects.order_by("pk").values_list("pk", "app_label", "model")) == types
    assert list(Permission.objects.order_by("pk").values_list("pk", "codename")) == permissions


def test_a_flush_that_resets_the_sequences_is_djangos_and_makes_the_content_types_again(player):
    call_command("flush", verbosity=0, interactive=False, reset_sequences=True)

    assert {table: count for table, count in rows_by_table().items() if table not in KEPT and count} == {}
    ContentType.objects.clear_cache()
    assert ContentType.objects.get_for_model(Permission).model == "permission"  # post_migrate ran
    assert Permission.objects.filter(codename="add_user").exists()


def test_every_session_on_the_test_database_commits_without_waiting_for_the_disk():
    require_or_skip(connection.vendor == "postgresql", "a PostgreSQL setting (DATABASE_URL)")
    connection.close()
    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        assert cursor.fetchone() == ("off",)
