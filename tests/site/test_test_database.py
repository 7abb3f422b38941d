"""The test database between transactional tests (tests/support/flush.py, tests/conftest.py):
emptied by DELETE with what the migrations made kept, commits that do not wait for the disk, and
the space of dead rows given back every few tests (tests/support/vacuum.py); and a run whose
tests use no database never touches the configured one."""

import os
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest
from django.apps import apps
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db import connection

from tests.support import vacuum
from tests.support.card_sets import card_sets_restore
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


def test_a_run_whose_tests_use_no_database_leaves_the_configured_one_untouched():
    """pytest-django sets up no test database for such a run, so the connection names the
    configured database: the card sets' copy and the commit setting must not reach it."""
    require_or_skip(connection.vendor == "postgresql", "a PostgreSQL database (DATABASE_URL)")
    db = connection.settings_dict
    name = f"{db['NAME']}_untouched"
    url = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{name}"
    with connection.cursor() as cursor:
        cursor.execute(f"DROP DATABASE IF EXISTS {name}")
        cursor.execute(f"CREATE DATABASE {name}")
    try:
        env = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST_XDIST")}
        test = "tests/site/test_security_tables.py::test_the_check_passes_views_that_keep_to_their_table"
        run = subprocess.run(
            [sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "no:cacheprovider", "-q", test],
            cwd=Path(__file__).resolve().parents[2],
            env={**env, "DATABASE_URL": url},
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
        with psycopg.connect(url) as untouched:
            tables = untouched.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
            )
            assert tables.fetchall() == []  # no migrations, no card sets
            settings = untouched.execute(
                "SELECT setconfig FROM pg_db_role_setting s JOIN pg_database d ON d.oid = s.setdatabase"
                " WHERE d.datname = current_database()"
            )
            assert settings.fetchall() == []  # no ALTER DATABASE … SET
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"DROP DATABASE IF EXISTS {name}")


def table_pages(table: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_relation_size(%s) / current_setting('block_size')::int", [table])
        return cursor.fetchone()[0]


def test_a_vacuum_between_tests_gives_back_the_space_of_the_rows_they_deleted():
    require_or_skip(connection.vendor == "postgresql", "VACUUM on PostgreSQL (DATABASE_URL)")
    for _ in range(3):  # as three tests that asked for the card sets, each flushed after
        card_sets_restore()
        call_command("flush", verbosity=0, interactive=False, reset_sequences=False)
    assert table_pages("tournaments_card") > 0  # the deleted cards still take their pages

    assert vacuum.vacuum_now()

    assert table_pages("tournaments_card") == 0


@pytest.mark.django_db(transaction=False)
def test_no_vacuum_runs_inside_a_transaction():
    # A VACUUM cannot run in a transaction (PostgreSQL refuses it): not in a test's own, nor while
    # a module's shared rows hold theirs open.
    assert connection.in_atomic_block
    assert not vacuum.vacuum_now()


def test_it_vacuums_after_every_few_tests_once_the_test_database_is_ready(monkeypatch):
    ran: list[int] = []
    monkeypatch.setattr(vacuum, "vacuum_now", lambda: ran.append(vacuum._tests) or True)
    monkeypatch.setattr(vacuum, "_tests", 0)
    monkeypatch.setattr(vacuum, "_blocker", object())  # the test database ready
    for _ in range(vacuum.EVERY * 2 + 1):
        vacuum.after_test()
    assert ran == [vacuum.EVERY, vacuum.EVERY * 2]

    monkeypatch.setattr(vacuum, "_blocker", None)  # no test database in this run
    vacuum.after_test()
    assert ran == [vacuum.EVERY, vacuum.EVERY * 2]
