"""Build the standings from the results recorded before standings existed."""

from django.db import migrations


def build_standings(apps, schema_editor):
    from leaderboard.services import DAILY_KEY, STANDING_KEY, recount

    Result = apps.get_model("leaderboard", "Result")
    Standing = apps.get_model("leaderboard", "Standing")
    DailyStanding = apps.get_model("leaderboard", "DailyStanding")
    standing, daily = recount(Result.objects.all())
    for model, key_fields, totals in (
        (Standing, STANDING_KEY, standing),
        (DailyStanding, DAILY_KEY, daily),
    ):
        model.objects.all().delete()
        model.objects.bulk_create(
            [
                model(
                    **dict(zip(key_fields, key)),
                    games=delta.games,
                    wins=delta.wins,
                    points=delta.points,
                    counters={k: v for k, v in sorted(delta.counters.items()) if v},
                )
                for key, delta in totals.items()
                if delta.games
            ],
            batch_size=500,
        )


class Migration(migrations.Migration):
    dependencies = [("leaderboard", "0002_dailystanding_standing")]

    operations = [migrations.RunPython(build_standings, migrations.RunPython.noop)]
