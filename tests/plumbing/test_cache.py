"""The cache shares one Redis connection pool per process, however many cache objects
Django makes (one per thread and per async context: every socket, every request)."""

import threading

import pytest
from django.core.cache import caches

pytestmark = pytest.mark.usefixtures("redis_url")


def _pool_of_a_new_thread() -> object:
    pools = []

    def look():
        cache = caches["default"]
        cache.set("shared-pool-probe", 1)
        pools.append(cache._cache._get_connection_pool(write=True))

    thread = threading.Thread(target=look)
    thread.start()
    thread.join()
    return pools[0]


def test_cache_objects_of_different_threads_share_one_connection_pool():
    first, second = _pool_of_a_new_thread(), _pool_of_a_new_thread()
    assert first is second
    assert caches["default"].get("shared-pool-probe") == 1
