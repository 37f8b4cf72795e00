"""Fill the last-30-days standings from the daily standings, and copy is_active."""

from collections import Counter, defaultdict
from datetime import timedelta

from django.db import migrations
from django.utils import timezone

WINDOW_DAYS = 30


def fill(apps, schema_editor):
    Standing = apps.get_model("leaderboard", "Standing")
    DailyStanding = apps.get_model("leaderboard", "DailyStanding")
    RecentStanding = apps.get_model("leaderboard", "RecentStanding")
    RecentWindow = apps.get_model("leaderboard", "RecentWindow")
    User = apps.get_model("accounts", "User")

    inactive = list(User.objects.filter(is_active=False).values_list("pk", flat=True))
    Standing.objects.filter(user_id__in=inactive).update(active=False)

    start = timezone.localdate() - timedelta(days=WINDOW_DAYS - 1)
    totals = defaultdict(lambda: [0, 0, 0, Counter()])
    for row in DailyStanding.objects.filter(day__gte=start).iterator(chunk_size=2000):
        kept = totals[(row.user_id, row.game, row.mode)]
        kept[0] += row.games
        kept[1] += row.wins
        kept[2] += row.points
        kept[3].update(row.counters or {})
    RecentStanding.objects.all().delete()
    RecentStanding.objects.bulk_create(
        [
            RecentStanding(
                user_id=user_id,
                game=game,
                mode=mode,
                games=games,
                wins=wins,
                points=points,
                counters={k: v for k, v in sorted(counters.items()) if v},
                active=user_id not in inactive,
            )
            for (user_id, game, mode), (games, wins, points, counters) in totals.items()
            if games
        ],
        batch_size=500,
    )
    RecentWindow.objects.update_or_create(pk=1, defaults={"start": start})


class Migration(migrations.Migration):
    dependencies = [
        ("leaderboard", "0005_recent_standings"),
        ("accounts", "0001_initial"),
    ]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
