"""Each seat's latest refused actions get a column of their own (they were kept in the snapshot).

The snapshot is then a pure function of the engine's state, which a worker rewrites after every
action without reading the old one first: the hot path reads the small ``refused`` list instead
of the whole snapshot (views and legal actions of both seats)."""

from django.db import migrations, models


def _out_of_snapshot(apps, schema_editor):
    Game = apps.get_model("tournaments", "Game")
    for game in Game.objects.only("id", "snapshot").iterator():
        snapshot = dict(game.snapshot or {})
        refused = snapshot.pop("refused", None) or [[], []]
        Game.objects.filter(pk=game.pk).update(refused=refused, snapshot=snapshot)


def _into_snapshot(apps, schema_editor):
    Game = apps.get_model("tournaments", "Game")
    for game in Game.objects.only("id", "snapshot", "refused").iterator():
        snapshot = {**(game.snapshot or {}), "refused": game.refused or [[], []]}
        Game.objects.filter(pk=game.pk).update(snapshot=snapshot)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0006_queued_actions_index"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="refused",
            field=models.JSONField(default=list),
        ),
        migrations.RunPython(_out_of_snapshot, _into_snapshot),
    ]
