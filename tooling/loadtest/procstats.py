"""CPU, time spent waiting for a core, and memory of the processes under test (each
with its children: a Celery worker's pool), sampled at the start and the end of a
measured window."""

import time
from dataclasses import dataclass
from pathlib import Path

import psutil


@dataclass(frozen=True)
class Sample:
    at: float
    cpu_seconds: float
    waiting_seconds: float
    rss_bytes: int


def sample(pid: int, family: bool = True) -> Sample | None:
    """The process with its children (unless ``family`` is false); None once it is gone."""
    try:
        process = psutil.Process(pid)
        members = [process, *process.children(recursive=True)] if family else [process]
        cpu = waiting = 0.0
        rss = 0
        for member in members:
            with member.oneshot():
                times = member.cpu_times()
                cpu += times.user + times.system
                rss += member.memory_info().rss
            waiting += waiting_for_a_core(member.pid)
    except psutil.NoSuchProcess:
        return None
    return Sample(time.time(), cpu, waiting, rss)


def waiting_for_a_core(pid: int) -> float:
    """Seconds the process's threads have spent runnable but not running, waiting for a
    core (the second field of Linux's /proc/PID/task/TID/schedstat); 0 where the kernel
    does not keep it."""
    nanoseconds = 0
    for schedstat in Path(f"/proc/{pid}/task").glob("*/schedstat"):
        try:
            nanoseconds += int(schedstat.read_text().split()[1])
        except (OSError, IndexError, ValueError):
            continue  # a thread that ended meanwhile
    return nanoseconds / 1e9


def rss(pid: int) -> int:
    """The resident memory of one process alone, in bytes."""
    return psutil.Process(pid).memory_info().rss


def usage(start: Sample | None, end: Sample | None) -> dict:
    """CPU% over the window (100 = one core), the time its threads waited for a core (as
    a % of the window, summed over threads like the CPU) and RSS in MB at its start and end."""
    if start is None or end is None:
        return {"cpu_percent": None, "waiting_percent": None, "rss_start_mb": None, "rss_end_mb": None,
                "exited": True}
    seconds = max(end.at - start.at, 1e-9)
    return {
        "cpu_percent": round(100 * (end.cpu_seconds - start.cpu_seconds) / seconds, 1),
        "waiting_percent": round(100 * max(0.0, end.waiting_seconds - start.waiting_seconds) / seconds, 1),
        "rss_start_mb": round(start.rss_bytes / 2**20, 1),
        "rss_end_mb": round(end.rss_bytes / 2**20, 1),
        "exited": False,
    }


def load_average() -> str:
    with open("/proc/loadavg") as file:
        return " ".join(file.read().split()[:3])
