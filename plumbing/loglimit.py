"""Log lines that a client can cause, at a bounded rate.

A client that sends thousands of bad messages, or a Redis outage that every request
meets, would otherwise write a line each: a fuzzer wrote 22,147 lines in a few minutes.
A ``LimitedLog`` writes at most ``lines`` lines per ``seconds`` (per process); the first
line of the next window says how many were left out meanwhile.
"""

import logging
import threading
import time


class LimitedLog:
    def __init__(self, logger: logging.Logger, lines: int = 5, seconds: float = 10.0):
        self._logger, self._lines, self._seconds = logger, lines, seconds
        self._window_ends = 0.0
        self._written = self._left_out = 0
        self._lock = threading.Lock()  # the web process's database thread logs too

    def warning(self, message: str, *args) -> None:
        with self._lock:
            now = time.monotonic()
            if now >= self._window_ends:
                if self._left_out:
                    self._logger.warning(
                        "Left out of the log: %d more warnings like these (at most %d are written every %g s).",
                        self._left_out, self._lines, self._seconds,
                    )
                self._window_ends, self._written, self._left_out = now + self._seconds, 0, 0
            if self._written >= self._lines:
                self._left_out += 1
                return
            self._written += 1
        self._logger.warning(message, *args)
