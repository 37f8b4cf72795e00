"""A channel-layer message as the layer puts it on the wire, for a writer to publish
with its own Redis client in the same trip as its other writes.

channels-redis's Pub/Sub layer publishes a message to a group on the Redis channel
``<prefix>__group__<group>``, packed by its serializer, and every web process's
subscription hands it to the group's consumers there. A writer (a worker, a view: sync
code) that publishes those bytes itself needs no event loop for the layer and no trip to
Redis of its own (``tests/rooms/test_push_versions.py`` checks the real layer receives
it).
"""

from channels.layers import get_channel_layer
from django.conf import settings


def on_the_wire(group: str, message: dict) -> tuple[str, bytes]:
    """The Redis channel and the bytes the layer publishes ``message`` to ``group`` as."""
    prefix = settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"]
    return f"{prefix}__group__{group}", get_channel_layer().serialize(message)
