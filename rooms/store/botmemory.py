"""What a table's bots remember between their moves.

Rooms ask a new bot object for every move, but a bot's memory (the Aces shown, the
cards played, the suits a player is void in…) outlives the view's short log. Each
seat's memory is kept in Redis between its moves; losing it (Redis emptied)
only makes the bot forget, as a fresh bot would.
"""

from __future__ import annotations

import logging
import pickle
from typing import cast

import redis

from rooms.store.redisclients import key, sync_client

log = logging.getLogger(__name__)

KEEP_SECONDS = 12 * 3600


def memory_key(room_id: int, seat: int, level: str) -> str:
    """A room has one match, so the room and seat name the bot."""
    return key("bot-memory", room_id, seat, level)


def recall(bot, room_id: int, seat: int, level: str) -> None:
    """Give ``bot`` what this seat's bot remembered at its last move, if anything."""
    if getattr(bot, "memory", None) is None:
        return
    try:
        memory = sync_client().get(memory_key(room_id, seat, level))
    except redis.RedisError:
        log.warning("Redis is down: the bot at seat %s plays from its view alone.", seat)
        return
    if memory is not None:
        bot.memory = pickle.loads(cast(bytes, memory))  # the client does not decode what it reads


def keep(bot, room_id: int, seat: int, level: str) -> None:
    """Keep the bot's memory for its next move."""
    if getattr(bot, "memory", None) is None:
        return
    try:
        sync_client().set(memory_key(room_id, seat, level), pickle.dumps(bot.memory), ex=KEEP_SECONDS)
    except redis.RedisError:
        log.warning("Redis is down: the bot at seat %s will not remember this move.", seat)
