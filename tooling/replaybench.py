"""`make bench`: how long the replay page of a long game takes (docs/replays.md).

The longest game the club deals (the table a game's definition names as its
``SelfPlay.replay_table``, with easy bots: random play makes the longest games) is
played through the actions; then its replay is asked for, as a browser would, at
steps spread over the whole game: the page (a first load) and the step's fragments
(what htmx asks for when the viewer steps). Every step is replayed from the seed, so
the later the step, the longer it takes; the last one also shows every card.
"""

import time
from collections.abc import Mapping
from contextlib import contextmanager
from typing import Any
from unittest import mock

from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from django.test import Client

from accounts.identity import Player
from games import core, registry
from games.definition import GameDefinition
from rooms.models import Room
from rooms.store.snapshots import load_snapshot
from tooling.benchstats import percentiles_ms
from tooling.moves import play_one_move
from tooling.tables import seated_table, usual_players

BOTS = "easy"
HOST = Player(name="Ann", guest_id="bench-replay-ann")


def replay_page(quick: bool = False) -> dict:
    """The page's and the step fragments' times at steps spread over one long game."""
    samples = 10 if quick else 40
    game = _longest_game()
    players, options = _replay_table(game)
    with transaction.atomic(), _one_connection():
        with mock.patch.object(core, "new_seed", return_value="bench-replay"):
            room = _played_game(game.slug, players, dict(options))
        moves = room.match.moves
        steps = sorted({round(moves * i / (samples - 1)) for i in range(samples)})
        client = Client(HTTP_HOST="localhost")
        _timed(client, room.code, 0, htmx=False)  # not counted: the first request loads the templates
        pages = [_timed(client, room.code, step, htmx=False) for step in steps]
        fragments = [_timed(client, room.code, step, htmx=True) for step in steps]
        transaction.set_rollback(True)
    return {
        "game": ", ".join([game.slug, f"{players} players", *_words(game, options)]),
        "moves": moves,
        "steps_asked": len(steps),
        "page": percentiles_ms(pages),
        "step_fragments": percentiles_ms(fragments),
        "last_step_page_ms": round(pages[-1] * 1000, 3),
    }


@contextmanager
def _one_connection():
    """The pages are asked for inside the transaction that holds the game (rolled back
    afterwards): the request signals must not close its connection."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def _longest_game() -> GameDefinition:
    """The game whose definition names a replay table (else the first game)."""
    return next((game for game in registry.GAMES if game.self_play.replay_table), registry.GAMES[0])


def _replay_table(game: GameDefinition) -> tuple[int, Mapping[str, Any]]:
    if game.self_play.replay_table is not None:
        return game.self_play.replay_table
    return usual_players(game), {}


def _words(game: GameDefinition, options: Mapping[str, Any]) -> list[str]:
    """The options as the room header words them: "3 decks"."""
    return [str(game.options[key].words(value)) for key, value in options.items()]


def _played_game(game: str, players: int, options: dict[str, Any]) -> Room:
    room_id = seated_table(HOST, game, BOTS, players, options)
    while (snapshot := load_snapshot(room_id)) is not None and snapshot.status == Room.Status.PLAYING:
        play_one_move(snapshot, HOST)
    return Room.objects.select_related("match").get(pk=room_id)


def _timed(client: Client, code: str, step: int, htmx: bool) -> float:
    headers = {"HX-Request": "true"} if htmx else {}
    started = time.perf_counter()
    response = client.get(f"/rooms/{code}/replay/", {"step": step, "seat": "0"}, headers=headers)
    elapsed = time.perf_counter() - started
    if response.status_code != 200:
        raise RuntimeError(f"The replay at step {step} answered {response.status_code}.")
    return elapsed
