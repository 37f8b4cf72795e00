"""Who is connected to a room, kept in Redis so every server process sees it.

Each WebSocket connection is a member of the room's sorted set, scored by when it
expires; a connection that stops pinging (its process died) drops out by itself.
"""

import time
from dataclasses import dataclass

from rooms.redisclients import async_client, key, sync_client

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


async def touch(room_id: int, channel_name: str, seat: int | None) -> Presence:
    now = time.time()
    key = _key(room_id)
    async with async_client().pipeline(transaction=False) as pipe:
        pipe.zadd(key, {_member(channel_name, seat): now + TTL_SECONDS})
        pipe.zremrangebyscore(key, "-inf", now)
        pipe.expire(key, TTL_SECONDS * 2)
        pipe.zrange(key, 0, -1)
        *_, members = await pipe.execute()
    return _summarise(members)


async def leave(room_id: int, channel_name: str, seat: int | None) -> Presence:
    key = _key(room_id)
    async with async_client().pipeline(transaction=False) as pipe:
        pipe.zrem(key, _member(channel_name, seat))
        pipe.zrangebyscore(key, time.time(), "+inf")
        _, members = await pipe.execute()
    return _summarise(members)


async def now(room_id: int) -> Presence:
    return _summarise(await async_client().zrangebyscore(_key(room_id), time.time(), "+inf"))


def current(room_id: int) -> Presence:
    """For a page load (sync code)."""
    return _summarise(sync_client().zrangebyscore(_key(room_id), time.time(), "+inf"))
