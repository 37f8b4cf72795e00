"""What happens after a room's transaction commits: tell its viewers, set its timers."""

import random
from datetime import timedelta

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import transaction


def room_group(room_id: int) -> str:
    return f"room.{room_id}"


def bot_delay() -> timedelta:
    """A short, human-like pause before a bot moves, so people can follow the game."""
    low, high = settings.BOT_DELAY_MS
    return timedelta(milliseconds=random.randint(low, high))


def after_commit(room) -> None:
    """Once per transaction and room: announce the new version and schedule timers."""
    if getattr(room, "_followups_pending", False):
        return
    room._followups_pending = True
    transaction.on_commit(lambda: _announce_and_schedule(room))


def _announce_and_schedule(room) -> None:
    room._followups_pending = False
    announce(room.id, room.version)
    _schedule(room)


def announce(room_id: int, version: int) -> None:
    """Tell every viewer of the room that it changed. The event carries no cards."""
    async_to_sync(get_channel_layer().group_send)(
        room_group(room_id), {"type": "room.changed", "version": version}
    )


def _schedule(room) -> None:
    from rooms import tasks

    if room.status == room.Status.WAITING and room.autostart_at is not None:
        tasks.autostart.apply_async((room.id,), eta=room.autostart_at)
    if room.status != room.Status.PLAYING:
        return
    match = room.match
    if match.deadline is not None:
        tasks.fire_timeout.apply_async((room.id, room.version), eta=match.deadline)
    if match.bot_due_at is not None:
        tasks.play_bot.apply_async((room.id, room.version), eta=match.bot_due_at)
