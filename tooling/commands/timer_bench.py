"""How late timeouts fire while bots are busy thinking (not a test).

Runs its own Celery workers (timers, bots and strong bots, as in the Procfile) and beat against a
throw-away SQLite database and the Redis at REDIS_URL, fills rooms with busy bots and
one player who never moves, and measures every timeout against its deadline.
"""

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from accounts.identity import Player
from games import registry
from rooms.gamerules import BOT_LEVELS
from rooms.models import MatchAction
from tooling.tables import seated_table, usual_players
from tooling.throwaway_db import use_database

CELERY = [sys.executable, "-m", "celery", "-A", "config"]


class Command(BaseCommand):
    help = "Measure timeout lateness while bots think, with real workers and beat."

    def add_arguments(self, parser):
        parser.add_argument("--rooms", type=int, default=6)
        parser.add_argument("--seconds", type=int, default=60)
        parser.add_argument("--bot-level", default=BOT_LEVELS[-1], choices=BOT_LEVELS)

    def handle(self, *args, rooms, seconds, bot_level, **options):
        if rooms < 1 or seconds < 15:
            raise CommandError("Give at least 1 room and 15 seconds.")
        workdir = Path(tempfile.mkdtemp(prefix="timer-bench-"))
        url = f"sqlite:///{workdir / 'timers.sqlite3'}"
        use_database(url)
        call_command("migrate", verbosity=0, interactive=False)
        env = {**os.environ, "DATABASE_URL": url, "CARDCLUB_VAR_DIR": str(workdir), "BOT_DELAY_MS": "0,0"}
        workers = _start_workers(env, workdir)
        try:
            time.sleep(3)  # let the workers connect before the first deadlines
            for number in range(rooms):
                _start_room(number, bot_level)
            time.sleep(seconds)
        finally:
            for worker in workers:
                worker.terminate()
            for worker in workers:
                worker.wait(timeout=30)
        report = _report(rooms, seconds, bot_level)
        shutil.rmtree(workdir, ignore_errors=True)
        self.stdout.write(json.dumps(report, indent=2))


def _start_workers(env: dict, workdir: Path) -> list[subprocess.Popen]:
    commands = [
        [*CELERY, "worker", "--queues", "timers", "--hostname", "bench-timers@%h", "--concurrency", "2"],
        [*CELERY, "worker", "--queues", "bots", "--hostname", "bench-bots@%h", "--pool", "solo"],
        [*CELERY, "worker", "--queues", "strong-bots", "--hostname", "bench-strong-bots@%h", "--concurrency", "2"],
        [*CELERY, "beat", "--schedule", str(workdir / "beat-schedule")],
    ]
    log = open(workdir / "workers.log", "w")  # noqa: SIM115 - the workers write it until stopped
    return [
        subprocess.Popen([*command, "--loglevel", "WARNING"], cwd=settings.BASE_DIR, env=env, stdout=log,
                         stderr=subprocess.STDOUT)
        for command in commands
    ]


def _start_room(number: int, bot_level: str) -> None:
    """A room of the first game at its usual table: one player who never moves (every
    turn of theirs times out), bots in the other seats."""
    game = registry.GAMES[0]
    absent = Player(name=f"Absent {number}", guest_id=f"timer-bench-{number}")
    seated_table(absent, game.slug, bot_level, usual_players(game), {})


def _report(rooms: int, seconds: int, bot_level: str) -> dict:
    timeouts = MatchAction.objects.filter(source=MatchAction.Source.TIMEOUT, due_at__isnull=False)
    late_ms = sorted((a.created_at - a.due_at).total_seconds() * 1000 for a in timeouts)
    bot_moves = MatchAction.objects.filter(source=MatchAction.Source.BOT).count()
    summary = {"rooms": rooms, "seconds": seconds, "bot_level": bot_level, "bot_moves": bot_moves}
    if not late_ms:
        return {**summary, "timeouts": 0}
    return {
        **summary,
        "timeouts": len(late_ms),
        "late_ms": {
            "p50": round(statistics.median(late_ms), 1),
            "p95": round(late_ms[max(0, int(len(late_ms) * 0.95) - 1)], 1),
            "max": round(late_ms[-1], 1),
        },
    }
