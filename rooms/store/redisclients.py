"""The Redis clients behind presence and the snapshot store.

Async code gets one client per event loop (a connection cannot cross loops), sync code
one per process. Their pools wait for a free connection rather than fail when many
sockets come and go at once.
"""

import redis
import redis.asyncio as aioredis
from django.conf import settings

from plumbing.cache import POOL_SIZE, POOL_WAIT_SECONDS, loop_client

_sync_client = None


def async_client() -> aioredis.Redis:
    return loop_client(settings.REDIS_URL)


def sync_client() -> redis.Redis:
    global _sync_client
    if _sync_client is None:
        pool = redis.BlockingConnectionPool.from_url(
            settings.REDIS_URL, max_connections=POOL_SIZE, timeout=POOL_WAIT_SECONDS
        )
        _sync_client = redis.Redis(connection_pool=pool)
    return _sync_client


def key(*parts) -> str:
    """A key under the site's cache prefix, so two sites can share one Redis."""
    return ":".join([settings.CACHES["default"]["KEY_PREFIX"], *map(str, parts)])
