"""A socket's session, read in the trip to Redis the socket makes for its room.

The session engine keeps each session's data in the cache (and in the database, for
when the cache has lost it). A socket reads its session once, as it connects: its
cache entry is read with the socket's other keys, in one ``MGET``, and handed to the
store, which then needs no trip of its own. A session the cache has lost is loaded by
the store as always.
"""

from importlib import import_module
from typing import Any

from django.conf import settings

# The engine is a setting: its store class is known only once the settings are read.
_engine: Any = import_module(settings.SESSION_ENGINE)


class SessionStore(_engine.SessionStore):
    """The engine's store, taking its data as the socket read it. Named as the engine's
    own: Django salts a session's signature with the store class's name, and this store
    reads what that one wrote."""

    def __init__(self, session_key: str):
        super().__init__(session_key)
        self.cached = None  # the data as read from the cache; None: not read, or not there

    @property
    def cache_location(self) -> str:
        """The Redis key the cache keeps this session's data at."""
        return self._cache.make_and_validate_key(self.cache_key_prefix + self.session_key)

    def take_cached(self, value: bytes | None) -> None:
        """What Redis held at ``cache_location``."""
        if value is not None:
            self.cached = self._cache.decoded(value)

    async def aload(self):
        return self.cached if self.cached is not None else await super().aload()


def socket_session(scope) -> SessionStore | None:
    """The session the socket's cookie names, unless it names none a session can have."""
    session_key = scope["cookies"].get(settings.SESSION_COOKIE_NAME)
    if not session_key:
        return None
    session = SessionStore(session_key)
    return session if session.session_key else None
