from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0027_signup_codes"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="seen_a_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="match",
            name="seen_b_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
