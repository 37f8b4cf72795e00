import functools
import os
import sys
from pathlib import Path

import pytest
import redis

from games import registry
from rooms import tablehomes
from tests import highcard

REPOSITORY = Path(__file__).resolve().parents[1]

# The quick tier, `make test ARGS="-m quick"`: the rules engines, and the write path —
# every change to a room (seating, starting, moves, timeouts, bots, pauses, the next
# game), the coins it moves and the results it records — with no browser and no server.
QUICK = (
    "tests/games/",
    "tests/rooms/test_actions.py",
    "tests/rooms/test_changes.py",
    "tests/rooms/test_tasks.py",
    "tests/rooms/test_host_start.py",
    "tests/rooms/test_fill_with_bots.py",
    "tests/rooms/test_abandoned_rooms.py",
    "tests/rooms/test_pauses.py",
    "tests/rooms/test_play_again.py",
    "tests/rooms/test_timeout_marks.py",
    "tests/rooms/test_courtpiece_rooms.py",
    "tests/rooms/test_dayous_rooms.py",
    "tests/rooms/test_courtpiece_coins.py",
    "tests/rooms/test_courtpiece_holds.py",
    "tests/rooms/test_welcome_coins.py",
    "tests/rooms/test_any_game_rooms.py",
    "tests/accounts/test_coins.py",
    "tests/accounts/test_guest_coins.py",
    "tests/leaderboard/test_points.py",
    "tests/leaderboard/test_standings.py",
    "tests/leaderboard/test_recent.py",
    "tests/leaderboard/test_ratings.py",
    "tests/leaderboard/test_voiding.py",
    "tests/test_every_game.py",
    "tests/test_fourth_game.py",
)


def pytest_collection_modifyitems(items):
    for item in items:
        if item.nodeid.startswith(QUICK):
            item.add_marker(pytest.mark.quick)


@pytest.fixture(scope="session")
def redis_url():
    """The Redis that `make test` started. A missing Redis fails the test, never skips it."""
    url = os.environ.get("REDIS_URL")
    if not url:
        pytest.fail("REDIS_URL is not set: run the tests with `make test`, which starts Redis.")
    try:
        redis.Redis.from_url(url).ping()
    except redis.RedisError as error:
        pytest.fail(f"Redis at {url} does not answer ({error}): run the tests with `make test`.")
    return url


@pytest.fixture(autouse=True)
def _fresh_process():
    """Each test starts as a new process of the site would, against an empty Redis (rate
    limits, presence, stored snapshots, the cache): nothing the process keeps between
    requests — cached snapshots, the ids of room codes, presence reads and windows, each
    event loop's Redis client, every functools cache of the site's modules — is left
    from the test before."""
    if os.environ.get("REDIS_URL"):
        _redis(os.environ["REDIS_URL"]).flushdb()
    from plumbing import cache
    from rooms import codeguard
    from rooms.live import presence_news
    from rooms.store import presence
    from rooms.store.snapshots import snapshots

    for module in (cache, codeguard, presence, presence_news):
        module.forget_all()
    snapshots.clear()
    _site_caches.clear()


@functools.cache
def _redis(url: str) -> redis.Redis:
    return redis.Redis.from_url(url)


class _SiteCaches:
    """Every functools cache defined in the site's own modules, looked for again
    whenever more modules have been imported."""

    def __init__(self):
        self._module_count, self._caches = 0, ()

    def clear(self) -> None:
        if len(sys.modules) != self._module_count:
            self._module_count, self._caches = len(sys.modules), tuple(self._find())
        for cached in self._caches:
            cached.cache_clear()

    @staticmethod
    def _find():
        site = f"{REPOSITORY}{os.sep}"
        not_the_site = tuple(f"{REPOSITORY / folder}{os.sep}" for folder in (".venv", "tests"))
        for name, module in list(sys.modules.items()):
            path = getattr(module, "__file__", None) or ""
            if path.startswith(site) and not path.startswith(not_the_site):
                for value in list(vars(module).values()):
                    if callable(getattr(value, "cache_clear", None)) and getattr(value, "__module__", None) == name:
                        yield value


_site_caches = _SiteCaches()


@pytest.fixture
def high_card(monkeypatch, settings):
    """High Card (tests/highcard.py) in the registry for the test, after the club's games,
    with its table home and its partials."""
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, highcard.GAME))
    monkeypatch.setitem(tablehomes.HOMES, highcard.GAME.slug, highcard.TABLE)
    settings.TEMPLATES = [{**engine, "DIRS": [*engine["DIRS"], highcard.TEMPLATES]} for engine in settings.TEMPLATES]
    return highcard.GAME
