"""Who is connected to a room, kept in Redis so every server process sees it.

Each WebSocket connection is a member of the room's sorted set, scored by when it
expires; a connection that stops pinging (its process died) drops out by itself. A
member names its seat (or a spectator) and its channel.
"""

import asyncio
import functools
import time
from dataclasses import dataclass

from redis.commands.core import AsyncScript

from rooms.store.redisclients import async_client, key, sync_client

TTL_SECONDS = 75
SPECTATOR = "s"


@dataclass(frozen=True)
class Presence:
    connected_seats: frozenset[int]
    spectators: int


NOBODY = Presence(frozenset(), 0)


def _key(room_id: int) -> str:
    return key("presence", room_id)


def _member(channel_name: str, seat: int | None) -> str:
    return f"{SPECTATOR if seat is None else seat}|{channel_name}"


def _summarise(members) -> Presence:
    seats, spectators = set(), 0
    for member in members:
        who = (member.decode() if isinstance(member, bytes) else member).split("|", 1)[0]
        if who == SPECTATOR:
            spectators += 1
        else:
            seats.add(int(who))
    return Presence(frozenset(seats), spectators)


# A connection's entry given its new expiry and the expired entries dropped, in one
# command rather than a pipeline of four, which cost the web process 1.7 times the
# processor time: every socket that connects or pings touches.
_TOUCH = """
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4])
return redis.call('ZRANGE', KEYS[1], 0, -1)
"""
_LEAVE = """
redis.call('ZREM', KEYS[1], ARGV[1])
return redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[2], '+inf')
"""


async def touch(room_id: int, channel_name: str, seat: int | None) -> Presence:
    now = time.time()
    args: list[str | float] = [_member(channel_name, seat), now + TTL_SECONDS, now, TTL_SECONDS * 2]
    return _summarise(await _script(_TOUCH)(keys=[_key(room_id)], args=args, client=async_client()))


async def leave(room_id: int, channel_name: str, seat: int | None) -> Presence:
    args: list[str | float] = [_member(channel_name, seat), time.time()]
    return _summarise(await _script(_LEAVE)(keys=[_key(room_id)], args=args, client=async_client()))


@functools.cache
def _script(lua: str) -> AsyncScript:
    """Made once per process, bound to no client: each call runs it with the client of
    the caller's event loop (and loads it into Redis the first time Redis lacks it)."""
    # redis-py's types want a client here; a script given as bytes needs none.
    return AsyncScript(None, lua.encode())  # type: ignore[arg-type]


async def now(room_id: int) -> Presence:
    return _summarise(await async_client().zrangebyscore(_key(room_id), time.time(), "+inf"))


# Per room, the read of who is connected under way in this process and the loop time it
# began: a room's viewers are told of a change together and read after it together.
_reads_under_way: dict[int, tuple[float, asyncio.Future[Presence]]] = {}


async def now_since(room_id: int, since: float) -> Presence:
    """Who is connected, read from Redis no earlier than ``since`` (the event loop's
    time when the asker heard of the change): the viewers of a room that ask together
    share one read."""
    loop = asyncio.get_running_loop()
    under_way = _reads_under_way.get(room_id)
    if under_way is None or under_way[0] < since or under_way[1].get_loop() is not loop:
        read = asyncio.ensure_future(now(room_id))
        under_way = _reads_under_way[room_id] = (loop.time(), read)
        read.add_done_callback(lambda _: _forget_read(room_id, read))
    return await asyncio.shield(under_way[1])


def _forget_read(room_id: int, read: asyncio.Future[Presence]) -> None:
    if _reads_under_way.get(room_id, (None, None))[1] is read:
        del _reads_under_way[room_id]


def forget_all() -> None:
    """Forget every read under way, as a new process starts (between tests)."""
    _reads_under_way.clear()


def current(room_id: int) -> Presence:
    """For a page load (sync code)."""
    return _summarise(sync_client().zrangebyscore(_key(room_id), time.time(), "+inf"))


def current_of(room_ids: list[int]) -> dict[int, Presence]:
    """Who is connected to each of these rooms, in one trip to Redis (sync: the lobby's
    list and the sweep's look at waiting hosts)."""
    if not room_ids:
        return {}
    now = time.time()
    pipeline = sync_client().pipeline(transaction=False)
    for room_id in room_ids:
        pipeline.zrangebyscore(_key(room_id), now, "+inf")
    return {room_id: _summarise(members) for room_id, members in zip(room_ids, pipeline.execute())}
