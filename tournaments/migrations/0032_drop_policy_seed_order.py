from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0031_teams"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="drop_policy",
            field=models.CharField(
                choices=[
                    ("keep", "Kept: their matches left are forfeits"),
                    ("void", "Voided: every match they played is struck"),
                ],
                db_default="keep",
                default="keep",
                max_length=8,
            ),
        ),
        migrations.AddField(
            model_name="registration",
            name="seed_order",
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
    ]
