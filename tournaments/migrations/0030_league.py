from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0029_event_structures"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="league_opens_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="registration",
            name="league_looking_since",
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
