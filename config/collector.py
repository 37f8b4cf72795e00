"""The garbage collector's settings for a long-running server process.

Under load the web process's full collections stalled every socket of every table for
a quarter of a second to a second, every few seconds (docs/performance.md, "Where the
p99 comes from"). What the process has made by the time it serves (modules, classes,
templates) lives as long as it does: frozen, no collection walks it again. The young
generation collects after more allocations, and the older ones more rarely.

Python 3.11 counts the young generation's allocations less its deallocations of any
age, so while old objects are freed as fast as young ones are made (a server whose
memory has levelled off) the count stays low and the young generation grows: under load
to 200,000 objects, walked in one quarter-second stall (docs/performance.md, "Fewer
objects per message, and the young generation on time"). While the server runs, its
loop also collects the young generation every tenth of a second, and an older one when
Python's own rule says it is due.
"""

import asyncio
import gc

THRESHOLDS = (20_000, 50, 50)
YOUNG_EVERY_SECONDS = 0.1
MIDDLE = 1
OLDEST = 2


def tune_for_a_server() -> None:
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


class Collector:
    """Collects on time: the young generation each call, an older one when due.

    Python decides whether the oldest generation is due from two counts it keeps
    (``long_lived_total`` and ``long_lived_pending``) that it does not show. They are
    kept here the same way, by counting what each collection of the middle generation
    promotes: listing the oldest generation instead took milliseconds each tenth of a
    second once its count had passed the threshold, which in a process whose memory has
    levelled off is for good."""

    def __init__(self):
        self.long_lived_total = len(gc.get_objects(OLDEST))  # after the last full collection
        self.long_lived_pending = 0  # promoted to the oldest generation since

    def collect(self) -> None:
        """Collect the generation due."""
        generation = generation_due(gc.get_count(), self.long_lived_pending >= self.long_lived_total / 4)
        if generation == OLDEST:
            gc.collect(OLDEST)
            self.long_lived_total, self.long_lived_pending = len(gc.get_objects(OLDEST)), 0
        elif generation == MIDDLE:
            young = len(gc.get_objects(0)) + len(gc.get_objects(MIDDLE))
            self.long_lived_pending += max(0, young - gc.collect(MIDDLE))
        else:
            gc.collect(0)


def generation_due(counts: tuple[int, int, int], oldest_grown: bool) -> int:
    """The oldest generation whose count has passed its threshold, as the collector
    itself chooses (the oldest only once it has grown by a quarter since its last
    collection); the young one if none has."""
    if counts[OLDEST] > THRESHOLDS[OLDEST] and oldest_grown:
        return OLDEST
    return MIDDLE if counts[MIDDLE] > THRESHOLDS[MIDDLE] else 0


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
