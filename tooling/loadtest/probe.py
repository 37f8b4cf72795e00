"""The bare stack beside the site: a few anchor groups, published to and watched in the
site's own window, on the anchor's server. The anchor phase measures the bare stack on
an otherwise idle machine; the probe measures it while the site loads the same cores,
so the site's latency can also be read against what the stack gives under that load.
"""

import asyncio

from tooling.loadtest import analysis
from tooling.loadtest.clients import ClientPool
from tooling.loadtest.commits import CommitLog, publish_versions
from tooling.loadtest.load import Load
from tooling.loadtest.stack import Stack


class Probe:
    """``load.probe_groups`` groups of ``load.sockets`` sockets on the first anchor server,
    numbered after the anchor phase's groups, in a client process of their own."""

    def __init__(self, stack: Stack, commits: CommitLog, load: Load):
        self.commits, self.load = commits, load
        port = stack.anchor_ports[0]
        self.groups = [f"anchor.{number}" for number in range(load.tables, load.tables + load.probe_groups)]
        tabs = [
            {"key": f"p{group}s{s}", "table": f"p{group}", "role": "spectator", "port": port,
             "path": f"/ws/anchor/{group.removeprefix('anchor.')}/", "group": group}
            for group in self.groups for s in range(load.sockets)
        ]
        self.pool = ClientPool(tabs, 1, load.pace, stack.workdir, "probe")
        self._publishers: list[asyncio.Task] = []

    def pids(self) -> dict[str, int]:
        return {f"probe {name}": pid for name, pid in self.pool.pids().items()}

    async def connect(self) -> None:
        await self.pool.connect()

    def publish(self) -> None:
        self._publishers = [
            asyncio.create_task(publish_versions(self.commits, group, self.load.pace)) for group in self.groups
        ]

    def stop_publishing(self) -> None:
        for publisher in self._publishers:
            publisher.cancel()

    async def figures(self, latest: dict[str, int], drain_seconds: float, start: float, end: float) -> dict:
        drained = await self.pool.drain(latest, drain_seconds)
        return {"groups": len(self.groups), "sockets_per_group": self.load.sockets,
                **analysis.figures(self.commits.commits, drained["connections"], start, end, self.commits.heard)}
