"""Results and the standings kept from them.

Every finished game adds its results to the standings in the transaction that ends
it; voiding a game subtracts them again. Nothing here re-aggregates the results table,
except ``recount`` (used by the data migration and to check the standings).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Set
from dataclasses import dataclass, field
from datetime import date, timedelta

from django.db import transaction
from django.utils import timezone

from leaderboard import rating_services, shapes
from leaderboard.counters import place_counters, recorded_counters
from leaderboard.models import DailyStanding, Rating, RecentStanding, RecentWindow, Result, Standing
from leaderboard.modes import mode_of
from leaderboard.points import points_for
from leaderboard.stamps import board_name, renew_stamps

STANDING_KEY = ("user_id", "game", "mode")
DAILY_KEY = ("user_id", "game", "mode", "day")
# The values of those fields: a standing's key, a daily standing's.
StandingKey = tuple[int, str, str]
DailyKey = tuple[int, str, str, date]
WINDOW_DAYS = 30
# The boards' periods: all time reads ``Standing``, the last 30 days ``RecentStanding``.
ALL_TIME = "all"
LAST_30_DAYS = "30d"
PERIOD_OF = {Standing: ALL_TIME, RecentStanding: LAST_30_DAYS}


def window_start(today=None):
    """The first day of the last 30 days (today, UTC, included)."""
    return (today or timezone.localdate()) - timedelta(days=WINDOW_DAYS - 1)


@dataclass
class Delta:
    """What some results add to (or, negated, take from) one standing."""

    games: int = 0
    wins: int = 0
    points: int = 0
    counters: Counter = field(default_factory=Counter)

    def add(self, other: Delta, sign: int = 1) -> None:
        self.games += sign * other.games
        self.wins += sign * other.wins
        self.points += sign * other.points
        for key, value in other.counters.items():
            self.counters[key] += sign * value


def record_results(room, match, seats, outcome, left: Set[int] = frozenset()) -> None:
    """Record every seat's place and points, and add them to the accounts' standings and
    ratings. A seat in ``left`` (its person left the game: a stand-in bot finished it)
    lost: it takes the last place (the number of seats), with its points and no win,
    whatever its side did (the ratings then rate it as if its side came last).

    Called inside the transaction that ends the game, so a game counts once or not at all.
    """
    players = len(seats)
    finished_at = match.finished_at
    mode = mode_of(room.game, room.options)
    places = [players if index in left else place for index, place in enumerate(outcome["places"])]
    results = [
        Result(
            room=room,
            seat=seat.index,
            user_id=seat.user_id,
            name=seat.name,
            is_bot=seat.is_bot,
            bot_level=seat.bot_level,
            game=room.game,
            mode=mode,
            place=places[seat.index],
            points=points_for(room.game, places[seat.index], players, match.had_bots),
            won=seat.index in outcome["winners"] and seat.index not in left,
            had_bots=match.had_bots,
            finished_at=finished_at,
            counters=recorded_counters(seat.index, outcome),
        )
        for seat in seats
    ]
    # Locked before the results are written: the ratings' order is the results' ids'.
    rating_rows = rating_services.lock_ratings(room.game, results)
    results = Result.objects.bulk_create(results)
    rating_moves = rating_services.record(room.game, results, rating_rows)
    change_standings(results, players, sign=1, rating_moves=rating_moves)


def void_game(room_id: int, reason: str) -> int:
    """Void a finished game: its results stay, marked, and leave every total and rating.

    Returns how many results were voided; voiding a game again does nothing more.
    """
    with transaction.atomic():
        results = list(
            Result.objects.select_for_update()
            .filter(room_id=room_id, voided=False)
            .order_by("seat")
        )
        if not results:
            return 0
        players = Result.objects.filter(room_id=room_id).count()
        Result.objects.filter(pk__in=[result.pk for result in results]).update(
            voided=True, void_reason=reason
        )
        change_standings(results, players, sign=-1)
        rating_services.take_out(results[0].game, results)
    return len(results)


def counts_for_standings(result: Result) -> bool:
    """Only accounts have standings: guests (no user) and bots never do."""
    return result.user_id is not None and not result.is_bot


def modes_counted(mode: str) -> tuple[str, ...]:
    """A result counts in its own mode and in "" (every mode)."""
    return ("", mode) if mode else ("",)


def delta_of(result: Result, players: int) -> Delta:
    """What one result adds: its counters are those of its place and those recorded on it."""
    counters = Counter(place_counters(result.game, result.place, result.won, players))
    counters.update(getattr(result, "counters", None) or {})
    return Delta(games=1, wins=int(result.won), points=result.points, counters=counters)


def deltas_by_key(
    results, players: int, sign: int = 1
) -> tuple[dict[StandingKey, Delta], dict[DailyKey, Delta]]:
    """The standing and daily-standing deltas of one game's results, keyed by their key fields."""
    standing: defaultdict[StandingKey, Delta] = defaultdict(Delta)
    daily: defaultdict[DailyKey, Delta] = defaultdict(Delta)
    for result in results:
        if not counts_for_standings(result):
            continue
        one = delta_of(result, players)
        day = timezone.localdate(result.finished_at)
        for mode in modes_counted(result.mode):
            standing[(result.user_id, result.game, mode)].add(one, sign)
            daily[(result.user_id, result.game, mode, day)].add(one, sign)
    return standing, daily


def change_standings(
    results, players: int, sign: int, rating_moves: dict[str, list[shapes.Move]] | None = None
) -> None:
    """Add (sign 1) or subtract (sign -1) one game's results to the standings: all
    time, per day, and the last 30 days for the days the recent window counts. The
    boards' stamps are renewed together, the rating board's too when ``rating_moves``
    (its accounts' moves, from rating_services.py ``record``) are given."""
    standing, daily = deltas_by_key(results, players, sign)
    moves = apply_deltas(Standing, STANDING_KEY, standing)
    apply_deltas(DailyStanding, DAILY_KEY, daily)
    recent: defaultdict[StandingKey, Delta] = defaultdict(Delta)
    if daily:
        today = timezone.localdate()
        # A game recorded today always counts and never races with the window moving on
        # (only days before today leave it); anything else waits for the window's lock.
        start = recent_window_start(lock=sign < 0 or any(key[3] != today for key in daily))
        for (user_id, game, mode, day), delta in daily.items():
            if day >= start:
                recent[(user_id, game, mode)].add(delta)
        moves.update(apply_deltas(RecentStanding, STANDING_KEY, recent))
    moves.update(rating_moves or {})
    renew_stamps(
        {board_name(game, ALL_TIME) for _, game, _ in standing}
        | {board_name(game, LAST_30_DAYS) for _, game, _ in recent}
        | set(rating_moves or {}),
        moves,
    )


def recent_window_start(lock: bool = False):
    """The first day ``RecentStanding`` counts (the window row is made if missing)."""
    window, _ = RecentWindow.objects.get_or_create(
        pk=RecentWindow.SINGLE_ID, defaults={"start": window_start()}
    )
    if lock:
        window = RecentWindow.objects.select_for_update().get(pk=RecentWindow.SINGLE_ID)
    return window.start


def roll_recent_window(today=None) -> int:
    """Move the last-30-days window on to today's: subtract the days that left it from
    ``RecentStanding``. Cheap when it is up to date (one indexed read); returns how many
    daily rows were taken out."""
    new_start = window_start(today)
    current = RecentWindow.objects.filter(pk=RecentWindow.SINGLE_ID).values_list("start", flat=True).first()
    if current is not None and current >= new_start:
        return 0
    with transaction.atomic():
        start = recent_window_start(lock=True)
        if start >= new_start:
            return 0
        leaving: defaultdict[StandingKey, Delta] = defaultdict(Delta)
        rows = DailyStanding.objects.filter(day__gte=start, day__lt=new_start)
        count = 0
        for row in rows.iterator(chunk_size=2000):
            count += 1
            leaving[(row.user_id, row.game, row.mode)].add(
                Delta(row.games, row.wins, row.points, Counter(row.counters)), sign=-1
            )
        keys = list(leaving)
        moves: defaultdict[str, list[shapes.Move]] = defaultdict(list)
        for first in range(0, len(keys), 500):
            batch = {key: leaving[key] for key in keys[first : first + 500]}
            for board, board_moves in apply_deltas(RecentStanding, STANDING_KEY, batch).items():
                moves[board] += board_moves
        RecentWindow.objects.filter(pk=RecentWindow.SINGLE_ID).update(start=new_start)
        renew_stamps({board_name(game, LAST_30_DAYS) for _, game, _ in keys}, moves)
    return count


def set_active(user_id: int, active: bool) -> None:
    """Keep the boards' copies of the account's ``is_active`` (the standings', the
    wallet's and the ratings': the boards show active accounts only)."""
    from accounts.models import Wallet

    for model, period in PERIOD_OF.items():
        changing = model.objects.filter(user_id=user_id).exclude(active=active)
        games = set(changing.values_list("game", flat=True))
        if games:
            changing.update(active=active)
            renew_stamps({board_name(game, period) for game in games})
    Wallet.objects.filter(user_id=user_id).exclude(active=active).update(active=active)
    changing = Rating.objects.filter(user_id=user_id).exclude(active=active)
    games = set(changing.values_list("game", flat=True))
    if games:
        changing.update(active=active)
        renew_stamps({rating_services.rating_board(game) for game in games})


def apply_deltas(
    model, key_fields: tuple[str, ...], deltas: Mapping[tuple, Delta]
) -> dict[str, list[shapes.Move]]:
    """Change the rows of ``model`` for ``deltas``' keys, creating missing ones.

    The rows are locked (in primary key order) while they change; a row brought back
    to zero games is deleted, as if it had never been played. Returns, per board the
    rows are on (``Standing``, ``RecentStanding``), the accounts' moves on it.
    """
    moves: defaultdict[str, list[shapes.Move]] = defaultdict(list)
    if not deltas:
        return moves
    model.objects.bulk_create(
        [model(**dict(zip(key_fields, key))) for key in deltas], ignore_conflicts=True
    )
    rows = [
        row
        for row in model.objects.select_for_update()
        .filter(**_covering_filter(key_fields, deltas))
        .order_by("pk")
        if _key(row, key_fields) in deltas
    ]
    for row in rows:
        before = board_points(row)
        _change(row, deltas[_key(row, key_fields)])
        if board_points(row) != before:
            moves[board_name(row.game, PERIOD_OF[model])].append((before, board_points(row)))
    model.objects.bulk_update(
        [row for row in rows if row.games], ["games", "wins", "points", "counters"]
    )
    model.objects.filter(pk__in=[row.pk for row in rows if not row.games]).delete()
    return moves


def board_points(row) -> int | None:
    """The row's points as its board counts them; None when the row is not on a board
    (a day's or a mode's row, an inactive account's, a row without a game)."""
    if type(row) not in PERIOD_OF or row.mode or not row.active or row.games <= 0:
        return None
    return row.points


def _covering_filter(key_fields: tuple[str, ...], deltas: Mapping[tuple, Delta]) -> dict[str, set]:
    """A filter that selects at least every row keyed in ``deltas`` (each key field ``__in``)."""
    return {f"{name}__in": {key[i] for key in deltas} for i, name in enumerate(key_fields)}


def _key(row, key_fields: tuple[str, ...]) -> tuple:
    return tuple(getattr(row, name) for name in key_fields)


def _change(row, delta: Delta) -> None:
    row.games += delta.games
    row.wins += delta.wins
    row.points += delta.points
    counters = Counter(row.counters)
    counters.update(delta.counters)
    row.counters = {key: value for key, value in sorted(counters.items()) if value}


def recount(results) -> tuple[dict[StandingKey, Delta], dict[DailyKey, Delta]]:
    """Standings and daily standings recounted from raw results (voided ones left out).

    Returns ``{key: Delta}`` for each; used to check the kept standings and to build
    them for results recorded before standings existed.
    """
    by_room: defaultdict[int, list[Result]] = defaultdict(list)
    for result in results:
        by_room[result.room_id].append(result)
    standing: defaultdict[StandingKey, Delta] = defaultdict(Delta)
    daily: defaultdict[DailyKey, Delta] = defaultdict(Delta)
    for room_results in by_room.values():
        players = len(room_results)
        game_standing, game_daily = deltas_by_key(
            [r for r in room_results if not r.voided], players
        )
        for key, delta in game_standing.items():
            standing[key].add(delta)
        for day_key, delta in game_daily.items():
            daily[day_key].add(delta)
    return dict(standing), dict(daily)


def forget_deleted_result(result: Result) -> None:
    """A result being deleted (its room or account deleted) leaves the standings like a void."""
    if result.voided or not counts_for_standings(result):
        return
    players = Result.objects.filter(room_id=result.room_id).count()
    change_standings([result], players, sign=-1)
