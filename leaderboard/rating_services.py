"""Keeping the ratings (leaderboard/ratings.py has the rules).

Ratings are derived data, kept in ``Rating`` (now) and ``RatingChange`` (every step):

* a game's ratings change in the transaction that records its results
  (``lock_ratings`` before the results are written, then ``record``);
* a game taken out (voided, or its results deleted) is replayed out: every later game
  whose ratings depended on it is rated again (``rerate_from``);
* ``rebuild`` (``manage.py recompute_ratings``) rates every game again from the results.

Games are rated in the order of their results' ids. The rating rows of a game's
accounts are locked before its results are written, so of two games sharing an account
the one rated first also has the lower ids, and a replay in id order meets them in the
same order. Games sharing no account do not depend on each other's order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Count

from leaderboard import ratings
from leaderboard.models import Rating, RatingChange, Result
from leaderboard.ratings import NEW, Skill
from leaderboard.shapes import Move
from leaderboard.stamps import board_name, renew_stamps

SEAT_FIELDS = ("pk", "room_id", "seat", "user_id", "is_bot", "bot_level", "place")
RATING_COLUMNS = ("user_id", "game", "mu", "sigma", "games", "display", "active")
CHANGE_COLUMNS = ("result_id", "user_id", "game", "mu_before", "sigma_before", "mu", "sigma")
BATCH = 500  # ids in one IN (...)
WRITE_BATCH = 2000  # rows per executemany


def seat_of(result) -> ratings.Seat:
    return ratings.Seat(result.seat, result.place, result.user_id, result.bot_level, result.is_bot)


RATING = "rating"  # the rating boards' period: their stamps are "<game>:rating"


def rating_board(game: str) -> str:
    return board_name(game, RATING)


@dataclass(frozen=True)
class Locked:
    """An account's rating row, locked for the game being recorded."""

    pk: int
    skill: Skill
    games: int
    active: bool

    @property
    def shown(self) -> int | None:
        """Its number on the rating board; None when it is not on it (a row just made, an inactive account)."""
        return self.skill.display if self.games and self.active else None


def lock_ratings(game: str, results) -> dict[int, Locked]:
    """The rating rows of the accounts this game rates, by user id, locked (primary-key
    order) until the transaction ends; a missing one is made at a new account's rating."""
    user_ids = ratings.rated_accounts(game, [seat_of(result) for result in results])
    if not user_ids:
        return {}
    rows = _select_locked(game, user_ids)
    missing = [user_id for user_id in user_ids if user_id not in rows]
    if missing:
        _insert_ratings([(user_id, game, NEW.mu, NEW.sigma, 0, NEW.display, True) for user_id in missing])
        rows.update(_select_locked(game, missing))
    return rows


def record(game: str, results, rows: dict[int, Locked]) -> dict[str, list[Move]]:
    """Rate one game: its saved results, and its accounts' rows from ``lock_ratings``.
    Returns the accounts' moves on the rating board (for its stamp: ``renew_stamps``)."""
    if not rows:
        return {}
    before = {user_id: row.skill for user_id, row in rows.items()}
    after = ratings.rate(game, [seat_of(result) for result in results], before)
    _update_ratings(
        [(skill, rows[user_id].games + 1, rows[user_id].pk) for user_id, skill in after.items()]
    )
    _insert_changes(
        [_change(result.pk, result.user_id, game, before[result.user_id], after[result.user_id])
         for result in results if result.user_id in after]
    )
    return {
        rating_board(game): [
            (rows[user_id].shown, skill.display if rows[user_id].active else None) for user_id, skill in after.items()
        ]
    }


def _change(result_id: int, user_id: int, game: str, before: Skill, after: Skill) -> tuple:
    """A ``RatingChange`` row, in ``CHANGE_COLUMNS`` order."""
    return (result_id, user_id, game, before.mu, before.sigma, after.mu, after.sigma)


# ----------------------------------------------------------------------------- plain SQL
# The game-ending path and the replays write with plain SQL, one statement run for every
# row: the ORM's work (``bulk_update``'s CASE expressions above all) cost ten times the
# rating itself.


def _select_locked(game: str, user_ids: list[int]) -> dict[int, Locked]:
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {_names(('id', 'user_id', 'mu', 'sigma', 'games', 'active'))} FROM {_table(Rating)} "
            f"WHERE {_names(('game',))} = %s AND {_names(('user_id',))} IN ({_marks(user_ids)}) "
            f"ORDER BY {_names(('id',))}{lock}",
            [game, *user_ids],
        )
        return {
            user_id: Locked(pk, Skill(mu, sigma), games, bool(active))
            for pk, user_id, mu, sigma, games, active in cursor.fetchall()
        }


def _insert_ratings(rows: list[tuple]) -> None:
    """New rating rows (``RATING_COLUMNS`` order); one already there is left as it is."""
    _run_for_each(
        f"INSERT INTO {_table(Rating)} ({_names(RATING_COLUMNS)}) VALUES ({_marks(RATING_COLUMNS)}) "
        "ON CONFLICT DO NOTHING",
        rows,
    )


def _update_ratings(rows: list[tuple[Skill, int, int]]) -> None:
    """Set (skill, rated games) on each rating row (by primary key)."""
    columns = ", ".join(f"{_names((column,))} = %s" for column in ("mu", "sigma", "display", "games"))
    _run_for_each(
        f"UPDATE {_table(Rating)} SET {columns} WHERE {_names(('id',))} = %s",
        [(skill.mu, skill.sigma, skill.display, games, pk) for skill, games, pk in rows],
    )


def _insert_changes(rows: list[tuple]) -> None:
    _run_for_each(
        f"INSERT INTO {_table(RatingChange)} ({_names(CHANGE_COLUMNS)}) VALUES ({_marks(CHANGE_COLUMNS)})", rows
    )


def _run_for_each(sql: str, rows: list[tuple]) -> None:
    if not rows:
        return
    with connection.cursor() as cursor:
        for first in range(0, len(rows), WRITE_BATCH):
            cursor.executemany(sql, rows[first : first + WRITE_BATCH])


def _table(model) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def _names(columns) -> str:
    return ", ".join(connection.ops.quote_name(column) for column in columns)


def _marks(values) -> str:
    return ", ".join(["%s"] * len(values))


# ----------------------------------------------------------------------------- taking games out


def take_out(game: str, results) -> None:
    """A game's results were voided: their rating steps go, and every later game that
    depended on them is rated again."""
    results = list(results)
    RatingChange.objects.filter(result_id__in=[result.pk for result in results]).delete()
    users = {result.user_id for result in results if seat_of(result).is_rated}
    if users:
        rerate_from(game, min(result.pk for result in results), users)


def take_out_deleted(result: Result) -> None:
    """A result was deleted (its room or its account deleted): the rest of its game, and
    every later game that depended on it, is rated again. Called once per deleted result."""
    if result.voided:
        return
    rest = list(Result.objects.filter(room_id=result.room_id, voided=False).values_list("pk", "user_id", "is_bot"))
    users = {user_id for _, user_id, is_bot in rest if user_id is not None and not is_bot}
    if seat_of(result).is_rated:
        users.add(result.user_id)
    if users:
        rerate_from(result.game, min([result.pk, *(pk for pk, _, _ in rest)]), users)


def rebuild(game: str) -> int:
    """Rate every game of ``game`` again from the results (voided ones left out), as if
    no rating had been kept; returns how many games were rated."""
    RatingChange.objects.filter(game=game).delete()
    return rerate_from(game, 0, None)


@dataclass
class Replay:
    """Games rated again in order. ``state``: the new ratings of the accounts affected so
    far; ``affected`` is None when every account is (a rebuild)."""

    game: str
    state: dict[int, Skill]
    affected: set[int] | None
    stored: dict[int, Skill]  # the rating each kept step started from, by result id
    changes: list[tuple] = field(default_factory=list)  # RatingChange rows (``_change``)
    redone: list[int] = field(default_factory=list)  # results whose kept steps are replaced
    games: int = 0

    def rate_again(self, seats: list[tuple[int, ratings.Seat]]) -> None:
        """Rate one game again if an affected account played it (every game in a rebuild).
        Its steps are replaced, or just dropped if it rates nobody now (a seat deleted
        left one team)."""
        plain = [seat for _, seat in seats]
        played = {seat.rated_user_id for seat in plain if seat.is_rated}
        if not played or (self.affected is not None and self.affected.isdisjoint(played)):
            return
        before = {seat.rated_user_id: self.skill_before(key, seat) for key, seat in seats if seat.is_rated}
        self.redone += [key for key, seat in seats if seat.is_rated]
        # Every account of a game rated again is affected from here on.
        self.state.update(before)
        if self.affected is not None:
            self.affected.update(before)
        if not ratings.rated_accounts(self.game, plain):
            return
        after = ratings.rate(self.game, plain, before)
        self.changes += [
            _change(key, seat.rated_user_id, self.game, before[seat.rated_user_id], after[seat.rated_user_id])
            for key, seat in seats
            if seat.is_rated
        ]
        self.state.update(after)
        self.games += 1

    def skill_before(self, key: int, seat: ratings.Seat) -> Skill:
        user_id = seat.rated_user_id
        if user_id in self.state:
            return self.state[user_id]
        if self.affected is None:
            return NEW
        # Not affected so far: the step kept for this game started from the right rating.
        return self.stored.get(key) or rating_before(self.game, user_id, key)


def rerate_from(game: str, first_key: int, users: set[int] | None) -> int:
    """Rate again, in order, the games of ``game`` whose first result id is at least
    ``first_key`` and that an affected account played: first ``users`` (every account
    when None), then every account of a game rated again. The rating rows of every
    account of those games are locked first. Returns how many games were rated again."""
    rooms = _locked_rooms_from(game, first_key, everyone=users is None)
    if users is None:
        replay = Replay(game, {}, None, {})
    else:
        state = {user_id: rating_before(game, user_id, first_key) for user_id in users}
        replay = Replay(game, state, set(users), _stored_before(game, first_key))
    for seats in rooms:
        replay.rate_again(seats)
    redone = replay.redone
    for first in range(0, len(redone), BATCH):
        RatingChange.objects.filter(result_id__in=redone[first : first + BATCH]).delete()
    _insert_changes(replay.changes)
    _write_ratings(game, replay.state, everyone=users is None)
    renew_stamps({rating_board(game)})  # the board is counted again at its next view
    return replay.games


def rating_before(game: str, user_id: int, key: int) -> Skill:
    """The account's rating before the game whose results start at id ``key``: where its
    last step before that left it, or a new account's."""
    last = (
        RatingChange.objects.filter(user_id=user_id, game=game, result_id__lt=key)
        .order_by("-result_id")
        .values_list("mu", "sigma")
        .first()
    )
    return Skill(*last) if last else NEW


def _stored_before(game: str, first_key: int) -> dict[int, Skill]:
    steps = RatingChange.objects.filter(game=game, result_id__gte=first_key).values_list(
        "result_id", "mu_before", "sigma_before"
    )
    return {result_id: Skill(mu, sigma) for result_id, mu, sigma in steps.iterator(chunk_size=2000)}


def _rooms_from(game: str, first_key: int) -> list[list[tuple[int, ratings.Seat]]]:
    """The games whose results all have ids from ``first_key`` on, in order, each as its
    seats (result id, seat) in seat order. (Under concurrent writes a game begun just
    before ``first_key`` can have ids on both sides: it came before, and is left out.)"""
    rows = (
        Result.objects.filter(game=game, voided=False, pk__gte=first_key)
        .order_by("pk")
        .values_list(*SEAT_FIELDS)
    )
    rooms: dict[int, list[tuple[int, ratings.Seat]]] = {}
    for pk, room_id, seat, user_id, is_bot, bot_level, place in rows.iterator(chunk_size=2000):
        rooms.setdefault(room_id, []).append((pk, ratings.Seat(seat, place, user_id, bot_level, is_bot)))
    if first_key > 0:
        ids = list(rooms)
        for first in range(0, len(ids), BATCH):
            begun_before = Result.objects.filter(room_id__in=ids[first : first + BATCH], pk__lt=first_key)
            for room_id in begun_before.values_list("room_id", flat=True).distinct():
                rooms.pop(room_id, None)
    return [sorted(seats, key=lambda item: item[1].index) for seats in rooms.values()]


def _locked_rooms_from(game: str, first_key: int, everyone: bool) -> list[list[tuple[int, ratings.Seat]]]:
    """``_rooms_from`` once the rating rows of every account in those games are locked
    (read again until no game with an account not yet locked has come in meanwhile)."""
    if everyone:
        _lock(Rating.objects.filter(game=game))
        return _rooms_from(game, first_key)
    locked: set[int] = set()
    while True:
        rooms = _rooms_from(game, first_key)
        new = sorted({seat.rated_user_id for seats in rooms for _, seat in seats if seat.is_rated} - locked)
        if not new:
            return rooms
        for first in range(0, len(new), BATCH):
            _lock(Rating.objects.filter(game=game, user_id__in=new[first : first + BATCH]))
        locked.update(new)


def _lock(rows) -> None:
    list(rows.select_for_update().order_by("pk").values_list("pk"))


def _write_ratings(game: str, state: dict[int, Skill], everyone: bool) -> None:
    """Set the replayed accounts' ratings (``state``) and rated-game counts; a rating
    left without a rated game is deleted. A rebuild also creates the missing ones."""
    steps = RatingChange.objects.filter(game=game).values("user_id").annotate(n=Count("*")).values_list("user_id", "n")
    rows = Rating.objects.filter(game=game).values_list("pk", "user_id", "mu", "sigma")
    if everyone:
        counts, kept = dict(steps), list(rows)
    else:
        ids = list(state)
        counts, kept = {}, []
        for first in range(0, len(ids), BATCH):
            batch = ids[first : first + BATCH]
            counts.update(steps.filter(user_id__in=batch))
            kept += list(rows.filter(user_id__in=batch))
    _update_ratings([
        (state.get(user_id, Skill(mu, sigma)), counts[user_id], pk)
        for pk, user_id, mu, sigma in kept
        if counts.get(user_id)
    ])
    gone = [pk for pk, user_id, _, _ in kept if not counts.get(user_id)]
    for first in range(0, len(gone), BATCH):
        Rating.objects.filter(pk__in=gone[first : first + BATCH]).delete()
    if everyone:
        have = {user_id for _, user_id, _, _ in kept}
        inactive = set(get_user_model().objects.filter(is_active=False).values_list("pk", flat=True))
        _insert_ratings([
            (user_id, game, skill.mu, skill.sigma, counts[user_id], skill.display, user_id not in inactive)
            for user_id, skill in state.items()
            if user_id not in have and counts.get(user_id)
        ])
