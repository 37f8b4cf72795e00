"""The API's answers: JSON, each checked against docs/api/openapi.json by
tests/api/test_api.py. Every request counts against its client's limit (api/limits.py);
bad input is a 400, a game or player not served a 404, each with ``{"error": …}``."""

import re
from functools import wraps
from pathlib import Path

from django.core.paginator import Paginator
from django.http import HttpResponse, JsonResponse
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.csrf import csrf_exempt

from api import games, limits, players
from games import registry

DESCRIPTION = Path(__file__).resolve().parents[1] / "docs" / "api" / "openapi.json"
ROOM_CODE = re.compile(r"[A-Za-z0-9]{1,8}")
LONGEST_USERNAME = 150
LIST_PARAMETERS = {"player", "game", "page"}


def error(status: int, message: str, **headers) -> JsonResponse:
    response = JsonResponse({"error": message}, status=status)
    for name, value in headers.items():
        response[name.replace("_", "-")] = value
    return response


def api_view(view):
    """A GET of the API: counted against the client's limit first (429 past it, with
    Retry-After), any other method refused (405)."""

    @csrf_exempt  # it changes nothing, and a refused POST should hear 405 in JSON
    @wraps(view)
    def answered(request, *args, **kwargs):
        wait = limits.count_request(request)
        if wait is not None:
            return error(429, f"Too many requests from this address: wait {wait} s.", Retry_After=str(wait))
        if request.method not in ("GET", "HEAD"):
            return error(405, "The API only reads: use GET.", Allow="GET, HEAD")
        return view(request, *args, **kwargs)

    return answered


@api_view
def game(request, code):
    """A finished public game's record (docs/records.md)."""
    if not ROOM_CODE.fullmatch(code):
        return error(400, "A game's id is its room's code: 1 to 8 letters and digits.")
    record = games.record(code)
    if record is None:
        return error(404, "There is no finished public game with that id.")
    return JsonResponse(record)


@api_view
def game_list(request):
    """Finished public games, newest first, a page at a time: a player's, a game's."""
    unknown = sorted(set(request.GET) - LIST_PARAMETERS)
    if unknown:
        return error(400, f"Unknown parameter {unknown[0]!r}: use player, game or page.")
    game_slug = request.GET.get("game")
    if game_slug is not None and registry.find(game_slug) is None:
        slugs = ", ".join(known.slug for known in registry.GAMES)
        return error(400, f"There is no game {game_slug!r}: choose one of {slugs}.")
    player = None
    if "player" in request.GET:
        name = request.GET["player"]
        if len(name) > LONGEST_USERNAME:
            return error(400, f"A player's name has at most {LONGEST_USERNAME} characters.")
        player = players.account(name)
        if player is None:
            return error(404, "There is no player with that name.")
    paginator = Paginator(games.listed(player, game_slug), games.PAGE_SIZE)
    asked = request.GET.get("page", "1")
    if not (asked.isascii() and asked.isdigit() and 1 <= int(asked) <= paginator.num_pages):
        return error(400, f"Choose a page from 1 to {paginator.num_pages}.")
    page = paginator.page(int(asked))
    return JsonResponse({
        "count": paginator.count,
        "page": page.number,
        "pages": paginator.num_pages,
        "next": _page_link(request, page.number + 1) if page.has_next() else None,
        "previous": _page_link(request, page.number - 1) if page.has_previous() else None,
        "games": games.summaries(list(page.object_list)),
    })


def _page_link(request, number: int) -> str:
    return reverse("api:games") + "?" + urlencode({**request.GET.dict(), "page": number})


@api_view
def player(request, username):
    """A player's profile: per game, totals, modes, counters and rating."""
    if len(username) > LONGEST_USERNAME:
        return error(400, f"A player's name has at most {LONGEST_USERNAME} characters.")
    found = players.account(username)
    if found is None:
        return error(404, "There is no player with that name.")
    return JsonResponse(players.profile(found))


@api_view
def description(request):
    """This API's OpenAPI 3 description (docs/api/openapi.json)."""
    return HttpResponse(DESCRIPTION.read_bytes(), content_type="application/json")
