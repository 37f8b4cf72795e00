"""rooms/push/layerwire.py: the channel layer's wire format as the site writes it is the one
the installed channels-redis names and packs. These are the library's insides, read
from one minor release (``pyproject.toml`` bounds its version): a release that changes
them fails here, not in the browsers."""

import re

import pytest
from channels.layers import get_channel_layer

from rooms.push.followups import room_group
from rooms.push.layerwire import close_channel, group_channel, on_the_wire, open_channel

# A consumer's channel: the layer's prefix, "specific." and a random hex name.
CHANNEL = re.compile(r"(.+specific\.)[0-9a-f]{32}")


@pytest.mark.asyncio
async def test_a_groups_channel_is_the_one_the_layer_names():
    layer = get_channel_layer()._get_layer()
    assert group_channel(room_group(42)) == layer._get_group_channel_name(room_group(42))


@pytest.mark.asyncio
async def test_a_message_on_the_wire_is_on_its_groups_channel_as_the_layer_reads_it():
    message = {"type": "room.changed", "version": 7, "committed_at": 1.5, "public": "<p>Señor</p>"}
    channel, data = on_the_wire(room_group(42), message)
    assert channel == get_channel_layer()._get_group_channel_name(room_group(42))
    assert get_channel_layer().deserialize(data) == message


@pytest.mark.asyncio
async def test_a_consumers_channel_is_named_as_the_layer_names_its_own():
    channel_layer = get_channel_layer()
    ours, theirs = await open_channel(channel_layer), await channel_layer.new_channel()
    try:
        assert CHANNEL.fullmatch(ours)[1] == CHANNEL.fullmatch(theirs)[1]
    finally:
        for channel in (ours, theirs):
            await close_channel(channel_layer, channel, None)


@pytest.mark.asyncio
async def test_a_groups_message_is_unpacked_once_for_all_its_channels_each_given_its_own_dict():
    channel_layer = get_channel_layer()
    channels = [await open_channel(channel_layer) for _ in range(3)]
    group = room_group(4242)
    try:
        for channel in channels:
            await channel_layer.group_add(group, channel)
        await channel_layer.group_send(group, {"type": "room.changed", "version": 3, "public": "<p>" + "x" * 5000})
        received = [await channel_layer.receive(channel) for channel in channels]
    finally:
        for channel in channels:
            await close_channel(channel_layer, channel, group)
    first, *others = received
    assert all(message == first for message in others)
    assert all(message is not first for message in others), "each channel's own dict"
    assert all(message["public"] is first["public"] for message in others), "unpacked once, not once per channel"
    first["seen"] = True
    assert all("seen" not in message for message in others)
