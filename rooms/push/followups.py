"""What happens after a room's transaction commits: tell its viewers, set its timers.

Both go through Redis (the snapshot store and Celery's broker). While Redis is
unreachable the change stays committed, its writer goes on, and the room is noted in
the database as ``Unannounced``: the beat's sweep stores, announces and schedules it
once Redis answers again.
"""

import functools
import logging
import random
import time
from datetime import timedelta

from celery import current_app
from django.conf import settings
from django.db import DatabaseError, transaction
from kombu.exceptions import OperationalError

from plumbing.cache import UNREACHABLE
from plumbing.loglimit import LimitedLog
from rooms.models import Unannounced
from rooms.push.changes import Change, Timer, change_of
from rooms.push.layerwire import on_the_wire
from rooms.rendering import SHARED_KEYS, neutral_fragments
from rooms.store.snapshots import Snapshot, loaded_room, store_snapshot, with_ratings
from rooms.translations import NEUTRAL

limited_log = LimitedLog(logging.getLogger(__name__))


def room_group(room_id: int) -> str:
    return f"room.{room_id}"


def bot_delay() -> timedelta:
    """A short, human-like pause before a bot moves, so people can follow the game."""
    low, high = settings.BOT_DELAY_MS
    return timedelta(milliseconds=random.randint(low, high))


def send_on_commit(change: Change) -> None:
    """Once the transaction commits, store ``change``'s snapshot with its ratings and
    its public fragment rendered, announce its version and send its timers. Called once
    for each room the transaction changed, after the room's last change."""
    transaction.on_commit(functools.partial(_committed, change))


def _committed(change: Change) -> None:
    _follow_up(change, time.time())


def _follow_up(change: Change, committed_at: float) -> None:
    try:
        snapshot = _rated(change.snapshot)
        shared = neutral_fragments(snapshot)
        store_snapshot(snapshot, {NEUTRAL: shared}, announcement(snapshot, shared, committed_at))
        for timer in change.timers:
            _send(timer)
    except (*UNREACHABLE, OperationalError) as error:  # OperationalError: Celery's, for its broker
        Unannounced.objects.bulk_create([Unannounced(room_id=change.room_id)], ignore_conflicts=True)
        limited_log.warning(
            "Redis is unreachable (%s): room %s at version %s is left to the sweep.",
            error, change.room_id, change.version,
        )


def _rated(snapshot: Snapshot) -> Snapshot:
    """``snapshot`` with its seats' ratings, or without them if the database fails to
    read them: the change is committed, so its viewers still hear of it."""
    try:
        return with_ratings(snapshot)
    except DatabaseError as error:
        limited_log.warning(
            "The ratings of room %s at version %s could not be read (%s): it is announced without them.",
            snapshot.room_id, snapshot.version, error,
        )
        return snapshot


def announce_the_unannounced() -> None:
    """Each room whose change met an unreachable Redis is stored, announced and given
    its timers at the version it has now (the beat's sweep calls this: it runs only
    while Redis answers)."""
    room_ids = list(Unannounced.objects.values_list("room_id", flat=True))
    for room_id in room_ids:
        Unannounced.objects.filter(room_id=room_id).delete()  # first: a new failure notes it again
        room = loaded_room(room_id)
        if room is not None:
            _follow_up(change_of(room, list(room.seats.all())), time.time())


def announcement(snapshot: Snapshot, shared: dict, committed_at: float) -> tuple[str, bytes]:
    """What tells every viewer of the room that it changed, and when (the time of the
    commit, which the load test times its pushes from), as the channel layer publishes
    it: the snapshot's store sends it. It carries the table every spectator is shown,
    in no language (``shared``: ``rendering.neutral_fragments``), which a spectator's
    consumer puts into its viewer's language and sends with no fetch of the snapshot
    while the seating stays the same; nothing that a spectator may not see."""
    public, spectators = (shared[key] for key in SHARED_KEYS)
    event = {
        "type": "room.changed",
        "version": snapshot.version,
        "committed_at": committed_at,
        "seating": snapshot.seating,
        "public": public,
        "spectators": spectators,
    }
    return on_the_wire(room_group(snapshot.room_id), event)


def _send(timer: Timer) -> None:
    """Send a task by its name, so that the follow-ups import neither the tasks nor the
    actions they call (which call the follow-ups). The task routes apply unless the
    timer names a queue."""
    current_app.send_task(timer.task, args=timer.args, eta=timer.eta, queue=timer.queue)
