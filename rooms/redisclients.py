"""The Redis clients behind presence and the snapshot store.

Async code gets one client per event loop (a connection cannot cross loops), sync code
one per process. Their pools wait for a free connection rather than fail when many
sockets come and go at once.
"""

import asyncio

import redis
import redis.asyncio as aioredis
from django.conf import settings

POOL_SIZE = 64
POOL_WAIT_SECONDS = 10

_async_clients: dict = {}
_sync_client = None


def async_client() -> aioredis.Redis:
    loop = asyncio.get_running_loop()
    client = _async_clients.get(loop)
    if client is None:
        pool = aioredis.BlockingConnectionPool.from_url(
            settings.REDIS_URL, max_connections=POOL_SIZE, timeout=POOL_WAIT_SECONDS
        )
        client = _async_clients[loop] = aioredis.Redis(connection_pool=pool)
    return client


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
