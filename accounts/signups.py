"""How many accounts one client address may make in a day (UTC):
SIGNUPS_PER_ADDRESS_PER_DAY, more than a household ever makes, too few to farm accounts.
Counted in the cache (Redis), per client address as plumbing/clients.py tells them apart."""

import time
from datetime import UTC, datetime

from django.conf import settings
from django.core.cache import cache

from plumbing.clients import client_key

DAY_SECONDS = 24 * 60 * 60


def _today(request) -> tuple[str, datetime]:
    """The cache key of today's sign-ups from the request's client, and when today ends."""
    day = int(time.time()) // DAY_SECONDS
    tomorrow = datetime.fromtimestamp((day + 1) * DAY_SECONDS, tz=UTC)
    return f"signups:{client_key(request.META.get('REMOTE_ADDR'))}:{day}", tomorrow


def signups_paused_until(request) -> datetime | None:
    """When the request's client may make an account again, if it has made its day's."""
    key, tomorrow = _today(request)
    if (cache.get(key) or 0) >= settings.SIGNUPS_PER_ADDRESS_PER_DAY:
        return tomorrow
    return None


def count_signup(request) -> datetime | None:
    """Count one more account made by the request's client; if that is one too many,
    when it may make one again (the account must not be made), else None."""
    key, tomorrow = _today(request)
    cache.add(key, 0, timeout=tomorrow.timestamp() - time.time() + 60)
    if cache.incr(key) > settings.SIGNUPS_PER_ADDRESS_PER_DAY:
        return tomorrow
    return None
