from django.db import migrations, models

import rooms.fairness


def salt_every_match(apps, schema_editor):
    """Each existing match gets a salt of its own (a callable default would give them all
    the same one)."""
    Match = apps.get_model("rooms", "Match")
    for match in Match.objects.only("pk").iterator():
        Match.objects.filter(pk=match.pk).update(salt=rooms.fairness.new_salt())


class Migration(migrations.Migration):

    dependencies = [
        ("rooms", "0005_match_paused_until"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="salt",
            field=models.CharField(default="", editable=False, max_length=32),
            preserve_default=False,
        ),
        migrations.RunPython(salt_every_match, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="match",
            name="salt",
            field=models.CharField(default=rooms.fairness.new_salt, editable=False, max_length=32),
        ),
    ]
