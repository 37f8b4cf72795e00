"""A browser tab on a room page, as the load test plays it: one WebSocket at a time,
which it opens like the page's htmx does (Origin, session cookie, permessage-deflate),
reconnects about a second after an unexpected close, and moves to the table's next
room. Every frame's receipt time and version is recorded in a Connection."""

import asyncio
import contextlib
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException
from websockets.typing import Origin

from tooling.loadtest import frames

PING_SECONDS = 30  # static/js/table.js
RECONNECT_SECONDS = 1.0  # about what htmx's WebSocket extension waits before its first retry
OPEN_TIMEOUT_SECONDS = 60


@dataclass
class Connection:
    """One socket's stay in one room's group, as the analysis reads it."""

    socket: str
    group: str
    started_at: float
    language: str = ""  # the language cookie it sent ("": none)
    opened_at: float | None = None
    closed_at: float | None = None
    planned: bool = False  # closed by the load test: the table moved on, or the run ended
    close: str = ""  # how the server or the network closed it, when not planned
    error: str = ""  # why it could not open
    frames: list = field(default_factory=list)  # [receipt time, version] of each table frame
    other_frames: int = 0  # toasts, reactions
    chars: int = 0


_running: set[asyncio.Task] = set()


def spawn(coroutine) -> None:
    """Run it in the background, holding a reference until it is done (asyncio keeps none)."""
    task = asyncio.create_task(coroutine)
    _running.add(task)
    task.add_done_callback(_running.discard)


class Tab:
    """A browser tab on a room page: one socket at a time, in its table's current room."""

    def __init__(self, spec: dict, gate: asyncio.Semaphore):
        self.key = spec["key"]
        self.language = spec.get("language", "")
        self.table = spec["table"]
        self.port = spec["port"]
        cookies = [f"sessionid={spec['session']}"] if spec.get("session") else []
        cookies += [f"django_language={self.language}"] if self.language else []
        self.headers = {"Cookie": "; ".join(cookies)} if cookies else {}
        self.gate = gate
        self.connections: list[Connection] = []
        self.on_table: Callable[[str, int], None] | None = None  # the player's reaction to each table frame
        self.on_other: Callable[[str], None] | None = None  # and to each other frame
        self.ws: ClientConnection | None = None
        self.next_ping = 0.0
        self.newest_version = 0  # the newest version the current connection has received
        self.first_frame = asyncio.Event()
        self.first_frame_at: float | None = None
        self._task: asyncio.Task[None] | None = None
        self._leaving = False

    def go(self, path: str, group: str) -> None:
        self._leaving = False
        self.path, self.group = path, group
        self._task = asyncio.create_task(self._hold())

    async def _hold(self) -> None:
        url = f"ws://127.0.0.1:{self.port}{self.path}"
        while not self._leaving:
            connection = Connection(self.key, self.group, time.time(), self.language)
            self.connections.append(connection)
            try:
                async with self.gate:
                    self.ws = ws = await connect(
                        url, origin=Origin(f"http://127.0.0.1:{self.port}"), additional_headers=self.headers,
                        proxy=None, open_timeout=OPEN_TIMEOUT_SECONDS, ping_interval=None, max_size=2**20,
                    )
            except (OSError, TimeoutError, WebSocketException) as error:
                connection.error = f"{type(error).__name__}: {error}"
                connection.closed_at = time.time()
                await asyncio.sleep(RECONNECT_SECONDS)
                continue
            connection.opened_at = time.time()
            self.newest_version = 0
            self.next_ping = connection.opened_at + random.uniform(0, PING_SECONDS)
            await self._receive(connection, ws)
            if not self._leaving:
                connection.closed_at = time.time()
                connection.close = f"{ws.close_code} {ws.close_reason}".strip()
                self.ws = None
                await asyncio.sleep(RECONNECT_SECONDS)

    async def _receive(self, connection: Connection, ws: ClientConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for message in ws:
                received = time.time()
                if isinstance(message, bytes):
                    connection.other_frames += 1
                    continue
                connection.chars += len(message)
                version = frames.table_version(message)
                if version is None:
                    connection.other_frames += 1
                    if self.on_other is not None:
                        self.on_other(message)
                    continue
                connection.frames.append((received, version))
                self.newest_version = max(self.newest_version, version)
                if self.first_frame_at is None:
                    self.first_frame_at = received
                    self.first_frame.set()
                if self.on_table is not None:
                    self.on_table(message, version)

    async def send(self, message: dict) -> None:
        if self.ws is not None:
            with contextlib.suppress(ConnectionClosed):
                await self.ws.send(json.dumps(message))

    async def leave(self) -> None:
        """Close the socket as a tab that moves on does (a planned close)."""
        self._leaving = True
        current = self.connections[-1] if self.connections else None
        if current is not None and current.closed_at is None:
            current.closed_at, current.planned = time.time(), True
        if self.ws is not None:
            with contextlib.suppress(ConnectionClosed):
                await self.ws.close()
        elif self._task is not None:
            self._task.cancel()
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self.ws = None
