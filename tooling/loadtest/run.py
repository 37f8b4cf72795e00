"""One run of the load test: start the stack, measure the anchor, measure the site, stop."""

import json
import math
import os
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tooling.loadtest import procstats
from tooling.loadtest.analysis import ratio
from tooling.loadtest.commits import CommitLog
from tooling.loadtest.connects import measure_connects
from tooling.loadtest.load import Load
from tooling.loadtest.phases import run_anchor, run_site
from tooling.loadtest.stack import Stack

SOCKETS_PER_CLIENT_PROCESS = 800
MOST_CLIENT_PROCESSES = 4


@dataclass(frozen=True)
class Options:
    game: str
    tables: int
    sockets: int
    seconds: float
    web: int
    site_dir: Path
    database_url: str | None  # a PostgreSQL server to make the throw-away database on; None: SQLite
    bot_delay_ms: tuple[int, int]
    client_processes: int  # 0: one per SOCKETS_PER_CLIENT_PROCESS sockets
    keep: bool = False  # keep the work directory (logs, frames, commit times, when each was heard) and say where
    probe_groups: int = 0  # anchor groups watched beside the site, in its window (tooling/loadtest/probe.py)
    connect_rounds: int = 0  # connects alone, this many rounds, instead of the phases (tooling/loadtest/connects.py)
    workers: int = 1  # Celery workers per queue (timers, bots, strong bots), as production's WORKER_PROCESSES
    languages: tuple[str, ...] = ()  # the sockets' languages, dealt round each table; (): the browsers' default
    chat_every: float = 0  # seconds between a table's chat lines (its player's quick phrases); 0: none
    reviewed_games: int = 0  # games played to their end first, whose every seat the strong bot reviews in the window

    def load(self) -> Load:
        automatic = min(MOST_CLIENT_PROCESSES, math.ceil(self.tables * self.sockets / SOCKETS_PER_CLIENT_PROCESS))
        return Load(
            game=self.game, tables=self.tables, sockets=self.sockets, seconds=self.seconds,
            pace=(self.bot_delay_ms[0] / 1000, self.bot_delay_ms[1] / 1000),
            client_processes=self.client_processes or automatic, probe_groups=self.probe_groups,
            languages=self.languages, chat_every=self.chat_every, reviewed_games=self.reviewed_games,
        )


def ratios(site_latency: dict, other_latency: dict) -> dict:
    """The site's p50 and p99 over another's."""
    return {key: ratio(site_latency[key], other_latency[key]) for key in ("p50", "p99")}


async def run(options: Options, say: Callable[[str], None]) -> dict:
    load = options.load()
    result: dict[str, Any] = {
        "options": {**asdict(options), "site_dir": str(options.site_dir), "database_url": bool(options.database_url)},
        "client_processes": load.client_processes,
        "cores": os.cpu_count(),
        "load_average_before": procstats.load_average(),
    }
    stack = Stack(options.site_dir, options.web, options.database_url, options.bot_delay_ms, options.workers)
    commits = None
    try:
        say(f"Starting Redis, a throw-away database and the site from {options.site_dir} (in {stack.workdir})")
        began = time.time()
        await stack.start()
        result["database"] = stack.database.kind if stack.database else None
        result["start_seconds"] = round(time.time() - began, 1)
        if options.connect_rounds:
            say(f"Connects: {load.tables} tables x {load.sockets} sockets, {options.connect_rounds} round(s) "
                "of the anchor then the site")
            result["connects"] = await measure_connects(stack, load, options.connect_rounds)
        else:
            commits = CommitLog(stack.redis_url)
            await commits.start()
            say(f"Anchor: {load.tables} groups x {load.sockets} sockets, {load.seconds:g} s")
            result["anchor"] = await run_anchor(stack, commits, load)
            say(f"Site: {load.tables} {load.game} tables x {load.sockets} sockets, {load.seconds:g} s")
            result["site"] = await run_site(stack, commits, load)
        result["commands"] = stack.commands
    finally:
        if commits is not None:
            await commits.stop()
            if options.keep:
                (stack.workdir / "commits.json").write_text(json.dumps({"committed": commits.commits,
                                                                         "heard": commits.heard}))
        await stack.stop(keep=options.keep)
        if options.keep:
            say(f"Kept the work directory (logs, frames, commit times and when each was heard): {stack.workdir}")
    result["load_average_after"] = procstats.load_average()
    if options.connect_rounds:
        return result
    site, anchor = result["site"], result["anchor"]
    result["ratios"] = {
        **ratios(site["latency_ms"], anchor["latency_ms"]),
        "heard": ratios(site["latency_from_heard_ms"], anchor["latency_from_heard_ms"]),
        "connect": ratio(site["connect_seconds"], anchor["connect_seconds"]),
    }
    if "probe" in site:
        result["ratios"]["beside"] = ratios(site["latency_ms"], site["probe"]["latency_ms"])
    return result
