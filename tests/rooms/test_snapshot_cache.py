"""A web process's snapshot cache keeps each room's latest versions, fetched from Redis
once each, and at most a fixed number of snapshots in all: the rooms used longest ago
are forgotten whole, so the process's memory stops growing however many games it sees."""

from dataclasses import replace

import pytest
from asgiref.sync import sync_to_async

from rooms.store.snapshots import SnapshotCache, store_snapshot
from tests.rooms.presenting import seat, snapshot

pytestmark = pytest.mark.usefixtures("redis_url")

ROOM_IDS = range(9_100_001, 9_100_005)  # rooms of no other test: only Redis is used


async def _stored(room_id: int, version: int):
    table = replace(snapshot("disunyer", [seat(0, "Ann"), seat(1, "Bea")], status="waiting"),
                    room_id=room_id, version=version)
    await sync_to_async(store_snapshot)(table, {})
    return table


@pytest.mark.asyncio
async def test_each_room_keeps_its_latest_versions_and_the_least_recent_rooms_go_past_the_bound():
    """Bound 5, three versions a room: room 1's versions 1–4 leave it the latest three;
    room 2's two versions make five; room 3's first version forgets room 1 whole (the
    room used longest ago), not room 2, and a version asked again is fetched once more."""
    cache = SnapshotCache(kept=5, versions=3)
    first, second, third, _ = ROOM_IDS
    for version in range(1, 5):
        await _stored(first, version)
        assert (await cache.get(first, version)).version == version
    assert len(cache) == 3
    for version in (1, 2):
        await _stored(second, version)
        await cache.get(second, version)
    assert len(cache) == 5
    await _stored(third, 1)
    await cache.get(third, 1)
    assert len(cache) == 3  # room 1's three went: room 2's two and room 3's one are left
    assert (await cache.get(second, 1)).version == 1
    assert len(cache) == 3

    again = await cache.get(first, 4)  # still stored in Redis: fetched and kept again
    assert again.version == 4 and len(cache) == 4


@pytest.mark.asyncio
async def test_viewers_of_one_version_share_one_snapshot_even_after_the_bound_was_reached():
    """Past the bound, a room still in the cache answers every viewer with the same
    snapshot object (its fragments rendered once)."""
    cache = SnapshotCache(kept=2, versions=2)
    room, other = ROOM_IDS[:2]
    await _stored(room, 1)
    await _stored(other, 1)
    await _stored(other, 2)
    await cache.get(room, 1)
    await cache.get(other, 1)
    shared = await cache.get(other, 2)
    assert len(cache) == 2
    assert await cache.get(other, 2) is shared
