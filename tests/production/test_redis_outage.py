"""Redis dies during a move (issue #36, item 6), under `make serve` with two web
processes and the Redis bin/serve starts (supervisord restarts it): Ann plays Disunyer
against seven bots with a socket through each web process, and two spectators watch.
Redis is SIGKILLed just as Ann moves. Her move commits, no socket is closed, no page
answers 500 while Redis is down, and once Redis is back every socket is sent every
version, Ann's move's included, in order."""

import os
import signal
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.e2e.conftest import _free_port
from tests.production.conftest import answers_redis, serving, wait_until
from tests.production.test_scale_out import Guest, Player, Socket, Table, _missing_and_backwards

pytestmark = pytest.mark.e2e

WAIT_SECONDS = 60
PLAY_ON_SECONDS = 15  # after Redis is back: a few rounds of the bots and Ann


@pytest.fixture(scope="module")
def two_web_processes(tmp_path_factory):
    """`make serve` with two web processes, a worker per queue, one beat, and a Redis
    under supervisord (none answers at REDIS_URL when it starts); bots move after
    100-200 ms."""
    tmp = tmp_path_factory.mktemp("redis-outage")
    redis_url = f"redis://127.0.0.1:{_free_port()}/0"
    with serving(tmp, web_processes=2, worker_processes=1, redis_url=redis_url, bot_delay_ms="100,200") as site:
        yield site


class PageWatch:
    """Asks each web process for the lobby and Ann's room page, over and over, in a
    thread of its own, while Redis is down: the statuses they answered."""

    def __init__(self, urls: list[str], code: str):
        self.paths = [f"{url}{path}" for url in urls for path in ("/rooms/", f"/rooms/{code}/")]
        self.statuses: list[int] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _watch(self):
        while not self._stop.is_set():
            for path in self.paths:
                try:
                    with urllib.request.urlopen(path, timeout=10) as response:
                        self.statuses.append(response.status)
                except urllib.error.HTTPError as error:
                    self.statuses.append(error.code)
                except OSError:
                    pass  # not an answer

    def stop(self) -> list[int]:
        self._stop.set()
        self._thread.join(30)
        return self.statuses


def test_redis_killed_during_a_move_loses_nothing(two_web_processes):
    """Redis is SIGKILLed as Ann moves: the move is recorded; while Redis is down the
    pages answer (the room's page says "try again", 503), never 500; supervisord starts
    Redis again; no socket was closed; every socket is sent every version from before
    the kill to the end of play, Ann's move's included, in order; no web process logs
    a traceback."""
    site = two_web_processes
    a, b = site.urls
    ann = Guest("Ann")
    code = ann.post(f"{a}/rooms/new/disunyer/", mode="standard", clock="20", is_public="1",
                    bot_level="easy").rstrip("/")[-4:]
    for _ in range(7):
        ann.post(f"{a}/rooms/{code}/bots/add/", level="easy")
    table = Table(site.database, code)
    assert table.version_and_status()[1] == "playing"
    spectators = [Guest("Cy"), Guest("Dee")]
    for spectator, url in zip(spectators, (a, b), strict=True):
        spectator.get(f"{url}/rooms/{code}/")
    player = Player(ann, [Socket(ann, a, code), Socket(ann, b, code)])
    sockets = player.sockets + [Socket(spectator, url, code) for spectator, url in zip(spectators, (a, b), strict=True)]
    try:
        offer = wait_until(player.offer, WAIT_SECONDS, "Ann is offered a move")
        # The spectators' sockets connect beside Ann's: each has its first table by now
        # on a quiet machine, not on a busy one.
        wait_until(lambda: all(socket.last_version is not None for socket in sockets), WAIT_SECONDS,
                   "every socket has its first table")
        before_kill = min(socket.last_version for socket in sockets)
        moves = table.player_moves()

        old_redis = site.pid("redis")
        os.kill(old_redis, signal.SIGKILL)
        wait_until(lambda: not answers_redis(site.redis_url), WAIT_SECONDS, "Redis is down")
        watch = PageWatch(site.urls, code)
        player.act(*offer)  # through web process B: its socket was the second one
        wait_until(lambda: table.player_moves() > moves, WAIT_SECONDS, "Ann's move is recorded")
        ann_moved_to = table.version_and_status()[0]
        wait_until(lambda: site.running_pid_other_than("redis", old_redis), WAIT_SECONDS, "supervisord restarts Redis")
        wait_until(lambda: answers_redis(site.redis_url), WAIT_SECONDS, "Redis answers again")
        statuses = watch.stop()
        assert 500 not in statuses and statuses, statuses

        deadline = time.monotonic() + PLAY_ON_SECONDS
        while time.monotonic() < deadline:
            if offer := player.offer():
                player.act(*offer)
            time.sleep(0.05)
        final, _ = table.version_and_status()
        wait_until(lambda: all(s.last_version >= final for s in sockets), WAIT_SECONDS,
                   f"every socket is sent version {final}")
        for socket in sockets:
            assert socket.connected and len(socket.connections) == 1, f"{socket} stayed open"
            versions = [v for v in socket.connections[0] if v >= before_kill]
            missing, backwards = _missing_and_backwards(versions)
            assert not missing and not backwards, f"{socket}: missing {missing}, went backwards: {backwards}"
            assert ann_moved_to in versions, f"{socket} was sent the version of Ann's move"
    finally:
        for socket in sockets:
            socket.close()
    for log in (Path(site.env["CARDCLUB_VAR_DIR"]) / "log").glob("web-*.log"):
        text = log.read_text(errors="replace")
        assert "Traceback" not in text and "Exception in ASGI application" not in text, log
