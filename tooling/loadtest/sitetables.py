"""The site's tables during a load test: rooms made (and played again) by the seeder,
each with its player's and spectators' sockets."""

import asyncio
import random
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field

from tooling.loadtest.clients import ClientPool
from tooling.loadtest.load import Load
from tooling.loadtest.seeder import Seeder, SeederError


@dataclass
class Restarts:
    """The games played again: done, refused, and the seconds each took."""

    done: int = 0
    refused: int = 0
    seconds: list[float] = field(default_factory=list)


class SiteTables:
    """The site's tables: made waiting with their player as host, filled with bots once
    every socket is in, and played again after each game until the window closes."""

    def __init__(self, seeder: Seeder, load: Load, move_drain_seconds: float):
        self.seeder, self.load, self.move_drain_seconds = seeder, load, move_drain_seconds
        self.rooms: dict[str, dict] = {}  # table -> its current room and its player's session
        self.sessions: list[str] = []
        self.until = float("inf")
        self.pool: ClientPool | None = None
        self.restarts = Restarts()
        self._rng = random.Random(0)
        self._tasks: set[asyncio.Task] = set()

    async def make(self) -> None:
        self.sessions = (await self.seeder.ask("sessions", count=self.load.tables * self.load.sockets))["sessions"]
        for t in range(self.load.tables):
            session = self.sessions[t * self.load.sockets]
            room = await self.seeder.ask("room", game=self.load.game, session=session)
            self.rooms[f"t{t}"] = {**room, "session": session}

    def tabs(self, ports: list[int]) -> list[dict]:
        tabs = []
        for t, s, port in self.load.spread(ports):
            room = self.rooms[f"t{t}"]
            tabs.append({
                "key": f"t{t}s{s}", "table": f"t{t}", "role": "player" if s == 0 else "spectator", "port": port,
                "session": self.sessions[t * self.load.sockets + s], "path": f"/ws/rooms/{room['code']}/",
                "group": f"room.{room['room_id']}", "language": self.load.language(s),
            })
        return tabs

    async def warm_up(self, port: int) -> None:
        """One page load on a web process, so that its memory before the sockets holds the templates."""
        code = next(iter(self.rooms.values()))["code"]
        try:
            await asyncio.to_thread(_load_page, f"http://127.0.0.1:{port}/rooms/{code}/")
        except urllib.error.URLError:
            pass  # the memory per socket comes out a little higher, nothing else changes

    async def fill(self) -> float:
        began = time.time()
        for room in self.rooms.values():
            await self.seeder.ask("fill", room_id=room["room_id"], session=room["session"])
        return round(time.time() - began, 2)

    def finished(self, table: str) -> None:
        if time.time() < self.until:
            task = asyncio.create_task(self._play_again(table))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _play_again(self, table: str) -> None:
        """The player reads the result, presses "Play again" and the table moves on."""
        await asyncio.sleep(self._rng.uniform(*self.load.pace))
        if time.time() >= self.until:
            return
        old = self.rooms[table]
        began = time.time()
        try:
            new = await self.seeder.ask("again", room_id=old["room_id"], session=old["session"])
        except SeederError:
            self.restarts.refused += 1
            return
        self.restarts.done += 1
        self.restarts.seconds.append(time.time() - began)
        self.rooms[table] = {**new, "session": old["session"]}
        if time.time() >= self.until or self.pool is None:
            return  # the sockets are draining (or not yet there): the new room stays empty
        await self.pool.move(table, {
            "path": f"/ws/rooms/{new['code']}/", "group": f"room.{new['room_id']}",
            "old_group": f"room.{old['room_id']}", "old_version": new["old_version"],
            "drain_seconds": self.move_drain_seconds,
        })

    def summary(self) -> dict:
        seconds = self.restarts.seconds
        return {
            "restarts": self.restarts.done,
            "restarts_refused": self.restarts.refused,
            "restart_mean_seconds": round(sum(seconds) / len(seconds), 3) if seconds else None,
        }


def _load_page(url: str) -> None:
    with urllib.request.urlopen(url, timeout=30) as response:
        response.read()
