"""How many API requests one client address may make in a minute: API_REQUESTS_PER_MINUTE,
counted in the cache (Redis) as accounts/signups.py counts sign-ups, per client address
as plumbing/clients.py tells them apart, in fixed minutes."""

import time

from django.conf import settings
from django.core.cache import cache

from plumbing.clients import client_key

WINDOW_SECONDS = 60


def count_request(request) -> int | None:
    """Count one more request from the request's client; if that is one too many, how
    many seconds until it may ask again, else None."""
    now = time.time()
    window = int(now) // WINDOW_SECONDS
    key = f"api-requests:{client_key(request.META.get('REMOTE_ADDR'))}:{window}"
    cache.add(key, 0, timeout=WINDOW_SECONDS * 2)
    if cache.incr(key) > settings.API_REQUESTS_PER_MINUTE:
        return max(1, (window + 1) * WINDOW_SECONDS - int(now))
    return None
