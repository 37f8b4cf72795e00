"""`python -m tooling leaderboard_bench`: how fast the leaderboard and profile pages are
with a big club (a benchmark, not a test).

It never touches the developer's data: by default it builds a throw-away SQLite file
in a temporary directory (deleted at the end unless ``--keep``). ``--database-url``
points it at another database instead, only with ``--yes``, and only if that database
has no account yet (it is migrated, then filled).

It seeds ``--accounts`` accounts (100,000) with coins and ``--results`` results
(1,000,000: tables of every game over the last 365 days, the first game listed the most
played, with bots and guests, the bots of every level) together with their standings
and daily standings, all by bulk inserts, then rates every game (what ``recompute_ratings`` does);
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
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, connections, transaction
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from games.definition import GameDefinition
from games.registry import GAMES as CATALOGUE
from leaderboard import rating_services
from leaderboard.counters import place_counters
from leaderboard.models import Rating, RatingChange, RecentWindow, Result
from leaderboard.points import points_for
from leaderboard.services import window_start
from tooling.tables import usual_players
from tooling.throwaway_db import use_database

BATCH = 5_000
DAYS = 365
BOT_LEVELS = ("easy", "normal", "strong")


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

    board = Standing.objects.filter(game=CATALOGUE[0].slug, mode="").order_by("points", "user_id")
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


@dataclass
class Totals:
    """One account's totals in a game and mode (a standing), all-time or for one day."""

    games: int = 0
    wins: int = 0
    points: int = 0
    counters: dict[str, int] = field(default_factory=dict)

    def add(self, games: int, wins: int, points: int, counters: Mapping[str, int]) -> None:
        self.games += games
        self.wins += wins
        self.points += points
        for key, value in counters.items():
            self.counters[key] = self.counters.get(key, 0) + value


StandingKey = tuple[int, str, str]  # user, game, mode
DailyKey = tuple[int, str, str, date]  # and the day


@dataclass(frozen=True)
class Seat:
    kind: str  # "account", "guest" or a bot level
    user_id: int | None = None


@dataclass(frozen=True)
class SeededGame:
    """A game as the bench seeds it: how often its tables are played, their sizes, its
    modes and the counters its results record."""

    game: GameDefinition
    weight: int
    low: int
    high: int
    modes: tuple[str, ...]
    recorded: tuple[str, ...]


def seeded_games() -> tuple[SeededGame, ...]:
    """Every game, the first listed the most played: the i-th of N weighs N - i."""
    return tuple(
        SeededGame(
            game,
            weight=len(CATALOGUE) - index,
            low=game.engine.min_players,
            high=game.engine.max_players,
            modes=tuple(mode.slug for mode in game.leaderboard.modes) or ("",),
            recorded=game.outcome_counters,
        )
        for index, game in enumerate(CATALOGUE)
    )


def random_places(rng: random.Random, game: GameDefinition, size: int) -> list[int]:
    """A place per seat: a shuffle of 1 to ``size``; in a team game the teams are ranked
    and a team's seats share its place."""
    if not game.teams:
        return rng.sample(range(1, size + 1), size)
    ranks = rng.sample(range(game.teams), game.teams)
    per_team = size // game.teams
    return [1 + ranks[game.team_of(seat)] * per_team for seat in range(size)]


class Seeder:
    """Accounts, wallets, rooms, results, standings and daily standings, in bulk."""

    def __init__(self, accounts: int, results: int, seed: str):
        self.accounts = accounts
        self.results = results
        self.rng = random.Random(seed)
        self.now = timezone.now()
        self.games = seeded_games()
        self.standing: dict[StandingKey, Totals] = {}
        self.daily: dict[DailyKey, Totals] = {}
        self.rooms_rows: list[tuple] = []
        self.result_rows: list[tuple] = []

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
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
        return {
            "results": results,
            "rooms": rooms,
            "standings": len(self.standing),
            "daily_standings": len(self.daily),
            "recent_standings": len(self.recent()),
            "viewer": User.objects.get(pk=self.middle_of_the_board()).username,
        }

    def middle_of_the_board(self) -> int:
        """The viewer: an account in the middle of the first game's all-time board."""
        board = sorted(
            (totals.points, user_id)
            for (user_id, game, mode), totals in self.standing.items()
            if game == CATALOGUE[0].slug and mode == ""
        )
        return board[len(board) // 2][1]

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
        """Finished tables until there are ``results`` results; (rooms, results)."""
        rooms = results = 0
        while results < self.results:
            seeded, size = self.next_table(self.results - results)
            rooms += 1
            self.seed_table(rooms, seeded, size, first_user)
            results += size
            if len(self.result_rows) >= 50_000:
                self.flush()
        self.flush()
        return rooms, results

    def next_table(self, remaining: int) -> tuple[SeededGame, int]:
        """A game drawn by its weight and its table's size; the last table takes
        whatever seats are left."""
        seeded = self.rng.choices(self.games, [each.weight for each in self.games])[0]
        if remaining < seeded.low:
            return self.games[0], remaining
        return seeded, min(self.rng.randint(seeded.low, seeded.high), remaining)

    def seed_table(self, room_id: int, seeded: SeededGame, size: int, first_user: int) -> None:
        """One finished room of ``size`` seats: its row, its results, and what they add
        to the accounts' standings."""
        game = seeded.game
        when = self.now - timedelta(seconds=self.rng.random() * DAYS * 86_400)
        mode = self.rng.choice(seeded.modes)
        finished_at = connection.ops.adapt_datetimefield_value(when)
        self.rooms_rows.append((f"B{room_id:07d}", game.slug, "{}", True, "finished", 0, 1, finished_at, "normal"))
        seats = self.seats(size, first_user)
        had_bots = any(seat.kind in BOT_LEVELS for seat in seats)
        places = random_places(self.rng, game, size)
        counters_by_team: dict[int, dict[str, int]] = {}
        for index, seat in enumerate(seats):
            place, won = places[index], places[index] == 1
            points = points_for(game.slug, place, size, had_bots)
            team = game.team_of(index)
            if team not in counters_by_team:
                counters_by_team[team] = self.counters(seeded.recorded)
            counters = counters_by_team[team]
            is_bot = seat.kind in BOT_LEVELS
            self.result_rows.append(
                (room_id, index, seat.user_id, seat_name(seat, first_user, room_id, index), is_bot,
                 seat.kind if is_bot else "", game.slug, mode, place, points, won, had_bots, finished_at,
                 False, "", json.dumps(counters) if counters else "{}")
            )
            if seat.user_id is not None and seat.kind == "account":
                counted = Counter(counters) + Counter(place_counters(game.slug, place, won, size))
                self.count(seat.user_id, game.slug, mode, when.date(), Totals(1, won, points, dict(counted)))

    def count(self, user_id: int, game: str, mode: str, day: date, result: Totals) -> None:
        """One result added to the account's standings: in its mode and in all modes."""
        for key_mode in dict.fromkeys(("", mode)):
            for totals in (
                self.standing.setdefault((user_id, game, key_mode), Totals()),
                self.daily.setdefault((user_id, game, key_mode, day), Totals()),
            ):
                totals.add(result.games, result.wins, result.points, result.counters)

    def flush(self) -> None:
        insert(
            "rooms_room",
            ("code", "game", "options", "is_public", "status", "host_seat", "version",
             "created_at", "bot_level"),
            self.rooms_rows,
        )
        insert(
            "leaderboard_result",
            ("room_id", "seat", "user_id", "name", "is_bot", "bot_level", "game", "mode", "place", "points",
             "won", "had_bots", "finished_at", "voided", "void_reason", "counters"),
            self.result_rows,
        )
        self.rooms_rows.clear()
        self.result_rows.clear()

    def seats(self, size: int, first_user: int) -> list[Seat]:
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
                seats.append(Seat("account", user))
            elif roll < 0.95:
                seats.append(Seat(rng.choice(BOT_LEVELS)))
            else:
                seats.append(Seat("guest"))
        return seats

    def counters(self, keys: tuple[str, ...]) -> dict[str, int]:
        """A few of each counter a result records; zeros left out."""
        drawn = {key: self.rng.randint(0, 3) for key in keys}
        return {key: value for key, value in sorted(drawn.items()) if value}

    def recent(self) -> dict[StandingKey, Totals]:
        """The last 30 days: the daily totals from the window's first day on."""
        start = window_start()
        recent: dict[StandingKey, Totals] = {}
        for (user_id, game, mode, day), totals in self.daily.items():
            if day >= start:
                recent.setdefault((user_id, game, mode), Totals()).add(
                    totals.games, totals.wins, totals.points, totals.counters
                )
        return recent

    def write_totals(
        self, table: str, key_fields: tuple[str, ...], totals: Mapping[tuple, Totals], active: bool = False
    ) -> None:
        adapt = connection.ops.adapt_datefield_value
        flag = (True,) if active else ()
        rows = (
            (*key[:3], *((adapt(key[3]),) if len(key) > 3 else ()), each.games, each.wins, each.points,
             json.dumps({k: v for k, v in sorted(each.counters.items()) if v}) if each.counters else "{}", *flag)
            for key, each in totals.items()
        )
        insert(table, (*key_fields, "games", "wins", "points", "counters", *(("active",) if active else ())), rows)


def seat_name(seat: Seat, first_user: int, room_id: int, index: int) -> str:
    if seat.kind == "account" and seat.user_id is not None:
        return f"player{seat.user_id - first_user + 1:06d}"
    return f"Bot {index + 1}" if seat.kind in BOT_LEVELS else f"Guest {room_id}-{index}"


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


def rating_tables() -> dict[str, tuple[GameDefinition, int, tuple[str, ...]]]:
    """What the rating update is timed on, by name: each game's usual table, with the
    bots its definition names (``SelfPlay.bench_rated_bots``) and accounts in the other
    seats: game, accounts, bot levels."""
    tables = {}
    for game in CATALOGUE:
        bots = game.self_play.bench_rated_bots
        people = usual_players(game) - len(bots)
        with_bots = "" if not bots else " and a bot" if len(bots) == 1 else f" and {len(bots)} bots"
        tables[f"{game.title}, {people} accounts{with_bots}"] = (game, people, bots)
    return tables


def time_rating_updates(repeat: int, seed: str) -> dict:
    """p50 / p95 / max (ms) of the rating work in a game-ending transaction: locking the
    accounts' ratings (``lock_ratings``) and rating the game (``record``: the update, its
    steps), for tables of random accounts of the club; the results are written between
    the two, untimed, and every game is rolled back. Also this process's CPU time for the
    same work (p50, p95): on a shared machine the wall time's tail is mostly waiting for
    a core."""
    from accounts.models import User

    rng = random.Random(seed)
    first, last = User.objects.order_by("pk").values_list("pk", flat=True)[:1][0], User.objects.latest("pk").pk
    report = {}
    for name, (game, people, bots) in rating_tables().items():
        samples, cpu_samples = [], []
        for number in range(repeat + 2):
            seats = [Seat("account", user) for user in rng.sample(range(first, last + 1), people)]
            seats += [Seat(level) for level in bots]
            rng.shuffle(seats)
            wall, cpu = timed_rating_update(number, game, seats, random_places(rng, game, len(seats)))
            if number >= 2:  # two untimed first
                samples.append(wall)
                cpu_samples.append(cpu)
        cpu_samples.sort()
        report[name] = {
            **percentiles(samples),
            "cpu_p50_ms": round(statistics.median(cpu_samples) * 1000, 2),
            "cpu_p95_ms": round(cpu_samples[max(0, math.ceil(len(cpu_samples) * 0.95) - 1)] * 1000, 2),
        }
    return report


def timed_rating_update(
    number: int, game: GameDefinition, seats: list[Seat], places: list[int]
) -> tuple[float, float]:
    """The wall and CPU seconds of rating one game of ``seats``, rolled back."""
    from rooms.models import Room

    with transaction.atomic():
        room = Room.objects.create(code=f"R{number:07d}", game=game.slug, status=Room.Status.FINISHED)
        had_bots = any(seat.kind in BOT_LEVELS for seat in seats)
        results = [
            Result(room=room, seat=index, user_id=seat.user_id, name="x", is_bot=seat.kind in BOT_LEVELS,
                   bot_level=seat.kind if seat.kind in BOT_LEVELS else "", game=game.slug, place=places[index],
                   points=0, had_bots=had_bots, finished_at=timezone.now())
            for index, seat in enumerate(seats)
        ]
        started, cpu_started = time.perf_counter(), time.process_time()
        rows = rating_services.lock_ratings(game.slug, results)
        locked, cpu_locked = time.perf_counter(), time.process_time()
        results = Result.objects.bulk_create(results)
        written, cpu_written = time.perf_counter(), time.process_time()
        rating_services.record(game.slug, results, rows)
        done, cpu_done = time.perf_counter(), time.process_time()
        transaction.set_rollback(True)
    return (locked - started) + (done - written), (cpu_locked - cpu_started) + (cpu_done - cpu_written)


def time_pages(viewer: str, repeat: int) -> dict:
    """p50 / p95 / max (ms) per page, logged in as ``viewer``; two untimed requests first.

    Also the CPU time of the request (this process's, p50: it grows less than the wall
    time when other jobs share the machine), and two references: the site's home page,
    which does no leaderboard work, and a board page that finds no shape cached for its
    stamp and counts the board (the stamp is renewed before each view, without carrying
    the shape over, as after a deactivation or when the cache lost it).
    """
    from accounts.models import User

    client = Client()
    client.force_login(User.objects.get(username=viewer))
    pages = {
        "reference: home page": (reverse("home"), {}, None),
        **first_game_pages(),
        **other_games_pages(),
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


Page = tuple[str, dict[str, Any], Callable[[], None] | None]  # url, query, what to run before each timed request


def first_game_pages() -> dict[str, Page]:
    """The first game's boards, a page deep in each too, and the richest players."""
    from leaderboard import boards, rating_boards
    from leaderboard.stamps import renew_stamps
    from leaderboard.views import BOARD_PAGE_SIZE

    game = CATALOGUE[0].slug
    board = reverse("leaderboard:board", args=[game])
    deep_all = max(1, math.ceil(boards.board(game, boards.ALL_TIME).count() / BOARD_PAGE_SIZE) // 2)
    deep_30 = max(1, math.ceil(boards.board(game, boards.LAST_30_DAYS).count() / BOARD_PAGE_SIZE) // 2)
    deep_rich = max(1, math.ceil(boards.richest().count() / BOARD_PAGE_SIZE) // 2)
    deep_rating = max(1, math.ceil(rating_boards.board(game).count() / BOARD_PAGE_SIZE) // 2)
    rating_board = reverse("leaderboard:rating_board", args=[game])

    def shape_lost() -> None:
        renew_stamps({boards.board_name(game, boards.ALL_TIME)})

    return {
        "board all-time, page 1": (board, {}, None),
        f"board all-time, page {deep_all}": (board, {"page": deep_all}, None),
        "board all-time, page 1, counting the board": (board, {}, shape_lost),
        "board 30 days, page 1": (board, {"period": "30d"}, None),
        f"board 30 days, page {deep_30}": (board, {"period": "30d", "page": deep_30}, None),
        "richest players, page 1": (reverse("leaderboard:richest"), {}, None),
        f"richest players, page {deep_rich}": (reverse("leaderboard:richest"), {"page": deep_rich}, None),
        "rating board, page 1": (rating_board, {}, None),
        f"rating board, page {deep_rating}": (rating_board, {"page": deep_rating}, None),
    }


def other_games_pages() -> dict[str, Page]:
    """The first page of each other game's boards."""
    pages: dict[str, Page] = {}
    for game in CATALOGUE[1:]:
        board = reverse("leaderboard:board", args=[game.slug])
        pages[f"board {game.title} all-time, page 1"] = (board, {}, None)
        pages[f"board {game.title} 30 days, page 1"] = (board, {"period": "30d"}, None)
        pages[f"rating board {game.title}, page 1"] = (
            reverse("leaderboard:rating_board", args=[game.slug]), {}, None
        )
    return pages


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
