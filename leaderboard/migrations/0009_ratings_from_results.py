"""Rate the games recorded before ratings existed.

Bot results recorded before ``Result.bot_level`` get their seat's level (the normal
bot when the seat has none any more); then every game is rated from the results
(leaderboard/rating_services.py ``rebuild``, which ``manage.py recompute_ratings`` runs
too). A database without results has nothing to rate.
"""

from django.db import migrations
from django.db.models import OuterRef, Subquery, Value
from django.db.models.functions import Coalesce


def fill_bot_levels(apps, schema_editor):
    Result = apps.get_model("leaderboard", "Result")
    Seat = apps.get_model("rooms", "Seat")
    level = Seat.objects.filter(room_id=OuterRef("room_id"), index=OuterRef("seat")).exclude(bot_level="")
    Result.objects.filter(is_bot=True, bot_level="").update(
        bot_level=Coalesce(Subquery(level.values("bot_level")[:1]), Value("normal"))
    )


def rate_recorded_games(apps, schema_editor):
    Result = apps.get_model("leaderboard", "Result")
    if not Result.objects.exists():
        return
    from leaderboard.rating_services import rebuild

    for game in Result.objects.values_list("game", flat=True).distinct():
        rebuild(game)


class Migration(migrations.Migration):
    dependencies = [("leaderboard", "0008_ratings"), ("rooms", "0001_initial")]

    operations = [
        migrations.RunPython(fill_bot_levels, migrations.RunPython.noop),
        migrations.RunPython(rate_recorded_games, migrations.RunPython.noop),
    ]
