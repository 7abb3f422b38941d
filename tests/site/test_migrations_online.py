"""The online migrations that move data or tune its storage: 0007 moves each seat's refused
actions out of the snapshot into a column of their own, and back when reversed (nothing is lost
either way); 0008 has PostgreSQL compress the game's log and snapshot with lz4; 0009 has it
vacuum the action ledger and the games after a fixed number of changes."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader

from tests.support.services import require_or_skip

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = ("tournaments", "0006_queued_actions_index")
AFTER = ("tournaments", "0007_game_refused")


def _latest() -> tuple[str, str]:
    # The newest migration, whatever its number: the tests put the schema back there.
    (leaf,) = [node for node in MigrationLoader(None).graph.leaf_nodes() if node[0] == "tournaments"]
    return leaf


LATEST = _latest()
REFUSED = [[{"seq": 3, "rule": "R6.3", "code": "not_your_decision"}], []]


def migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])
    return executor.loader.project_state([target]).apps


def test_the_refused_actions_move_out_of_the_snapshot_and_back(online_match):
    _event, match_id, a, b = online_match
    try:
        apps = migrate(BEFORE)
        Game = apps.get_model("tournaments", "Game")
        game = Game.objects.get(match_id=match_id)
        views = game.snapshot["views"]
        Game.objects.filter(pk=game.pk).update(snapshot={**game.snapshot, "refused": REFUSED})

        apps = migrate(AFTER)
        moved = apps.get_model("tournaments", "Game").objects.get(pk=game.pk)
        assert moved.refused == REFUSED
        assert "refused" not in moved.snapshot and moved.snapshot["views"] == views

        apps = migrate(BEFORE)
        back = apps.get_model("tournaments", "Game").objects.get(pk=game.pk)
        assert back.snapshot["refused"] == REFUSED and back.snapshot["views"] == views
    finally:
        migrate(LATEST)


def compression(column: str) -> str:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT attcompression FROM pg_attribute WHERE attrelid = 'tournaments_game'::regclass "
            "AND attname = %s",
            [column],
        )
        return cursor.fetchone()[0]


def test_the_games_large_columns_are_compressed_with_lz4_on_postgresql(db):
    require_or_skip(connection.vendor == "postgresql", "a PostgreSQL setting (SQLite has none)")
    assert (compression("actions"), compression("snapshot")) == ("l", "l")
    try:
        migrate(AFTER)
        assert (compression("actions"), compression("snapshot")) == ("", "")  # the server's default
    finally:
        migrate(LATEST)
    assert compression("snapshot") == "l"


def reloptions(table: str) -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT reloptions FROM pg_class WHERE oid = %s::regclass", [table])
        return sorted(cursor.fetchone()[0] or [])


def test_the_online_tables_are_vacuumed_after_a_fixed_number_of_changes(db):
    require_or_skip(connection.vendor == "postgresql", "a PostgreSQL setting (SQLite has none)")
    tuned = ["autovacuum_vacuum_scale_factor=0", "autovacuum_vacuum_threshold=2000"]
    assert reloptions("tournaments_gameaction") == reloptions("tournaments_game") == tuned
    try:
        migrate(("tournaments", "0008_game_lz4"))
        assert reloptions("tournaments_gameaction") == []
    finally:
        migrate(LATEST)
    assert reloptions("tournaments_gameaction") == tuned
