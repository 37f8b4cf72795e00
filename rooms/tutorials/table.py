"""A tutorial's table, drawn by the game's own partials from the lesson's state, as a
room's table is: a snapshot of no room (never stored, never announced), the learner in
their lesson's seat and bots in the others, with no clock."""

from __future__ import annotations

from django.utils.safestring import SafeString, mark_safe

from rooms.models import Room
from rooms.rendering import render_private, render_public
from rooms.store.presence import Presence
from rooms.store.snapshots import SeatInfo, Snapshot
from rooms.tutorials.runner import Place, engine_of, lesson_of

BOT_LEVEL = "normal"  # the name the bots' seats show


def snapshot_of(place: Place, player) -> Snapshot:
    lesson = lesson_of(place)
    seats = [
        SeatInfo(index, player.name, "", player.user_id, player.guest_id or "")
        if index == lesson.seat
        else SeatInfo(index, "", BOT_LEVEL, None, "")
        for index in range(lesson.players)
    ]
    return Snapshot(
        room_id=0, code="", game=place["game"],
        options=engine_of(place).validate_options(dict(lesson.options), lesson.players),
        is_public=False, status=str(Room.Status.PLAYING), version=place["version"], host_seat=lesson.seat,
        seats=seats, state=place["state"], deadline_ms=None, autostart_ms=None,
    )


def render_tutorial_table(place: Place, player) -> SafeString:
    """The public and private fragments, as the learner's seat sees them."""
    snapshot = snapshot_of(place, player)
    seat = lesson_of(place).seat
    here = Presence(frozenset({seat}), 0)  # the learner, at the table
    return mark_safe(render_public(snapshot, here, seat) + render_private(snapshot, here, seat))
