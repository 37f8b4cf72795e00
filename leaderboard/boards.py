"""The leaderboard's rows, read from the kept standings (never from the raw results).

All time reads ``Standing`` rows; the last 30 days sums at most 30 ``DailyStanding``
rows per account. Ranks are shared on equal points ("1, 2, 2, 4").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from django.db.models import F, QuerySet, Sum
from django.utils import timezone

from leaderboard.models import DailyStanding, Standing
from leaderboard.modes import modes_of

ALL_TIME = "all"
LAST_30_DAYS = "30d"
PERIODS = {ALL_TIME: "All time", LAST_30_DAYS: "Last 30 days"}
WINDOW_DAYS = 30
ORDER = ("-score", "-won", "played", "user__username")


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
    is_me: bool = False


def period_from(value: str | None) -> str:
    return value if value in PERIODS else ALL_TIME


def window_start(today=None):
    """The first day of the last 30 days (today included)."""
    return (today or timezone.localdate()) - timedelta(days=WINDOW_DAYS - 1)


def board(game: str, period: str) -> QuerySet:
    """Every account with a game in the period, best first: dicts of user_id,
    user__username, played, won and score (named apart from the model's fields)."""
    if period == LAST_30_DAYS:
        return (
            DailyStanding.objects.filter(
                game=game, mode="", day__gte=window_start(), user__is_active=True
            )
            .values("user_id", "user__username")
            .annotate(played=Sum("games"), won=Sum("wins"), score=Sum("points"))
            .filter(played__gt=0)
            .order_by(*ORDER)
        )
    return (
        Standing.objects.filter(game=game, mode="", games__gt=0, user__is_active=True)
        .values("user_id", "user__username")
        .annotate(played=F("games"), won=F("wins"), score=F("points"))
        .order_by(*ORDER)
    )


def rank_of(rows: QuerySet, points: int) -> int:
    """1 + how many accounts have more points."""
    return rows.filter(score__gt=points).count() + 1


def mode_counts(game: str, period: str, user_ids) -> dict[int, dict[str, tuple[int, int]]]:
    """``{user_id: {mode: (games, wins)}}`` for the game's modes."""
    modes = [mode.slug for mode in modes_of(game)]
    if not modes or not user_ids:
        return {}
    if period == LAST_30_DAYS:
        rows = (
            DailyStanding.objects.filter(
                game=game, mode__in=modes, user_id__in=user_ids, day__gte=window_start()
            )
            .values("user_id", "mode")
            .annotate(played=Sum("games"), won=Sum("wins"))
            .order_by()
        )
    else:
        rows = (
            Standing.objects.filter(game=game, mode__in=modes, user_id__in=user_ids)
            .values("user_id", "mode")
            .annotate(played=F("games"), won=F("wins"))
        )
    counts: dict[int, dict[str, tuple[int, int]]] = {}
    for row in rows:
        counts.setdefault(row["user_id"], {})[row["mode"]] = (row["played"], row["won"])
    return counts


def ranked_rows(rows: list[dict], first_rank: int, first_position: int) -> list[BoardRow]:
    """Rows in board order with their shared ranks; ``first_rank`` is the first row's."""
    ranked, rank, previous_points = [], first_rank, None
    for offset, row in enumerate(rows):
        if previous_points is not None and row["score"] != previous_points:
            rank = first_position + offset
        previous_points = row["score"]
        ranked.append(
            BoardRow(
                rank=rank,
                user_id=row["user_id"],
                username=row["user__username"],
                games=row["played"],
                wins=row["won"],
                points=row["score"],
            )
        )
    return ranked


def with_modes(game: str, period: str, rows: list[BoardRow], me_id: int | None) -> list[BoardRow]:
    """Fill in each row's per-mode games and wins, and mark the viewer's own row."""
    counts = mode_counts(game, period, [row.user_id for row in rows])
    for row in rows:
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
    return with_modes(game, period, ranked_rows(items, first_rank, page.start_index()), me_id)


def own_row(game: str, period: str, rows: QuerySet, me_id: int | None) -> BoardRow | None:
    """The viewer's row wherever it stands (None for guests and accounts without a game)."""
    if me_id is None:
        return None
    mine = rows.filter(user_id=me_id).first()
    if mine is None:
        return None
    row = ranked_rows([mine], rank_of(rows, mine["score"]), 0)[0]
    return with_modes(game, period, [row], me_id)[0]
