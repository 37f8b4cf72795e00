"""A consumer's messages, from its socket and from its channel-layer channel, dispatched
one at a time, as Channels' ``await_many_dispatch`` does, with less made per message.

``await_many_dispatch`` waits on a new task per message and on ``asyncio.wait`` of both
sources: some thirty objects per message, which live until the viewer's next message,
about a second. With a socket per viewer those were most of what the web process's
collector walked again and again (docs/performance-history.md, "Fewer objects per message, and
the young generation on time"). Here each source has one task for the consumer's life,
a pump, which reads a message, waits for its turn and dispatches it.
"""

import asyncio
from collections.abc import Awaitable, Callable

Source = Callable[[], Awaitable[dict]]


async def dispatch_in_turn(sources: list[Source], dispatch: Callable[[dict], Awaitable[None]]) -> None:
    """Dispatch each source's messages in order, one message at a time, each source read
    again only once its last message is dispatched; raise what stops the first pump to
    stop (a dispatch's ``StopConsumer``, an error), once the others are cancelled."""
    turn = asyncio.Lock()
    pumps = [asyncio.ensure_future(_pump(source, dispatch, turn)) for source in sources]
    try:
        done, _ = await asyncio.wait(pumps, return_when=asyncio.FIRST_COMPLETED)
        stopped = done.pop().exception()
    finally:
        for pump in pumps:
            pump.cancel()
        await asyncio.gather(*pumps, return_exceptions=True)
    # The traceback holds this frame: with the pumps (which hold the exception) or the
    # exception in it, the stopped consumer would be a cycle, which only a collection
    # of the oldest generation frees.
    del pumps, done
    if stopped is not None:
        try:
            raise stopped
        finally:
            stopped = None


async def _pump(source: Source, dispatch: Callable[[dict], Awaitable[None]], turn: asyncio.Lock) -> None:
    while True:
        message = await source()
        async with turn:
            await dispatch(message)
