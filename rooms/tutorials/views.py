"""A game's tutorial page (``/learn/<game>/``): the game's real table, a coach panel
beside it that says what to look at and what to do, and the learner's moves posted to
the server, which alone applies them (``runner``). htmx swaps the answer's fragments in,
as the socket's pushes do at a room."""

from __future__ import annotations

import functools

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from accounts.identity import current_player
from games import registry
from rooms.actions import lifecycle
from rooms.errors import RoomError
from rooms.live import incoming
from rooms.tutorials import runner
from rooms.tutorials.table import render_tutorial_table


def with_tutorial(view):
    """404 for a game with no tutorial."""

    @functools.wraps(view)
    def for_a_game_with_one(request, game):
        if runner.tutorial_of(game) is None:
            raise Http404(gettext("This game has no tutorial yet."))
        return view(request, game)

    return for_a_game_with_one


def _coach(request, place: runner.Place, refusal=None) -> str:
    number, count = runner.step_number(place)
    context = {
        "place": place,
        "game": registry.definition(place["game"]),
        "lesson": runner.lesson_of(place),
        "step": runner.step_of(place),
        "number": number,
        "count": count,
        "refusal": refusal,
    }
    return render_to_string("tutorials/_coach.html", context, request)


@with_tutorial
def tutorial(request, game):
    place = runner.current(request.session, game)
    context = {
        "game": registry.definition(game),
        "place": place,
        "coach": _coach(request, place),
        "table": render_tutorial_table(place, current_player(request)),
    }
    return render(request, "tutorials/tutorial.html", context)


def _answer(request, game, change) -> HttpResponse:
    """The table and the coach after ``change`` (a runner call); when it is refused,
    the coach alone, saying why, and the table as it was."""
    try:
        place = change()
    except RoomError as error:
        place = runner.current(request.session, game)
        refused = _coach(request, place, error.message)
        return HttpResponse(refused) if request.htmx else redirect("tutorials:tutorial", game=game)
    if not request.htmx:
        return redirect("tutorials:tutorial", game=game)
    return HttpResponse(_coach(request, place) + render_tutorial_table(place, current_player(request)))


@require_POST
@with_tutorial
def move(request, game):
    def act():
        message = incoming.parse_act(request.POST.get("action"), request.POST.get("version"))
        return runner.act(request.session, game, message.action, message.version)

    return _answer(request, game, act)


@require_POST
@with_tutorial
def go_on(request, game):
    def continued():
        return runner.go_on(request.session, game, incoming.parse_version(request.POST.get("version")))

    return _answer(request, game, continued)


@require_POST
@with_tutorial
def restart(request, game):
    runner.restart(request.session, game)
    return redirect("tutorials:tutorial", game=game)


@require_POST
@with_tutorial
def practice(request, game):
    """A private table against bots with the most relaxed clock, started at once."""
    tutorial = runner.required_tutorial(game)
    try:
        room = lifecycle.do_create_practice_room(
            current_player(request), game, dict(tutorial.practice_options), tutorial.practice_players
        )
    except RoomError as error:
        return HttpResponse(_coach(request, runner.current(request.session, game), error.message))
    if request.htmx:
        return HttpResponseClientRedirect(reverse("rooms:room", kwargs={"code": room.code}))
    return redirect("rooms:room", code=room.code)
