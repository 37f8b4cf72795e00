"""The bare-stack anchor: the same uvicorn, channel layer settings and Redis as the
site under test, with a minimal consumer that forwards a ~3 KB fragment to its group
on every ``anchor.changed`` event. Not part of the site's routing: the load test
serves it with ``uvicorn loadtest_anchor:application --app-dir <this directory>``
and the checkout's settings on PYTHONPATH.
"""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from channels.consumer import get_handler_name  # noqa: E402
from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import re_path  # noqa: E402

SEAT = (
    '<li class="player" data-seat="{i}"><span class="name">Bot {i}</span>'
    '<span class="badges"><span class="tag bot">bot</span></span>'
    '<span class="card-slot"><span class="card small suit-{suit}" title="card">{rank}<span class="pip">{suit}</span>'
    "</span></span></li>"
)
BODY = (
    '<div class="table-status" data-testid="status"><p>Round 3 · <b>Bot 4</b> keeps or passes · '
    '<span class="countdown" data-deadline="0" data-testid="countdown">…</span></p>'
    '<p class="deck-info">Deck 31 · Discard 9</p></div><ol class="players" aria-label="Players in seating order">'
    + "".join(SEAT.format(i=i, suit="obce"[i % 4], rank="1234567SCRA"[i]) for i in range(11))
    + "</ol>"
)
PRIVATE = (
    '<section id="table-private" hx-swap-oob="true" class="controls" data-version="{version}">'
    '<p class="watching">You are watching this game.</p></section>'
)
FRAGMENT = (
    '<section id="table-public" hx-swap-oob="true" class="table anchor" data-version="{version}">'
    + BODY
    + "</section>"
    + PRIVATE
)


class AnchorConsumer(AsyncWebsocketConsumer):
    async def dispatch(self, message):
        """Without Channels' hop to the database thread before each message: the anchor
        has no database, and the site's consumer skips that hop too."""
        await getattr(self, get_handler_name(message))(message)

    async def connect(self):
        self.group = f"anchor.{self.scope['url_route']['kwargs']['group']}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send(text_data=FRAGMENT.format(version=0))  # like the site's whole table on connect

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def anchor_changed(self, event):
        await self.send(text_data=FRAGMENT.format(version=event["version"]))


application = ProtocolTypeRouter(
    {"websocket": URLRouter([re_path(r"^ws/anchor/(?P<group>\d+)/$", AnchorConsumer.as_asgi())])}
)
