"""`make loadtest`: the whole stack under load, against a bare-stack anchor (not a test).

Starts its own Redis, a throw-away database and the site's processes as the Procfile
does, fills tables with bots, connects a player and spectators to each, and reports
the latency from each commit to each socket, with the anchor's in the same run. See
docs/performance.md for what each figure means.
"""

import asyncio
import json
import os
import sys
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from games import registry
from tooling.loadtest.database import POSTGRES_SCHEMES, DatabaseError, check_server_url
from tooling.loadtest.errors import LoadTestError
from tooling.loadtest.procfile import ProcfileError, read_procfile
from tooling.loadtest.report import format_report
from tooling.loadtest.run import Options, run

FULL = {"tables": 100, "sockets": 16, "seconds": 75, "probes": 10}
QUICK = {"tables": 10, "sockets": 8, "seconds": 20, "probes": 2}
SHORTEST_WINDOW_SECONDS = 3


def _bot_delay(value: str) -> tuple[int, int]:
    low, _, high = value.partition(",")
    try:
        bounds = (int(low), int(high or low))
    except ValueError:
        raise CommandError("--bot-delay-ms must be 'LOW,HIGH' in milliseconds, e.g. 900,1100.") from None
    if not 0 <= bounds[0] <= bounds[1] <= 10000:
        raise CommandError("--bot-delay-ms must satisfy 0 <= LOW <= HIGH <= 10000.")
    return bounds


def _languages(value: str) -> tuple[str, ...]:
    languages = tuple(code.strip() for code in value.split(",") if code.strip())
    spoken = dict(settings.LANGUAGES)
    unknown = [code for code in languages if code not in spoken]
    if unknown:
        raise CommandError(f"--languages: the site does not speak {', '.join(unknown)}; it speaks {', '.join(spoken)}.")
    return languages


def _database_url(given: str | None) -> str | None:
    """--database-url, else DATABASE_URL when it names PostgreSQL; None: SQLite."""
    url = given or os.environ.get("DATABASE_URL", "")
    if not given and not url.startswith(POSTGRES_SCHEMES):
        return None
    try:
        check_server_url(url)
    except DatabaseError as error:
        raise CommandError(str(error)) from None
    return url


def _site_dir(given: str) -> Path:
    site_dir = Path(given).resolve()
    try:
        read_procfile(site_dir)
    except ProcfileError as error:
        raise CommandError(str(error)) from None
    if not (site_dir / "manage.py").exists():
        raise CommandError(f"{site_dir} has no manage.py: is it a checkout of the site?")
    return site_dir


class Command(BaseCommand):
    help = "Load-test the whole site (N tables x M sockets) against a bare-stack anchor."

    def add_arguments(self, parser):
        parser.add_argument("--game", choices=registry.slugs(), default=registry.slugs()[0])
        parser.add_argument("--tables", type=int, help=f"tables (default {FULL['tables']}; quick {QUICK['tables']})")
        parser.add_argument("--sockets", type=int,
                            help=f"sockets per table, one of them the player (default {FULL['sockets']})")
        parser.add_argument("--seconds", type=float, help=f"measured window per phase (default {FULL['seconds']})")
        parser.add_argument("--probes", type=int,
                            help=f"bare-stack groups watched beside the site, in its window (default {FULL['probes']}; "
                                 f"quick {QUICK['probes']}; 0: none)")
        parser.add_argument("--quick", action="store_true", help="10 tables x 8 sockets for 20 s: about a minute")
        parser.add_argument("--web", type=int, default=1, help="uvicorn processes; sockets spread evenly")
        parser.add_argument("--workers", type=int, default=1,
                            help="Celery workers per queue (timers, bots, strong bots), as WORKER_PROCESSES")
        parser.add_argument("--database-url", help="a PostgreSQL server to make a throw-away database on")
        parser.add_argument("--site-dir", default=str(settings.BASE_DIR), help="the checkout to serve")
        parser.add_argument("--bot-delay-ms", default="900,1100", help="BOT_DELAY_MS: about one action a second")
        parser.add_argument("--clients", type=int, default=0, help="client processes (default: one per 800 sockets)")
        parser.add_argument("--connect-rounds", type=int, default=0,
                            help="measure connects alone: every socket connects to the anchor, then to the site, "
                                 "this many times (no window)")
        parser.add_argument("--languages", default="",
                            help="languages the sockets read, dealt round each table, e.g. en,fa,ru (default: the "
                                 "site's)")
        parser.add_argument("--chat-every", type=float, default=0,
                            help="seconds between a table's chat lines, its player's quick phrases (default: none)")
        parser.add_argument("--reviews", type=int, default=0,
                            help="games played to their end before the window, whose every seat the strong bot "
                                 "reviews, on its own queue, through it (default: none)")
        parser.add_argument("--json", help="write the raw figures to this file")
        parser.add_argument("--keep", action="store_true",
                            help="keep the work directory: logs, frames, commit times and when each was heard")

    def handle(self, *args, **given):
        sizes = {key: given[key] if given[key] is not None else (QUICK if given["quick"] else FULL)[key]
                 for key in FULL}
        if min(sizes["tables"], sizes["sockets"], given["web"], given["workers"]) < 1 or min(
                given["clients"], sizes["probes"], given["connect_rounds"]) < 0:
            raise CommandError("--tables, --sockets, --web and --workers must be at least 1; --clients, --probes "
                               "and --connect-rounds at least 0.")
        if sizes["seconds"] < SHORTEST_WINDOW_SECONDS:
            raise CommandError(f"--seconds must be at least {SHORTEST_WINDOW_SECONDS}.")
        if given["chat_every"] < 0:
            raise CommandError("--chat-every must be at least 0.")
        if given["reviews"] < 0:
            raise CommandError("--reviews must be at least 0.")
        probe_groups = sizes.pop("probes")
        options = Options(
            game=given["game"], **sizes, web=given["web"], site_dir=_site_dir(given["site_dir"]),
            database_url=_database_url(given["database_url"]), bot_delay_ms=_bot_delay(given["bot_delay_ms"]),
            client_processes=given["clients"], keep=given["keep"], probe_groups=probe_groups,
            connect_rounds=given["connect_rounds"], workers=given["workers"],
            languages=_languages(given["languages"]), chat_every=given["chat_every"],
            reviewed_games=given["reviews"],
        )
        try:
            result = asyncio.run(run(options, say=lambda line: print(line, file=sys.stderr, flush=True)))
        except LoadTestError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(format_report(result))
        if given["json"]:
            Path(given["json"]).write_text(json.dumps(result, indent=2))
