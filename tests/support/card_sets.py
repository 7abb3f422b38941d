"""The bundled card sets for a test in milliseconds instead of a second.

Importing every shipped set writes some 400 cards one by one (about 0.8 s), and over a thousand
site tests need them. So each test database imports them once, keeps a copy of the two tables'
rows in tables of its own (which no model names, so neither a test's rollback nor a
transactional test's flush touches them) and empties the model tables again; a test that asks for
the card sets gets the same rows back with two ``INSERT … SELECT`` statements. What a test sees is
what the import would have written (the same rows, ids and import time), and it goes away with
the test as before: rolled back, or flushed.
"""

from django.db import connection, transaction

from tournaments.models import Card, CardSet

TABLES = [CardSet._meta.db_table, Card._meta.db_table]  # parents first


# True while a module's shared rows hold the card sets (the ``module_rows`` fixture).
held = False


def _copy(table: str) -> str:
    return f"card_sets_copy_{table}"


def card_sets_copy_make() -> None:
    """Import the bundled sets into the (empty) test database, copy their rows aside, empty the
    model tables again. Committed: called once per test database, before any test's transaction."""
    from tournaments.services.demo import bundled_card_sets_import

    with transaction.atomic():
        list(bundled_card_sets_import())
        with connection.cursor() as cursor:
            for table in TABLES:
                cursor.execute(f"DROP TABLE IF EXISTS {_copy(table)}")
                cursor.execute(f"CREATE TABLE {_copy(table)} AS SELECT * FROM {table}")
            for table in reversed(TABLES):
                cursor.execute(f"DELETE FROM {table}")


def card_sets_restore() -> None:
    """Put the copied rows back in the model tables, in the test's own transaction (or, in a
    transactional test, committed until its flush), and move each id sequence past them (a test
    that resets its sequences would otherwise make a card with a taken id).

    Nothing to do while :data:`held` (a module's shared rows put them back once for all its
    tests: tests/support/shared_rows.py)."""
    if held:
        return
    with connection.cursor() as cursor:
        for table in TABLES:
            cursor.execute(f"INSERT INTO {table} SELECT * FROM {_copy(table)}")
            if connection.vendor == "postgresql":  # SQLite moves its AUTOINCREMENT counter itself
                cursor.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"GREATEST((SELECT MAX(id) FROM {table}), 1))"
                )
