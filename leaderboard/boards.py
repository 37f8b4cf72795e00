"""The leaderboard's rows, read from the kept standings (never from the raw results).

All time reads ``Standing`` rows, the last 30 days ``RecentStanding`` rows, both through
their board index (the board's order); the richest players read the accounts' wallets.
Ranks are shared on equal points ("1, 2, 2, 4"). A points board's number of rows, ranks
and pages come from its shape (leaderboard/shapes.py), so no page counts or walks the
accounts ahead of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.db.models import Count, F, QuerySet
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy

from games import registry
from games.definition import GameDefinition
from games.words import Said
from leaderboard import shapes
from leaderboard.counters import column_values, columns
from leaderboard.models import RecentStanding, Standing
from leaderboard.modes import modes_of
from leaderboard.services import (  # noqa: F401 (WINDOW_DAYS, window_start: re-exported)
    ALL_TIME,
    LAST_30_DAYS,
    WINDOW_DAYS,
    roll_recent_window,
    window_start,
)
from leaderboard.shapes import Shape
from leaderboard.stamps import board_name, board_stamp

PERIODS = {ALL_TIME: gettext_lazy("All time"), LAST_30_DAYS: gettext_lazy("Last 30 days")}
# Points, wins, fewer games, then the earlier account: the order of the boards' index.
ORDER = ("-score", "-won", "played", "user_id")


@dataclass(frozen=True)
class ModeCount:
    label: Said
    games: int
    wins: int


@dataclass
class BoardRow:
    rank: int
    user_id: int
    username: str
    games: int
    wins: int
    points: int
    by_mode: list[ModeCount] = field(default_factory=list)
    counters: list = field(default_factory=list)  # values of counters.columns(game)
    is_me: bool = False


def period_from(value: str | None) -> str:
    return value if value in PERIODS else ALL_TIME


def standings(period: str):
    """The model a period's board reads: all-time or last-30-days standings."""
    return RecentStanding if period == LAST_30_DAYS else Standing


def on_board(game: str, period: str) -> QuerySet:
    """The standings a board lists: the active accounts with a game in the period."""
    return standings(period).objects.filter(game=game, mode="", active=True, games__gt=0)


def board(game: str, period: str) -> QuerySet:
    """Every account on the board, best first: dicts of user_id, played, won and score.
    Read from the standings' board index alone (no join): the usernames of a page are
    read afterwards (``details``). The last 30 days' window is moved on to today first."""
    if period == LAST_30_DAYS:
        roll_recent_window()
    return (
        on_board(game, period)
        .values("user_id")
        .annotate(played=F("games"), won=F("wins"), score=F("points"))
        .order_by(*ORDER)
    )


# ----------------------------------------------------------------------------- pages


def shape(game: str, period: str) -> Shape:
    """The points board's shape at its current stamp (``counted_shape``)."""
    counts = on_board(game, period).values_list("points").annotate(accounts=Count("*")).order_by("-points")
    return counted_shape(board_name(game, period), counts)


def counted_shape(name: str, counts: QuerySet) -> Shape:
    """A board's shape at its current stamp: from the cache, else ``counts`` (``(score,
    accounts)``, best first: one walk of the board index) and cached, unless a change of
    the board was committed while it was counted (the count may then be the new
    standings': it must not pass for the old stamp's, which leaderboard/shapes.py
    ``carry`` builds on)."""
    stamp = board_stamp(name)
    found = shapes.read(name, stamp)
    if found is None:
        found = Shape.of(counts)
        if board_stamp(name) == stamp:
            shapes.store(name, stamp, found)
    return found


class ShapedPaginator(Paginator):
    """A points board's pages. The number of rows is the shape's; a page is read from the
    first account with its first row's points (found in the shape), so it never walks
    the accounts ahead of those."""

    def __init__(self, object_list, per_page, board_shape: Shape):
        super().__init__(object_list, per_page)
        self.shape = board_shape

    @cached_property
    def count(self) -> int:
        return self.shape.total

    def page(self, number):
        number = self.validate_number(number)
        return self._get_page(self.rows_from((number - 1) * self.per_page), number, self)

    def rows_from(self, position: int) -> list[dict]:
        if position >= self.shape.total:
            return []
        points, skip = self.shape.locate(position)
        return list(self.object_list.filter(score__lte=points)[skip : skip + self.per_page])


# ----------------------------------------------------------------------------- rows


def usernames(user_ids) -> dict[int, str]:
    return dict(get_user_model().objects.filter(pk__in=list(user_ids)).values_list("pk", "username"))


def rank_of(rows: QuerySet, points: int) -> int:
    """1 + how many accounts have more points, counted (for a board without a shape)."""
    return rows.filter(score__gt=points).count() + 1


@dataclass
class Details:
    """What a board shows of some accounts besides their totals, read in one query."""

    usernames: dict[int, str] = field(default_factory=dict)
    by_mode: dict[int, dict[str, tuple[int, int, dict]]] = field(default_factory=dict)  # (games, wins, counters)


def details(game: str, period: str, user_ids) -> Details:
    """The accounts' usernames and their standings in every mode of the game and in ""."""
    found = Details()
    if not user_ids:
        return found
    rows = (
        standings(period)
        .objects.filter(game=game, user_id__in=user_ids)
        .values_list("user_id", "user__username", "mode", "games", "wins", "counters")
    )
    for user_id, username, mode, games, wins, counters in rows:
        found.usernames[user_id] = username
        found.by_mode.setdefault(user_id, {})[mode] = (games, wins, counters)
    return found


def shared_ranks(rows: list[dict], first_rank: int, first_position: int) -> list[int]:
    """The ranks of rows in board order (dicts with a ``score``): equal scores share a
    rank ("1, 2, 2, 4"); ``first_rank`` is the first row's, at ``first_position``."""
    ranks, rank, previous = [], first_rank, None
    for offset, row in enumerate(rows):
        if previous is not None and row["score"] != previous:
            rank = first_position + offset
        previous = row["score"]
        ranks.append(rank)
    return ranks


def page_first_rank(rows: QuerySet, first: dict, position: int) -> int:
    """The rank of a page's first row, at ``position``, on a board without a shape: its
    position less the accounts with the same score listed before it (few), rather than
    a count of every account ahead."""
    return position - rows.filter(score=first["score"], user_id__lt=first["user_id"]).count()


def ranked_rows(rows: list[dict], first_rank: int, first_position: int, names: dict[int, str]) -> list[BoardRow]:
    """Rows in board order with their shared ranks; ``first_rank`` is the first row's."""
    return [
        BoardRow(
            rank=rank,
            user_id=row["user_id"],
            username=names.get(row["user_id"], ""),
            games=row["played"],
            wins=row["won"],
            points=row["score"],
        )
        for row, rank in zip(rows, shared_ranks(rows, first_rank, first_position))
    ]


def with_details(game: str, rows: list[BoardRow], found: Details, me_id: int | None) -> None:
    """Fill in each row's per-mode games and wins and its counters, and mark the viewer's own row."""
    shown_columns = columns(game)
    for row in rows:
        mine = found.by_mode.get(row.user_id, {})
        if shown_columns:
            row.counters = column_values(game, mine.get("", (0, 0, {}))[2] or {})
        row.by_mode = [ModeCount(mode.label, *mine.get(mode.slug, (0, 0))[:2]) for mode in modes_of(game)]
        row.is_me = row.user_id == me_id


def own_row(rows: QuerySet, board_shape: Shape, me_id: int, names: dict[int, str]) -> BoardRow | None:
    """The viewer's row wherever it stands (None without a game on the board)."""
    mine = rows.filter(user_id=me_id).first()
    if mine is None:
        return None
    return ranked_rows([mine], board_shape.rank(mine["score"]), 0, names)[0]


def page_rows(
    game: str, period: str, rows: QuerySet, page, board_shape: Shape, me_id: int | None
) -> tuple[list[BoardRow], BoardRow | None]:
    """The rows of one page, ranked and with their per-mode counts, and the viewer's own
    row wherever it stands (None for guests and accounts without a game on the board)."""
    items = list(page.object_list)
    user_ids = [item["user_id"] for item in items]
    found = details(game, period, user_ids + ([me_id] if me_id is not None and me_id not in user_ids else []))
    shown = []
    if items:
        shown = ranked_rows(items, board_shape.rank(items[0]["score"]), page.start_index(), found.usernames)
    mine = next((row for row in shown if row.user_id == me_id), None)
    off_page = []
    if mine is None and me_id is not None:
        mine = own_row(rows, board_shape, me_id, found.usernames)
        off_page = [mine] if mine else []
    with_details(game, shown + off_page, found, me_id)
    return shown, mine


# ----------------------------------------------------------------------------- coins

# How long the richest players' number of rows (its "Page N of M") is kept in the cache:
# balances change every round played for coins, so that board has no stamp and no shape.
COUNT_SECONDS = 30
RICHEST = "richest"


def coins_game() -> GameDefinition:
    """The game played for coins: its boards link to the richest players."""
    return next(game for game in registry.GAMES if game.plays_for_coins)


def count_key(board_name: str) -> str:
    return f"leaderboard:count:{board_name}"


class CountedPaginator(Paginator):
    """A Paginator whose row count is cached for ``COUNT_SECONDS`` under ``board_name``
    (pages and ranks stay exact; only "of M pages" may lag that long)."""

    def __init__(self, object_list, per_page, board_name: str):
        super().__init__(object_list, per_page)
        self.board_name = board_name

    def page(self, number):
        """A page's rows are always read in full: a count cached a moment ago never
        hides a row (it only decides the number of pages shown)."""
        number = self.validate_number(number)
        bottom = (number - 1) * self.per_page
        return self._get_page(self.object_list[bottom : bottom + self.per_page], number, self)

    @cached_property
    def count(self) -> int:
        key = count_key(self.board_name)
        value = shapes.cached(key)
        if value is None:
            value = Paginator.count.func(self)
            shapes.keep(key, value, COUNT_SECONDS)
        return value


@dataclass
class WealthRow:
    rank: int
    user_id: int
    username: str
    balance: int
    is_me: bool = False


def richest() -> QuerySet:
    """Every active account's wallet, richest first (then the earlier account, as on the
    other boards): dicts of user_id and score (the balance), read from the wallets'
    richest index alone (the usernames of a page are read afterwards). Coins:
    accounts/coins.py."""
    from accounts.models import Wallet

    return (
        Wallet.objects.filter(active=True)
        .values("user_id")
        .annotate(score=F("balance"))
        .order_by("-score", "user_id")
    )


def wealth_rows(
    rows: list[dict], first_rank: int, first_position: int, me_id: int | None, names: dict[int, str]
) -> list[WealthRow]:
    """Rows in board order with shared ranks on equal balances."""
    return [
        WealthRow(rank, row["user_id"], names.get(row["user_id"], ""), row["score"], row["user_id"] == me_id)
        for row, rank in zip(rows, shared_ranks(rows, first_rank, first_position))
    ]


def wealth_page(rows: QuerySet, page, me_id: int | None) -> list[WealthRow]:
    """The rows of one page, ranked (``page_first_rank``)."""
    items = list(page.object_list)
    if not items:
        return []
    position = page.start_index()
    names = usernames(row["user_id"] for row in items)
    return wealth_rows(items, page_first_rank(rows, items[0], position), position, me_id, names)


def own_wealth(rows: QuerySet, me_id: int, username: str) -> WealthRow | None:
    """The viewer's row wherever it stands (None for an account without an active wallet)."""
    mine = rows.filter(user_id=me_id).first()
    if mine is None:
        return None
    return wealth_rows([mine], rank_of(rows, mine["score"]), 0, me_id, {me_id: username})[0]
