"""While Redis is unreachable (issue #36, item 6): a move still commits and its socket
stays open, the version is announced once Redis answers again, and a page that needs
Redis says "try again" (503) while the others still answer, to the same person.

Redis is made unreachable by pointing the site's clients at a port where nothing
listens: the connection is refused, as when Redis has died (tests/production kills the
real one under `make serve`)."""

import asyncio
import html
import socket

import pytest
import redis
from channels.db import database_sync_to_async
from django.conf import settings
from django.test import override_settings

import plumbing.cache
from games.disunyer.rules import ENGINE
from rooms import tasks
from rooms.live import consumers
from rooms.models import Unannounced
from rooms.store import redisclients
from tests.rooms import test_consumers
from tests.rooms.helpers import ANN, client_for, create
from tests.rooms.test_consumers import TOAST, _connect, _game, _settle, _table_at, _until

pytestmark = pytest.mark.django_db(transaction=True)

table = test_consumers.table


@pytest.fixture
def nowhere() -> str:
    """A Redis URL where nothing listens."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"redis://127.0.0.1:{port}/0"


@pytest.fixture
def writers_redis_gone(monkeypatch, nowhere):
    """The snapshot store's client (the writers': views, workers, the web process's
    database thread) reaches no Redis; ``back()`` gives it the real one again."""
    real = redisclients.sync_client()
    monkeypatch.setattr(redisclients, "_sync_client", redis.Redis.from_url(nowhere))
    return lambda: monkeypatch.setattr(redisclients, "_sync_client", real)


@pytest.mark.asyncio
async def test_a_move_made_while_redis_is_unreachable_commits_and_is_announced_once_it_answers(
    table, writers_redis_gone
):
    """Ann moves while Redis is unreachable: her move commits, her socket stays open
    and she is not sent a table that was never stored. Once Redis answers, the beat's
    next sweep stores and announces the version, and her socket is sent it."""
    ann = await _connect(table.code, table.sessions[table.actor])
    await _settle(ann)
    try:
        await ann.send_json_to(test_consumers._act(ENGINE.legal_actions(table.state, table.actor)[0], table.version))
        await _until_committed(table.room.pk, table.version + 1)
        assert await ann.receive_nothing(timeout=0.5)
        assert await database_sync_to_async(Unannounced.objects.filter(room_id=table.room.pk).exists)()
        writers_redis_gone()  # back
        await database_sync_to_async(tasks.sweep_deadlines)()
        await _until(ann, _table_at(table.version + 1))
        assert not await database_sync_to_async(Unannounced.objects.exists)()
    finally:
        await ann.disconnect()


async def _until_committed(room_id: int, version: int) -> None:
    for _ in range(100):
        if (await _game(room_id))[0] == version:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"version {version} was never committed")


@pytest.mark.asyncio
async def test_a_socket_whose_redis_is_unreachable_is_told_to_try_again_and_stays_open(table, monkeypatch, nowhere):
    """Ann's socket pings while its process cannot reach Redis: she is told to try
    again in a moment, and her socket stays open; once Redis answers, her next message
    is read as usual."""
    ann = await _connect(table.code, table.sessions[table.actor])
    await _settle(ann)
    clients = plumbing.cache._loop_clients
    where = (asyncio.get_running_loop(), settings.REDIS_URL)
    real = clients[where]
    try:
        monkeypatch.setitem(clients, where, redis.asyncio.Redis.from_url(nowhere))
        await ann.send_json_to({"kind": "ping"})
        toast = await _until(ann, lambda message: TOAST in message)
        assert str(consumers.TRY_AGAIN) in html.unescape(toast)
        clients[where] = real
        await ann.send_json_to({"kind": "react", "emoji": "💩"})
        assert "can't send that here" in html.unescape(await _until(ann, lambda message: TOAST in message))
    finally:
        clients[where] = real
        await ann.disconnect()


def test_pages_that_need_redis_say_try_again_and_the_others_still_answer(writers_redis_gone, nowhere):
    """While Redis is unreachable Ann's room page (the code guard and presence live in
    Redis) answers a short "try again" page, 503 with Retry-After, not a 500; the home
    page and the lobby still answer, and still know her (her session is read from the
    database); the lobby lists the games at play, but no waiting room, which nobody could
    open meanwhile."""
    room = create(ANN)
    ann = client_for(ANN)
    caches = {"default": {**settings.CACHES["default"], "LOCATION": nowhere}}
    with override_settings(CACHES=caches):
        page = ann.get(f"/rooms/{room.code}/")
        assert page.status_code == 503 and page["Retry-After"] == "5"
        assert "Try again in a moment" in page.content.decode()
        for path in ("/", "/rooms/"):
            answer = ann.get(path)
            assert answer.status_code == 200 and "Ann" in answer.content.decode()
        assert room.code not in ann.get("/rooms/").content.decode()
