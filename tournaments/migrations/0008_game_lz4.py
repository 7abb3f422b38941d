"""PostgreSQL compresses a game's large JSON columns (the engine's log and the seats' views,
rewritten after every action) with lz4 instead of pglz: measured in bench/bench_online.py,
cheaper for the database on every UPDATE of the online hot path. Values already stored stay
as they are; SQLite has no such setting."""

from django.db import migrations

COLUMNS = ("actions", "snapshot")


def _compression(method):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor != "postgresql":
            return
        table = schema_editor.quote_name(apps.get_model("tournaments", "Game")._meta.db_table)
        columns = ", ".join(
            f"ALTER COLUMN {schema_editor.quote_name(c)} SET COMPRESSION {method}" for c in COLUMNS
        )
        schema_editor.execute(f"ALTER TABLE {table} {columns}")

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0007_game_refused"),
    ]

    operations = [migrations.RunPython(_compression("lz4"), _compression("default"))]
