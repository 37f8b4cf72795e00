"""A room as its viewers see it at one version, built once and shared.

The transaction that makes a version builds its snapshot while it still holds the
room's row lock, so the snapshot is exactly that version; once it commits, the
snapshot, given the ratings its seats show (read then, not under the lock), goes to
Redis under its version before its viewers are told. Each consumer
process then fetches each version of a room at most once, however many of its viewers
watch it, with no database query, and can push every version in order even when
announcements arrive out of order. What every spectator is shown is rendered once per
version, by the writer before it stores the snapshot (and announced with the version, so
a spectator needs no fetch), and only each player's private part per player.
"""

import asyncio
import functools
import hashlib
import logging
import pickle
import time
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from datetime import timedelta

from channels.db import database_sync_to_async

from fairplay import outcomes
from leaderboard.rating_boards import rating_changes, table_badges
from rooms.gamerules import BOT_QUEUES, HOST_AWAY_LIMIT, STANDIN_LEVEL, rules_for
from rooms.models import Room
from rooms.occupants import Occupant
from rooms.store.redisclients import async_client, key, sync_client

log = logging.getLogger(__name__)

# Long enough for a viewer to catch up on versions it was told about out of order or
# late; a viewer further behind is sent the newest table, which is whole too.
STORED_SECONDS = 60
# Bump when Snapshot (or what its extras hold) changes shape or module, so that no process
# reads another's pickles.
FORMAT = 12


@dataclass(frozen=True)
class SeatInfo(Occupant):
    index: int
    name: str
    bot_level: str
    user_id: int | None
    guest_id: str
    timeouts_in_a_row: int = 0
    rating: str = ""  # shown by the name: "1234", "1000?" while provisional; none for a guest
    # The person's share of games played to the end when they sat down (fairplay); None
    # for a bot, an empty seat or someone new.
    reliability: int | None = None

    @property
    def reliability_is_low(self) -> bool:
        return outcomes.is_low(self.reliability)


@dataclass
class Snapshot:
    room_id: int
    code: str
    game: str
    options: dict
    is_public: bool
    status: str
    version: int
    host_seat: int
    seats: list[SeatInfo]
    state: dict | None
    deadline_ms: int | None
    autostart_ms: int | None
    ended_by_staff: str = ""
    proposal: dict | None = None
    next_code: str = ""  # the room the players moved on to after the game
    away_host: str = ""  # the host who was away when the host passed on or the room closed
    min_reliability: int | None = None  # what a public room's host asks of the people who sit down
    extras: dict = field(default_factory=dict)  # RoomRules.snapshot_extras
    # While the table stays still for people to read what just happened; the turn
    # clock (deadline_ms) runs from its end.
    paused_until_ms: int | None = None
    salt: str = ""  # the match's: its commitment hashes it with the seed (rooms/fairness.py)
    # Once the game is finished: each rated seat's rating change in it (its results show them).
    rating_changes: dict[int, int] = field(default_factory=dict)
    # Fragments rendered from it (rooms/rendering.py): a cache, not part of the table.
    rendered: dict = field(default_factory=dict, compare=False)

    @property
    def rules(self):
        return rules_for(self.game)

    def is_paused(self) -> bool:
        return self.paused_until_ms is not None and self.paused_until_ms > time.time() * 1000

    def seat_of(self, player) -> int | None:
        return next((seat.index for seat in self.seats if seat.belongs_to(player)), None)

    @property
    def seating(self) -> str:
        """Who sits where, as a digest that names nobody: while it stays the same, so
        does every viewer's ``seat_of``."""
        occupants = [(seat.is_bot, seat.user_id, seat.guest_id) for seat in self.seats]
        return hashlib.blake2b(repr(occupants).encode(), digest_size=8).hexdigest()

    def awaited_bot(self) -> int | None:
        """The first seat awaited that a bot plays (a stand-in, at a person's seat)."""
        rules = self.rules
        return next((seat for seat in rules.engine.to_act(self.state) if rules.played_by_bot(self.seats[seat])), None)

    def bot_level(self, index: int) -> str:
        return self.seats[index].bot_level or STANDIN_LEVEL

    def bot_queue(self) -> str:
        """The Celery queue that takes the awaited bot's move."""
        seat = self.awaited_bot()
        return BOT_QUEUES[self.bot_level(seat)] if seat is not None else BOT_QUEUES[STANDIN_LEVEL]

    def stood_in_for(self, index: int | None) -> bool:
        """A stand-in bot plays this person's seat after their timeouts in a row."""
        if index is None or self.status != "playing":
            return False
        return self.rules.stood_in_for(self.seats[index])

    @property
    def host_away_minutes(self) -> int:
        """How long a waiting room's host may be away before the host passes on."""
        return HOST_AWAY_LIMIT // timedelta(minutes=1)

    @property
    def partner_seat(self) -> int | None:
        return self.rules.partner_seat(self.host_seat, len(self.seats))

    @property
    def opponent_seats(self) -> list[int]:
        partner = self.partner_seat
        if partner is None:
            return []
        return [i for i in range(len(self.seats)) if i not in (self.host_seat, partner)]

    @property
    def proposable_seats(self) -> list[SeatInfo]:
        """The people the host may ask for as partner."""
        return [self.seats[i] for i in self.opponent_seats if not self.seats[i].is_empty and not self.seats[i].is_bot]

    @property
    def pending_proposal(self) -> dict | None:
        """The host's pending proposal of a partner, with who is still to answer."""
        proposal = self.proposal or {}
        if proposal.get("status") != "pending" or self.status != "waiting":
            return None
        accepted = set(proposal.get("accepted", []))
        askers = [seat.index for seat in self.proposable_seats]
        return {
            "seat": proposal["seat"],
            "name": self.seats[proposal["seat"]].name,
            "waiting_for": [i for i in askers if i not in accepted],
            "accepted": sorted(accepted),
        }


def _ms(moment) -> int | None:
    return int(moment.timestamp() * 1000) if moment else None


def snapshot_without_ratings(room: Room, match, seat_rows) -> Snapshot:
    """The snapshot of ``room`` as these objects have it, plus what the game's
    ``snapshot_extras`` loads, with no rating yet: the part a write takes under the room's
    lock, which reads nothing of the leaderboard."""
    rules = rules_for(room.game)
    return Snapshot(
        room_id=room.id,
        code=room.code,
        game=room.game,
        options=room.options,
        is_public=room.is_public,
        status=room.status,
        version=room.version,
        host_seat=room.host_seat,
        seats=[
            SeatInfo(
                s.index, s.name, s.bot_level, s.user_id, s.guest_id, s.timeouts_in_a_row, reliability=s.reliability
            )
            for s in seat_rows
        ],
        state=match.state if match else None,
        deadline_ms=_ms(match.deadline) if match else None,
        autostart_ms=_ms(room.autostart_at),
        ended_by_staff=match.ended_by_staff if match else "",
        proposal=room.proposal,
        next_code=room.next_room.code if room.next_room_id else "",
        away_host=room.away_host,
        min_reliability=room.min_reliability,
        extras=rules.snapshot_extras(room, seat_rows) if rules.snapshot_extras is not None else {},
        paused_until_ms=_ms(match.paused_until) if match else None,
        salt=match.salt if match else "",
    )


def with_ratings(snapshot: Snapshot) -> Snapshot:
    """``snapshot`` with the rating each seat shows and, once the game is finished, each
    rated seat's rating change in it (a query each, none for the seats' ratings when only
    guests and bots sit)."""
    badges = table_badges(snapshot.game, snapshot.seats)
    return replace(
        snapshot,
        seats=[replace(seat, rating=str(badge or "")) for seat, badge in zip(snapshot.seats, badges)],
        rating_changes=rating_changes(snapshot.room_id) if snapshot.status == Room.Status.FINISHED else {},
    )


def loaded_room(room_id: int) -> Room | None:
    """The room with what its snapshot reads of its match and next room (one query)."""
    return Room.objects.select_related("match", "next_room").filter(pk=room_id).first()


def load_snapshot(room_id: int) -> Snapshot | None:
    """The room as the database has it now: the room with its match, its seats, then
    what the game's extras and the ratings read."""
    room = loaded_room(room_id)
    if room is None:
        return None
    return with_ratings(snapshot_without_ratings(room, getattr(room, "match", None), list(room.seats.all())))


def _stored_key(room_id: int, version: int) -> str:
    return key("snapshot", FORMAT, room_id, version)


def latest_key(room_id: int) -> str:
    return key("snapshot-latest", FORMAT, room_id)


# Stores a snapshot, raises the room's latest stored version to it (never lowers it: the
# writers of two versions store them after their commits, in either order) and, if
# given one, publishes its announcement: one trip to Redis, and no viewer is told of a
# version before it is stored.
_STORE = """
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[3])
if tonumber(redis.call('GET', KEYS[2]) or '0') < tonumber(ARGV[2]) then
    redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[3])
end
if ARGV[4] then
    redis.call('PUBLISH', ARGV[4], ARGV[5])
end
"""


def store_snapshot(snapshot: Snapshot, rendered: dict, announcement: tuple[str, bytes] | None = None) -> None:
    """Keep a committed version for every consumer process, with the fragments that the
    writer ``rendered`` once for all of them (sync: the writer's side); then publish
    ``announcement``, a Redis channel and its message (``rooms.push.layerwire``), if given."""
    data = pickle.dumps(replace(snapshot, rendered=rendered), protocol=pickle.HIGHEST_PROTOCOL)
    keys = [_stored_key(snapshot.room_id, snapshot.version), latest_key(snapshot.room_id)]
    args = [data, snapshot.version, STORED_SECONDS, *(announcement or ())]
    _store_script()(keys=keys, args=args, client=sync_client())


@functools.cache
def _store_script():
    return sync_client().register_script(_STORE)


def stored_snapshot(room_id: int, version: int) -> Snapshot | None:
    """The snapshot a committed version stored, if it is still kept (sync)."""
    return _unpickled(sync_client().get(_stored_key(room_id, version)), room_id, version)


async def _fetch_stored(room_id: int, version: int) -> Snapshot | None:
    return _unpickled(await async_client().get(_stored_key(room_id, version)), room_id, version)


def _unpickled(data: bytes | str | None, room_id: int, version: int) -> Snapshot | None:
    """The snapshot in ``data`` as the client returned it: bytes (the clients decode no
    reply), or None when the version is no longer kept."""
    if not isinstance(data, bytes):
        return None
    try:
        return pickle.loads(data)
    except (pickle.UnpicklingError, AttributeError, TypeError, EOFError):
        log.warning("A stored snapshot of room %s at version %s could not be read.", room_id, version)
        return None


class SnapshotCache:
    """Per process: each room's latest versions, each fetched once. A viewer behind by a
    version or two must get the same snapshot as the others, with its fragments
    rendered once for all of them, not a fetch and a render of its own.

    At most ``kept`` snapshots in all (a Disunyer snapshot with its fragments is some
    40 KB): past that, the rooms used longest ago are forgotten whole — mostly finished
    games, whose viewers have moved on."""

    def __init__(self, kept: int = 1024, versions: int = 8):
        self._most_kept, self._versions_kept = kept, versions
        self._snapshots: OrderedDict[int, dict[int, Snapshot]] = OrderedDict()
        self._count = 0
        self._loading: dict[tuple, asyncio.Future] = {}

    def __len__(self) -> int:
        return self._count

    async def get(self, room_id: int, version: int) -> Snapshot | None:
        """The room at ``version``, or, if that version is no longer stored, its
        newest version (``None`` if the room is gone)."""
        cached = self._snapshots.get(room_id, {}).get(version)
        if cached is not None:
            return cached
        snapshot = await self._once(("stored", room_id, version), _fetch_stored(room_id, version))
        if snapshot is None:
            return await self.newest(room_id)
        return self._keep(snapshot)

    async def at_latest(self, room_id: int, latest: bytes | str | None) -> Snapshot | None:
        """The room at ``latest``, its latest stored version as read from Redis (at
        ``latest_key``), or, if none is kept, as the database has it now: a socket's
        first table, read once it has joined the room's group (any version stored before
        that is found, any committed after it is announced)."""
        if latest is None:
            return await self.newest(room_id)
        cached = self._newest_cached(room_id)
        if cached is not None and cached.version >= int(latest):
            return cached
        return await self.get(room_id, int(latest))

    async def newest(self, room_id: int) -> Snapshot | None:
        """The room as the database has it now."""
        snapshot = await self._once(("newest", room_id), database_sync_to_async(load_snapshot)(room_id))
        return None if snapshot is None else self._keep(snapshot)

    def clear(self) -> None:
        self._snapshots.clear()
        self._count = 0

    async def _once(self, what: tuple, loading) -> Snapshot | None:
        """Viewers asking for the same thing at once share one fetch."""
        pending = self._loading.get(what)
        if pending is None:
            pending = asyncio.ensure_future(loading)
            self._loading[what] = pending
            pending.add_done_callback(lambda _: self._loading.pop(what, None))
        else:
            loading.close()
        return await asyncio.shield(pending)

    def _newest_cached(self, room_id: int) -> Snapshot | None:
        kept = self._snapshots.get(room_id)
        return kept[max(kept)] if kept else None

    def _keep(self, snapshot: Snapshot) -> Snapshot:
        """Remember ``snapshot`` among its room's latest versions; the one to use for
        its version (whose fragments may be rendered already)."""
        kept = self._snapshots.setdefault(snapshot.room_id, {})
        self._snapshots.move_to_end(snapshot.room_id)
        before = len(kept)
        kept.setdefault(snapshot.version, snapshot)
        chosen = kept[snapshot.version]
        while len(kept) > self._versions_kept:
            del kept[min(kept)]
        self._count += len(kept) - before
        while self._count > self._most_kept and len(self._snapshots) > 1:
            _, forgotten = self._snapshots.popitem(last=False)
            self._count -= len(forgotten)
        return chosen


snapshots = SnapshotCache()
