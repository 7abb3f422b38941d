"""PostgreSQL vacuums the online tables after a fixed number of changed rows, not after a fifth
of the table (its default).

Every action a player sends leaves a dead row version (queued, then applied or refused), and
every action rewrites its game's row. The drain finds the waiting actions through an index of
the queued ones, which keeps an entry for each dead version until a vacuum: with the default
scale factor, a table of millions of actions would gather hundreds of thousands of them between
vacuums, each checked by every look at the queue (bench/bench_online.py measured 3,000 after a
minute of a 128-match round with no vacuum at all). SQLite has no such setting."""

from django.db import migrations

TABLES = ("GameAction", "Game")
SETTINGS = "autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000"
DEFAULTS = "autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold"


def _storage(set_or_reset: str, values: str):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor != "postgresql":
            return
        for model in TABLES:
            table = schema_editor.quote_name(apps.get_model("tournaments", model)._meta.db_table)
            schema_editor.execute(f"ALTER TABLE {table} {set_or_reset} ({values})")

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0008_game_lz4"),
    ]

    operations = [migrations.RunPython(_storage("SET", SETTINGS), _storage("RESET", DEFAULTS))]
