"""What the site knows of its channel layer's insides, and the one module that knows it:
a message as the layer puts it on the wire, for a writer to publish with its own Redis
client in the same trip as its other writes; and a consumer's own channel, opened and
closed.

channels-redis's Pub/Sub layer publishes a message to a group on the Redis channel
``<prefix>__group__<group>`` (``group_channel``), packed by its serializer, and every
web process's subscription hands it to the group's consumers there. A writer (a worker,
a view: sync code) that publishes those bytes itself needs no event loop for the layer
and no trip to Redis of its own. These are the library's insides, not its API:
``pyproject.toml`` bounds its version to the minor release they were read from, and
``tests/rooms/test_layerwire.py`` fails if the installed one names or packs them
otherwise (``tests/rooms/test_push_versions.py`` checks the real layer receives them).

A consumer's channel is opened and closed here rather than by the layer's own calls
(channels-redis 4.3), which leave it behind when Redis refuses them or when the consumer
stops while handling a message (``close_channel``). And the site's layer
(``UnpackOnceLayer``) unpacks a group's message once in the process, not once for each
of the group's channels.
"""

import uuid
import weakref

from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.conf import settings

from plumbing.by_identity import ByIdentity

# Per loop's layer: the channels and groups it no longer uses but has yet to unsubscribe.
_unsubscribe_later: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def group_channel(group: str) -> str:
    """The Redis channel the layer publishes ``group``'s messages on."""
    return f"{settings.CHANNEL_LAYERS['default']['CONFIG']['prefix']}__group__{group}"


def on_the_wire(group: str, message: dict) -> tuple[str, bytes]:
    """The Redis channel and the bytes the layer publishes ``message`` to ``group`` as."""
    return group_channel(group), get_channel_layer().serialize(message)


async def open_channel(channel_layer) -> str:
    """A consumer's channel, named and subscribed as the layer's ``new_channel`` does;
    nothing of it is left in the process when Redis refuses the subscription."""
    layer = channel_layer._get_layer()
    channel = f"{layer.prefix}specific.{uuid.uuid4().hex}"
    try:
        await layer._subscribe_to_channel(channel)
    except BaseException:
        layer.channels.pop(channel, None)
        raise
    return channel


async def close_channel(channel_layer, channel: str, *groups: str | None) -> None:
    """Take a stopped consumer's channel out of its ``groups`` and forget it.

    The layer forgets a channel only when its ``receive`` is cancelled while it waits:
    a consumer that stopped while it handled a message (most do, at a table being
    played) left its channel subscribed in Redis and its queue in the process, where
    every message of its group was kept for good. Here the process forgets first, so
    that nothing more is kept even while Redis is unreachable; what Redis could not be
    told to unsubscribe then (redis-py subscribes it again once Redis is back) is
    unsubscribed at a later close."""
    layer = channel_layer._get_layer()
    later = _unsubscribe_later.setdefault(layer, set())
    if layer.channels.pop(channel, None) is not None:
        later.add(channel)
    for group in filter(None, groups):
        wire = group_channel(group)
        members = layer.groups.get(wire, set())
        members.discard(channel)
        if not members and layer.groups.pop(wire, None) is not None:
            later.add(wire)
    for name in list(later):
        if name not in layer.channels and name not in layer.groups:  # else in use again
            await layer._get_shard(name).unsubscribe(name)
        later.discard(name)


class UnpackOnceLayer(RedisPubSubChannelLayer):
    """channels-redis's Pub/Sub layer, but a message published to a group is unpacked
    once in the process, not once per channel of the group: the layer hands the same
    bytes to every member's queue, and each member unpacked them (a table's version,
    some 12 KB with the spectators' table in it, sixteen times for sixteen viewers).
    Each member gets a dict of its own, whose values it shares with the others: the
    consumers read an event's values and never change them."""

    KEPT = 64  # the latest messages, each unpacked: more than a process hears between its members' reads

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._unpacked: ByIdentity[bytes, dict] = ByIdentity(super().deserialize, self.KEPT)

    def deserialize(self, message: bytes) -> dict:
        return dict(self._unpacked(message))
