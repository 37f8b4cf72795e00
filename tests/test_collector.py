"""config/collector.py: the web process, once its application is loaded, has frozen what
it made at start-up (no collection walks it again) and collects its young objects less
often, so full collections no longer stall every table; and while it serves, its loop
collects the young generation on time, which Python 3.11's own count fails to do once
memory levels off (docs/performance.md)."""

import asyncio
import gc
import json
import subprocess
import sys

import pytest

from config.collector import THRESHOLDS, YOUNG_EVERY_SECONDS, Collector, generation_due, lifespan

SHOW = "import gc, json, config.asgi; print(json.dumps([gc.get_threshold(), gc.get_freeze_count()]))"


def test_loading_the_asgi_application_tunes_the_collector():
    served = subprocess.run([sys.executable, "-c", SHOW], capture_output=True, text=True, check=True, timeout=120)
    shown = served.stdout.splitlines()[-1]
    thresholds, frozen = json.loads(shown)
    assert tuple(thresholds) == THRESHOLDS != (700, 10, 10)
    assert frozen > 10_000


class Node:
    """Young garbage: a cycle that only a collection frees."""

    freed = 0

    def __init__(self):
        self.me = self

    def __del__(self):
        Node.freed += 1


def test_the_young_generation_is_collected_on_time_though_pythons_count_says_it_is_not_due():
    old = [{} for _ in range(40_000)]
    gc.collect()  # now they are old
    Node.freed = 0
    for _ in range(20_000):
        Node()
        old.pop()  # old objects freed as fast as young ones are made: the count stays put
        old.pop()
    assert gc.get_count()[0] < gc.get_threshold()[0] and Node.freed == 0
    Collector().collect()
    assert Node.freed == 20_000


@pytest.mark.parametrize(
    ("counts", "oldest_grown", "due"),
    [
        ((5, 3, 7), False, 0),
        ((5, THRESHOLDS[1] + 1, 7), False, 1),
        ((5, THRESHOLDS[1] + 1, THRESHOLDS[2] + 1), False, 1),
        ((5, 3, THRESHOLDS[2] + 1), True, 2),
    ],
)
def test_an_older_generation_is_collected_when_pythons_own_rule_says_it_is_due(counts, oldest_grown, due):
    assert generation_due(counts, oldest_grown) == due


def _listings(collect) -> int:
    """How many times ``collect()`` listed a generation (``gc.get_objects``)."""
    listed = 0

    def calls(frame, event, arg):
        nonlocal listed
        if event == "c_call" and arg is gc.get_objects:
            listed += 1

    sys.setprofile(calls)
    try:
        collect()
    finally:
        sys.setprofile(None)
    return listed


def test_a_tick_does_not_list_the_oldest_generation_though_its_count_has_passed_the_threshold():
    """Python counts a collection of the middle generation against the oldest, and only a
    full collection starts that count again: in a process whose memory has levelled off
    the count stays past the threshold for good, and listing the oldest generation each
    tenth of a second cost milliseconds each time."""
    collector = Collector()
    for _ in range(THRESHOLDS[2] + 1):
        gc.collect(1)
    assert gc.get_count()[2] > THRESHOLDS[2]
    assert _listings(collector.collect) == 0
    assert _listings(collector.collect) == 0


@pytest.fixture
def only_collections_asked_for():
    gc.disable()
    yield
    gc.enable()


@pytest.mark.usefixtures("only_collections_asked_for")
def test_what_the_middle_generation_promotes_is_counted_until_the_oldest_has_grown_by_a_quarter():
    gc.collect()
    collector = Collector()
    for _ in range(THRESHOLDS[1] + 1):
        gc.collect(0)  # as many young collections as make the middle generation due
    kept = [Node() for _ in range(collector.long_lived_total // 4 + 1_000)]
    collector.collect()  # the middle generation: the nodes are promoted
    assert collector.long_lived_pending >= len(kept)
    for _ in range(THRESHOLDS[2] + 1):
        gc.collect(1)
    total = collector.long_lived_total
    collector.collect()  # the oldest generation, which has grown by a quarter
    assert collector.long_lived_pending == 0
    assert collector.long_lived_total >= total + len(kept)


@pytest.mark.asyncio
async def test_a_serving_process_collects_on_time_from_startup_to_shutdown():
    to_app, from_app = asyncio.Queue(), asyncio.Queue()
    on_time = []

    def count(phase, info):
        # Not Python's own collections: those start once the count has passed the threshold.
        if phase == "start" and info["generation"] == 0 and gc.get_count()[0] <= gc.get_threshold()[0]:
            on_time.append(info)

    serving = asyncio.ensure_future(lifespan({"type": "lifespan"}, to_app.get, from_app.put))
    gc.callbacks.append(count)
    try:
        await to_app.put({"type": "lifespan.startup"})
        assert (await from_app.get())["type"] == "lifespan.startup.complete"
        await asyncio.sleep(YOUNG_EVERY_SECONDS * 5)
        assert len(on_time) >= 3
        await to_app.put({"type": "lifespan.shutdown"})
        assert (await from_app.get())["type"] == "lifespan.shutdown.complete"
        await serving
        collected = len(on_time)
        await asyncio.sleep(YOUNG_EVERY_SECONDS * 3)
        assert len(on_time) == collected
    finally:
        gc.callbacks.remove(count)
