"""Telling a room's viewers, in every process, that who is connected changed.

A table's viewers often come and go together (a new game, a page reload, a crowd
arriving): each of twenty sockets connecting would otherwise tell all the others, four
hundred wake-ups where a few do. Per room, the first change is announced at once; the
changes made in this process over the next ``WINDOW_SECONDS`` share one announcement
at its end. Each viewer reads who is connected after it hears, so none is left out.
"""

import asyncio
import logging

from plumbing.cache import UNREACHABLE
from plumbing.loglimit import LimitedLog
from rooms.push.followups import room_group

limited_log = LimitedLog(logging.getLogger(__name__))

WINDOW_SECONDS = 0.2

# Per event loop and room: whether a change came during the room's open window.
_windows: dict[tuple, bool] = {}
_late_announcements: set[asyncio.Task] = set()  # kept, as the loop holds its tasks weakly


async def announce(channel_layer, room_id: int) -> None:
    """Who is connected to the room changed (the change is in Redis already)."""
    loop = asyncio.get_running_loop()
    window = (loop, room_id)
    if window in _windows:
        _windows[window] = True
        return
    _windows[window] = False
    loop.call_later(WINDOW_SECONDS, _close, channel_layer, window)
    await channel_layer.group_send(room_group(room_id), {"type": "room.presence"})


def _close(channel_layer, window: tuple) -> None:
    if _windows.pop(window):
        loop, room_id = window
        task = loop.create_task(_announce_late(channel_layer, room_id))
        _late_announcements.add(task)
        task.add_done_callback(_late_announcements.discard)


async def _announce_late(channel_layer, room_id: int) -> None:
    """As ``announce``, with nobody to tell if Redis is unreachable: viewers hear of who
    is connected at the next change or ping."""
    try:
        await announce(channel_layer, room_id)
    except UNREACHABLE as error:
        limited_log.warning("Redis is unreachable (%s): presence not announced in room %s.", error, room_id)


def forget_all() -> None:
    """Forget every window and late announcement, as a new process starts (between
    tests, when the loops they belong to are closed)."""
    _windows.clear()
    _late_announcements.clear()
