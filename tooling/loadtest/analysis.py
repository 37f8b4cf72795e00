"""The figures of one phase, from the commit log and every connection's frames.

A frame is sorted by the version it carries, against what its connection had before:
- ``connect``: the connection's first table (the whole table a socket gets on connect);
- ``new``: a version newer than any it had — a push, timed from that version's commit;
- ``repeat``: a version it already had (the whole table re-sent);
- ``stale``: older than its newest but not had before (out of order; timed too).

Versions committed inside the window [start, end] while a socket was in the room are
offered; frames of versions committed inside the window are timed; frames are counted
from the window's start until the sockets close. A version is missed by a connection
when its room committed it inside the window while the connection was open, it is
newer than the connection's first table, and the connection never got it.

Each timed frame is also timed from when the load test heard its version announced
(``heard``, see ``commits.py``): the web processes' part of the latency, apart from the
writer's (``announced_ms``, from the commit to the announcement heard).
"""

import math
from collections import Counter

KINDS = ("connect", "new", "repeat", "stale")


def ratio(site: float | None, anchor: float | None) -> float | None:
    """The site's figure over the anchor's (or another's), to two places."""
    if site is None or not anchor:
        return None
    return round(site / anchor, 2)


def percentile(sorted_values: list[float], share: float) -> float | None:
    """Nearest rank: the smallest value with at least ``share`` of all at or below it."""
    if not sorted_values:
        return None
    return sorted_values[max(0, math.ceil(share * len(sorted_values)) - 1)]


def _latency_ms(latencies: list[float]) -> dict:
    ordered = sorted(1000 * seconds for seconds in latencies)
    summary = {f"p{round(100 * share)}": percentile(ordered, share) for share in (0.5, 0.95, 0.99)}
    return {**summary, "max": ordered[-1] if ordered else None, "count": len(ordered)}


class _Tally:
    def __init__(self, commits: dict[str, dict[int, float]], heard: dict[str, dict[int, float]], start: float,
                 end: float):
        self.commits, self.heard, self.start, self.end = commits, heard, start, end
        self.frames: Counter[str] = Counter()
        self.latencies: list[float] = []
        self.latencies_by_language: dict[str, list[float]] = {}
        self.latencies_from_heard: list[float] = []
        self.pushed: set[tuple[str, int]] = set()
        self.owed = self.missed = self.unannounced = 0
        self.connections_missing = 0

    def in_window(self, at: float | None) -> bool:
        return at is not None and self.start <= at <= self.end

    def read(self, connection: dict) -> None:
        committed = self.commits.get(connection["group"], {})
        had: set[int] = set()
        newest = None
        for received, version in connection["frames"]:
            if newest is None:
                kind, newest = "connect", version
            elif version in had:
                kind = "repeat"
            else:
                kind = "new" if version > newest else "stale"
                newest = max(newest, version)
                self._timed(connection, committed, version, received)
            had.add(version)
            if received >= self.start:
                self.frames[kind] += 1
        if connection["frames"]:
            self._owed(connection, committed, first=connection["frames"][0][1], had=had)

    def _timed(self, connection: dict, committed: dict[int, float], version: int, received: float) -> None:
        group, at = connection["group"], committed.get(version)
        if at is None:
            self.unannounced += 1
        elif self.in_window(at):
            self.latencies.append(received - at)
            self.latencies_by_language.setdefault(connection.get("language", ""), []).append(received - at)
            self.pushed.add((group, version))
            heard = self.heard.get(group, {}).get(version)
            if heard is not None:
                self.latencies_from_heard.append(received - heard)

    def _owed(self, connection: dict, committed: dict[int, float], first: int, had: set[int]) -> None:
        opened = max(connection["opened_at"], self.start)
        closed = min(connection["closed_at"] or self.end, self.end)
        owed = [v for v, at in committed.items() if opened <= at <= closed and self.in_window(at) and v > first]
        missed = sum(version not in had for version in owed)
        self.owed += len(owed)
        self.missed += missed
        self.connections_missing += bool(missed)


def _offered(commits: dict[str, dict[int, float]], connections: list[dict], start: float, end: float) -> int:
    """Versions committed inside the window while at least one socket was in the room."""
    open_spans: dict[str, list[tuple[float, float]]] = {}
    for c in connections:
        if c["opened_at"] is not None:
            open_spans.setdefault(c["group"], []).append((c["opened_at"], c["closed_at"] or end))
    return sum(
        1
        for group, spans in open_spans.items()
        for at in commits.get(group, {}).values()
        if start <= at <= end and any(opened <= at <= closed for opened, closed in spans)
    )


def _announced(commits: dict[str, dict[int, float]], heard: dict[str, dict[int, float]], start: float,
               end: float) -> list[float]:
    """From each version's commit inside the window to its announcement heard."""
    return [
        heard[group][version] - at
        for group, versions in commits.items()
        for version, at in versions.items()
        if start <= at <= end and version in heard.get(group, {})
    ]


def figures(commits: dict[str, dict[int, float]], connections: list[dict], start: float, end: float,
            heard: dict[str, dict[int, float]]) -> dict:
    seconds = end - start
    offered = _offered(commits, connections, start, end)
    tally = _Tally(commits, heard, start, end)
    for connection in connections:
        tally.read(connection)
    opened = [c for c in connections if c["opened_at"] is not None]
    chars = sum(c["chars"] for c in connections)
    frame_count = sum(len(c["frames"]) + c["other_frames"] for c in connections)
    return {
        "window_seconds": round(seconds, 2),
        "sockets": len({c["socket"] for c in connections}),
        "connections": len(opened),
        "latency_ms": _latency_ms(tally.latencies),
        "latency_from_heard_ms": _latency_ms(tally.latencies_from_heard),
        "latency_by_language_ms": {
            language: _latency_ms(latencies) for language, latencies in sorted(tally.latencies_by_language.items())
        },
        "announced_ms": _latency_ms(_announced(commits, heard, start, end)),
        "offered": offered,
        "offered_per_second": round(offered / seconds, 2),
        "pushed": len(tally.pushed),
        "pushed_per_second": round(len(tally.pushed) / seconds, 2),
        "frames": {kind: tally.frames[kind] for kind in KINDS},
        "other_frames": sum(c["other_frames"] for c in connections),
        "mean_frame_chars": round(chars / frame_count) if frame_count else None,
        "owed": tally.owed,
        "missed_versions": tally.missed,
        "connections_missing_versions": tally.connections_missing,
        "unannounced_versions": tally.unannounced,
        "closed_sockets": sum(1 for c in opened if not c["planned"]),
        "failed_connects": sum(1 for c in connections if c["error"]),
    }
