"""The cache's Redis connections, shared by the whole process.

Django makes a cache object for each thread and each async context (every socket's
consumer, every request), and each object opened a connection pool of its own, so each
new socket opened a new connection to Redis. ``CACHES`` names this pool class: the
first pool made for a server is the one every later cache object gets.
"""

import threading

import redis


class SharedConnectionPool(redis.ConnectionPool):
    _shared: dict = {}
    _lock = threading.Lock()

    @classmethod
    def from_url(cls, url, **kwargs):
        key = (url, tuple(sorted((name, repr(value)) for name, value in kwargs.items())))
        with cls._lock:
            pool = cls._shared.get(key)
            if pool is None:
                pool = cls._shared[key] = super().from_url(url, **kwargs)
            return pool
