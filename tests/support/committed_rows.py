"""Rows made once for all the transactional tests of a module, copied aside and put back before each.

A transactional test (``django_db(transaction=True)``) commits, and the flush after it empties
every table (tests/support/flush.py), so its module cannot share a set-up in a savepoint as the
``db`` tests do (tests/support/shared_rows.py). Here the set-up runs once and commits; every
model table's rows are copied into a table of their own (which no model names, so no flush
touches it) and the model tables are emptied again. Before each test the copies go back in one
round trip, each id sequence moved past them: the test sees the rows the set-up made, with their
ids, as if it had just made them, and they go away with its flush as before.

Only the database is put back. What the set-up left elsewhere (in Redis: request rates,
presence, live channels) is not, so a module whose tests read that makes its set-up per test.

A module uses it through the ``committed_rows`` fixture (tests/site/conftest.py): a module-scoped
fixture of its own calls ``committed_rows.make(build)`` once, and the function-scoped fixture its
tests ask for (with ``transactional_db``) runs the test in ``committed_rows.restored()`` and hands
out a :func:`copy.deepcopy` of what ``build`` returned.
"""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from django.core.management import call_command
from django.db import connection, transaction

from tests.support import card_sets
from tests.support.flush import KEPT
from tests.support.shared_rows import site_test_settings

T = TypeVar("T")


class CommittedRows:
    """One module's set-up, committed once and copied aside (see the module's docstring)."""

    def __init__(self, django_db_blocker: Any, tag: str) -> None:
        self.blocker = django_db_blocker
        self.tag = tag
        self.copies: list[tuple[str, str]] = []  # (model table, its copy), the tables with rows
        self.statements: list[str] = []  # what puts them back

    def make(self, build: Callable[[], T]) -> T:
        """Run ``build`` (the card sets in, the site tests' settings), commit its rows, copy them
        aside and empty the model tables; return what ``build`` returned."""
        with site_test_settings(self.blocker), self.blocker.unblock():
            # Inside a test's transaction the rows and their copies would be rolled back with it.
            assert not connection.in_atomic_block, "committed rows are for transactional tests"
            card_sets.card_sets_restore()
            made = build()
            tables = connection.introspection.django_table_names(only_existing=True, include_views=False)
            with connection.cursor() as cursor:
                for number, table in enumerate(sorted(set(tables) - KEPT)):
                    copy = f"committed_rows_{self.tag}_{number}"
                    quoted = connection.ops.quote_name(table)
                    cursor.execute(f"DROP TABLE IF EXISTS {copy}")
                    cursor.execute(f"CREATE TABLE {copy} AS SELECT * FROM {quoted}")
                    cursor.execute(f"SELECT COUNT(*) FROM {copy}")
                    if not cursor.fetchone()[0]:
                        cursor.execute(f"DROP TABLE {copy}")
                        continue
                    self.copies.append((table, copy))
                    if table in card_sets.TABLES:  # the card_sets fixture may have put them back already
                        self.statements.append(f"DELETE FROM {quoted}")
                    self.statements.append(f"INSERT INTO {quoted} SELECT * FROM {copy}")
                    if connection.vendor != "postgresql":
                        continue  # SQLite moves its AUTOINCREMENT counter itself
                    for sequence in connection.introspection.get_sequences(cursor, table):
                        column = connection.ops.quote_name(sequence["column"])
                        self.statements.append(
                            f"SELECT setval('{sequence['name']}', (SELECT MAX({column}) FROM {quoted}))"
                        )
            call_command("flush", verbosity=0, interactive=False, reset_sequences=False)
        return made

    @contextmanager
    def restored(self) -> Iterator[None]:
        """Put the copied rows back (committed: the test's flush takes them away; on PostgreSQL in
        one round trip) for the block, the card sets among them (the ``card_sets`` fixture adds
        none while it runs)."""
        with transaction.atomic(), connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                cursor.execute("; ".join(self.statements))
            else:
                for statement in self.statements:
                    cursor.execute(statement)
        card_sets.held = True
        try:
            yield
        finally:
            card_sets.held = False

    def drop(self) -> None:
        """Drop the copies (after the module's last test)."""
        with self.blocker.unblock(), connection.cursor() as cursor:
            for _table, copy in self.copies:
                cursor.execute(f"DROP TABLE IF EXISTS {copy}")
        self.copies, self.statements = [], []


def online_match_once(request: Any) -> bool:
    """Whether a test's ``online_match`` is its module's, made once: in a module that says so
    (``ONLINE_MATCH_ONCE = True``), for its transactional tests (the rows are committed)."""
    marker = request.node.get_closest_marker("django_db")
    transactional = marker is not None and bool(marker.kwargs.get("transaction", marker.args[:1] == (True,)))
    return getattr(request.module, "ONLINE_MATCH_ONCE", False) and transactional
