"""rooms/presence_news.py: a crowd that comes to a table at once wakes its viewers a
few times, not once per arrival, and the last change is always announced."""

import asyncio
import contextlib

import pytest
from channels.layers import get_channel_layer

from rooms import presence_news
from rooms.followups import room_group

pytestmark = pytest.mark.usefixtures("redis_url")

WINDOW = presence_news.WINDOW_SECONDS


@contextlib.asynccontextmanager
async def _viewer_of(room_id: int):
    """The messages a viewer of the room receives, as they come."""
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(room_group(room_id), channel)
    heard: list[dict] = []

    async def listen():
        while True:
            heard.append(await layer.receive(channel))

    listening = asyncio.ensure_future(listen())
    try:
        yield layer, heard
    finally:
        await layer.group_discard(room_group(room_id), channel)
        listening.cancel()


@pytest.mark.asyncio
async def test_twenty_arrivals_at_once_are_two_announcements_and_a_later_one_is_told_at_once():
    async with _viewer_of(424242) as (layer, heard):
        for _ in range(20):
            await presence_news.announce(layer, 424242)
        await asyncio.sleep(WINDOW / 2)
        assert heard == [{"type": "room.presence"}]  # the first, at once
        await asyncio.sleep(WINDOW * 3)
        assert len(heard) == 2  # the other nineteen together, as the window closed
        await presence_news.announce(layer, 424242)
        await asyncio.sleep(WINDOW / 2)
        assert len(heard) == 3  # a change after a quiet while: at once


@pytest.mark.asyncio
async def test_one_arrival_is_one_announcement():
    async with _viewer_of(424243) as (layer, heard):
        await presence_news.announce(layer, 424243)
        await asyncio.sleep(WINDOW * 3)
        assert heard == [{"type": "room.presence"}]
