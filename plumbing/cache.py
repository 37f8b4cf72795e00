"""The cache's Redis connections, shared by the whole process.

Django makes a cache object for each thread and each async context (every socket's
consumer, every request), and each object opened a connection pool of its own, so each
new socket opened a new connection to Redis. ``CACHES`` names this pool class: the
first pool made for a server is the one every later cache object gets.

Django's cache reads from async code (``aget``) in the one thread that every
``sync_to_async`` call of the process shares, so each socket that connects queued
there to read its session. ``RedisCache`` reads on the event loop instead.
"""

import asyncio
import threading

import redis
import redis.asyncio as aioredis
from django.core.cache.backends import redis as django_redis

POOL_SIZE = 64
POOL_WAIT_SECONDS = 10
# What a client raises while Redis is down, restarting or still loading its data.
UNREACHABLE = (redis.ConnectionError, redis.TimeoutError)

_loop_clients: dict = {}


class SharedConnectionPool(redis.ConnectionPool):
    _shared: dict[tuple, redis.ConnectionPool] = {}
    # Not ``_lock``: each pool has a lock of its own by that name.
    _shared_lock = threading.Lock()

    @classmethod
    def from_url(cls, url, **kwargs):
        key = (url, tuple(sorted((name, repr(value)) for name, value in kwargs.items())))
        with cls._shared_lock:
            pool = cls._shared.get(key)
            if pool is None:
                pool = cls._shared[key] = super().from_url(url, **kwargs)
            return pool


def loop_client(url: str) -> aioredis.Redis:
    """The running event loop's client of the Redis at ``url`` (a connection cannot
    cross loops). Its pool waits for a free connection rather than fail when many
    sockets come and go at once."""
    loop_and_url = (asyncio.get_running_loop(), url)
    client = _loop_clients.get(loop_and_url)
    if client is None:
        pool = aioredis.BlockingConnectionPool.from_url(url, max_connections=POOL_SIZE, timeout=POOL_WAIT_SECONDS)
        client = _loop_clients[loop_and_url] = aioredis.Redis(connection_pool=pool)
    return client


def forget_all() -> None:
    """Forget every loop's client, as a new process starts (between tests, when the
    loops they belong to are closed)."""
    _loop_clients.clear()


class RedisCache(django_redis.RedisCache):
    """Django's Redis cache, whose ``aget`` reads on the event loop, in the same format."""

    async def aget(self, key, default=None, version=None):
        key = self.make_and_validate_key(key, version=version)
        value = await loop_client(self._servers[0]).get(key)
        return default if value is None else self.decoded(value)

    def decoded(self, value: bytes):
        """A value as Redis holds it, decoded as the cache's own reads decode it."""
        return self._cache._serializer.loads(value)
