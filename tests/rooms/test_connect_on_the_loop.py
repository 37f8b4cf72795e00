"""A socket that connects to a room its process has seen reads everything it needs —
the client's misses, the room's id, the guest's session, the newest stored version —
on the event loop, never queuing behind the one thread that every database call of the
process shares."""

import asyncio
import threading
from dataclasses import replace

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.sessions.backends.cached_db import KEY_PREFIX as SESSION_CACHE_PREFIX
from django.core.cache import cache

from accounts.identity import Player
from config.asgi import application
from rooms.store.redisclients import async_client
from rooms.store.snapshots import latest_key, load_snapshot, snapshots, store_snapshot
from tests.rooms.helpers import ANN, BEA, PEOPLE, assert_the_table_of_the_seat_of, client_for, playing_room

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("redis_url")]

CORA = Player(name="Cora", guest_id="guest-cora")


def _headers(person: Player) -> list[tuple[bytes, bytes]]:
    cookie = f"sessionid={client_for(person).session.session_key}".encode()
    return [(b"origin", b"http://localhost"), (b"host", b"localhost"), (b"cookie", cookie)]


async def _first_table(comm) -> str:
    while 'id="table-public"' not in (frame := await comm.receive_from(timeout=10)):
        pass
    return frame


@pytest.mark.asyncio
async def test_a_guest_connects_while_the_database_thread_is_busy():
    """Ann's socket opens Ann and Bea's room, so this process knows it. While the
    database thread is held by something slow, Bea's socket still opens and gets Bea's
    table: none of its connect waited for that thread."""
    room = await database_sync_to_async(playing_room)(PEOPLE)
    ann = WebsocketCommunicator(application, f"/ws/rooms/{room.code}/", headers=await sync_to_async(_headers)(ANN))
    assert (await ann.connect())[0]
    await _first_table(ann)
    bea_headers = await sync_to_async(_headers)(BEA)
    release = threading.Event()
    busy = asyncio.ensure_future(database_sync_to_async(release.wait)())
    bea = WebsocketCommunicator(application, f"/ws/rooms/{room.code}/", headers=bea_headers)
    try:
        assert (await bea.connect(timeout=10))[0]
        table = await _first_table(bea)
        assert f'data-version="{room.version}"' in table
        assert not busy.done(), "the database thread was free all along: this proves nothing"
    finally:
        release.set()
        await busy
        await bea.disconnect()
        await ann.disconnect()


def test_the_cache_reads_a_session_on_the_loop_as_it_reads_it_in_a_thread():
    """The site's cache reads from async code with its own client on the event loop, in
    Django's format: an integer, a pickled session, or nothing."""
    cache.set("loop-int", 7)
    cache.set("loop-session", {"guest_id": "g-1", "guest_name": "Ann"})

    async def read_on_the_loop():
        return [await cache.aget(name, "none") for name in ("loop-int", "loop-session", "loop-missing")]

    assert asyncio.run(read_on_the_loop()) == [7, {"guest_id": "g-1", "guest_name": "Ann"}, "none"]


@pytest.mark.asyncio
async def test_the_latest_stored_version_is_never_lowered():
    """The writers of two versions store them after their commits, in either order: the
    later version stored first stays the room's latest, and is a socket's first table."""
    room = await database_sync_to_async(playing_room)(PEOPLE)
    now = await database_sync_to_async(load_snapshot)(room.pk)
    later = replace(now, version=now.version + 1)
    await sync_to_async(store_snapshot)(later, {})
    await sync_to_async(store_snapshot)(now, {})
    assert int(await async_client().get(latest_key(room.pk))) == later.version
    assert (await snapshots.at_latest(room.pk, await async_client().get(latest_key(room.pk)))).version == later.version


@pytest.mark.asyncio
async def test_a_room_with_no_version_stored_is_read_from_the_database():
    """A room still for longer than its versions are kept has none stored: a socket's
    first table is then the room as the database has it."""
    room = await database_sync_to_async(playing_room)(PEOPLE)
    await async_client().delete(latest_key(room.pk))
    first_table = await snapshots.at_latest(room.pk, await async_client().get(latest_key(room.pk)))
    assert first_table == await database_sync_to_async(load_snapshot)(room.pk)


async def _commands_called() -> dict[str, int]:
    stats = await async_client().info("commandstats")
    return {name.removeprefix("cmdstat_"): figures["calls"] for name, figures in stats.items()}


@pytest.mark.asyncio
async def test_a_socket_reads_its_session_in_the_trip_that_reads_the_room():
    """Ann's socket opens the room, so this process knows it. Bea's socket then reads her
    session, the client's misses and the room's latest version in one MGET, and no GET:
    her session costs her connect no trip to Redis of its own."""
    room = await database_sync_to_async(playing_room)(PEOPLE)
    ann = WebsocketCommunicator(application, f"/ws/rooms/{room.code}/", headers=await sync_to_async(_headers)(ANN))
    assert (await ann.connect())[0]
    await _first_table(ann)
    bea = WebsocketCommunicator(application, f"/ws/rooms/{room.code}/", headers=await sync_to_async(_headers)(BEA))
    before = await _commands_called()
    try:
        assert (await bea.connect())[0]
        await _first_table(bea)
        after = await _commands_called()
    finally:
        await bea.disconnect()
        await ann.disconnect()
    assert after.get("mget", 0) - before.get("mget", 0) == 1
    assert after.get("get", 0) - before.get("get", 0) == 0


@pytest.mark.asyncio
async def test_a_session_the_cache_has_lost_is_read_from_the_database():
    """Bea's session is gone from the cache (evicted, or Redis restarted): her socket
    reads it from the database and gets the table of her seat, not a spectator's."""
    room = await database_sync_to_async(playing_room)(PEOPLE)
    headers = await sync_to_async(_headers)(BEA)
    session_key = dict(headers)[b"cookie"].decode().removeprefix("sessionid=")
    await cache.adelete(SESSION_CACHE_PREFIX + session_key)
    bea = WebsocketCommunicator(application, f"/ws/rooms/{room.code}/", headers=headers)
    assert (await bea.connect())[0]
    try:
        await assert_the_table_of_the_seat_of(BEA, await _first_table(bea), room.pk)
    finally:
        await bea.disconnect()
