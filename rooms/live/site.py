"""One consumer per signed-in page: the page's socket to the site.

It keeps its account online for their friends (``rooms.store.online``) with the public
table the page shows, if it shows one (the room page names its room: ``?room=CODE``),
and brings the account's friends' invites live to the page. It reads the database once,
as it connects, and never takes part in a table's push.
"""

from types import SimpleNamespace
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from django.contrib import auth
from django.template.loader import render_to_string
from django.utils import translation

from plumbing.cache import UNREACHABLE
from rooms.chat import sanctions
from rooms.club import invites
from rooms.club.standing import OPEN
from rooms.errors import RoomError
from rooms.live import incoming
from rooms.live.socket_session import socket_session
from rooms.live.viewer_language import language_of
from rooms.live.wired import WiredConsumer, limited_log
from rooms.models import Room
from rooms.push.layerwire import close_channel
from rooms.speech import say
from rooms.store import online
from rooms.translations import speaking

NOT_SIGNED_IN = 4403  # the close code: the socket is for accounts alone


class SiteConsumer(WiredConsumer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.user_id: int | None = None
        self.room_id: int | None = None  # the public room the page shows, if any
        self.group: str | None = None
        self.account_group: str | None = None  # told when staff suspend the account, or whom it hides changes
        self.language = translation.get_language()
        self.budget = incoming.MessageBudget()

    def __str__(self):
        return f"the site socket of account {self.user_id}"

    async def connect(self):
        session = socket_session(self.scope)
        user = await auth.aget_user(SimpleNamespace(session=session)) if session is not None else None
        if user is None or not user.is_authenticated:
            return await self.close(code=NOT_SIGNED_IN)
        self.user_id, self.language = user.pk, language_of(self.scope)
        self.room_id = await database_sync_to_async(_public_room_id)(_room_code(self.scope))
        self.group = invites.user_group(self.user_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        self.account_group = sanctions.account_group(self.user_id)
        await self.channel_layer.group_add(self.account_group, self.channel_name)
        await online.touch(self.user_id, self.channel_name, self.room_id)
        await self.accept()

    async def _leave(self):
        """With Redis unreachable, the account's entry expires by itself."""
        self.closed = True
        try:
            await close_channel(self.channel_layer, self.channel_name, self.group, self.account_group)
            if self.user_id is not None:
                await online.leave(self.user_id, self.channel_name, self.room_id)
        except UNREACHABLE as error:
            limited_log.warning("Redis is unreachable (%s): %s left untold.", error, self)

    async def receive(self, text_data=None, bytes_data=None):
        if not self.budget.take(incoming.SITE_BUDGET):
            if self.budget.refused == 1:
                await self._refuse(incoming.OVER_BUDGET)
            return
        try:
            message = incoming.parse(text_data)
        except RoomError as refused:
            return await self._refuse(refused.message)
        if not isinstance(message, incoming.Ping):
            return await self._refuse(incoming.NOT_HERE)
        await online.touch(self.user_id, self.channel_name, self.room_id)

    async def club_invite(self, event):
        """A friend's invite: a card on the page, in the viewer's language."""
        invite = invites.Invite(**{name: event[name] for name in invites.INVITE_FIELDS})
        with speaking(self.language):
            card = render_to_string("rooms/_invite_pushed.html", {"invite": invite})
        await self.send(text_data=card)

    async def account_suspended(self, event):
        """Staff suspended the account: the page is no longer its."""
        await self.close(code=NOT_SIGNED_IN)
        self.closed = True

    async def account_hidden(self, event):
        """The account hid or showed someone again: a table's socket shows its chat, this one shows none."""

    async def _refuse(self, reason):
        limited_log.warning("Refused a message on %s: %s", self, str(reason))
        with speaking(self.language):
            notice = render_to_string("rooms/_site_notice.html", {"message": say(reason)})
        await self.send(text_data=notice)

    async def _gave_up(self):
        pass  # a ping: the next one keeps the account online


def _room_code(scope) -> str:
    codes = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("room", [""])
    return codes[0][:8]


def _public_room_id(code: str) -> int | None:
    """The room ``code`` names, if it is public and open; else None (a private room is never recorded)."""
    if not code.isalnum():
        return None
    return Room.objects.filter(code=code.upper(), is_public=True, status__in=OPEN).values_list("pk", flat=True).first()
