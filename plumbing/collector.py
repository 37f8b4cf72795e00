"""The garbage collector's settings for a long-running server process.

Under load the web process's full collections stalled every socket of every table for
a quarter of a second to a second, every few seconds (docs/performance-history.md, "Where the
p99 comes from"). What the process has made by the time it serves (modules, classes,
templates) lives as long as it does: frozen, no collection walks it again. The young
generation collects after more allocations, and the oldest more rarely. The middle one
collects after ten young collections (a second of the loop's): it holds what lived
through them (a table's snapshots, new sockets' objects), and walking five seconds' worth
at once stalled the loop up to 180 ms (docs/performance-history.md, "The middle
generation every second").

Python 3.11 counts the young generation's allocations less its deallocations of any
age, so while old objects are freed as fast as young ones are made (a server whose
memory has levelled off) the count stays low and the young generation grows: under load
to 200,000 objects, walked in one quarter-second stall (docs/performance-history.md, "Fewer
objects per message, and the young generation on time"). While the server runs, its
loop also collects the young generation every tenth of a second, and an older one when
Python's own rule says it is due.

A Celery worker is such a process too: its bot moves render and store a table's version
after each commit, and with Python's own settings a third of that time went to
collections walking its start-up heap (docs/performance-history.md, "The workers' collector").
Each worker process is tuned after its first task, once every module a task needs is
loaded, and collects after each task, between one move and the next.
"""

import asyncio
import functools
import gc
import time
from collections.abc import Callable

THRESHOLDS = (20_000, 10, 250)
YOUNG_EVERY_SECONDS = 0.1
OLDEST_SIZE_EVERY_SECONDS = 10
OLDEST = 2


def tune_for_a_server() -> None:
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


class Collector:
    """Collects on time: the young generation each call, an older one when due.

    Whether the oldest generation has grown is known only by listing it: milliseconds
    for a server's heap. It is listed at most every ``oldest_size_every`` seconds, not
    on every tick its count is past the threshold: only a full collection starts that
    count again, so in a process whose memory has levelled off it stays past for good."""

    def __init__(self, oldest_size_every: float = OLDEST_SIZE_EVERY_SECONDS):
        self._oldest_after_full = len(gc.get_objects(OLDEST))
        self._oldest_size_every = oldest_size_every
        self._oldest_measured_at = time.monotonic()

    def collect(self) -> None:
        """Collect the generation due."""
        generation = generation_due(gc.get_count(), self._oldest_grown)
        gc.collect(generation)
        if generation == OLDEST:
            self._oldest_after_full = len(gc.get_objects(OLDEST))

    def _oldest_grown(self) -> bool:
        """As Python's own rule: a full collection once the oldest generation has grown
        by a quarter since the last one."""
        now = time.monotonic()
        if now - self._oldest_measured_at < self._oldest_size_every:
            return False
        self._oldest_measured_at = now
        return len(gc.get_objects(OLDEST)) - self._oldest_after_full >= self._oldest_after_full / 4


def generation_due(counts: tuple[int, int, int], oldest_grown: Callable[[], bool]) -> int:
    """The oldest generation whose count has passed its threshold, as the collector
    itself chooses (``oldest_grown()`` is asked only when the oldest's count has); the
    young one if none has."""
    if counts[2] > THRESHOLDS[2] and oldest_grown():
        return 2
    return 1 if counts[1] > THRESHOLDS[1] else 0


async def collect_on_time() -> None:
    collector = Collector()
    while True:
        await asyncio.sleep(YOUNG_EVERY_SECONDS)
        collector.collect()


async def lifespan(scope, receive, send) -> None:
    """The ASGI lifespan of a web process: its loop collects on time while it serves."""
    collecting = None
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            collecting = asyncio.ensure_future(collect_on_time())
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            if collecting is not None:
                collecting.cancel()
            await send({"type": "lifespan.shutdown.complete"})
            return


def collect_after_task(**kwargs) -> None:
    """Connected to Celery's ``task_postrun``: the worker process's collector, made (and
    the process tuned) after its first task, collects the generation due."""
    _worker_collector().collect()


@functools.cache  # once per process: a prefork worker's children each tune their own
def _worker_collector() -> Collector:
    tune_for_a_server()
    return Collector()
