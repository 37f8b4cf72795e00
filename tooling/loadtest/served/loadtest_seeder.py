"""The load test's hands inside the site under test: guest sessions, rooms full of
bots, "Play again" — all through the site's own actions, as its views would.

Run with the site's code and settings (``python -P loadtest_seeder.py`` with the
checkout on PYTHONPATH); imports nothing from the load test. Reads one JSON request a
line on stdin and answers each with one line that starts with REPLY; anything else
on stdout is the site's own output. REPLY is the script's one argument.
"""

import json
import os
import random
import sys
from collections.abc import Callable

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from importlib import import_module  # noqa: E402

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.db import transaction  # noqa: E402

from accounts.identity import Player, ensure_guest  # noqa: E402
from rooms import forms as room_forms  # noqa: E402
from rooms.actions import lifecycle, play, seating  # noqa: E402
from rooms.errors import RoomError  # noqa: E402
from rooms.gamerules import rules_for  # noqa: E402
from rooms.models import Room  # noqa: E402
from rooms.store.snapshots import load_snapshot  # noqa: E402

MOST_MOVES = 5000

# The site's own session engine: a page load would have stored the session as it does.
SessionStore = import_module(settings.SESSION_ENGINE).SessionStore


def make_sessions(count: int) -> dict:
    """Guest sessions, as a first page load gives every visitor."""
    keys = []
    with transaction.atomic():
        for _ in range(count):
            session = SessionStore()
            ensure_guest(session)
            session.save()
            keys.append(session.session_key)
    return {"sessions": keys}


def _player(session_key: str) -> Player:
    guest_id, name = ensure_guest(SessionStore(session_key))
    return Player(name=name, guest_id=guest_id)


def _form(game: str, data=None):
    """The site's creation form for ``game``: built from the game's definition, or, in a
    tree from before the games' definitions, the game's own form class."""
    if hasattr(room_forms, "FORMS"):
        return room_forms.FORMS[game](data)
    return room_forms.RoomForm(import_module("games.registry").definition(game), data)


def _default_form(game: str):
    """The creation form as a host leaves it: every field at its initial value."""
    fields = _form(game).fields
    defaults = {name: field.initial for name, field in fields.items() if field.initial is not None}
    form = _form(game, defaults)
    if not form.is_valid():
        raise ValueError(f"The {game} form's defaults do not validate: {form.errors.as_text()}")
    return form


def _room(room_id: int) -> dict:
    room = Room.objects.get(pk=room_id)
    return {"room_id": room.id, "code": room.code, "version": room.version, "status": room.status}


def create_room(game: str, session: str) -> dict:
    """A waiting room with this guest as its host and the form's default options."""
    form = _default_form(game)
    room = lifecycle.do_create_room(
        _player(session), game, form.game_options(), form.cleaned_data["is_public"],
        form.cleaned_data["bot_level"], form.players(),
    )
    return _room(room.id)


def fill(room_id: int, session: str) -> dict:
    """The host adds bots until the room is full (the game starts) and, where the game
    waits for the host once full, starts it. One transaction for all the clicks."""
    player = _player(session)
    with transaction.atomic():
        room = Room.objects.get(pk=room_id)
        for _ in range(room.seats.count()):
            room = Room.objects.get(pk=room_id)
            if room.status != Room.Status.WAITING or not any(seat.is_empty for seat in room.seats.all()):
                break
            seating.do_add_bot(room_id, player, room.bot_level)
        room = Room.objects.get(pk=room_id)
        if room.status == Room.Status.WAITING and rules_for(room.game).host_can_start:
            lifecycle.do_start(room_id, player)
    return _room(room_id)


def play_again(room_id: int, session: str) -> dict:
    """The player presses "Play again" and fills the new room with bots."""
    next_room = lifecycle.do_play_again(room_id, _player(session))
    return {"old_version": Room.objects.get(pk=room_id).version, **fill(next_room.id, session)}


def played_game(game: str, session: str) -> dict:
    """A private game of ``game`` played to its end at once: its host's moves chosen at
    random, its bots' as they choose them (the bots' worker may take a turn first: the
    move then finds the table moved on, and the next is asked afresh)."""
    room = Room.objects.get(pk=create_room(game, session)["room_id"])
    Room.objects.filter(pk=room.pk).update(is_public=False)
    fill(room.pk, session)
    host, rng = _player(session), random.Random(game)
    rules = rules_for(game)
    for _ in range(MOST_MOVES):
        room = Room.objects.select_related("match").get(pk=room.pk)
        if room.status != Room.Status.PLAYING:
            return {"room_id": room.pk, "status": room.status}
        seat = rules.engine.to_act(room.match.state)[0]
        seated = list(room.seats.all())[seat]
        try:
            if rules.played_by_bot(seated):
                play.do_bot_move(room.pk, room.version, seat, play.choose_bot_move(load_snapshot(room.pk), seat))
            else:
                play.do_act(room.pk, host, rng.choice(rules.engine.legal_actions(room.match.state, seat)),
                            room.version)
        except RoomError:
            continue
    raise ValueError(f"The {game} game was not over after {MOST_MOVES} moves.")


def review(room_id: int) -> dict:
    """Every seat of the finished game reviewed by the strong bot, each asked for by an
    account of its own (the site lets each have a few waiting)."""
    from rooms.replays.reviews import request_review  # a site with no reviews refuses the op

    match = Room.objects.get(pk=room_id).match
    for seat in range(match.room.seats.count()):
        reviewer, _ = get_user_model().objects.get_or_create(username=f"loadtest-reviewer-{room_id}-{seat}")
        request_review(match, seat, reviewer)
    return reviews(room_id)


def reviews(room_id: int) -> dict:
    """How far the reviews of the game have come: seats done, decisions reviewed."""
    asked = list(Room.objects.get(pk=room_id).match.reviews.values_list("status", "done"))
    return {"seats": len(asked), "seats_done": sum(status == "done" for status, _ in asked),
            "decisions": sum(done for _, done in asked)}


OPERATIONS: dict[str, Callable[..., dict]] = {
    "sessions": make_sessions, "room": create_room, "fill": fill, "again": play_again, "played": played_game,
    "review": review, "reviews": reviews,
}


def answer(request: dict) -> dict:
    operation = OPERATIONS.get(request.pop("op", ""))
    if operation is None:
        return {"error": f"unknown operation; known: {', '.join(OPERATIONS)}"}
    try:
        return operation(**request)
    except Exception as error:  # a refusal is reported to the load test, which goes on
        return {"error": f"{type(error).__name__}: {error}"}


def main(reply: str) -> None:
    for line in sys.stdin:
        if line.strip():
            print(reply + json.dumps(answer(json.loads(line))), flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
