"""What one write changed in one room, as the write path hands it to what follows the
commit.

Each transaction that changes a room ends with a ``Change`` of it (``rooms/actions/``):
the room's snapshot at its new version, taken from the objects the transaction saved
while it still holds the row lock, and the timers that version calls for. The write
binds it to its commit (``followups.send_on_commit``), which stores and announces the
snapshot and sends the timers: nothing is carried on the room or its match.
"""

from dataclasses import dataclass
from datetime import datetime

from rooms.models import Room, Seat
from rooms.store.snapshots import Snapshot, snapshot_without_ratings


@dataclass(frozen=True)
class Timer:
    """A task to send once the change commits, by its name (``rooms.tasks``), due at
    ``eta``; ``queue`` None: the task's own route."""

    task: str
    args: tuple[int, ...]
    eta: datetime
    queue: str | None = None


@dataclass(frozen=True)
class Change:
    """The room at its new version: its snapshot, whose ratings the follow-ups read after
    the commit (``snapshots.with_ratings``), and the timers it calls for."""

    snapshot: Snapshot
    timers: tuple[Timer, ...]

    @property
    def room_id(self) -> int:
        return self.snapshot.room_id

    @property
    def version(self) -> int:
        return self.snapshot.version


def change_of(room: Room, seats: list[Seat]) -> Change:
    """The change the transaction made to ``room`` (its last: saved with its version),
    with its ``seats`` as they are now: no query."""
    match = getattr(room, "match", None)
    snapshot = snapshot_without_ratings(room, match, seats)
    return Change(snapshot, _timers(room, match, snapshot))


def _timers(room: Room, match, snapshot: Snapshot) -> tuple[Timer, ...]:
    if room.status == Room.Status.WAITING and room.autostart_at is not None:
        return (Timer("rooms.tasks.autostart", (room.id,), room.autostart_at),)
    if room.status != Room.Status.PLAYING:
        return ()
    timers = []
    if match.deadline is not None and (_awaits_a_person(snapshot) or match.deadline == match.paused_until):
        # While only bots are awaited the beat's sweep is guarantee enough, except for
        # the end of a pause that a forced move waits for (the game would lag behind).
        timers.append(Timer("rooms.tasks.fire_timeout", (room.id, room.version), match.deadline))
    if match.bot_due_at is not None:
        timers.append(Timer("rooms.tasks.play_bot", (room.id, room.version), match.bot_due_at, snapshot.bot_queue()))
    return tuple(timers)


def _awaits_a_person(snapshot: Snapshot) -> bool:
    rules = snapshot.rules
    return any(not rules.played_by_bot(snapshot.seats[seat]) for seat in rules.engine.to_act(snapshot.state))
