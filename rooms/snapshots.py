"""A room as its viewers see it at one version, loaded once and shared.

Rendering reads snapshots only. A consumer process loads each version of a room at
most once, however many of its viewers watch it; what is public is rendered once
per version and presence, and only each viewer's private part per viewer.
"""

import asyncio
from collections import OrderedDict
from dataclasses import dataclass, field

from channels.db import database_sync_to_async

from rooms.gamerules import rules_for
from rooms.models import Room
from rooms.occupants import Occupant


@dataclass(frozen=True)
class SeatInfo(Occupant):
    index: int
    name: str
    bot_level: str
    user_id: int | None
    guest_id: str
    timeouts_in_a_row: int = 0


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
    extras: dict = field(default_factory=dict)  # RoomRules.snapshot_extras
    rendered: dict = field(default_factory=dict)

    @property
    def rules(self):
        return rules_for(self.game)

    def seat_of(self, player) -> int | None:
        return next((seat.index for seat in self.seats if seat.belongs_to(player)), None)

    def stood_in_for(self, index: int | None) -> bool:
        """A stand-in bot plays this person's seat after their timeouts in a row."""
        if index is None or self.status != "playing":
            return False
        return self.rules.stood_in_for(self.seats[index])

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


def load_snapshot(room_id: int) -> Snapshot | None:
    """Two queries: the room with its match, and its seats (plus what the game's
    ``snapshot_extras`` loads, once for every viewer)."""
    room = Room.objects.select_related("match", "next_room").filter(pk=room_id).first()
    if room is None:
        return None
    match = getattr(room, "match", None)
    seat_rows = list(room.seats.all())
    seats = [
        SeatInfo(s.index, s.name, s.bot_level, s.user_id, s.guest_id, s.timeouts_in_a_row)
        for s in seat_rows
    ]
    rules = rules_for(room.game)
    extras = rules.snapshot_extras(room, seat_rows) if rules.snapshot_extras is not None else {}
    return Snapshot(
        room_id=room.id,
        code=room.code,
        game=room.game,
        options=room.options,
        is_public=room.is_public,
        status=room.status,
        version=room.version,
        host_seat=room.host_seat,
        seats=seats,
        state=match.state if match else None,
        deadline_ms=_ms(match.deadline) if match else None,
        autostart_ms=_ms(room.autostart_at),
        ended_by_staff=match.ended_by_staff if match else "",
        proposal=room.proposal,
        next_code=room.next_room.code if room.next_room else "",
        extras=extras,
    )


class SnapshotCache:
    """Per process: the newest snapshot of each room, loaded once per version."""

    def __init__(self, size: int = 512):
        self._size = size
        self._snapshots: OrderedDict[int, Snapshot] = OrderedDict()
        self._loading: dict[int, asyncio.Future] = {}

    async def get(self, room_id: int, at_least_version: int = 0) -> Snapshot | None:
        cached = self._snapshots.get(room_id)
        if cached is not None and cached.version >= at_least_version:
            return cached
        snapshot = await self._load(room_id)
        if snapshot is not None and snapshot.version < at_least_version:
            snapshot = await self._load(room_id)  # an older load was already under way
        return snapshot

    async def _load(self, room_id: int) -> Snapshot | None:
        pending = self._loading.get(room_id)
        if pending is None:
            pending = asyncio.ensure_future(database_sync_to_async(load_snapshot)(room_id))
            self._loading[room_id] = pending
            pending.add_done_callback(lambda _: self._loading.pop(room_id, None))
        snapshot = await asyncio.shield(pending)
        if snapshot is not None:
            newest = self._snapshots.get(room_id)
            if newest is None or newest.version <= snapshot.version:
                self._snapshots[room_id] = snapshot
                self._snapshots.move_to_end(room_id)
                while len(self._snapshots) > self._size:
                    self._snapshots.popitem(last=False)
        return snapshot


snapshots = SnapshotCache()
