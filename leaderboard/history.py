"""Profiles and game lists: an account's per-game, per-mode stats and its past games."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy

from games import registry
from games.definition import GameDefinition, Ladder, Leaderboard
from games.words import Said
from leaderboard.counters import best_step, labelled, ladder_record, tags
from leaderboard.models import Result, Standing
from leaderboard.modes import mode_label
from leaderboard.rating_boards import ProfileRating, profile_ratings


@dataclass(frozen=True)
class Line:
    """Games, wins and points of one mode (or of every mode: the total)."""

    label: Said
    games: int = 0
    wins: int = 0
    points: int = 0


@dataclass
class GameStats:
    slug: str
    title: Said
    total: Line
    modes: list[Line]
    counters: list[tuple[Said, int]]
    games_word: Said = "Games"
    wins_word: Said = "Wins"
    rated_games: Said = ""  # "12 rated games", with the rating
    # The game's ladder, if it has one: each step's count (most prestigious first) and the best step.
    ladder: Ladder | None = None
    ladder_counts: list[tuple[Said, int]] = field(default_factory=list)
    best_step: Said | None = None
    rating: ProfileRating | None = None


@dataclass(frozen=True)
class TableSeat:
    """One seat of a past game as its game list shows it."""

    result_id: int
    place: int
    name: str
    username: str | None  # the account's, None for guests and bots
    is_bot: bool
    points: int


@dataclass
class GameRecord:
    """One past game of one account: its own result and the whole table's, best place
    first, whether its points were doubled, the tags of the counters it counts, and
    whether the viewer may follow it to its room, its replay and its seed (a private
    room's: its players and staff)."""

    result: Result
    game_title: Said
    mode_label: Said
    doubled: bool = False
    tags: list[Said] = field(default_factory=list)
    table: list[TableSeat] = field(default_factory=list)
    room_shown: bool = False


def profile_stats(user) -> list[GameStats]:
    """Per game the account has played (the registry's order): the total and each mode's
    line, and its rating."""
    by_game: defaultdict[str, dict[str, Standing]] = defaultdict(dict)
    for standing in Standing.objects.filter(user=user, games__gt=0):
        by_game[standing.game][standing.mode] = standing
    found = profile_ratings(user)
    return [
        _game_stats(game, by_game[game.slug], found.get(game.slug))
        for game in registry.GAMES
        if by_game.get(game.slug)
    ]


def _game_stats(game: GameDefinition, by_mode: dict, rating: ProfileRating | None) -> GameStats:
    total = by_mode.get("")
    counters = total.counters if total else {}
    board = game.leaderboard
    ladder = board.ladder
    return GameStats(
        slug=game.slug,
        title=game.title,
        total=_line(gettext_lazy("All modes"), total),
        modes=[_line(mode.label, by_mode.get(mode.slug)) for mode in board.modes],
        counters=labelled(game.slug, counters),
        games_word=board.games_word,
        wins_word=board.wins_word,
        rated_games=_rated_games(board, rating.games) if rating else "",
        ladder=ladder,
        ladder_counts=ladder_record(ladder, counters) if ladder else [],
        best_step=best_step(ladder, counters) if ladder else None,
        rating=rating,
    )


def _rated_games(board: Leaderboard, count: int) -> Said:
    """A count of rated games in the game's own words ("12 rated tables")."""
    return board.rated_games(count)


def _line(label: Said, standing: Standing | None) -> Line:
    if standing is None:
        return Line(label)
    return Line(label, standing.games, standing.wins, standing.points)


def results_of(user, include_voided: bool = False):
    """The account's results, newest first (a queryset, for slicing or paginating)."""
    results = Result.objects.filter(user=user).select_related("room").order_by("-finished_at", "pk")
    return results if include_voided else results.filter(voided=False)


def game_records(results, viewer) -> list[GameRecord]:
    """Each result with its game's whole table (one query for every table), as
    ``viewer`` (a user, or an anonymous one) is shown it."""
    results = list(results)
    tables = defaultdict(list)
    accounts = defaultdict(set)  # the accounts that played at each table
    seats = (
        Result.objects.filter(room_id__in={r.room_id for r in results})
        .order_by("place", "seat")
        .values_list("room_id", "pk", "place", "name", "user_id", "user__username", "is_bot", "points")
    )
    for room_id, pk, place, name, user_id, username, is_bot, points in seats:
        account = username if user_id and not is_bot else None
        tables[room_id].append(TableSeat(pk, place, name, account, is_bot, points))
        if account:
            accounts[room_id].add(user_id)
    return [
        GameRecord(
            result=result,
            game_title=registry.definition(result.game).title,
            mode_label=mode_label(result.game, result.mode),
            doubled=_doubled(result),
            tags=tags(result.game, result.counters or {}),
            table=tables[result.room_id],
            room_shown=result.room.is_open_to(viewer.pk in accounts[result.room_id], viewer.is_staff),
        )
        for result in results
    ]


def _doubled(result: Result) -> bool:
    return registry.definition(result.game).leaderboard.doubled_without_bots and not result.had_bots
