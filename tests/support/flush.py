"""Emptying the test database after a transactional test in milliseconds, not half a second.

A test that commits (``django_db(transaction=True)``: online play, the lane, real workers) is
followed by Django's ``flush``, which on PostgreSQL is one ``TRUNCATE`` of every table: it gives
each of the ~50 tables, their indexes and TOAST tables new files on disk, about a third of a second
each time; then the ``post_migrate`` signal makes the content types and permissions again, another
sixth. Over the suite's thousand-odd transactional tests that was some eight minutes.

Here ``flush`` deletes the rows instead, in one transaction and one round trip (Django's foreign
keys are deferred, so the order of the tables does not matter), and keeps the content types and
permissions, which the migrations made and no test changes, so there is nothing for
``post_migrate`` to make again. What the next test sees is the same empty database. A flush that
also resets the sequences keeps Django's own statement and signal.
"""

from typing import Any

from django.core.management.commands import flush as flush_command
from django.db.backends.postgresql.operations import DatabaseOperations

# The tables post_migrate would fill again after every flush: kept as the migrations left them.
KEPT = frozenset({"django_content_type", "auth_permission"})

# Whether the last flush of each database (by alias) kept them.
_kept: dict[str, bool] = {}


def flush_by_delete() -> None:
    """Make PostgreSQL's ``flush`` delete the rows of every table but ``KEPT`` (once per process)."""
    truncate = DatabaseOperations.sql_flush
    if getattr(truncate, "by_delete", False):
        return
    emit = flush_command.emit_post_migrate_signal

    def sql_flush(
        self: DatabaseOperations,
        style: Any,
        tables: list[str],
        *,
        reset_sequences: bool = False,
        allow_cascade: bool = False,
    ) -> list[str]:
        _kept[self.connection.alias] = not reset_sequences
        if reset_sequences:
            return truncate(self, style, tables, reset_sequences=True, allow_cascade=allow_cascade)
        quoted = [style.SQL_FIELD(self.quote_name(table)) for table in tables if table not in KEPT]
        # One string of statements, one round trip (no parameters: PostgreSQL's simple protocol).
        return [" ".join(f"{style.SQL_KEYWORD('DELETE FROM')} {table};" for table in quoted)]

    def emit_post_migrate_signal(verbosity: int, interactive: bool, db: str, **kwargs: Any) -> None:
        if not _kept.get(db, False):
            emit(verbosity, interactive, db, **kwargs)

    sql_flush.by_delete = True  # type: ignore[attr-defined]
    DatabaseOperations.sql_flush = sql_flush  # type: ignore[method-assign]
    flush_command.emit_post_migrate_signal = emit_post_migrate_signal  # type: ignore[assignment]
