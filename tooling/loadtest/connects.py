"""Connects alone, in rounds: every socket connects to the anchor, all close, then every
socket connects to the site, all close; again each round.

One connect of 2,000 sockets varies by a fifth between runs on a small machine, which
is more than a change to the site's connect moves it. Rounds taken in turn share the
machine's moods, and their median ratio, with the servers' processor time per socket,
says what one connect cannot.
"""

import asyncio
import statistics

from tooling.loadtest import logs, procstats
from tooling.loadtest.analysis import ratio
from tooling.loadtest.clients import ClientPool
from tooling.loadtest.load import Load
from tooling.loadtest.phases import anchor_tabs
from tooling.loadtest.procstats import Sample
from tooling.loadtest.sitetables import SiteTables
from tooling.loadtest.stack import Stack

CLOSE_SECONDS = 5  # at most, for the sockets to close after a connect
SETTLE_SECONDS = 2  # after they close: the servers forget them before the next connect


async def measure_connects(stack: Stack, load: Load, rounds: int) -> dict:
    """Each round connects the anchor's sockets and then the site's (the tables waiting
    for their games, as when the main run connects)."""
    tables = SiteTables(stack.running_seeder, load, 0)
    await tables.make()
    await asyncio.gather(*(tables.warm_up(port) for port in stack.web_ports))
    pids = stack.pids()
    servers = {
        "anchor": ([pids[f"anchor :{port}"] for port in stack.anchor_ports], anchor_tabs(load, stack.anchor_ports)),
        "site": ([pids[f"web :{port}"] for port in stack.web_ports], tables.tabs(stack.web_ports)),
    }
    marks = logs.mark([stack.log_path(name) for name in pids if name.startswith(("web ", "anchor "))])
    measured = []
    for number in range(rounds):
        measured.append(_with_ratios({
            name: await _connect_once(stack, load, tabs, server_pids, f"{name}-connect-{number}")
            for name, (server_pids, tabs) in servers.items()
        }))
    return {"rounds": measured, "median": _medians(measured), "server_errors": logs.since(marks),
            "exited": stack.exited()}


async def _connect_once(stack: Stack, load: Load, tabs: list[dict], server_pids: list[int], name: str) -> dict:
    before = [procstats.sample(pid, family=False) for pid in server_pids]
    pool = ClientPool(tabs, load.client_processes, load.pace, stack.workdir, name)
    connected = await pool.connect()
    after = [procstats.sample(pid, family=False) for pid in server_pids]
    await pool.drain({}, CLOSE_SECONDS)
    await asyncio.sleep(SETTLE_SECONDS)
    cpu_seconds = _cpu_seconds(before, after)
    done = connected["done"]
    return {
        "seconds": None if done is None else round(done - connected["started"], 3),
        "cpu_ms_per_socket": None if cpu_seconds is None else round(1000 * cpu_seconds / len(tabs), 3),
        "sockets_not_connected": connected["missing"],
    }


def _cpu_seconds(before: list[Sample | None], after: list[Sample | None]) -> float | None:
    """The servers' processor time from one sample to the other; None if one exited."""
    pairs = [(start, end) for start, end in zip(before, after, strict=True) if start is not None and end is not None]
    if len(pairs) < len(before):
        return None
    return sum(end.cpu_seconds - start.cpu_seconds for start, end in pairs)


def _with_ratios(one: dict) -> dict:
    site, anchor = one["site"], one["anchor"]
    return {
        **one,
        "ratio": ratio(site["seconds"], anchor["seconds"]),
        "cpu_ratio": ratio(site["cpu_ms_per_socket"], anchor["cpu_ms_per_socket"]),
    }


def _medians(rounds: list[dict]) -> dict:
    """The median of each figure, and of the rounds' ratios (each round's pair shared
    the machine's mood)."""

    def median(values):
        values = [value for value in values if value is not None]
        return round(statistics.median(values), 3) if values else None

    return {
        "anchor_seconds": median(one["anchor"]["seconds"] for one in rounds),
        "site_seconds": median(one["site"]["seconds"] for one in rounds),
        "anchor_cpu_ms_per_socket": median(one["anchor"]["cpu_ms_per_socket"] for one in rounds),
        "site_cpu_ms_per_socket": median(one["site"]["cpu_ms_per_socket"] for one in rounds),
        "ratio": median(one["ratio"] for one in rounds),
        "cpu_ratio": median(one["cpu_ratio"] for one in rounds),
        "sockets_not_connected": sum(
            one["anchor"]["sockets_not_connected"] + one["site"]["sockets_not_connected"] for one in rounds
        ),
    }
