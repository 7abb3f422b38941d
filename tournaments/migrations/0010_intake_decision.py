"""An action records the engine's decision number it answers (issue #15: stale actions)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0009_hot_tables_autovacuum"),
    ]

    operations = [
        migrations.AddField(
            model_name="gameaction",
            name="decision",
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
    ]
