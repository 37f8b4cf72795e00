"""plumbing/collector.py: the web process, once its application is loaded, has frozen what
it made at start-up (no collection walks it again) and collects its young objects less
often, so full collections no longer stall every table; and while it serves, its loop
collects the young generation on time, which Python 3.11's own count fails to do once
memory levels off (docs/performance.md). A Celery worker process is tuned the same way
after its first task, and collects after each task."""

import asyncio
import gc
import json
import subprocess
import sys

import pytest

from plumbing.collector import THRESHOLDS, YOUNG_EVERY_SECONDS, Collector, generation_due, lifespan
from tests.waits import wait_until_async

SHOW = "import gc, json, config.asgi; print(json.dumps([gc.get_threshold(), gc.get_freeze_count()]))"


def test_loading_the_asgi_application_tunes_the_collector():
    served = subprocess.run([sys.executable, "-c", SHOW], capture_output=True, text=True, check=True, timeout=120)
    shown = served.stdout.splitlines()[-1]
    thresholds, frozen = json.loads(shown)
    assert tuple(thresholds) == THRESHOLDS != (700, 10, 10)
    assert frozen > 10_000


WORKER = """
import gc, json
from config.celery import app
from tests.plumbing.test_collector import Node as Cycle

@app.task
def nothing():
    return None

untuned = [gc.get_threshold(), gc.get_freeze_count()]
nothing.apply()
tuned = [gc.get_threshold(), gc.get_freeze_count()]
cycles = [Cycle() for _ in range(1_000)]
del cycles
uncollected = Cycle.freed
nothing.apply()
print(json.dumps([untuned, tuned, uncollected, Cycle.freed]))
"""


def test_a_celery_worker_process_is_tuned_after_its_first_task_and_collects_after_each():
    ran = subprocess.run([sys.executable, "-c", WORKER], capture_output=True, text=True, check=True, timeout=120)
    untuned, tuned, uncollected, freed = json.loads(ran.stdout.splitlines()[-1])
    assert tuple(untuned[0]) == (700, 10, 10) and untuned[1] == 0
    assert tuple(tuned[0]) == THRESHOLDS and tuned[1] > 10_000
    assert (uncollected, freed) == (0, 1_000)


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
    assert generation_due(counts, lambda: oldest_grown) == due


def test_the_oldest_generation_is_listed_only_once_its_count_is_due():
    def listed():
        raise AssertionError("the oldest generation was listed")

    assert generation_due((5, THRESHOLDS[1] + 1, THRESHOLDS[2]), listed) == 1


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


def _past_the_oldest_threshold() -> None:
    """The oldest generation's count past its threshold, as it stays in a server whose
    memory has levelled off: only a full collection starts it again."""
    for _ in range(THRESHOLDS[2] + 1):
        gc.collect(1)
    assert gc.get_count()[2] > THRESHOLDS[2]


@pytest.fixture
def only_collections_asked_for():
    gc.disable()
    yield
    gc.enable()


@pytest.mark.usefixtures("only_collections_asked_for")
def test_ticks_do_not_list_the_oldest_generation_each_time_though_its_count_has_passed_the_threshold():
    """Listing it took milliseconds each tenth of a second, from the count's passing on."""
    collector = Collector()
    _past_the_oldest_threshold()
    assert sum(_listings(collector.collect) for _ in range(20)) == 0


@pytest.mark.usefixtures("only_collections_asked_for")
def test_the_oldest_generation_is_collected_once_it_has_grown_by_a_quarter():
    full = []

    def count(phase, info):
        if phase == "start" and info["generation"] == 2:
            full.append(info)

    collector = Collector(oldest_size_every=0)
    _past_the_oldest_threshold()
    gc.callbacks.append(count)
    try:
        collector.collect()
        assert not full
        kept = [Node() for _ in range(len(gc.get_objects(2)) // 4 + 1_000)]
        for _ in range(THRESHOLDS[1] + 1):
            gc.collect(0)
        collector.collect()  # the middle generation: the nodes are now in the oldest
        _past_the_oldest_threshold()
        collector.collect()
        assert len(full) == 1 and kept
    finally:
        gc.callbacks.remove(count)


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
        await wait_until_async(lambda: len(on_time) >= 3, YOUNG_EVERY_SECONDS * 5, "three collections on time")
        await to_app.put({"type": "lifespan.shutdown"})
        assert (await from_app.get())["type"] == "lifespan.shutdown.complete"
        await serving
        collected = len(on_time)
        await asyncio.sleep(YOUNG_EVERY_SECONDS * 3)
        assert len(on_time) == collected
    finally:
        gc.callbacks.remove(count)
