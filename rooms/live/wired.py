"""What every socket of the site shares: its channel opened and closed by
``rooms.push.layerwire``, its messages pumped by ``rooms.live.pumps``, a message that
meets an unreachable Redis given up, and nothing sent once the socket is gone."""

import functools
import logging

from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer

from plumbing.cache import UNREACHABLE
from plumbing.loglimit import LimitedLog
from rooms.live.pumps import dispatch_in_turn
from rooms.push import layerwire

log = logging.getLogger(__name__)
# What clients can cause (refused messages) and an unreachable Redis, at a bounded rate.
limited_log = LimitedLog(log)

TRY_AGAIN_LATER = 1013  # the WebSocket close code: the browser connects again by itself


class WiredConsumer(AsyncWebsocketConsumer):
    """A socket's consumer; a subclass says what it does when it stops (``_leave``) and
    when Redis could not be reached for a message it received (``_gave_up``)."""

    closed = False  # nothing more is sent on the socket

    async def __call__(self, scope, receive, send):
        """As Channels' own, but with the messages pumped by ``rooms.live.pumps``; however the
        consumer stops, it leaves (``_leave``)."""
        self.scope, self.base_send = scope, send
        self.channel_layer = get_channel_layer(self.channel_layer_alias)
        try:
            self.channel_name = await layerwire.open_channel(self.channel_layer)
        except UNREACHABLE as error:
            limited_log.warning("A socket could not connect: Redis is unreachable (%s).", error)
            await receive()  # the handshake, refused: the browser tries again by itself
            return await send({"type": "websocket.close", "code": TRY_AGAIN_LATER})
        try:
            await dispatch_in_turn([receive, functools.partial(self.channel_layer.receive, self.channel_name)],
                                   self.dispatch)
        except StopConsumer:
            pass
        finally:
            await self._leave()

    async def dispatch(self, message):
        """As Channels' own, but without its hop to the database thread before every
        message to close stale connections: with a socket per viewer that hop queued
        every push of every table behind one thread. These consumers reach the database
        only through ``database_sync_to_async``, which closes them itself.

        A message that meets an unreachable Redis is given up, and the socket stays
        open: a socket still connecting is closed, to connect again by itself."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        try:
            await handler(message)
        except UNREACHABLE as error:
            kind = message["type"]
            limited_log.warning("Redis is unreachable (%s): gave up a %s on %s.", error, kind, self)
            if kind == "websocket.connect":
                await self.close(code=TRY_AGAIN_LATER)
            elif kind == "websocket.receive":
                await self._gave_up()

    async def send(self, text_data=None, bytes_data=None, close=False):
        """As Channels' own, but nothing is sent on a socket known to be closed. A send
        that finds it closed stops the sending, and the consumer stops at the disconnect
        the server has queued: the client has gone (uvicorn's ``ClientDisconnected``,
        an ``OSError``), or uvicorn has just closed the socket for a frame that broke
        the protocol and, until the connection is lost, answers a send with a
        ``RuntimeError``."""
        if self.closed:
            return
        try:
            await super().send(text_data, bytes_data, close)
        except (OSError, RuntimeError):
            self.closed = True

    async def disconnect(self, code):
        self.closed = True  # the consumer stops next, and leaves (``_leave``)

    async def _leave(self):
        raise NotImplementedError

    async def _gave_up(self):
        """A message the socket received was given up: Redis could not be reached."""
        raise NotImplementedError
