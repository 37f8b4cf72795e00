"""What the pages show of the ratings: the rating board, a profile's ratings with their
history, the ratings next to the names at a table and each player's change in a game's
results.

The rating board is read like a points board (leaderboard/boards.py): from the ratings'
partial index (``game, -display, user, games WHERE active``) alone, its number of rows,
ranks and page starts from its shape — how many accounts show each rating — kept under
the board's stamp ``"<game>:rating"``, which every game renews, carrying the shape over
with the accounts' moves.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, F, QuerySet

from leaderboard import ratings
from leaderboard.boards import counted_shape, shared_ranks, usernames
from leaderboard.charts import rating_chart
from leaderboard.models import Rating, RatingChange
from leaderboard.rating_services import rating_board
from leaderboard.shapes import Shape

# How many of an account's latest rated games its profile's chart shows.
HISTORY_GAMES = 100


@dataclass(frozen=True)
class Badge:
    """A rating as people see it: ``display``, and "?" while provisional."""

    display: int
    provisional: bool

    def __str__(self) -> str:
        return f"{self.display}{'?' if self.provisional else ''}"


def badge(display: int, games: int) -> Badge:
    return Badge(display, ratings.is_provisional(games))


NEW_ACCOUNT = badge(ratings.NEW.display, 0)


@dataclass
class RatingRow:
    rank: int
    user_id: int
    username: str
    badge: Badge
    games: int
    is_me: bool = False


def on_board(game: str) -> QuerySet:
    return Rating.objects.filter(game=game, active=True)


def board(game: str) -> QuerySet:
    """Every active account's rating in ``game``, best first (then the earlier account):
    dicts of user_id, score (the shown rating) and played (rated games)."""
    return (
        on_board(game)
        .values("user_id")
        .annotate(score=F("display"), played=F("games"))
        .order_by("-score", "user_id")
    )


def shape(game: str) -> Shape:
    counts = on_board(game).values_list("display").annotate(accounts=Count("*")).order_by("-display")
    return counted_shape(rating_board(game), counts)


def _rows(items: list[dict], first: int, position: int, me_id: int | None, names: dict[int, str]) -> list[RatingRow]:
    return [
        RatingRow(rank, item["user_id"], names.get(item["user_id"], ""), badge(item["score"], item["played"]),
                  item["played"], item["user_id"] == me_id)
        for item, rank in zip(items, shared_ranks(items, first, position))
    ]


def page_rows(
    rows: QuerySet, page, board_shape: Shape, me_id: int | None, my_name: str = ""
) -> tuple[list[RatingRow], RatingRow | None]:
    """The rows of one page, ranked, and the viewer's own row wherever it stands (None
    without a rating in the game)."""
    items = list(page.object_list)
    shown = []
    if items:
        names = usernames(item["user_id"] for item in items)
        shown = _rows(items, board_shape.rank(items[0]["score"]), page.start_index(), me_id, names)
    mine = next((row for row in shown if row.is_me), None)
    if mine is None and me_id is not None:
        own = rows.filter(user_id=me_id).first()
        if own is not None:
            mine = _rows([own], board_shape.rank(own["score"]), 0, me_id, {me_id: my_name})[0]
    return shown, mine


# ----------------------------------------------------------------------------- profiles


@dataclass(frozen=True)
class ProfileRating:
    badge: Badge
    games: int
    chart: str  # the history's SVG (escaped), "" without a step

    @property
    def games_to_settle(self) -> int:
        return max(0, ratings.PROVISIONAL_GAMES - self.games)


def profile_ratings(user) -> dict[str, ProfileRating]:
    """The account's rating in each game it is rated in, with its recent history's chart."""
    found = {}
    for row in Rating.objects.filter(user=user):
        steps = list(
            RatingChange.objects.filter(user=user, game=row.game)
            .order_by("-result_id")
            .values_list("mu_before", "sigma_before", "mu", "sigma")[:HISTORY_GAMES]
        )
        steps.reverse()
        shown = [ratings.display(mu, sigma) for _, _, mu, sigma in steps]
        if len(steps) == row.games:  # the whole history: it starts from a new account's rating
            shown.insert(0, ratings.display(steps[0][0], steps[0][1]))
        first_game = row.games - len(steps) + (0 if len(steps) == row.games else 1)
        found[row.game] = ProfileRating(
            badge(row.display, row.games),
            row.games,
            rating_chart(shown, first_game, ratings.PROVISIONAL_GAMES) if len(shown) > 1 else "",
        )
    return found


# ----------------------------------------------------------------------------- at the table


def rating_changes(room_id: int) -> dict[int, int]:
    """What the room's finished game did to each rated seat's shown rating (after less
    before), by seat index: accounts only, as guests and bots have no rating. One query."""
    steps = RatingChange.objects.filter(result__room_id=room_id).values_list(
        "result__seat", "mu_before", "sigma_before", "mu", "sigma"
    )
    return {
        seat: ratings.display(mu, sigma) - ratings.display(mu_before, sigma_before)
        for seat, mu_before, sigma_before, mu, sigma in steps
    }


def table_badges(game: str, seats) -> list[Badge | None]:
    """The rating to show next to each seat's name at a table: an account's (a new
    account's, provisional, before its first rated game), a bot level's fixed one, none
    for a guest or an empty seat. ``seats``: objects with ``user_id`` and ``bot_level``
    (``rooms.models.Seat`` rows or their snapshots). One query."""
    user_ids = [seat.user_id for seat in seats if seat.user_id is not None and not seat.bot_level]
    found = {
        user_id: badge(display, games)
        for user_id, display, games in Rating.objects.filter(game=game, user_id__in=user_ids).values_list(
            "user_id", "display", "games"
        )
    } if user_ids else {}
    shown: list[Badge | None] = []
    for seat in seats:
        if seat.bot_level:
            shown.append(Badge(ratings.bot_skill(game, seat.bot_level).display, False))
        elif seat.user_id is not None:
            shown.append(found.get(seat.user_id, NEW_ACCOUNT))
        else:
            shown.append(None)
    return shown
