"""Sessions as Django's ``cached_db`` keeps them, in the database and cached in Redis,
read and made from the database alone while Redis is unreachable: a page that needs
nothing else of Redis still answers, to the same person. Ending a session (logging out)
still needs Redis, so that no copy of it outlives it in the cache."""

from django.contrib.sessions.backends import cached_db, db

from plumbing.cache import UNREACHABLE


class SessionStore(cached_db.SessionStore):
    """Named as Django's own: a session's signature is salted with its store's name."""

    def load(self):
        try:
            return super().load()
        except UNREACHABLE:  # caching what the database gave
            return db.SessionStore.load(self)

    def exists(self, session_key):
        try:
            return super().exists(session_key)
        except UNREACHABLE:
            return db.SessionStore.exists(self, session_key)
