import os

import pytest
import redis

from games import registry
from tests import highcard


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
def _fresh_cache():
    """Rate limits, presence and stored snapshots live in Redis, which every change to a
    room writes to: each test starts clean."""
    yield
    if os.environ.get("REDIS_URL"):
        redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()


@pytest.fixture
def high_card(monkeypatch):
    """High Card (tests/highcard.py) in the registry for the test, after the club's games."""
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, highcard.GAME))
    return highcard.GAME
