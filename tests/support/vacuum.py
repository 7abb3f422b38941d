"""The test database vacuumed every few tests, as autovacuum would.

A test's rows go away by rollback or by the flush's ``DELETE`` (tests/support/flush.py), and
both leave the rows behind on disk as dead tuples until a ``VACUUM`` frees their space. A
PostgreSQL cluster may run without autovacuum (the CI machine's does): then nothing frees them,
and the tables grow for the whole run. The card sets alone (some 400 cards put back for each
test that asks for them, tests/support/card_sets.py) grew the cards table to 400 MB in the few
minutes of ``make check``; every flush's ``DELETE`` read all of it again (0.3–0.5 s a
transactional test instead of 0.04), as did every query that scanned the table.

So after every ``EVERY``-th test, between tests and outside any transaction (not while a
module's shared rows hold theirs open, tests/support/shared_rows.py), the test process runs
``VACUUM`` on its database, which frees the dead tuples and gives back the empty pages at a
table's end. It changes no row a test can see.
"""

from typing import Any

EVERY = 25  # tests between two vacuums (one is about 0.1 s on small tables)

_blocker: Any = None  # pytest-django's database blocker, once the run has a PostgreSQL test database
_tests = 0


def vacuum_enable(django_db_blocker: Any) -> None:
    """Vacuum from now on (``django_db_setup``, once the test database exists)."""
    global _blocker
    _blocker = django_db_blocker


def vacuum_now() -> bool:
    """Run ``VACUUM`` on the test database if no transaction is open; return whether it ran."""
    from django.db import connection

    if _blocker is None or connection.in_atomic_block:
        return False
    with _blocker.unblock(), connection.cursor() as cursor:
        cursor.execute("VACUUM")
    return True


def after_test() -> None:
    """Count a finished test (its fixtures torn down); vacuum after every ``EVERY``-th."""
    global _tests
    _tests += 1
    if _blocker is not None and _tests % EVERY == 0:
        vacuum_now()
