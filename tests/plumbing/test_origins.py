"""plumbing/origins.py: a table's WebSocket opens only from the site's own pages — the
Origin header's scheme, host and port equal the site's — through the real ASGI
application (a waiting room of Ann's; the handshake is made as uvicorn passes it on)."""

import pytest
from channels.testing import WebsocketCommunicator

from config.asgi import application
from tests.rooms.helpers import create

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

SITE = "127.0.0.1:8000"


@pytest.fixture
def code(redis_url, transactional_db):
    return create().code


async def _opens(code: str, origin: str | None, scheme: str = "ws", host: str = SITE) -> bool:
    headers = [(b"host", host.encode())] + ([(b"origin", origin.encode())] if origin is not None else [])
    comm = WebsocketCommunicator(application, f"/ws/rooms/{code}/", headers=headers)
    comm.scope["scheme"] = scheme
    connected, _ = await comm.connect()
    await comm.disconnect()
    return connected


@pytest.mark.parametrize(
    "scheme, origin",
    [("ws", f"http://{SITE}"), ("wss", f"https://{SITE}")],
    ids=["http page, ws", "https page, wss"],
)
async def test_the_sites_own_page_opens_the_socket(code, scheme, origin):
    """Ann's page at http://127.0.0.1:8000 opens ws://127.0.0.1:8000 (https pages: wss)."""
    assert await _opens(code, origin, scheme)


@pytest.mark.parametrize(
    "scheme, host, origin",
    [
        ("ws", SITE, "http://127.0.0.1:9999"),
        ("ws", SITE, "http://127.0.0.1"),
        ("ws", SITE, f"https://{SITE}"),
        ("wss", SITE, f"http://{SITE}"),
        ("ws", SITE, "http://localhost:8000"),
        ("ws", SITE, "https://evil.example"),
        ("ws", "evil.example", "http://evil.example"),
        ("ws", SITE, "null"),
        ("ws", SITE, None),
    ],
    ids=[
        "another port",
        "the default port",
        "https page to ws",
        "http page to wss",
        "another host name",
        "another site",
        "a host the site does not serve",
        "an opaque origin",
        "no origin",
    ],
)
async def test_a_page_of_any_other_origin_is_refused(code, scheme, host, origin):
    """Only scheme, host and port all equal count: another port or scheme of the same
    host is another site, and so is a host the site does not serve (DNS rebinding). A
    handshake without an Origin is refused too."""
    assert not await _opens(code, origin, scheme, host)


async def test_a_trusted_origin_opens_the_socket_and_only_as_listed(code, settings):
    """Behind a proxy the public origin is listed in CSRF_TRUSTED_ORIGINS: it opens the
    socket whatever Host the proxy forwards; a wildcard takes in subdomains; the same
    host with another scheme or port does not."""
    settings.CSRF_TRUSTED_ORIGINS = ["https://cards.example.com", "https://*.example.net"]
    for origin in ("https://cards.example.com", "https://play.example.net", "https://example.net"):
        assert await _opens(code, origin), origin
    for origin in ("http://cards.example.com", "https://cards.example.com:8443", "https://example.org"):
        assert not await _opens(code, origin), origin



async def test_a_host_the_site_stops_or_starts_serving_is_judged_afresh(code, settings):
    """Each host's verdict is kept, under the ALLOWED_HOSTS it was given for: a changed
    list is read again."""
    served_before = settings.ALLOWED_HOSTS
    assert await _opens(code, "http://cards.example.com", host="cards.example.com") is False
    settings.ALLOWED_HOSTS = [*served_before, "cards.example.com"]
    assert await _opens(code, "http://cards.example.com", host="cards.example.com")
    settings.ALLOWED_HOSTS = served_before
    assert await _opens(code, "http://cards.example.com", host="cards.example.com") is False
