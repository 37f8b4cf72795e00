"""Only the site's own pages may open its WebSockets.

A browser sends the page's origin with every WebSocket handshake, and the cookies of
the site the socket goes to, whichever page opens it; so a handshake is let through
only when its Origin header names one of the site's own origins — scheme, host and
port all equal — the way Django's CsrfViewMiddleware checks the Origin of a form:

- the origin the handshake was made to: ``http://`` for ``ws``, ``https://`` for
  ``wss`` (behind a proxy named in DJANGO_TRUSTED_PROXIES, the scheme it forwards),
  with the Host header, when that host is one of ALLOWED_HOSTS;
- or one of CSRF_TRUSTED_ORIGINS (``https://*.example.com`` takes in subdomains).

A handshake without an Origin header is refused: every browser sends one, and any
other client can (the tests do).
"""

import functools
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest
from django.utils.http import is_same_domain


class SameOriginValidator:
    """ASGI middleware for WebSocket connections: the site's own origins only."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if is_own_origin(scope):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)


def is_own_origin(scope) -> bool:
    headers = dict(scope.get("headers", []))
    origin = headers.get(b"origin", b"").decode("latin1")
    if not origin:
        return False
    return origin == _requested_origin(scope, headers.get(b"host", b"").decode("latin1")) or _is_trusted(origin)


def _requested_origin(scope, host: str) -> str | None:
    """The origin the handshake was made to, if the site serves its host."""
    served = _served_host(host, tuple(settings.ALLOWED_HOSTS), settings.DEBUG) if host else None
    if served is None:
        return None
    return f"{'https' if scope.get('scheme') == 'wss' else 'http'}://{served}"


@functools.lru_cache(maxsize=256)
def _served_host(host: str, allowed_hosts: tuple[str, ...], debug: bool) -> str | None:
    """``host`` if the site serves it, by Django's own rule for a Host header against
    ALLOWED_HOSTS (which reads the settings the key holds); kept per host, as every
    socket's handshake asks."""
    request = HttpRequest()
    request.META["HTTP_HOST"] = host
    try:
        return request.get_host()
    except DisallowedHost:
        return None


def _is_trusted(origin: str) -> bool:
    trusted = settings.CSRF_TRUSTED_ORIGINS
    if origin in trusted and "*" not in origin:
        return True
    try:
        scheme, netloc = urlsplit(origin)[:2]
    except ValueError:
        return False
    return any(
        urlsplit(pattern).scheme == scheme and is_same_domain(netloc, urlsplit(pattern).netloc.lstrip("*"))
        for pattern in trusted
        if "*" in pattern
    )
