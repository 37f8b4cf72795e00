"""The garbage collector's settings for a long-running server process.

Under load the web process's full collections stalled every socket of every table for
a quarter of a second to a second, every few seconds (docs/performance.md, "Where the
p99 comes from"). What the process has made by the time it serves (modules, classes,
templates) lives as long as it does: frozen, no collection walks it again. The young
generation collects after more allocations, and the older ones more rarely.
"""

import gc

THRESHOLDS = (20_000, 50, 50)


def tune_for_a_server() -> None:
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
