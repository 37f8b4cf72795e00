from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.db.models import Value
from django.db.models.functions import Lower
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from accounts import relations
from accounts.identity import person_key
from fairplay import outcomes
from games import registry
from games.definition import GameDefinition
from games.words import wording
from leaderboard import boards, rating_boards
from leaderboard.counters import Column, columns
from leaderboard.history import game_records, profile_stats, results_of
from leaderboard.ratings import PROVISIONAL_GAMES

BOARD_PAGE_SIZE = 25
GAMES_PAGE_SIZE = 20
RECENT_GAMES = 10


def index(request):
    return redirect("leaderboard:board", game=registry.GAMES[0].slug)


def board(request, game):
    """One game's leaderboard, all time or the last 30 days, with the viewer's own rank."""
    info = _game(game)
    period = boards.period_from(request.GET.get("period"))
    headings = _headings(info)
    rows = boards.board(game, period)
    shape = boards.shape(game, period)
    page = boards.ShapedPaginator(rows, BOARD_PAGE_SIZE, shape).get_page(request.GET.get("page"))
    me_id = request.user.pk if request.user.is_authenticated else None
    shown, mine = boards.page_rows(game, period, rows, page, shape, me_id)
    context = {
        "game": info,
        "games": registry.GAMES,
        "period": period,
        "periods": boards.PERIODS,
        "headings": headings,
        "colspan": 3 + len(headings),
        "page": page,
        "rows": shown,
        "own_row": mine,
        "own_row_off_page": mine is not None and not any(row.is_me for row in shown),
    }
    return render(request, "leaderboard/board.html", context)


def _game(slug: str) -> GameDefinition:
    found = registry.find(slug)
    if found is None:
        raise Http404(_("There is no such game."))
    return found


def _headings(game: GameDefinition) -> list[Column]:
    """A points board's columns after the points, with their tooltips: games, wins, the
    game's counters, then the games played / won in each mode (``board_row``'s cells)."""
    board = game.leaderboard
    by_mode = [
        Column(mode.label, wording("%(mode)s: %(games)s", mode=mode.label, games=board.played_and_won))
        for mode in board.modes
    ]
    return [Column(board.games_word, ""), Column(board.wins_word, ""), *columns(game.slug), *by_mode]


def rating_board(request, game):
    """One game's ratings, best first, with the viewer's own rank."""
    info = _game(game)
    rows = rating_boards.board(game)
    shape = rating_boards.shape(game)
    page = boards.ShapedPaginator(rows, BOARD_PAGE_SIZE, shape).get_page(request.GET.get("page"))
    me_id = request.user.pk if request.user.is_authenticated else None
    shown, mine = rating_boards.page_rows(rows, page, shape, me_id, request.user.get_username())
    context = {
        "game": info,
        "games": registry.GAMES,
        "periods": boards.PERIODS,
        "page": page,
        "rows": shown,
        "own_row": mine,
        "own_row_off_page": mine is not None and not any(row.is_me for row in shown),
        "provisional_games": PROVISIONAL_GAMES,
    }
    return render(request, "leaderboard/rating_board.html", context)


def profile(request, username):
    """An account's public profile: per-game and per-mode stats, and its recent games."""
    # Lower() on both sides: the accounts' unique index on lower(username) finds it.
    accounts = get_user_model().objects.alias(lower_username=Lower("username"))
    try:
        user = accounts.get(lower_username=Lower(Value(username)), is_active=True)
    except accounts.model.DoesNotExist:
        raise Http404(_("There is no player called %(name)s.") % {"name": username}) from None
    context = {
        "profile_user": user,
        "stats": profile_stats(user),
        "records": game_records(results_of(user)[:RECENT_GAMES], request.user),
        "is_me": request.user.pk == user.pk,
        "fair_play": outcomes.record_of(person_key(user.pk, None)),
        "stand": _stand(request.user, user),
    }
    return render(request, "leaderboard/profile.html", context)


def _stand(viewer, user) -> relations.Stand | None:
    """How the signed-in viewer stands towards the profile's account (None: a guest, or themselves)."""
    if not viewer.is_authenticated or viewer.pk == user.pk:
        return None
    return relations.stand(viewer, user)


def my_games(request):
    """The viewer's own games, newest first (voided ones marked); guests are asked to sign up."""
    if not request.user.is_authenticated:
        return render(request, "leaderboard/my_games.html", {"page": None, "records": []})
    page = Paginator(results_of(request.user, include_voided=True), GAMES_PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    return render(
        request,
        "leaderboard/my_games.html",
        {"page": page, "records": game_records(page.object_list, request.user)},
    )


def richest(request):
    """The richest players of the game played for coins: every account's coins, richest
    first, with the viewer's rank."""
    rows = boards.richest()
    page = boards.CountedPaginator(rows, BOARD_PAGE_SIZE, boards.RICHEST).get_page(request.GET.get("page"))
    me_id = request.user.pk if request.user.is_authenticated else None
    shown = boards.wealth_page(rows, page, me_id)
    mine = next((row for row in shown if row.is_me), None)
    if mine is None and me_id is not None:
        mine = boards.own_wealth(rows, me_id, request.user.get_username())
    context = {
        "game": boards.coins_game(),
        "games": registry.GAMES,
        "page": page,
        "rows": shown,
        "own_row": mine,
        "own_row_off_page": mine is not None and not any(row.is_me for row in shown),
    }
    return render(request, "leaderboard/richest.html", context)
