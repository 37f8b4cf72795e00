"""The pages of a game that is over: its replay, step by step, and the check of its
deals ("Verify this deal"), each open to whoever the game is open to once it is over."""

import json
from dataclasses import dataclass
from pathlib import Path

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy, ngettext

from accounts.identity import current_player
from rooms import codeguard, fairness
from rooms.botnames import shown_name
from rooms.models import Match, Room
from rooms.replays import records, replay, review_page, reviews, verification


def _is_open_to(request, room: Room, seats: list) -> bool:
    player = current_player(request)
    return fairness.is_open_to(room.is_public, any(seat.belongs_to(player) for seat in seats), request.user.is_staff)


FAIRNESS_SCRIPT = Path(__file__).resolve().parents[2] / "docs" / "fairness_check.py"


@dataclass(frozen=True)
class Refusals:
    """What a page of a finished game says to a viewer who may not see it yet."""

    never_started: Promise
    private: Promise
    still_playing: Promise


VERIFYING = Refusals(
    gettext_lazy("This room's game never started: it has no deals to check."),
    gettext_lazy("This room is private: only its players can check its deals."),
    gettext_lazy("This game is still being played: its deals can be checked once it is over."),
)
REPLAYING = Refusals(
    gettext_lazy("This room's game never started: there is nothing to replay."),
    gettext_lazy("This room is private: only its players can watch its replay."),
    gettext_lazy("This game is still being played: its replay opens once it is over."),
)


def _finished_game(request, code: str, refusals: Refusals) -> tuple[Room, Match, list]:
    """The room, its match and its seats, if this viewer may see its finished game now:
    once the game is over, by anyone it is open to (``fairness.is_open_to``). A refusal
    is raised as text in the request's language: Django's error pages show no other."""
    room = codeguard.room_or_404(request, code)
    match = Match.objects.filter(room=room).first()
    if match is None:
        raise Http404(str(refusals.never_started))
    seats = list(room.seats.select_related("user"))  # a record names the accounts
    if not _is_open_to(request, room, seats):
        raise PermissionDenied(str(refusals.private))
    if room.status not in fairness.OVER:
        raise PermissionDenied(str(refusals.still_playing))
    return room, match, seats


def verify_deals(request, code):
    """The "Verify this deal" page: the game replayed from its seed, every shuffle checked."""
    room, match, seats = _finished_game(request, code, VERIFYING)
    checked = verification.verify(room, match, len(seats))
    return render(request, "rooms/verify.html", {
        "room": room, "title": room.get_game_title(), "check": checked, "names": [shown_name(seat) for seat in seats],
    })


def verify_record(request, code):
    """The game's draws as JSON, for docs/fairness_check.py on the player's machine."""
    room, match, seats = _finished_game(request, code, VERIFYING)
    body = json.dumps(verification.record(verification.verify(room, match, len(seats))), indent=1)
    response = HttpResponse(body + "\n", content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="deals-{room.code}.json"'
    return response


def game_record(request, code):
    """The game's record (rooms/replays/records.py, docs/records.md), to download: open to
    whoever its replay is open to."""
    room, match, seats = _finished_game(request, code, REPLAYING)
    response = JsonResponse(records.record_of(room, match, seats), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="game-{room.code}.json"'
    return response


def fairness_script(request):
    """docs/fairness_check.py, to check a game's deals with Python alone."""
    response = HttpResponse(FAIRNESS_SCRIPT.read_text(encoding="utf-8"), content_type="text/x-python; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="fairness_check.py"'
    return response


def replay_page(request, code):
    """A finished game, step by step (``?step=N&seat=S``), recomputed from its seed and
    moves; htmx asks for one step's fragments, a page load for the whole page."""
    room, match, seats = _finished_game(request, code, REPLAYING)
    own_seat = next((seat.index for seat in seats if seat.belongs_to(current_player(request))), None)
    default_seat = replay.SPECTATOR if own_seat is None else str(own_seat)
    try:
        number = replay.step_number(request.GET.get("step", "0"), match.moves)
        seat = replay.point_of_view(request.GET.get("seat", default_seat), len(seats))
    except ValueError as error:
        raise Http404(str(error)) from None
    step = replay.step(room, match, len(seats), number)
    names = {s.index: shown_name(s) for s in seats}
    context = {
        "room": room,
        "title": room.get_game_title(),
        "seats": seats,
        "names": names,
        "step": step,
        "lines": replay.lines(step, room.game, names),
        "seat": seat,
        "spectator": replay.SPECTATOR,
        "board": replay.board(room, seats, step, seat, match.ended_by_staff),
        "hand": replay.hand(room.game, step.state, seat),
        "every_card": replay.every_card(room.game, step.state) if step.is_last else None,
        "spanish": replay.spanish_cards(room.game),
        "step_review": review_page.step_row(room.game, match, number, names) if number else None,
    }
    if not request.htmx:
        context.update(_reviews_context(request, room, match, seats))
    return render(request, "rooms/_replay_step.html" if request.htmx else "rooms/replay.html", context)


def _reviews_context(request, room, match, seats, error: str = "") -> dict:
    shown = review_page.seats_shown(room.game, match, seats, {s.index: shown_name(s) for s in seats})
    return {
        "room": room,
        "reviews": shown,
        "measure": review_page.measure(room.game),
        "can_ask": request.user.is_authenticated,
        "running": any(seat.review is not None and not seat.review.is_finished for seat in shown),
        "error": error,
    }


def review_panel(request, code):
    """The bot's reviews of a finished game alone: the replay page polls it while one runs."""
    room, match, seats = _finished_game(request, code, REPLAYING)
    return render(request, "rooms/_review_panel.html", _reviews_context(request, room, match, seats))


def ask_for_review(request, code, seat):
    """A signed-in person asks the bot to review a seat of a finished game they may watch
    (its button posts; a link followed or a reload is sent to the replay, where it is)."""
    room, match, seats = _finished_game(request, code, REPLAYING)
    if request.method != "POST":
        return redirect(reverse("rooms:replay", args=[room.code]))
    if not request.user.is_authenticated:
        raise PermissionDenied(gettext("Sign in to ask the bot for a review."))
    if seat >= len(seats):
        raise Http404(gettext("This table has no such seat."))
    error = ""
    try:
        reviews.request_review(match, seat, request.user)
    except reviews.TooManyReviews:
        error = ngettext(
            "You already wait for %(count)s review: ask again once it is done.",
            "You already wait for %(count)s reviews: ask again once one is done.",
            reviews.REVIEWS_AT_ONCE,
        ) % {"count": reviews.REVIEWS_AT_ONCE}
    if request.htmx:
        return render(request, "rooms/_review_panel.html", _reviews_context(request, room, match, seats, error))
    return redirect(reverse("rooms:replay", args=[room.code]))
