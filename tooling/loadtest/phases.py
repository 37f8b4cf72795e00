"""The two phases of a run, measured the same way: the bare-stack anchor, then the site.

Each phase connects every socket (timed), lets them sit idle (memory per socket),
drives its rooms for the window — the site's bots and players, or the anchor's
publisher — then waits for every socket to have its room's last version, closes
them all and sorts every frame (tooling/loadtest/analysis.py).
"""

import asyncio
import os
import time

from tooling.loadtest import analysis, logs, procstats
from tooling.loadtest.clients import ClientPool
from tooling.loadtest.commits import CommitLog, publish_versions
from tooling.loadtest.errors import LoadTestError
from tooling.loadtest.load import Load
from tooling.loadtest.probe import Probe
from tooling.loadtest.seeder import Seeder
from tooling.loadtest.sitetables import SiteTables
from tooling.loadtest.stack import Stack

IDLE_SECONDS = 3  # after the last connect, before idle memory is read
WARMUP_SECONDS = 2  # after the drive starts, before the window opens
DRAIN_SECONDS = 15  # at most, for every socket to get its room's last version
MOVE_DRAIN_SECONDS = 10  # the same, before a table moves to its next room
SETTLE_SECONDS = 2  # after the sockets close, before the logs are read
RSS_STEPS = 6  # the web processes' memory is read this many times through the window


def _idle_rss_per_socket(before: dict[int, int], idle: dict[int, int], tabs: list[dict]) -> float:
    """KB of web-process memory per idle socket, averaged over the web processes."""
    per_port = []
    for port, rss in before.items():
        sockets = sum(1 for tab in tabs if tab["port"] == port)
        if sockets:
            per_port.append((idle[port] - rss) / sockets / 1024)
    return round(sum(per_port) / len(per_port), 1)


class Phase:
    """What both phases share: the clients, the timing, the process figures."""

    def __init__(self, name: str, stack: Stack, commits: CommitLog, load: Load, servers: dict[int, int]):
        self.name, self.stack, self.commits, self.load = name, stack, commits, load
        self.servers = servers  # port -> pid of the web (or anchor) processes under test
        self.pool: ClientPool | None = None
        self.probe: Probe | None = None

    def _rss(self) -> dict[int, int]:
        return {port: procstats.rss(pid) for port, pid in self.servers.items()}

    def _pids(self) -> dict[str, int]:
        return {**self.stack.pids(), **self._connected().pids(), **(self.probe.pids() if self.probe else {})}

    def _connected(self) -> ClientPool:
        if self.pool is None:
            raise LoadTestError(f"The {self.name} phase's sockets are not connected.")
        return self.pool

    async def connect(self, tabs: list[dict], on_finished=lambda table: None) -> dict:
        before = self._rss()
        self.pool = ClientPool(tabs, self.load.client_processes, self.load.pace, self.stack.workdir, self.name,
                               on_finished, self.load.chat_every)
        began = time.time()
        connected = await self.pool.connect()
        ready_seconds = round(time.time() - began, 2)
        await asyncio.sleep(IDLE_SECONDS)
        return {
            "connect_seconds": round(connected["done"] - connected["started"], 2) if connected["done"] else None,
            "clients_ready_seconds": ready_seconds,
            "sockets_not_connected": connected["missing"],
            "idle_rss_per_socket_kb": _idle_rss_per_socket(before, self._rss(), tabs),
        }

    async def measure(self, start: float) -> tuple[float, dict, list[float]]:
        """Wait for the window's start, sample, wait for its end, sample: per-process usage,
        and the web processes' RSS in MB (summed) at RSS_STEPS even steps through the
        window, to show whether their memory stops growing."""
        await asyncio.sleep(max(0.0, start - time.time()))
        first = {name: procstats.sample(pid) for name, pid in self._pids().items()}
        first["conductor"] = procstats.sample(os.getpid(), family=False)
        end = start + self.load.seconds
        web_rss = []
        for step in range(RSS_STEPS + 1):
            await asyncio.sleep(max(0.0, start + self.load.seconds * step / RSS_STEPS - time.time()))
            web_rss.append(round(sum(self._rss().values()) / 2**20, 1))
        last = {name: procstats.sample(pid) for name, pid in self._pids().items()}
        last["conductor"] = procstats.sample(os.getpid(), family=False)
        return end, {name: procstats.usage(first[name], last.get(name)) for name in first}, web_rss

    async def finish(self, start: float, end: float, marks: dict) -> dict:
        drained = await self._connected().drain(self.commits.latest(end), DRAIN_SECONDS)
        drain_seconds = time.time() - end
        await asyncio.sleep(SETTLE_SECONDS)
        return {
            "drain_seconds": round(drain_seconds, 2),
            **analysis.figures(self.commits.commits, drained["connections"], start, end, self.commits.heard),
            "moves_sent": drained["moves_sent"],
            "chat_lines_sent": drained["chat_lines_sent"],
            "toasts_to_players": drained["toasts_to_players"],
            "server_errors": logs.since(marks),
            "load_average_at_end": procstats.load_average(),
        }

    def log_marks(self, names: list[str]) -> dict:
        return logs.mark([self.stack.log_path(name) for name in names])


def anchor_tabs(load: Load, ports: list[int]) -> list[dict]:
    """The anchor's sockets: each table's sockets are spectators of its group."""
    return [
        {"key": f"t{t}s{s}", "table": f"t{t}", "role": "spectator", "port": port,
         "path": f"/ws/anchor/{t}/", "group": f"anchor.{t}"}
        for t, s, port in load.spread(ports)
    ]


async def run_anchor(stack: Stack, commits: CommitLog, load: Load) -> dict:
    ports = stack.anchor_ports
    try:
        servers = {port: stack.pids()[f"anchor :{port}"] for port in ports}
        phase = Phase("anchor", stack, commits, load, servers)
        marks = phase.log_marks([f"anchor :{port}" for port in ports])
        connected = await phase.connect(anchor_tabs(load, ports))
        publishers = [
            asyncio.create_task(publish_versions(commits, f"anchor.{t}", load.pace)) for t in range(load.tables)
        ]
        start = time.time() + WARMUP_SECONDS
        end, processes, web_rss = await phase.measure(start)
        for publisher in publishers:
            publisher.cancel()
        figures = await phase.finish(start, end, marks)
    finally:
        if not load.probe_groups:
            stack.stop_anchors()
    return {**connected, **figures, "processes": processes, "web_rss_mb": web_rss,
            "nominal_per_second": load.nominal_per_second}


class ReviewsBeside:
    """Games played to their end before the window (the seeder plays them, and it makes
    the tables' next rooms too: not in the window), whose every seat the strong bot
    reviews through it, on its own queue: the site's live tables beside the reviews."""

    def __init__(self, seeder: Seeder, room_ids: list[int]):
        self.seeder, self.room_ids = seeder, room_ids

    @classmethod
    async def play(cls, seeder: Seeder, game: str, games: int) -> "ReviewsBeside":
        (session,) = (await seeder.ask("sessions", count=1))["sessions"]
        played = [await seeder.ask("played", game=game, session=session) for _ in range(games)]
        return cls(seeder, [room["room_id"] for room in played])

    async def ask(self) -> None:
        for room_id in self.room_ids:
            await self.seeder.ask("review", room_id=room_id)

    async def progress(self) -> dict:
        """Seats asked for and done, and decisions reviewed, at the window's end."""
        each = [await self.seeder.ask("reviews", room_id=room_id) for room_id in self.room_ids]
        return {"games": len(each), **{key: sum(room[key] for room in each) for key in each[0]}}


async def run_site(stack: Stack, commits: CommitLog, load: Load) -> dict:
    tables = SiteTables(stack.running_seeder, load, MOVE_DRAIN_SECONDS)
    await tables.make()
    await asyncio.gather(*(tables.warm_up(port) for port in stack.web_ports))
    servers = {port: stack.pids()[f"web :{port}"] for port in stack.web_ports}
    phase = Phase("site", stack, commits, load, servers)
    marks = phase.log_marks([f"web :{port}" for port in stack.web_ports] + stack.worker_names)
    tabs = tables.tabs(stack.web_ports)
    connected = await phase.connect(tabs, on_finished=tables.finished)
    tables.pool = phase.pool
    if load.probe_groups:
        phase.probe = Probe(stack, commits, load)
        await phase.probe.connect()
    fill_seconds = await tables.fill()
    reviewed = None
    if load.reviewed_games:
        reviewed = await ReviewsBeside.play(stack.running_seeder, load.game, load.reviewed_games)
    if phase.probe:
        phase.probe.publish()
    start = time.time() + WARMUP_SECONDS
    tables.until = start + load.seconds
    if reviewed:
        await reviewed.ask()
    end, processes, web_rss = await phase.measure(start)
    if phase.probe:
        phase.probe.stop_publishing()
    reviews = await reviewed.progress() if reviewed else None
    figures = await phase.finish(start, end, marks)
    if reviews:
        figures["reviews_beside"] = reviews
    if phase.probe:
        figures["probe"] = await phase.probe.figures(commits.latest(end), DRAIN_SECONDS, start, end)
    return {
        **connected, **figures, **tables.summary(), "fill_seconds": fill_seconds, "processes": processes,
        "web_rss_mb": web_rss, "nominal_per_second": load.nominal_per_second, "exited": stack.exited(),
    }
