"""Rows made once for all the tests of a module, each test in a savepoint inside them.

A site test's set-up (users, an event, its registrations and rounds, made through the API) often
costs more than the test itself, and a module's tests repeat the same one. Django's
``TestCase.setUpTestData`` shares it this way, and so does :func:`rows_shared`: it opens a
transaction on every database before the module's first test and rolls it back after the last;
the set-up writes its rows inside it once, and pytest-django's own per-test transaction then
nests in it as a savepoint, so whatever a test changes goes away with the test as before.

A module uses it through the ``module_rows`` fixture (tests/site/conftest.py) and a
module-scoped fixture of its own that builds the rows; each test asks for a function-scoped
fixture that hands out :func:`copy.deepcopy` of what the set-up returned (as Django 5 does with
``setUpTestData``'s attributes): a model instance a test changes, or an actor's client whose
cookies it fills, is the test's own. An :class:`~tests.support.actors.Actor` is copied with a
fresh client carrying the same credentials (``Actor.__deepcopy__``).

Safe for tests that use the ``db`` fixture (a ``transactional_db`` or live-server test flushes
the tables, the shared rows with them, and cannot run inside the outer transaction) and that
make no row the shared ones would clash with: a test that signs up players of its own beside
the shared ones names them apart (``make_players(prefix=...)``). The shared rows keep their ids
from test to test, as every test's rows did on SQLite before; the caches keyed by an event's
results (standings, placings) are keyed by their content too.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db import connections, transaction
from django.test import override_settings

# What the site tests' autouse fixtures set for each test (tests/site/conftest.py), set here too
# for the set-up, which runs before any test's own fixtures.
SITE_TEST_SETTINGS = {
    "PASSWORD_HASHERS": ["django.contrib.auth.hashers.MD5PasswordHasher"],
    "NOTIFY_IN_BACKGROUND": False,
}


@contextmanager
def site_test_settings(django_db_blocker: Any) -> Iterator[None]:
    """While the block runs: the site tests' settings, tasks in-process, the request rates' clock
    pinned (tests/support/clocks.py) and no request counted, as in a test."""
    from pytest import MonkeyPatch

    from respons_site.celery import app
    from tests.support.clocks import TestClock
    from tournaments.services import limits

    patch = MonkeyPatch()
    try:
        with override_settings(**SITE_TEST_SETTINGS):
            app.conf.task_always_eager = True
            app.conf.task_eager_propagates = True
            patch.setattr(limits, "clock", TestClock())
            with django_db_blocker.unblock():
                limits.reset()
            yield
    finally:
        patch.undo()
        with django_db_blocker.unblock():
            limits.reset()


@contextmanager
def rows_shared(django_db_blocker: Any) -> Iterator[None]:
    """Hold a transaction open on every database while the block runs (the shared rows are
    written in it), then roll it back; with the site tests' settings (:func:`site_test_settings`)."""
    atomics = {}
    with django_db_blocker.unblock():
        for alias in connections:
            atomic = transaction.atomic(using=alias)
            atomic._from_testcase = True  # as TestCase's own: Django then allows what it allows there
            atomic.__enter__()
            atomics[alias] = atomic
    try:
        with site_test_settings(django_db_blocker):
            yield
    finally:
        with django_db_blocker.unblock():
            for alias, atomic in reversed(atomics.items()):
                transaction.set_rollback(True, using=alias)
                atomic.__exit__(None, None, None)
