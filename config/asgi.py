import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.sessions import CookieMiddleware  # noqa: E402
from django.conf import settings  # noqa: E402
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware  # noqa: E402

from plumbing.collector import lifespan, tune_for_a_server  # noqa: E402
from plumbing.origins import SameOriginValidator  # noqa: E402
from rooms.routing import websocket_urlpatterns  # noqa: E402

# The client address and scheme (HTTP and WebSocket alike) are the connection's, unless
# the peer is a proxy named in DJANGO_TRUSTED_PROXIES (see config/settings.py).
application = ProxyHeadersMiddleware(
    ProtocolTypeRouter(
        {
            "http": django_asgi_app,
            "lifespan": lifespan,
            # No session middleware: the room's socket reads its session itself (rooms/live/consumers.py).
            "websocket": SameOriginValidator(CookieMiddleware(URLRouter(websocket_urlpatterns))),
        }
    ),
    trusted_hosts=settings.TRUSTED_PROXIES,
)

tune_for_a_server()
