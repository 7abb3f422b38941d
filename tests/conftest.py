"""Shared fixtures: named actors and the eager-Celery default.

Engine tests (tests/engine, tests/swiss) need no database and use none of these.

Helpers the tests share live in tests/support/ (a test module never imports a conftest).
"""

import os
from typing import Any

import pytest


def pytest_report_header(config: pytest.Config) -> str:
    """Say which build of the engine the run tests: a stale compiled game is imported from its
    sources by the engine itself (engine/native.py), with a warning."""
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root))
    import build_engine
    from engine import native

    if not build_engine.compiled():
        return "engine: pure Python (no compiled build)"
    if os.environ.get(native.PURE_ENV, "") not in ("", "0"):
        return f"engine: pure Python ({native.PURE_ENV} is set)"
    stale = build_engine.stale()
    fresh = sorted(set(native.marked()) - set(stale))
    words = [f"compiled: {', '.join(fresh) or 'none'}"]
    words += [f"{game} from its sources, its build is stale ({why})" for game, why in stale.items()]
    return "engine: " + "; ".join(words)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--quick",
        action="store_true",
        help="fewer random games in the randomized checks (make check; tests/support/sizes.py)",
    )


def pytest_configure(config: pytest.Config) -> None:
    from tests.support import sizes

    sizes.QUICK = bool(config.getoption("quick"))


@pytest.hookimpl(tryfirst=True)  # before ``-m`` selects by the markers
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    from tests.support.markers import mark_browser_tests

    mark_browser_tests(items)


@pytest.fixture(autouse=True, scope="session")
def _static_files_listed_once() -> None:
    # Every test client builds its own WhiteNoise middleware: they share one table of the static
    # files (tests/support/static_files.py).
    from tests.support.static_files import static_files_table_shared

    static_files_table_shared()


@pytest.fixture(autouse=True, scope="session")
def _flushed_by_delete() -> None:
    # A transactional test's database is emptied by DELETE, not TRUNCATE (tests/support/flush.py).
    from tests.support.flush import flush_by_delete

    flush_by_delete()


@pytest.fixture(scope="session")
def test_database_used(request: pytest.FixtureRequest) -> bool:
    """Whether this run has a test database. pytest-django sets one up only when a collected test
    uses the database; in a run of tests that use none (the security tables' checks alone, say)
    the connection still names the configured database, which no fixture may write to."""
    from pytest_django.fixtures import _get_databases_for_setup  # the rule its django_db_setup applies

    aliases, _serialized = _get_databases_for_setup(request.session.items)
    return bool(aliases)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any, test_database_used: bool) -> None:
    """pytest-django's test database, whose commits do not wait for the disk.

    A transactional test commits with each request, a real worker with each task: on PostgreSQL
    each commit waited for its write-ahead log to reach the disk (about half a millisecond here).
    The test database is thrown away after the run, so nothing needs to survive a crash; every
    session opened on it (the test process's, the workers', the live servers') commits at once.
    """
    from django.db import connection

    from tests.support.vacuum import vacuum_enable

    if connection.vendor != "postgresql" or not test_database_used:
        return
    with django_db_blocker.unblock():
        with connection.cursor() as cursor:
            name = connection.ops.quote_name(connection.settings_dict["NAME"])
            cursor.execute(f"ALTER DATABASE {name} SET synchronous_commit TO off")
        connection.close()  # the next session reads the database's setting
    vacuum_enable(django_db_blocker)  # dead rows freed as the run goes (tests/support/vacuum.py)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Any:
    yield  # the test's fixtures torn down: its transaction rolled back or its rows flushed
    from tests.support.vacuum import after_test

    after_test()


@pytest.fixture(autouse=True)
def _eager_celery(request: pytest.FixtureRequest) -> None:
    # Ordinary tests run tasks in-process; the real-worker tests opt out (and only they may start
    # a worker: tests/support/workers.py).
    from tests.support import workers

    workers.marked_celery_worker = request.node.get_closest_marker("celery_worker") is not None
    if workers.marked_celery_worker:
        return
    from respons_site.celery import app

    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True
