"""The online migrations that move data or tune its storage: 0007 moves each seat's refused
actions out of the snapshot into a column of their own, and back when reversed (nothing is lost
either way); 0008 has PostgreSQL compress the game's log and snapshot with lz4; 0009 has it
vacuum the action ledger and the games after a fixed number of changes.

Each migration run renders the project's state at every step it crosses (seconds for a walk from
the newest migration down to 0006), so the module walks once, down and back up, and reads what
each test checks on the way (``walked``)."""

import pytest
from django.db import connection

from tests.support.actors import make_actor
from tests.support.events import online_table
from tests.support.migrations import migrate, newest
from tests.support.services import require_or_skip

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = ("tournaments", "0006_queued_actions_index")
AFTER = ("tournaments", "0007_game_refused")


LATEST = newest()
REFUSED = [[{"seq": 3, "rule": "R6.3", "code": "not_your_decision"}], []]
LZ4 = ("tournaments", "0008_game_lz4")
TUNED = ["autovacuum_vacuum_scale_factor=0", "autovacuum_vacuum_threshold=2000"]


def compression(column: str) -> str:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT attcompression FROM pg_attribute WHERE attrelid = 'tournaments_game'::regclass "
            "AND attname = %s",
            [column],
        )
        return cursor.fetchone()[0]


def reloptions(table: str) -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT reloptions FROM pg_class WHERE oid = %s::regclass", [table])
        return sorted(cursor.fetchone()[0] or [])


def storage() -> dict[str, object]:
    """The PostgreSQL settings 0008 and 0009 make (none on SQLite)."""
    if connection.vendor != "postgresql":
        return {}
    return {
        "compression": (compression("actions"), compression("snapshot")),
        "reloptions": (reloptions("tournaments_gameaction"), reloptions("tournaments_game")),
    }


@pytest.fixture(scope="module")
def walked(committed_rows) -> dict[str, object]:
    """An online game's rows taken down the migrations and back up once (the newest, 0008, 0007,
    0006, 0007, 0006, the newest), what each step shows read on the way."""

    def walk() -> dict[str, object]:
        _event, match_id, _a, _b = online_table(make_actor("olga"), make_actor("jury"))
        seen: dict[str, object] = {"newest": storage()}
        try:
            migrate(LZ4)
            seen["0008"] = storage()
            migrate(AFTER)
            seen["0007"] = storage()
            Game = migrate(BEFORE).get_model("tournaments", "Game")
            game = Game.objects.get(match_id=match_id)
            seen["views"] = game.snapshot["views"]
            Game.objects.filter(pk=game.pk).update(snapshot={**game.snapshot, "refused": REFUSED})
            moved = migrate(AFTER).get_model("tournaments", "Game").objects.get(pk=game.pk)
            seen["moved"] = (moved.refused, moved.snapshot)
            back = migrate(BEFORE).get_model("tournaments", "Game").objects.get(pk=game.pk)
            seen["back"] = back.snapshot
        finally:
            migrate(LATEST)
        seen["newest again"] = storage()
        return seen

    return committed_rows.make(walk)


def test_the_refused_actions_move_out_of_the_snapshot_and_back(walked):
    refused, snapshot = walked["moved"]
    assert refused == REFUSED
    assert "refused" not in snapshot and snapshot["views"] == walked["views"]
    back = walked["back"]
    assert back["refused"] == REFUSED and back["views"] == walked["views"]


def test_the_games_large_columns_are_compressed_with_lz4_on_postgresql(walked):
    require_or_skip(connection.vendor == "postgresql", "a PostgreSQL setting (SQLite has none)")
    assert walked["newest"]["compression"] == ("l", "l")
    assert walked["0008"]["compression"] == ("l", "l")
    assert walked["0007"]["compression"] == ("", "")  # before 0008: the server's default
    assert walked["newest again"]["compression"] == ("l", "l")


def test_the_online_tables_are_vacuumed_after_a_fixed_number_of_changes(walked):
    require_or_skip(connection.vendor == "postgresql", "a PostgreSQL setting (SQLite has none)")
    assert walked["newest"]["reloptions"] == (TUNED, TUNED)
    assert walked["0008"]["reloptions"] == ([], [])  # before 0009: the server's defaults
    assert walked["newest again"]["reloptions"] == (TUNED, TUNED)
