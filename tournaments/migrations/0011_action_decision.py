"""An action records the engine's decision number it answers (stale actions)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0010_event_details"),
    ]

    operations = [
        migrations.AddField(
            model_name="gameaction",
            name="decision",
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
    ]
