"""What happens after a room's transaction commits: tell its viewers, set its timers.

Both go through Redis (the snapshot store and Celery's broker). While Redis is
unreachable the change stays committed, its writer goes on, and the room is noted in
the database as ``Unannounced``: the beat's sweep stores, announces and schedules it
once Redis answers again.
"""

import logging
import random
import time
from datetime import timedelta

from celery import current_app
from django.conf import settings
from django.db import transaction
from kombu.exceptions import OperationalError

from config.cache import UNREACHABLE
from config.loglimit import LimitedLog
from rooms.layerwire import on_the_wire
from rooms.models import Unannounced
from rooms.rendering import shared_fragments, spectators_fragments
from rooms.snapshots import load_snapshot, loaded_room, snapshot_of, store_snapshot

limited_log = LimitedLog(logging.getLogger(__name__))


def room_group(room_id: int) -> str:
    return f"room.{room_id}"


def bot_delay() -> timedelta:
    """A short, human-like pause before a bot moves, so people can follow the game."""
    low, high = settings.BOT_DELAY_MS
    return timedelta(milliseconds=random.randint(low, high))


def after_commit(room, seats=None) -> None:
    """Called after the transaction's last change to ``room`` (and ``seats``, its seat
    rows as they are now, if the caller has them): that is the snapshot its viewers get,
    taken while the row lock is held. Once the transaction commits, store the snapshot
    with its public fragment rendered, announce the new version and schedule the
    timers."""
    if seats is None:
        room._snapshot = load_snapshot(room.id)
    else:
        room._snapshot = snapshot_of(room, getattr(room, "match", None), seats)
    if getattr(room, "_followups_pending", False):
        return
    room._followups_pending = True
    transaction.on_commit(lambda: _announce_and_schedule(room))


def is_pending(room) -> bool:
    """This transaction has already changed ``room`` (and given it a new version)."""
    return getattr(room, "_followups_pending", False)


def _announce_and_schedule(room) -> None:
    committed_at = time.time()
    room._followups_pending = False
    _follow_up(room, room.__dict__.pop("_snapshot"), committed_at)


def _follow_up(room, snapshot, committed_at: float) -> None:
    try:
        store_snapshot(snapshot, shared_fragments(snapshot), announcement(snapshot, committed_at))
        _schedule(room, snapshot)
    except (*UNREACHABLE, OperationalError) as error:  # OperationalError: Celery's, for its broker
        Unannounced.objects.bulk_create([Unannounced(room_id=room.id)], ignore_conflicts=True)
        limited_log.warning(
            "Redis is unreachable (%s): room %s at version %s is left to the sweep.", error, room.id, snapshot.version
        )


def announce_the_unannounced() -> None:
    """Each room whose change met an unreachable Redis is stored, announced and given
    its timers at the version it has now (the beat's sweep calls this: it runs only
    while Redis answers)."""
    room_ids = list(Unannounced.objects.values_list("room_id", flat=True))
    for room_id in room_ids:
        Unannounced.objects.filter(room_id=room_id).delete()  # first: a new failure notes it again
        room = loaded_room(room_id)
        if room is not None:
            _follow_up(room, snapshot_of(room, getattr(room, "match", None), list(room.seats.all())), time.time())


def announcement(snapshot, committed_at: float) -> tuple[str, bytes]:
    """What tells every viewer of the room that it changed, and when (the time of the
    commit, which the load test times its pushes from), as the channel layer publishes
    it: the snapshot's store sends it. It carries the table every spectator is shown,
    which a spectator's consumer sends with no fetch of the snapshot while the seating
    stays the same, and nothing that a spectator may not see."""
    public, spectators = spectators_fragments(snapshot)
    event = {
        "type": "room.changed",
        "version": snapshot.version,
        "committed_at": committed_at,
        "seating": snapshot.seating,
        "public": public,
        "spectators": spectators,
    }
    return on_the_wire(room_group(snapshot.room_id), event)


def _schedule(room, snapshot) -> None:
    if room.status == room.Status.WAITING and room.autostart_at is not None:
        _send("rooms.tasks.autostart", (room.id,), eta=room.autostart_at)
    if room.status != room.Status.PLAYING:
        return
    match = room.match
    if match.deadline is not None and (_awaits_a_person(snapshot) or match.deadline == match.paused_until):
        # While only bots are awaited the beat's sweep is guarantee enough, except for
        # the end of a pause that a forced move waits for (the game would lag behind).
        _send("rooms.tasks.fire_timeout", (room.id, room.version), eta=match.deadline)
    if match.bot_due_at is not None:
        _send("rooms.tasks.play_bot", (room.id, room.version), eta=match.bot_due_at, queue=snapshot.bot_queue())


def _send(task_name: str, args: tuple, eta, queue: str | None = None) -> None:
    """Send a task by its name, so that the follow-ups import neither the tasks nor the
    services they call (which call the follow-ups). The task routes apply unless a
    queue is given."""
    current_app.send_task(task_name, args=args, eta=eta, queue=queue)


def _awaits_a_person(snapshot) -> bool:
    rules = snapshot.rules
    return any(not rules.played_by_bot(snapshot.seats[seat]) for seat in rules.engine.to_act(snapshot.state))
