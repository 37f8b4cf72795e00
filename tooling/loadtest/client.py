"""One client process of the load test: many browser tabs (tooling/loadtest/tab.py) on
one event loop. Each pings every 30 s and follows its table to the next room; a
table's player sends one of the moves its private fragment offers after a human-like
pause, and says when the game is over.

Run by the load test as ``python -m tooling.loadtest.client``: its first stdin line
is the plan (tabs, pace), later lines are orders (``move``, ``drain``); it reports
events as JSON lines on stdout and writes every connection into the results file.
"""

import asyncio
import contextlib
import json
import random
import sys
import time
from dataclasses import asdict

from tooling.loadtest import frames
from tooling.loadtest.tab import PING_SECONDS, Tab, spawn

CONNECTED_WITHIN_SECONDS = 300
POLL_SECONDS = 0.05


def emit(event: dict) -> None:
    sys.stdout.write(json.dumps(event) + "\n")
    sys.stdout.flush()


# The quick phrases every table's chat offers (the site's rooms/chat/phrases.py), in turn:
# a line never repeats one of its player's last two.
CHAT_PHRASES = ("Good game", "Well played", "Rematch?", "One moment")


class Player:
    """The table's one person: plays one of the offered moves after a pause like a bot's,
    says a quick phrase in the table's chat every ``chat_every`` seconds (0: never), and
    says when the game is over so the load test can start the next one."""

    def __init__(self, tab: Tab, pace: tuple[float, float], rng: random.Random, chat_every: float = 0):
        self.tab, self.pace, self.rng, self.chat_every = tab, pace, rng, chat_every
        self.acting = True
        self.moves_sent = self.toasts = self.chat_lines_sent = 0
        self._planned_for: int | None = None
        self._pending: asyncio.TimerHandle | None = None
        self._over_reported = False
        tab.on_table = self.on_table
        tab.on_other = self.on_other

    def on_other(self, text: str) -> None:
        self.toasts += frames.is_toast(text)

    def on_table(self, text: str, version: int) -> None:
        if frames.is_game_over(text) and not self._over_reported:
            self._over_reported = True
            emit({"event": "finished", "table": self.tab.table})
        if version == self._planned_for:
            return  # the same table again (presence, a ping): the plan stands
        self._planned_for = version
        self.stop()
        offered = frames.moves(text)
        if offered and self.acting:
            self._pending = asyncio.get_running_loop().call_later(
                self.rng.uniform(*self.pace), lambda: spawn(self._play(self.rng.choice(offered)))
            )

    async def _play(self, move: dict) -> None:
        self.moves_sent += 1
        await self.tab.send({**move, "HEADERS": {"HX-Request": "true"}})

    async def chat_forever(self) -> None:
        """A phrase every ``chat_every`` seconds, the first after a random part of it (the
        tables' lines spread over time), while the player acts."""
        await asyncio.sleep(self.rng.uniform(0, self.chat_every))
        while self.acting:
            if self.tab.ws is not None:
                phrase = CHAT_PHRASES[self.chat_lines_sent % len(CHAT_PHRASES)]
                self.chat_lines_sent += 1
                spawn(self.tab.send({"kind": "chat", "channel": "players", "phrase": phrase}))
            await asyncio.sleep(self.chat_every)

    def stop(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    def new_room(self) -> None:
        self._planned_for, self._over_reported = None, False


class Table:
    """A table's tabs: its player's and its spectators'."""

    def __init__(self) -> None:
        self.tabs: list[Tab] = []
        self.player: Player | None = None

    async def wait_for(self, versions: dict[str, int], seconds: float) -> None:
        """Until every tab has its room's version ``versions[group]``, or ``seconds`` pass."""
        deadline = time.time() + seconds
        while time.time() < deadline and any(tab.newest_version < versions.get(tab.group, 0) for tab in self.tabs):
            await asyncio.sleep(POLL_SECONDS)

    async def move(self, path: str, group: str, old_group: str, old_version: int, drain_seconds: float) -> None:
        """Every tab follows the players to the next room, once it has the old room's last version."""
        await self.wait_for({old_group: old_version}, drain_seconds)
        await asyncio.gather(*(tab.leave() for tab in self.tabs))
        if self.player is not None:
            self.player.new_room()
        for tab in self.tabs:
            tab.go(path, group)


class Client:
    def __init__(self, plan: dict):
        self.plan = plan
        gate = asyncio.Semaphore(plan["connect_concurrency"])
        self.tabs = [Tab(spec, gate) for spec in plan["tabs"]]
        rng = random.Random(plan["seed"])
        pace = tuple(plan["pace"])
        self.tables: dict[str, Table] = {}
        for spec, tab in zip(plan["tabs"], self.tabs):
            table = self.tables.setdefault(spec["table"], Table())
            table.tabs.append(tab)
            if spec["role"] == "player":
                table.player = Player(tab, pace, random.Random(rng.random()), plan["chat_every"])
        self._moves: set[asyncio.Task] = set()

    async def run(self, orders: asyncio.StreamReader) -> None:
        started = time.time()
        for spec, tab in zip(self.plan["tabs"], self.tabs):
            tab.go(spec["path"], spec["group"])
        pinger = asyncio.create_task(self._ping_forever())
        chatters = [
            asyncio.create_task(player.chat_forever()) for player in self._players() if player.chat_every
        ]
        await self._report_connected(started)
        while line := await orders.readline():
            order = json.loads(line)
            if order["cmd"] == "move":
                task = asyncio.create_task(self.tables[order.pop("table")].move(**order["room"]))
                self._moves.add(task)
                task.add_done_callback(self._moves.discard)
            elif order["cmd"] == "drain":
                await self._drain(order["latest"], order["seconds"])
                break
        pinger.cancel()
        for chatter in chatters:
            chatter.cancel()

    async def _report_connected(self, started: float) -> None:
        waits = [tab.first_frame.wait() for tab in self.tabs]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*waits), CONNECTED_WITHIN_SECONDS)
        firsts = [tab.first_frame_at for tab in self.tabs if tab.first_frame_at is not None]
        emit({
            "event": "connected", "started": started, "done": max(firsts) if firsts else None,
            "missing": len(self.tabs) - len(firsts),
        })

    async def _ping_forever(self) -> None:
        while True:
            await asyncio.sleep(1)
            now = time.time()
            for tab in self.tabs:
                if tab.ws is not None and now >= tab.next_ping:
                    tab.next_ping = now + PING_SECONDS
                    spawn(tab.send({"kind": "ping"}))

    async def _drain(self, latest: dict[str, int], seconds: float) -> None:
        """The end: players stop, every tab waits for its room's last version, all close."""
        for player in self._players():
            player.acting = False
            player.stop()
        if self._moves:
            await asyncio.wait(list(self._moves))
        await asyncio.gather(*(table.wait_for(latest, seconds) for table in self.tables.values()))
        await asyncio.gather(*(tab.leave() for tab in self.tabs))
        results = {
            "connections": [asdict(connection) for tab in self.tabs for connection in tab.connections],
            "moves_sent": sum(player.moves_sent for player in self._players()),
            "chat_lines_sent": sum(player.chat_lines_sent for player in self._players()),
            "toasts_to_players": sum(player.toasts for player in self._players()),
        }
        with open(self.plan["results"], "w") as file:
            json.dump(results, file)
        emit({"event": "results"})

    def _players(self) -> list[Player]:
        return [table.player for table in self.tables.values() if table.player is not None]


async def _serve() -> None:
    orders = asyncio.StreamReader(limit=2**26)
    loop = asyncio.get_running_loop()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(orders), sys.stdin)
    plan = json.loads(await orders.readline())
    await Client(plan).run(orders)


def main() -> None:
    asyncio.run(_serve())


if __name__ == "__main__":
    main()
