"""Sync code (workers, views) talks to the channel layer through one event loop per
process, kept running in a thread of its own.

``async_to_sync`` would start a new event loop for each call, and the Pub/Sub layer
opens its Redis connections per loop, so every announcement from a worker paid for a
new loop and a new connection.
"""

import asyncio
import os
import threading

from channels.layers import get_channel_layer

TIMEOUT_SECONDS = 10

_lock = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None
_pid: int | None = None


def _running_loop() -> asyncio.AbstractEventLoop:
    global _loop, _pid
    with _lock:
        if _loop is None or _pid != os.getpid():  # a forked worker child has no such thread
            _loop, _pid = asyncio.new_event_loop(), os.getpid()
            threading.Thread(target=_loop.run_forever, name="channel-layer", daemon=True).start()
        return _loop


def group_send(group: str, message: dict) -> None:
    """Send ``message`` to ``group`` and wait until the layer has published it."""
    coroutine = get_channel_layer().group_send(group, message)
    asyncio.run_coroutine_threadsafe(coroutine, _running_loop()).result(TIMEOUT_SECONDS)
