"""Which accounts have a page of the site open, and the public table each page shows.

Each signed-in page keeps a socket to the site (``rooms.live.site``); each socket is a
member of its account's sorted set, scored by when it expires, and names the public
room its page shows, if any (a private room is never written here). A socket that stops
pinging (its process died) drops out by itself.
"""

import time

from rooms.store.redisclients import async_client, key, sync_client

TTL_SECONDS = 75
NO_ROOM = "-"


def _key(user_id: int) -> str:
    return key("online", user_id)


def _member(channel_name: str, room_id: int | None) -> str:
    return f"{NO_ROOM if room_id is None else room_id}|{channel_name}"


async def touch(user_id: int, channel_name: str, room_id: int | None) -> None:
    now = time.time()
    pipeline = async_client().pipeline(transaction=False)
    pipeline.zadd(_key(user_id), {_member(channel_name, room_id): now + TTL_SECONDS})
    pipeline.zremrangebyscore(_key(user_id), "-inf", now)
    pipeline.expire(_key(user_id), TTL_SECONDS * 2)
    await pipeline.execute()


async def leave(user_id: int, channel_name: str, room_id: int | None) -> None:
    await async_client().zrem(_key(user_id), _member(channel_name, room_id))


def of(user_ids: list[int]) -> dict[int, set[int]]:
    """The accounts among ``user_ids`` that are online, each with the public rooms its
    pages show; in one trip to Redis."""
    if not user_ids:
        return {}
    now = time.time()
    pipeline = sync_client().pipeline(transaction=False)
    for user_id in user_ids:
        pipeline.zrangebyscore(_key(user_id), now, "+inf")
    online = {}
    for user_id, members in zip(user_ids, pipeline.execute()):
        if members:
            rooms = {(member.decode() if isinstance(member, bytes) else member).split("|", 1)[0] for member in members}
            online[user_id] = {int(room) for room in rooms if room != NO_ROOM}
    return online
