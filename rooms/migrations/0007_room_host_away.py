import django.db.models.functions.datetime
import django.utils.timezone
from django.db import migrations, models


def look_at_waiting_hosts(apps, schema_editor):
    """The rooms waiting now are looked at by the next sweep: their hosts count as seen
    at the migration, so a room nobody is in closes five minutes later."""
    Room = apps.get_model("rooms", "Room")
    Room.objects.filter(status="waiting").update(host_check_at=django.utils.timezone.now())


class Migration(migrations.Migration):

    dependencies = [
        ("rooms", "0006_match_salt"),
    ]

    operations = [
        migrations.AddField(
            model_name="room",
            name="host_seen_at",
            field=models.DateTimeField(db_default=django.db.models.functions.datetime.Now(), default=django.utils.timezone.now),
        ),
        migrations.AddField(
            model_name="room",
            name="host_check_at",
            field=models.DateTimeField(blank=True, db_index=True, null=True),
        ),
        migrations.AddField(
            model_name="room",
            name="away_host",
            field=models.CharField(blank=True, db_default="", default="", max_length=40),
        ),
        migrations.RunPython(look_at_waiting_hosts, migrations.RunPython.noop),
    ]
