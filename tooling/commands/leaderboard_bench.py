"""`python -m tooling leaderboard_bench`: how fast the leaderboard and profile pages are
with a big club (a benchmark, not a test).

It never touches the developer's data: by default it builds a throw-away SQLite file
in a temporary directory (deleted at the end unless ``--keep``). ``--database-url``
points it at another database instead, only with ``--yes``, and only if that database
has no account yet (it is migrated, then filled).

It seeds ``--accounts`` accounts (100,000) with coins and ``--results`` results
(1,000,000: Disunyer, Dayous and Court Piece tables over the last 365 days, with bots
and guests, the bots of every level) together with their standings and daily
standings, all by bulk inserts, then rates every game (what ``recompute_ratings`` does);
then times each page with the Django test client (logged in as an account in the
middle of the board) and prints p50 / p95 / max per page, with the CPU and database
time and the machine's load average, and the rating work of a game-ending transaction,
as JSON. ``--keep`` then ``--database-url sqlite:///<kept file> --yes --reuse`` times
them again without seeding (rating the games first if that file has no ratings yet).
"""

from __future__ import annotations

import json
import math
import os
import random
import shutil
import statistics
import tempfile
import time
from collections import Counter
from datetime import timedelta
from pathlib import Path

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, connections, transaction
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from games.registry import GAMES as CATALOGUE
from games.registry import definition
from leaderboard import rating_services
from leaderboard.counters import place_counters
from leaderboard.models import Rating, RatingChange, RecentWindow, Result
from leaderboard.modes import modes_of
from leaderboard.points import points_for
from leaderboard.services import window_start
from tooling.throwaway_db import use_database

BATCH = 5_000
GAMES = (  # game, share of the results, seats
    ("disunyer", 0.5, (2, 8)),
    ("dayous", 0.3, (2, 7)),
    ("courtpiece", 0.2, (4, 4)),
)
DAYS = 365
BOT_LEVELS = ("easy", "normal", "strong")
JOURNALS = definition("dayous").leaderboard.ladder.steps  # type: ignore[union-attr]  # Dayous has its ladder


class Command(BaseCommand):
    help = "Seed a throw-away database with a big club and time the leaderboard pages."

    def add_arguments(self, parser):
        parser.add_argument("--accounts", type=int, default=100_000)
        parser.add_argument("--results", type=int, default=1_000_000)
        parser.add_argument("--repeat", type=int, default=50, help="timed requests per page")
        parser.add_argument("--seed", default="leaderboard-bench")
        parser.add_argument(
            "--database-url",
            help="use this (empty) database instead of a temporary SQLite file; needs --yes",
        )
        parser.add_argument("--yes", action="store_true", help="confirm filling --database-url")
        parser.add_argument("--keep", action="store_true", help="keep the temporary SQLite file")
        parser.add_argument(
            "--reuse",
            action="store_true",
            help="with --database-url: time the pages of a database this bench already filled",
        )

    def handle(self, *args, **options):
        if options["database_url"] and not options["yes"]:
            raise CommandError(
                "--database-url fills that database with bench data: add --yes to confirm "
                "(it must hold no account yet)."
            )
        if options["accounts"] < 2 or options["results"] < 1:
            raise CommandError("Give at least 2 accounts and 1 result.")
        workdir = None
        if options["database_url"]:
            url = options["database_url"]
        else:
            workdir = Path(tempfile.mkdtemp(prefix="leaderboard-bench-"))
            url = f"sqlite:///{workdir / 'bench.sqlite3'}"
        try:
            report = self._run(url, options)
        finally:
            if workdir is not None and not options["keep"]:
                connections["default"].close()
                shutil.rmtree(workdir, ignore_errors=True)
            elif workdir is not None:
                self.stderr.write(f"Kept {workdir / 'bench.sqlite3'}")
        self.stdout.write(json.dumps(report, indent=2))

    def _run(self, url: str, options) -> dict:
        use_database(url)
        started = time.perf_counter()
        call_command("migrate", verbosity=0, interactive=False)
        from accounts.models import User

        migrated = time.perf_counter()
        if options["reuse"]:
            if not User.objects.filter(username="player000001").exists():
                raise CommandError("--reuse needs a database this bench filled before.")
            seeded = existing()
        else:
            if User.objects.exists():
                raise CommandError("That database already holds accounts: give an empty one.")
            seeded = Seeder(options["accounts"], options["results"], options["seed"]).run(self.stderr)
        filled = time.perf_counter()
        rebuilt = rate_every_game(self.stderr)
        like_the_site()
        load_before = os.getloadavg()[0]
        with override_settings(
            ALLOWED_HOSTS=["testserver"],
            CACHES={"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}},
            DEBUG=False,
        ):
            pages = time_pages(seeded["viewer"], options["repeat"])
            rating_updates = time_rating_updates(options["repeat"] * 4, options["seed"])
        return {
            "database": connection.vendor,
            "accounts": seeded.get("accounts", options["accounts"]),
            "results": seeded["results"],
            "rooms": seeded["rooms"],
            "standings": seeded["standings"],
            "daily_standings": seeded["daily_standings"],
            "recent_standings": seeded["recent_standings"],
            "viewer": seeded["viewer"],
            "ratings": seeded.get("ratings") or Rating.objects.count(),
            "rating_changes": RatingChange.objects.count(),
            "seconds": {
                "migrate": round(migrated - started, 1),
                "seed": round(filled - migrated, 1),
                # recompute_ratings on the seeded results (none when reused with its ratings)
                "rate_every_game": rebuilt,
            },
            "repeat": options["repeat"],
            # The machine's 1-minute load average (other jobs included) before and after the timing.
            "load_average": [round(load_before, 2), round(os.getloadavg()[0], 2)],
            "cpus": os.cpu_count(),
            "pages": pages,
            "rating_updates": rating_updates,
        }


def existing() -> dict:
    """The sizes and viewer of a database the bench filled before (``--reuse``)."""
    from accounts.models import User
    from leaderboard.models import DailyStanding, RecentStanding, Result, Standing
    from rooms.models import Room

    board = Standing.objects.filter(game="disunyer", mode="").order_by("points", "user_id")
    middle = board[board.count() // 2]
    return {
        "accounts": User.objects.count(),
        "results": Result.objects.count(),
        "rooms": Room.objects.count(),
        "standings": Standing.objects.count(),
        "daily_standings": DailyStanding.objects.count(),
        "recent_standings": RecentStanding.objects.count(),
        "viewer": User.objects.get(pk=middle.user_id).username,
    }


# ----------------------------------------------------------------------------- seeding


class Seeder:
    """Accounts, wallets, rooms, results, standings and daily standings, in bulk."""

    def __init__(self, accounts: int, results: int, seed: str):
        self.accounts = accounts
        self.results = results
        self.rng = random.Random(seed)
        self.now = timezone.now()
        self.standing: dict[tuple, list] = {}
        self.daily: dict[tuple, list] = {}

    def run(self, log) -> dict:
        from accounts.models import User

        with transaction.atomic():
            if connection.vendor == "sqlite":
                with connection.cursor() as cursor:
                    cursor.execute("PRAGMA cache_size = -200000")
            log.write(f"Seeding {self.accounts:,} accounts…")
            first_user = self.seed_accounts()
            log.write(f"Seeding {self.results:,} results…")
            rooms, results = self.seed_results(first_user)
            log.write("Writing the standings…")
            self.write_totals("leaderboard_standing", ("user_id", "game", "mode"), self.standing, active=True)
            self.write_totals("leaderboard_dailystanding", ("user_id", "game", "mode", "day"), self.daily)
            self.write_totals("leaderboard_recentstanding", ("user_id", "game", "mode"), self.recent(), active=True)
            RecentWindow.objects.update_or_create(pk=RecentWindow.SINGLE_ID, defaults={"start": window_start()})
        if connection.vendor == "sqlite":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        else:
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        # The viewer: an account in the middle of the all-time Disunyer board.
        middle = sorted(
            (points, user_id)
            for (user_id, game, mode), (_, _, points, _) in self.standing.items()
            if game == "disunyer" and mode == ""
        )[len([1 for key in self.standing if key[1] == "disunyer" and key[2] == ""]) // 2][1]
        return {
            "results": results,
            "rooms": rooms,
            "standings": len(self.standing),
            "daily_standings": len(self.daily),
            "recent_standings": len(self.recent()),
            "viewer": User.objects.get(pk=middle).username,
        }

    def seed_accounts(self) -> int:
        joined = connection.ops.adapt_datetimefield_value(self.now - timedelta(days=DAYS + 1))
        users = (
            ("!", False, f"player{n:06d}", "", "", "", False, True, joined)
            for n in range(1, self.accounts + 1)
        )
        insert(
            "accounts_user",
            ("password", "is_superuser", "username", "first_name", "last_name", "email",
             "is_staff", "is_active", "date_joined"),
            users,
        )
        with connection.cursor() as cursor:
            cursor.execute("SELECT MIN(id) FROM accounts_user")
            first = cursor.fetchone()[0]
        rng = self.rng
        insert(
            "accounts_wallet",
            ("user_id", "guest_id", "balance", "active"),
            ((first + n, "", int(rng.lognormvariate(7, 1.2)), True) for n in range(self.accounts)),
        )
        return first

    def seed_results(self, first_user: int) -> tuple[int, int]:
        rng = self.rng
        weights = [share for _, share, _ in GAMES]
        rooms_rows, result_rows = [], []
        rooms = results = 0
        room_id = 0
        finished = "finished"
        adapt = connection.ops.adapt_datetimefield_value
        standing, daily = self.standing, self.daily
        while results < self.results:
            remaining = self.results - results
            game, _, (low, high) = rng.choices(GAMES, weights)[0]
            if remaining < low:  # the last table: whatever seats are left
                game, low, high = "disunyer", remaining, remaining
            size = min(rng.randint(low, high), remaining)
            room_id += 1
            when = self.now - timedelta(seconds=rng.random() * DAYS * 86_400)
            day = when.date()
            mode_slugs = [mode.slug for mode in modes_of(game)]
            mode = rng.choice(mode_slugs)
            code = f"B{room_id:07d}"
            created_at = adapt(when)
            rooms_rows.append((code, game, "{}", True, finished, 0, 1, created_at, "normal"))
            seats = self.seats(size, first_user)
            had_bots = any(kind in BOT_LEVELS for kind, _ in seats)
            places = self.places(game, size)
            dayous = places.index(size) if game == "dayous" and size in places else None
            cp_stats = self.cp_stats() if game == "courtpiece" else None
            finished_at = created_at
            for index, (kind, user_id) in enumerate(seats):
                place = places[index]
                won = place == 1
                points = points_for(game, place, size, had_bots)
                counters = self.counters(game, index, dayous, cp_stats) if game != "disunyer" else {}
                is_bot = kind in BOT_LEVELS
                name = f"player{user_id - first_user + 1:06d}" if kind == "account" else (
                    f"Bot {index + 1}" if is_bot else f"Guest {room_id}-{index}"
                )
                result_rows.append(
                    (room_id, index, user_id, name, is_bot, kind if is_bot else "", game, mode, place, points,
                     won, had_bots, finished_at, False, "", json.dumps(counters) if counters else "{}")
                )
                if kind == "account":
                    extra = place_counters(game, place, won, size)
                    if extra:
                        counters = dict(counters)
                        for key, value in extra.items():
                            counters[key] = counters.get(key, 0) + value
                    for key_mode in ("", mode):
                        for totals, key in (
                            (standing, (user_id, game, key_mode)),
                            (daily, (user_id, game, key_mode, day)),
                        ):
                            row = totals.get(key)
                            if row is None:
                                row = totals[key] = [0, 0, 0, {}]
                            row[0] += 1
                            row[1] += won
                            row[2] += points
                            if counters:
                                kept = row[3]
                                for name_, value in counters.items():
                                    kept[name_] = kept.get(name_, 0) + value
            results += size
            rooms += 1
            if len(result_rows) >= 50_000:
                self.flush(rooms_rows, result_rows)
        self.flush(rooms_rows, result_rows)
        return rooms, results

    def flush(self, rooms_rows: list, result_rows: list) -> None:
        insert(
            "rooms_room",
            ("code", "game", "options", "is_public", "status", "host_seat", "version",
             "created_at", "bot_level"),
            rooms_rows,
        )
        insert(
            "leaderboard_result",
            ("room_id", "seat", "user_id", "name", "is_bot", "bot_level", "game", "mode", "place", "points",
             "won", "had_bots", "finished_at", "voided", "void_reason", "counters"),
            result_rows,
        )
        rooms_rows.clear()
        result_rows.clear()

    def seats(self, size: int, first_user: int) -> list[tuple[str, int | None]]:
        """Accounts (most seats; a few accounts play far more than others), bots (the
        kind is their level) and guests."""
        rng, seats, taken = self.rng, [], set()
        for _ in range(size):
            roll = rng.random()
            if roll < 0.8:
                while True:
                    user = first_user + int(self.accounts * rng.random() ** 1.5)
                    if user not in taken:
                        break
                taken.add(user)
                seats.append(("account", user))
            elif roll < 0.95:
                seats.append((rng.choice(BOT_LEVELS), None))
            else:
                seats.append(("guest", None))
        return seats

    def places(self, game: str, size: int) -> list[int]:
        if game == "courtpiece":
            return [1, 3, 1, 3] if self.rng.random() < 0.5 else [3, 1, 3, 1]
        places = list(range(1, size + 1))
        self.rng.shuffle(places)
        return places

    def cp_stats(self) -> dict:
        rng = self.rng
        return {
            "rounds_won": [rng.randint(1, 10), rng.randint(1, 10)],
            "courts": [int(rng.random() < 0.2), int(rng.random() < 0.2)],
            "goon_courts": [int(rng.random() < 0.1), int(rng.random() < 0.1)],
        }

    def counters(self, game: str, seat: int, dayous: int | None, cp_stats: dict | None) -> dict:
        rng = self.rng
        if game == "dayous":
            counters = Counter()
            if seat == dayous:
                counters["dayous"] = 1
            defences = rng.randint(0, 6)
            counters["defences"] = defences
            for _ in range(defences):
                journal = JOURNALS[min(len(JOURNALS) - 1, int(rng.expovariate(1.2)))]
                counters[journal.key] += 1
                counters["fees"] += rng.randint(0, 4)
            return {key: value for key, value in sorted(counters.items()) if value}
        if game == "courtpiece":
            team = seat % 2
            return {key: values[team] for key, values in cp_stats.items() if values[team]}
        return {}

    def recent(self) -> dict:
        """The last 30 days: the daily totals from the window's first day on."""
        start, recent = window_start(), {}
        for (user_id, game, mode, day), (games, wins, points, counters) in self.daily.items():
            if day < start:
                continue
            row = recent.get((user_id, game, mode))
            if row is None:
                row = recent[(user_id, game, mode)] = [0, 0, 0, {}]
            row[0] += games
            row[1] += wins
            row[2] += points
            for name, value in counters.items():
                row[3][name] = row[3].get(name, 0) + value
        return recent

    def write_totals(self, table: str, key_fields: tuple[str, ...], totals: dict, active: bool = False) -> None:
        adapt = connection.ops.adapt_datefield_value
        flag = (True,) if active else ()
        rows = (
            (*key[:3], *((adapt(key[3]),) if len(key) > 3 else ()), games, wins, points,
             json.dumps({k: v for k, v in sorted(counters.items()) if v}) if counters else "{}", *flag)
            for key, (games, wins, points, counters) in totals.items()
        )
        insert(table, (*key_fields, "games", "wins", "points", "counters", *(("active",) if active else ())), rows)


def insert(table: str, columns: tuple[str, ...], rows) -> None:
    """Insert ``rows`` (tuples in ``columns`` order) into ``table`` in batches."""
    quote = connection.ops.quote_name
    sql = (
        f"INSERT INTO {quote(table)} ({', '.join(quote(c) for c in columns)}) "
        f"VALUES ({', '.join(['%s'] * len(columns))})"
    )
    batch = []
    with connection.cursor() as cursor:
        for row in rows:
            batch.append(row)
            if len(batch) >= BATCH:
                cursor.executemany(sql, batch)
                batch = []
        if batch:
            cursor.executemany(sql, batch)


def like_the_site() -> None:
    """Time with the site's SQLite settings (config/settings.py): a write-ahead log,
    synced at checkpoints. (The throw-away connection has neither: seeding is faster.)"""
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")


def rate_every_game(log) -> dict:
    """Rate every seeded game (leaderboard/rating_services.py ``rebuild``, what
    ``recompute_ratings`` runs), unless the database has its ratings already; seconds per game."""
    if Rating.objects.exists():
        return {}
    seconds = {}
    for info in CATALOGUE:
        log.write(f"Rating every {info.title} game…")
        started = time.perf_counter()
        with transaction.atomic():
            rating_services.rebuild(info.slug)
        seconds[info.slug] = round(time.perf_counter() - started, 1)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    return seconds


# ----------------------------------------------------------------------------- timing


TABLES = {  # what the rating update is timed on: game, accounts, bot levels
    "Disunyer, 6 accounts and 2 bots": ("disunyer", 6, ("normal", "strong")),
    "Dayous, 4 accounts": ("dayous", 4, ()),
    "Court Piece, 3 accounts and a bot": ("courtpiece", 3, ("easy",)),
}


def time_rating_updates(repeat: int, seed: str) -> dict:
    """p50 / p95 / max (ms) of the rating work in a game-ending transaction: locking the
    accounts' ratings (``lock_ratings``) and rating the game (``record``: the update, its
    steps), for tables of random accounts of the club; the results are written between
    the two, untimed, and every game is rolled back. Also this process's CPU time for the
    same work (p50, p95): on a shared machine the wall time's tail is mostly waiting for
    a core."""
    from accounts.models import User
    from rooms.models import Room

    rng = random.Random(seed)
    first, last = User.objects.order_by("pk").values_list("pk", flat=True)[:1][0], User.objects.latest("pk").pk
    report = {}
    for name, (game, people, bots) in TABLES.items():
        samples, cpu_samples = [], []
        for number in range(repeat + 2):
            with transaction.atomic():
                room = Room.objects.create(code=f"R{number:07d}", game=game, status=Room.Status.FINISHED)
                seats = [("account", user) for user in rng.sample(range(first, last + 1), people)]
                seats += [(level, None) for level in bots]
                rng.shuffle(seats)
                places = [1, 3, 1, 3] if game == "courtpiece" else rng.sample(range(1, len(seats) + 1), len(seats))
                results = [
                    Result(room=room, seat=index, user_id=user, name="x", is_bot=kind != "account",
                           bot_level="" if kind == "account" else kind, game=game, place=places[index],
                           points=0, had_bots=bool(bots), finished_at=timezone.now())
                    for index, (kind, user) in enumerate(seats)
                ]
                started, cpu_started = time.perf_counter(), time.process_time()
                rows = rating_services.lock_ratings(game, results)
                locked, cpu_locked = time.perf_counter(), time.process_time()
                results = Result.objects.bulk_create(results)
                written, cpu_written = time.perf_counter(), time.process_time()
                rating_services.record(game, results, rows)
                done, cpu_done = time.perf_counter(), time.process_time()
                if number >= 2:  # two untimed first
                    samples.append((locked - started) + (done - written))
                    cpu_samples.append((cpu_locked - cpu_started) + (cpu_done - cpu_written))
                transaction.set_rollback(True)
        cpu = sorted(cpu_samples)
        report[name] = {
            **percentiles(samples),
            "cpu_p50_ms": round(statistics.median(cpu) * 1000, 2),
            "cpu_p95_ms": round(cpu[max(0, math.ceil(len(cpu) * 0.95) - 1)] * 1000, 2),
        }
    return report


def time_pages(viewer: str, repeat: int) -> dict:
    """p50 / p95 / max (ms) per page, logged in as ``viewer``; two untimed requests first.

    Also the CPU time of the request (this process's, p50: it grows less than the wall
    time when other jobs share the machine), and two references: the site's home page,
    which does no leaderboard work, and a board page that finds no shape cached for its
    stamp and counts the board (the stamp is renewed before each view, without carrying
    the shape over, as after a deactivation or when the cache lost it).
    """
    from accounts.models import User
    from leaderboard import boards, rating_boards
    from leaderboard.stamps import renew_stamps
    from leaderboard.views import BOARD_PAGE_SIZE

    client = Client()
    client.force_login(User.objects.get(username=viewer))
    board = reverse("leaderboard:board", args=["disunyer"])
    deep_all = max(1, math.ceil(boards.board("disunyer", boards.ALL_TIME).count() / BOARD_PAGE_SIZE) // 2)
    deep_30 = max(1, math.ceil(boards.board("disunyer", boards.LAST_30_DAYS).count() / BOARD_PAGE_SIZE) // 2)
    deep_rich = max(1, math.ceil(boards.richest().count() / BOARD_PAGE_SIZE) // 2)
    deep_rating = max(1, math.ceil(rating_boards.board("disunyer").count() / BOARD_PAGE_SIZE) // 2)
    rating_board = reverse("leaderboard:rating_board", args=["disunyer"])

    def shape_lost():
        renew_stamps({boards.board_name("disunyer", boards.ALL_TIME)})

    pages = {  # name: (url, query, what to run, untimed, before each timed request)
        "reference: home page": (reverse("home"), {}, None),
        "board all-time, page 1": (board, {}, None),
        f"board all-time, page {deep_all}": (board, {"page": deep_all}, None),
        "board all-time, page 1, counting the board": (board, {}, shape_lost),
        "board 30 days, page 1": (board, {"period": "30d"}, None),
        f"board 30 days, page {deep_30}": (board, {"period": "30d", "page": deep_30}, None),
        "board Dayous all-time, page 1": (reverse("leaderboard:board", args=["dayous"]), {}, None),
        "board Court Piece 30 days, page 1": (
            reverse("leaderboard:board", args=["courtpiece"]),
            {"period": "30d"},
            None,
        ),
        "richest players, page 1": (reverse("leaderboard:richest"), {}, None),
        f"richest players, page {deep_rich}": (reverse("leaderboard:richest"), {"page": deep_rich}, None),
        "rating board, page 1": (rating_board, {}, None),
        f"rating board, page {deep_rating}": (rating_board, {"page": deep_rating}, None),
        "rating board Court Piece, page 1": (reverse("leaderboard:rating_board", args=["courtpiece"]), {}, None),
        "profile (the viewer's)": (reverse("player_profile", args=[viewer]), {}, None),
        "my games": (reverse("my_games"), {}, None),
    }
    report = {}
    for name, (url, params, before) in pages.items():
        for _ in range(2):
            response = client.get(url, params)
            if response.status_code != 200:
                raise CommandError(f"{name}: {url} answered {response.status_code}")
        samples, cpu_samples, sql_samples, queries = [], [], [], 0
        for _ in range(repeat):
            if before is not None:
                before()
            timer = SqlTimer()
            with connection.execute_wrapper(timer):
                started, cpu_started = time.perf_counter(), time.process_time()
                client.get(url, params)
                samples.append(time.perf_counter() - started)
                cpu_samples.append(time.process_time() - cpu_started)
            sql_samples.append(timer.seconds)
            queries = timer.queries
        report[name] = {
            **percentiles(samples),
            "cpu_p50_ms": round(statistics.median(cpu_samples) * 1000, 1),
            "queries": queries,
            "sql_p50_ms": round(statistics.median(sql_samples) * 1000, 1),
        }
    return report


class SqlTimer:
    """Counts the queries of one request and the time spent in the database."""

    def __init__(self):
        self.queries = 0
        self.seconds = 0.0

    def __call__(self, execute, sql, params, many, context):
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.queries += 1
            self.seconds += time.perf_counter() - started


def percentiles(samples: list[float]) -> dict:
    ordered = sorted(samples)
    return {
        "p50_ms": round(statistics.median(ordered) * 1000, 1),
        "p95_ms": round(ordered[max(0, math.ceil(len(ordered) * 0.95) - 1)] * 1000, 1),
        "max_ms": round(ordered[-1] * 1000, 1),
    }
