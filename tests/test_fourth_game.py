"""A fourth game proves the site takes any game of the registry: High Card, defined
under tests/ alone, is played end to end through the site — a room made with its create
form, bots at its table, a move sent over a socket, pushes to a player and a spectator,
its bots' moves as the worker makes them, a result and a rating on the leaderboard, and
a replay.

The files it needed, all under tests/:
- tests/highcard.py: its engine, its bot, its event sentences, its definition (``GAME``)
  and its table home (``TABLE``, with a presenter);
- tests/templates/highcard/_public.jinja, _private.jinja and _keys_help.html: its table;
- the ``high_card`` fixture of tests/conftest.py, which registers it as games/registry.py,
  a table app's ``ready()`` and the settings' template folders do for the club's games.
"""

import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import AsyncClient
from django.urls import reverse

from accounts.models import User
from config.asgi import application
from leaderboard.models import Rating, Result
from rooms import tasks
from rooms.models import Room
from tests.highcard import SHOW

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

ORIGIN = [(b"origin", b"http://localhost"), (b"host", b"localhost")]


async def _socket(code: str, session_key: str | None = None) -> WebsocketCommunicator:
    cookie = [(b"cookie", f"sessionid={session_key}".encode())] if session_key else []
    socket = WebsocketCommunicator(application, f"/ws/rooms/{code}/", headers=[*ORIGIN, *cookie])
    connected, _ = await socket.connect()
    assert connected
    return socket


async def _received(socket: WebsocketCommunicator, quiet: float = 0.5) -> list[str]:
    """Every message until the socket has been quiet for ``quiet`` seconds."""
    messages = []
    while not await socket.receive_nothing(timeout=quiet):
        messages.append(await socket.receive_from())
    return messages


async def _until_version(socket: WebsocketCommunicator, version: int) -> list[str]:
    """Every message up to the one that shows the table at ``version``."""
    messages = [await socket.receive_from(timeout=10)]
    while f'id="table-public" hx-swap-oob="true" class="table highcard" data-version="{version}"' not in messages[-1]:
        messages.append(await socket.receive_from(timeout=10))
    return messages


@sync_to_async
def _room() -> Room:
    return Room.objects.select_related("match").get(game="highcard")


async def test_high_card_is_played_end_to_end_through_the_site(high_card, redis_url):
    """Ann (an account) makes a High Card room of 3 from its create form and fills it with
    strong bots; Zed watches. Ann shows her card over her socket, the bots move as the
    worker's task moves them; both sockets get each version, Zed's never a card before it
    is shown. Ann's result and rating reach the leaderboard, and the replay shows the game."""
    ann = await sync_to_async(User.objects.create_user)(username="Ann", password=None)
    client = AsyncClient()
    await sync_to_async(client.force_login)(ann)
    created = await client.post(
        reverse("rooms:create", args=["highcard"]), {"players": "3", "is_public": "1", "bot_level": "strong"},
    )
    assert created.status_code == 302, created.content.decode()[-3000:]
    room = await _room()
    assert created["Location"] == reverse("rooms:room", args=[room.code])
    assert await room.seats.acount() == 3

    player = await _socket(room.code, client.cookies["sessionid"].value)
    spectator = await _socket(room.code)
    await _received(player), await _received(spectator)
    filled = await client.post(reverse("rooms:fill_with_bots", args=[room.code]), {"level": "strong"})
    assert filled.status_code == 302
    room = await _room()
    assert room.status == Room.Status.PLAYING
    asked = "".join(await _until_version(player, room.version))
    assert 'data-action="show"' in asked and 'data-action="swap"' in asked
    hands = room.match.state["hands"]

    await player.send_json_to({"kind": "act", "action": json.dumps(SHOW), "version": str(room.version)})
    watched = await _until_version(spectator, room.version + 1)
    assert all(f'data-card="{card}"' not in "".join(watched) for card in hands[1:])
    while (room := await _room()).status == Room.Status.PLAYING:
        assert await sync_to_async(tasks.play_bot)(room.pk, room.version)
    assert room.status == Room.Status.FINISHED
    hands = room.match.state["hands"]
    last = (await _until_version(spectator, room.version))[-1]
    assert all(f'data-card="{card}"' in last for card in hands) and 'data-testid="results"' in last
    assert "Ann</b> showed the" in last
    await player.disconnect(), await spectator.disconnect()

    results = await sync_to_async(list)(Result.objects.filter(room=room).order_by("seat"))
    places = high_card.engine.outcome(room.match.state)["places"]
    assert [(result.seat, result.place) for result in results] == list(enumerate(places))
    assert await Rating.objects.filter(game="highcard", user=ann).aexists()
    board = (await client.get(reverse("leaderboard:board", args=["highcard"]))).content.decode()
    rating_board = (await client.get(reverse("leaderboard:rating_board", args=["highcard"]))).content.decode()
    assert ">Ann<" in board and ">Ann<" in rating_board

    moves = len(hands)
    replay = await client.get(reverse("rooms:replay", args=[room.code]), {"step": str(moves)})
    shown = replay.content.decode()
    assert replay.status_code == 200 and all(f'data-card="{card}"' in shown for card in hands)
    assert "Ann</b> showed the" in shown
