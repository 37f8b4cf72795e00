"""The leaderboard's rows, read from the kept standings (never from the raw results).

All time reads ``Standing`` rows, the last 30 days ``RecentStanding`` rows, both through
their board index (the board's order); the richest players read the accounts' wallets.
Ranks are shared on equal points ("1, 2, 2, 4").
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.paginator import Paginator
from django.db.models import F, QuerySet
from django.utils.functional import cached_property

from leaderboard.counters import column_values, columns
from leaderboard.models import RecentStanding, Standing
from leaderboard.modes import modes_of
from leaderboard.services import WINDOW_DAYS, roll_recent_window, window_start  # noqa: F401 (re-exported)

ALL_TIME = "all"
LAST_30_DAYS = "30d"
PERIODS = {ALL_TIME: "All time", LAST_30_DAYS: "Last 30 days"}
# Points, wins, fewer games, then the earlier account: the order of the boards' index.
ORDER = ("-score", "-won", "played", "user_id")


@dataclass(frozen=True)
class ModeCount:
    label: str
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


# How long a board's number of rows (its "Page N of M") is kept in the cache: counting
# every row of a big board on each request costs more than the rest of the page.
COUNT_SECONDS = 30


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
        try:
            value = cache.get(key)
        except Exception:  # the cache is down: count, as without it
            value = None
        if value is None:
            value = Paginator.count.func(self)
            try:
                cache.set(key, value, COUNT_SECONDS)
            except Exception:
                pass
        return value


def board_names() -> list[str]:
    """Every board's cache name (tests forget the counts between tests)."""
    from games.catalogue import GAMES

    return [f"{game.slug}:{period}" for game in GAMES for period in PERIODS] + ["richest"]


def period_from(value: str | None) -> str:
    return value if value in PERIODS else ALL_TIME


def standings(period: str):
    """The model a period's board reads: all-time or last-30-days standings."""
    return RecentStanding if period == LAST_30_DAYS else Standing


def board(game: str, period: str) -> QuerySet:
    """Every active account with a game in the period, best first: dicts of user_id,
    played, won and score. Read from the standings' board index alone (no join): the
    usernames of a page are read afterwards (``usernames``). The last 30 days' window
    is moved on to today first."""
    if period == LAST_30_DAYS:
        roll_recent_window()
    return (
        standings(period)
        .objects.filter(game=game, mode="", active=True, games__gt=0)
        .values("user_id")
        .annotate(played=F("games"), won=F("wins"), score=F("points"))
        .order_by(*ORDER)
    )


def usernames(user_ids) -> dict[int, str]:
    return dict(get_user_model().objects.filter(pk__in=list(user_ids)).values_list("pk", "username"))


def rank_of(rows: QuerySet, points: int) -> int:
    """1 + how many accounts have more points."""
    return rows.filter(score__gt=points).count() + 1


def mode_counts(game: str, period: str, user_ids) -> dict[int, dict[str, tuple[int, int]]]:
    """``{user_id: {mode: (games, wins)}}`` for the game's modes."""
    modes = [mode.slug for mode in modes_of(game)]
    if not modes or not user_ids:
        return {}
    rows = (
        standings(period)
        .objects.filter(game=game, mode__in=modes, user_id__in=user_ids)
        .values_list("user_id", "mode", "games", "wins")
    )
    counts: dict[int, dict[str, tuple[int, int]]] = {}
    for user_id, mode, games, wins in rows:
        counts.setdefault(user_id, {})[mode] = (games, wins)
    return counts


def counter_totals(game: str, period: str, user_ids) -> dict[int, dict]:
    """``{user_id: counters}`` of every mode together, for the accounts of one page."""
    if not user_ids:
        return {}
    rows = standings(period).objects.filter(game=game, mode="", user_id__in=user_ids)
    return dict(rows.values_list("user_id", "counters"))


def ranked_rows(
    rows: list[dict], first_rank: int, first_position: int, names: dict[int, str] | None = None
) -> list[BoardRow]:
    """Rows in board order with their shared ranks; ``first_rank`` is the first row's.
    ``names`` are the accounts' usernames when known (else read in one query)."""
    names = names if names is not None else usernames(row["user_id"] for row in rows)
    ranked, rank, previous_points = [], first_rank, None
    for offset, row in enumerate(rows):
        if previous_points is not None and row["score"] != previous_points:
            rank = first_position + offset
        previous_points = row["score"]
        ranked.append(
            BoardRow(
                rank=rank,
                user_id=row["user_id"],
                username=names.get(row["user_id"], ""),
                games=row["played"],
                wins=row["won"],
                points=row["score"],
            )
        )
    return ranked


def with_modes(game: str, period: str, rows: list[BoardRow], me_id: int | None) -> list[BoardRow]:
    """Fill in each row's per-mode games and wins and its counters, and mark the viewer's own row."""
    user_ids = [row.user_id for row in rows]
    counts = mode_counts(game, period, user_ids)
    totals = counter_totals(game, period, user_ids) if columns(game) else {}
    for row in rows:
        if columns(game):
            row.counters = column_values(game, totals.get(row.user_id) or {})
        mine = counts.get(row.user_id, {})
        row.by_mode = [
            ModeCount(mode.label, *mine.get(mode.slug, (0, 0))) for mode in modes_of(game)
        ]
        row.is_me = row.user_id == me_id
    return rows


def page_rows(game: str, period: str, rows: QuerySet, page, me_id: int | None) -> list[BoardRow]:
    """The rows of one Paginator page, ranked and with their per-mode counts."""
    items = list(page.object_list)
    if not items:
        return []
    first_rank = rank_of(rows, items[0]["score"])
    first_position = (page.number - 1) * page.paginator.per_page + 1
    return with_modes(game, period, ranked_rows(items, first_rank, first_position), me_id)


def own_row(
    game: str, period: str, rows: QuerySet, me_id: int | None, username: str = ""
) -> BoardRow | None:
    """The viewer's row wherever it stands (None for guests and accounts without a game)."""
    if me_id is None:
        return None
    mine = rows.filter(user_id=me_id).first()
    if mine is None:
        return None
    row = ranked_rows([mine], rank_of(rows, mine["score"]), 0, {me_id: username} if username else None)[0]
    return with_modes(game, period, [row], me_id)[0]


@dataclass(frozen=True)
class BoardText:
    """How a game's board words its points and its games."""

    points_help: str
    games: str = "Games"
    wins: str = "Wins"


BOARD_TEXT = {
    "disunyer": BoardText(
        "Points by place: at a table of N the winner gets N and the first one out 1; "
        "doubled when no bot was at the table."
    ),
    "dayous": BoardText(
        "Points by place: at a table of N the first players out (safe) get N and the dayous 1; "
        "no doubling. Dayous: times left holding cards at the end. Defences, best journal and "
        "fees: the publication record of successful defences."
    ),
    "courtpiece": BoardText(
        "Points by place: each player of the team that wins the table gets 4, the other team 2; "
        "no doubling. Rounds won, Courts (the calling team takes all 13 hands) and Goon Courts "
        "(the other team does) are the player's team's at each table.",
        games="Tables",
        wins="Won",
    ),
}


def board_text(game: str) -> BoardText:
    return BOARD_TEXT.get(game, BoardText("Points by place: at a table of N the winner gets N."))


# ----------------------------------------------------------------------------- coins


@dataclass
class WealthRow:
    rank: int
    user_id: int
    username: str
    balance: int
    is_me: bool = False


def richest() -> QuerySet:
    """Every active account's wallet, richest first (then the earlier account, as on the
    other boards): dicts of user_id, user__username and score (the balance). Coins are
    Court Piece's (accounts/coins.py)."""
    from accounts.models import Wallet

    return (
        Wallet.objects.filter(user__is_active=True)
        .values("user_id", "user__username")
        .annotate(score=F("balance"))
        .order_by("-score", "user_id")
    )


def wealth_rows(rows: list[dict], first_rank: int, first_position: int, me_id: int | None) -> list[WealthRow]:
    """Rows in board order with shared ranks on equal balances."""
    ranked, rank, previous = [], first_rank, None
    for offset, row in enumerate(rows):
        if previous is not None and row["score"] != previous:
            rank = first_position + offset
        previous = row["score"]
        ranked.append(
            WealthRow(rank, row["user_id"], row["user__username"], row["score"], row["user_id"] == me_id)
        )
    return ranked


def wealth_page(rows: QuerySet, page, me_id: int | None) -> list[WealthRow]:
    items = list(page.object_list)
    if not items:
        return []
    first_position = (page.number - 1) * page.paginator.per_page + 1
    return wealth_rows(items, rank_of(rows, items[0]["score"]), first_position, me_id)


def own_wealth(rows: QuerySet, me_id: int | None) -> WealthRow | None:
    if me_id is None:
        return None
    mine = rows.filter(user_id=me_id).first()
    if mine is None:
        return None
    return wealth_rows([mine], rank_of(rows, mine["score"]), 0, me_id)[0]
