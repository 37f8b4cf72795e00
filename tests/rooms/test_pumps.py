"""A consumer's two sources, its socket and its channel, dispatched one message at a time
by one long-lived task each (rooms/live/pumps.py)."""

import asyncio
import gc
import weakref

import pytest
from channels.exceptions import StopConsumer

from rooms.live.pumps import dispatch_in_turn

pytestmark = pytest.mark.asyncio


class Source:
    """Hands out queued messages and counts how often it was read."""

    def __init__(self, name: str):
        self.name, self.reads = name, 0
        self.queue: asyncio.Queue[dict] = asyncio.Queue()

    async def __call__(self) -> dict:
        self.reads += 1
        return await self.queue.get()

    def feed(self, count: int):
        for number in range(count):
            self.queue.put_nowait({"source": self.name, "number": number})


async def _settle():
    for _ in range(20):
        await asyncio.sleep(0)


async def test_messages_are_dispatched_one_at_a_time_each_source_in_order_and_read_once_dispatched():
    socket, channel = Source("socket"), Source("channel")
    socket.feed(5)
    channel.feed(5)
    dispatched, busy = [], []

    async def dispatch(message):
        busy.append(message)
        assert len(busy) == 1, "two messages were dispatched at once"
        # The source of this message is not read again while it is being dispatched.
        source = socket if message["source"] == "socket" else channel
        assert source.reads == message["number"] + 1
        await asyncio.sleep(0.001)
        dispatched.append((message["source"], message["number"]))
        busy.remove(message)
        if len(dispatched) == 10:
            raise StopConsumer

    with pytest.raises(StopConsumer):
        await dispatch_in_turn([socket, channel], dispatch)
    for name in ("socket", "channel"):
        assert [number for source, number in dispatched if source == name] == list(range(5))


async def test_one_task_per_source_for_the_consumers_life_however_many_messages():
    socket, channel = Source("socket"), Source("channel")
    channel.feed(200)
    created = []
    loop = asyncio.get_running_loop()
    loop.set_task_factory(lambda loop, coro, **kwargs: created.append(coro) or asyncio.Task(coro, loop=loop, **kwargs))
    count = 0

    async def dispatch(message):
        nonlocal count
        count += 1
        if count == 200:
            raise StopConsumer

    try:
        with pytest.raises(StopConsumer):
            await dispatch_in_turn([socket, channel], dispatch)
    finally:
        loop.set_task_factory(None)
    assert len([coro for coro in created if coro.__qualname__ == "_pump"]) == 2
    assert len(created) <= 3  # the two pumps, and gather's wait for them on the way out


async def test_an_error_in_a_dispatch_is_raised_and_the_other_source_is_no_longer_read():
    socket, channel = Source("socket"), Source("channel")
    socket.feed(1)

    async def dispatch(message):
        raise ValueError("No handler for message type nonsense")

    with pytest.raises(ValueError, match="nonsense"):
        await dispatch_in_turn([socket, channel], dispatch)
    channel.feed(1)
    await _settle()
    assert channel.queue.qsize() == 1, "the channel was read after the consumer stopped"


async def test_cancelling_the_consumer_cancels_its_pumps():
    socket, channel = Source("socket"), Source("channel")
    dispatched = []

    async def dispatch(message):
        dispatched.append(message)

    consumer = asyncio.ensure_future(dispatch_in_turn([socket, channel], dispatch))
    await _settle()
    consumer.cancel()
    with pytest.raises(asyncio.CancelledError):
        await consumer
    socket.feed(1)
    channel.feed(1)
    await _settle()
    assert dispatched == []


class Consumer:
    async def dispatch(self, message):
        raise StopConsumer


async def test_a_stopped_consumer_is_freed_at_once_with_no_collection():
    # A cycle through it would keep it, and all it holds, until the collector walks the
    # oldest generation, where a consumer that served a while has gone.
    socket, channel = Source("socket"), Source("channel")
    socket.feed(1)
    consumer = Consumer()
    gone = weakref.ref(consumer)
    gc.disable()
    try:
        with pytest.raises(StopConsumer):
            await dispatch_in_turn([socket, channel], consumer.dispatch)
        del consumer
        await _settle()
        assert gone() is None
    finally:
        gc.enable()
