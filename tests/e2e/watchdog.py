"""A browser that stops answering fails its test within a minute, with the line it
hung on, instead of holding the whole run until pytest-timeout ends it.

Every call of Playwright's sync API runs as a task on Playwright's event loop, and the
task keeps the frame of the line that made the call. No call of ours waits long (the
longest wait the tests ask for is 15 s), so a call still pending after
``stuck_seconds`` is a browser that will never answer: CI has seen chromium sit idle
while a call waited for it until the run's timeout. The watchdog then prints where the
test was and kills the browser, so that the call raises; the test fails with
``BrowserStoppedAnswering`` and is run once more in a new browser (``conftest.py``)."""

import asyncio
import sys
import threading
import time
import traceback
import weakref
from pathlib import Path

import psutil

TESTS = str(Path(__file__).resolve().parents[1])
STUCK_SECONDS = 60
POLL_SECONDS = 1


class BrowserStoppedAnswering(Exception):
    """A Playwright call waited past the watchdog's limit; the browser was killed."""


class Watchdog:
    """Watches the pending calls on Playwright's ``loop`` from a thread of its own."""

    def __init__(self, loop: asyncio.AbstractEventLoop, stuck_seconds: float = STUCK_SECONDS):
        self.stuck_seconds = stuck_seconds
        self.hangs: list[str] = []  # where each hang was, in order
        self._loop = loop
        self._first_seen: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="browser-watchdog", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopped.set()
        self._thread.join()

    def _watch(self) -> None:
        while not self._stopped.wait(POLL_SECONDS):
            stuck = self._stuck_call()
            if stuck is not None:
                self._end_hang(stuck)

    def _stuck_call(self):
        """The frame of the test line whose call has been pending too long, if any."""
        now = time.monotonic()
        try:
            tasks = [task for task in asyncio.all_tasks(self._loop) if hasattr(task, "__pw_caller_frame__")]
        except RuntimeError:  # the loop's task set changed while it was read: look again soon
            return None
        for task in tasks:
            first_seen = self._first_seen.setdefault(task, now)
            if not task.done() and now - first_seen > self.stuck_seconds:
                self._first_seen[task] = float("inf")  # reported once
                return task.__pw_caller_frame__
        return None

    def _end_hang(self, frame) -> None:
        where = _where(frame)
        self.hangs.append(where)
        print(f"\nA Playwright call waited over {self.stuck_seconds} s; killing the browser. "
              f"The call was made at:\n{where}", file=sys.stderr, flush=True)
        kill_browsers()


def _where(frame) -> str:
    """The tests' own lines that led to the call, and the Playwright call itself."""
    stack = traceback.extract_stack(frame)
    ours = [line for line in stack[:-1] if line.filename.startswith(TESTS)]
    return "".join(traceback.format_list(ours)) + f"  in Playwright's {stack[-1].name}()\n"


def kill_browsers() -> None:
    """Kill every chromium this process started (through Playwright's driver)."""
    browsers = [child for child in psutil.Process().children(recursive=True) if "chrom" in child.name()]
    for process in browsers:
        try:
            process.kill()
        except psutil.NoSuchProcess:
            pass
    psutil.wait_procs(browsers, timeout=10)
