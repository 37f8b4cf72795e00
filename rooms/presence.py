"""Who is connected to a room, kept in Redis so every server process sees it.

Each WebSocket connection is a member of the room's sorted set, scored by when it
expires; a connection that stops pinging (its process died) drops out by itself.
"""

import asyncio
import time
from dataclasses import dataclass

import redis
import redis.asyncio as aioredis
from django.conf import settings

TTL_SECONDS = 75
SPECTATOR = "s"


@dataclass(frozen=True)
class Presence:
    connected_seats: frozenset[int]
    spectators: int

    def as_event(self) -> dict:
        return {"seats": sorted(self.connected_seats), "spectators": self.spectators}

    @classmethod
    def from_event(cls, event: dict) -> "Presence":
        return cls(frozenset(event["seats"]), event["spectators"])


NOBODY = Presence(frozenset(), 0)


def _key(room_id: int) -> str:
    return f"{settings.CACHES['default']['KEY_PREFIX']}:presence:{room_id}"


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


_async_clients: dict = {}
_sync_client = None


def _aio():
    """One client per event loop: a connection cannot cross loops."""
    loop = asyncio.get_running_loop()
    client = _async_clients.get(loop)
    if client is None:
        client = _async_clients[loop] = aioredis.from_url(settings.REDIS_URL)
    return client


async def touch(room_id: int, channel_name: str, seat: int | None) -> Presence:
    now = time.time()
    key = _key(room_id)
    async with _aio().pipeline(transaction=False) as pipe:
        pipe.zadd(key, {_member(channel_name, seat): now + TTL_SECONDS})
        pipe.zremrangebyscore(key, "-inf", now)
        pipe.expire(key, TTL_SECONDS * 2)
        pipe.zrange(key, 0, -1)
        *_, members = await pipe.execute()
    return _summarise(members)


async def leave(room_id: int, channel_name: str, seat: int | None) -> Presence:
    key = _key(room_id)
    async with _aio().pipeline(transaction=False) as pipe:
        pipe.zrem(key, _member(channel_name, seat))
        pipe.zrangebyscore(key, time.time(), "+inf")
        _, members = await pipe.execute()
    return _summarise(members)


def current(room_id: int) -> Presence:
    """For a page load (sync code)."""
    global _sync_client
    if _sync_client is None:
        _sync_client = redis.Redis.from_url(settings.REDIS_URL)
    return _summarise(_sync_client.zrangebyscore(_key(room_id), time.time(), "+inf"))
