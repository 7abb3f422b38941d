"""Migration 0007: each seat's refused actions move out of the snapshot into a column of their
own, and back when the migration is reversed; nothing is lost either way."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = ("tournaments", "0006_queued_actions_index")
AFTER = ("tournaments", "0007_game_refused")
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
        migrate(AFTER)
