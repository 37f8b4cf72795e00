"""Waits for a condition, polled until a deadline, where a fixed sleep would guess how
long it takes to come true."""

import asyncio
import time

POLL_SECONDS = 0.02


def wait_until(condition, seconds: float, what: str):
    """``condition()``'s first truthy value, polled for at most ``seconds``."""
    deadline = time.monotonic() + seconds
    while not (value := condition()):
        assert time.monotonic() < deadline, f"not within {seconds} s: {what}"
        time.sleep(POLL_SECONDS)
    return value


async def wait_until_async(condition, seconds: float, what: str):
    """As ``wait_until``, letting the event loop run between polls."""
    deadline = time.monotonic() + seconds
    while not (value := condition()):
        assert time.monotonic() < deadline, f"not within {seconds} s: {what}"
        await asyncio.sleep(POLL_SECONDS)
    return value
