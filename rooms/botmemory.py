"""What a table's bots remember between their moves.

Rooms ask a new bot object for every move, but a bot's memory (the Aces shown, the
cards played, the suits a player is void in…) outlives the view's short log. Each
seat's memory is kept in the cache between its moves; losing it (the cache emptied)
only makes the bot forget, as a fresh bot would.
"""

from __future__ import annotations

import logging

from django.core.cache import cache

from rooms.models import Match

log = logging.getLogger(__name__)

KEEP_SECONDS = 12 * 3600


def memory_key(match: Match, seat: int, level: str) -> str:
    return f"bot-memory:{match.pk}:{match.started_at.timestamp()}:{seat}:{level}"


def recall(bot, match: Match, seat: int, level: str) -> None:
    """Give ``bot`` what this seat's bot remembered at its last move, if anything."""
    if getattr(bot, "memory", None) is None:
        return
    try:
        memory = cache.get(memory_key(match, seat, level))
    except Exception:
        log.warning("The cache is down: the bot at seat %s plays from its view alone.", seat)
        return
    if memory is not None:
        bot.memory = memory


def keep(bot, match: Match, seat: int, level: str) -> None:
    """Keep the bot's memory for its next move."""
    if getattr(bot, "memory", None) is None:
        return
    try:
        cache.set(memory_key(match, seat, level), bot.memory, KEEP_SECONDS)
    except Exception:
        log.warning("The cache is down: the bot at seat %s will not remember this move.", seat)
