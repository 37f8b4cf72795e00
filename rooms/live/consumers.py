"""One consumer per viewer: pushes that viewer's table, takes their moves and reactions."""

import asyncio
import functools
import logging
from dataclasses import asdict
from types import SimpleNamespace

from channels.db import database_sync_to_async
from django.contrib import auth
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext_lazy

from accounts.identity import ACCOUNT_PREFIX, GUEST_ID_KEY, GUEST_PREFIX, names_an_account, player_from
from plumbing.cache import UNREACHABLE
from plumbing.loglimit import LimitedLog
from rooms import codeguard
from rooms.actions import play
from rooms.chat import lines as chat
from rooms.chat import mutes, reports, sanctions
from rooms.club import invites
from rooms.errors import RoomError
from rooms.live import incoming, presence_news
from rooms.live.reaction_throttle import may_react
from rooms.live.socket_session import socket_session
from rooms.live.viewer_language import language_of
from rooms.live.wired import WiredConsumer
from rooms.push.followups import room_group
from rooms.push.layerwire import close_channel
from rooms.reactions import SPECTATOR_EMOJIS, is_phrase, player_reactions
from rooms.rendering import render_presence, table_in, watched
from rooms.speech import say
from rooms.store import presence
from rooms.store.redisclients import async_client
from rooms.store.snapshots import latest_key, snapshots
from rooms.translations import speaking

log = logging.getLogger(__name__)
# What clients can cause (refused messages) and an unreachable Redis, at a bounded rate.
limited_log = LimitedLog(log)

CATCH_UP_VERSIONS = 20
PRESENCE_SETTLE_SECONDS = 0.2
TRY_AGAIN = gettext_lazy("The table is not answering just now: try again in a moment.")
TOO_QUICK = gettext_lazy("Easy there — one reaction every couple of seconds.")
INVITED = gettext_lazy("Invite sent.")
CHAT_OFF = gettext_lazy("Your chat is off: turn it on in your account's settings to write.")
SUSPENDED = 4403  # the close code once the socket's account is suspended


class RoomConsumer(WiredConsumer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.room_id = self.seat = self.seating = self.player = None
        self.language = translation.get_language()  # the viewer's, once connected
        self.group = None  # the room's group, once joined
        self.sent_version = 0  # the version of the last table sent
        self.presence = presence.NOBODY
        self.budget = incoming.MessageBudget()
        self._sending = asyncio.Lock()
        self._presence_stale, self._presence_check = False, None
        self._presence_heard = 0.0  # the loop time of the last presence change heard of
        self._hidden: frozenset[str] | None = None  # whom the viewer muted or blocked, once read
        self.chat_off = False  # the viewer's account reads no chat (read as it connects)
        self.account_group = None  # the group of the account's sockets, once joined

    async def connect(self):
        code = self.scope["url_route"]["kwargs"]["code"]
        try:
            snapshot, chat_history = await self._join(code, self._address())
        except codeguard.GuessingPaused:
            await self.close(code=4429)
            return
        if snapshot is None:
            await self.close(code=4404)
            return
        self.game = snapshot.game
        self.seat = snapshot.seat_of(self.player)
        self.language = language_of(self.scope)
        await self.accept()
        self.presence = await presence.touch(self.room_id, self.channel_name, self.seat)
        await self._announce_presence()
        await self._send_table(snapshot)
        await self._send_chat_history(chat_history)

    async def _join(self, code: str, address: str | None):
        """Joins the group of the room ``code`` names; its table at the latest version
        stored, read once joined (any earlier version is found, any later one announced),
        and its chat's kept lines as stored (None: none). The client's misses, the latest
        version, the chat and the socket's session are read in one trip to Redis; a code
        this process has looked up before needs no other."""
        session = socket_session(self.scope)
        client = codeguard.Client(address, session.session_key if session else None)
        room_id = codeguard.known_room_id(code) or await codeguard.find_room_id(code, client)
        if room_id is None:
            return None, None
        self.group = room_group(room_id)  # before: if Redis refuses it, the process has it already
        await self.channel_layer.group_add(self.group, self.channel_name)
        address_misses, session_misses, latest, chat_history, *session_data = await async_client().mget(
            *client.misses_keys, latest_key(room_id), chat.history_key(room_id),
            *([session.cache_location] if session else []),
        )
        if session is not None:
            (cached,) = session_data
            session.take_cached(cached if isinstance(cached, bytes) else None)  # the clients decode no reply
        snapshot = await snapshots.at_latest(room_id, latest)
        if snapshot is not None and snapshot.code != code.upper():  # gone since this process looked it up
            snapshot = None
        player, chat_off = await _player(session)
        seated = snapshot is not None and snapshot.seat_of(player) is not None
        try:
            await codeguard.check_socket(client, [address_misses, session_misses], code, session, seated)
        except codeguard.GuessingPaused:
            await self._leave_unseen(room_id)
            raise
        if snapshot is None:
            codeguard.forget_room_id(code)
            await self._leave_unseen(room_id)
            return None, None
        self.room_id, self.player, self.chat_off = room_id, player, chat_off
        if player is not None and player.user_id is not None:
            self.account_group = sanctions.account_group(player.user_id)
            await self.channel_layer.group_add(self.account_group, self.channel_name)
        return snapshot, chat_history

    async def _leave_unseen(self, room_id: int):
        """Leaves the room's group as it came, before it closes: its viewers are not told
        of a viewer leaving (``room_id`` is not the socket's, so ``_leave`` tells
        nobody)."""
        await self.channel_layer.group_discard(room_group(room_id), self.channel_name)
        self.group = None

    def _address(self) -> str | None:
        return (self.scope.get("client") or [None])[0]

    async def _leave(self):
        """However the consumer stopped (its socket closed, a send found it gone, an
        error), it leaves its group and the room's presence, and its channel is
        forgotten. With Redis unreachable its presence expires by itself."""
        self.closed = True
        if self._presence_check is not None:
            self._presence_check.cancel()
        try:
            await close_channel(self.channel_layer, self.channel_name, self.group, self.account_group)
            if self.room_id is not None:
                await presence.leave(self.room_id, self.channel_name, self.seat)
                await self._announce_presence()
        except UNREACHABLE as error:
            limited_log.warning("Redis is unreachable (%s): a socket left room %s untold.", error, self.room_id)

    async def receive(self, text_data=None, bytes_data=None):
        message = await self._read(text_data)
        match message:
            case incoming.Act():
                await self._act(message)
            case incoming.React():
                await self._react(message.emoji)
            case incoming.Ping():
                await self._ping()
            case incoming.Sync():
                await self._sync()
            case incoming.Language():  # the table again, in the viewer's new language
                await self._speak(message.language)
            case incoming.Chat() | incoming.Hide() | incoming.Invite() | incoming.Report():
                await self._talk(message)

    async def _talk(self, message: incoming.Chat | incoming.Hide | incoming.Invite | incoming.Report):
        """The club's messages: a line, a mute or a block, an invite, a report."""
        match message:
            case incoming.Chat():
                await self._chat(message)
            case incoming.Hide():
                await self._hide(message)
            case incoming.Invite():
                await self._invite(message.friend)
            case incoming.Report():
                await self._report(message)

    async def _read(self, text_data) -> incoming.Message | None:
        """The message, if the socket's budget has room for it and it is well formed;
        else None, and the viewer is told why."""
        if not self.budget.take(incoming.allowance(self.seat is not None, self.player is not None)):
            await self._over_budget()
            return None
        try:
            return incoming.parse(text_data)
        except RoomError as refused:
            await self._refuse(refused.message)
            return None

    async def _ping(self):
        now_present = await presence.touch(self.room_id, self.channel_name, self.seat)
        if now_present != self.presence:  # a connection of a dead process has expired
            await self._announce_presence()

    async def _sync(self):
        """A table newer than the last one sent, if there is one."""
        latest = await async_client().get(latest_key(self.room_id))
        await self._send_table(await snapshots.at_latest(self.room_id, latest))

    async def _act(self, move: incoming.Act):
        try:
            await database_sync_to_async(play.do_act)(self.room_id, self.player, move.action, move.version)
        except RoomError as error:
            # The engine's reason may name the player's own cards: it goes to them, not to the log.
            await self._refuse(error.message, logged="a refused move")
            await self._send_table(await snapshots.newest(self.room_id), force=True)

    async def _react(self, emoji: str):
        allowed = SPECTATOR_EMOJIS if self.seat is None else player_reactions(self.game)
        if emoji not in allowed:
            return await self._refuse(incoming.NOT_HERE)
        if self.player is not None:
            closed = await sanctions.closure_for_socket(self.player.key)
            if closed is not None:
                return await self._refuse(closed.refusal())
        sender = self.player and str(self.player.user_id or self.player.guest_id)
        if not await may_react(self.room_id, sender, self._address()):
            return await self._refuse(TOO_QUICK)
        await self.channel_layer.group_send(
            room_group(self.room_id),
            {
                "type": "room.reaction",
                "emoji": emoji,
                "name": self.player.name if self.player and self.seat is not None else "",
                "spectator": self.seat is None,
                "phrase": is_phrase(self.game, emoji),
                "author": self.player.key if self.player else "",
            },
        )

    async def _chat(self, line: incoming.Chat):
        """Say a line at the table's chat, for everyone at the table to read."""
        if self.player is None:
            return await self._refuse(incoming.NOT_HERE)
        if self.chat_off:
            return await self._refuse(CHAT_OFF)
        try:
            said = await database_sync_to_async(chat.say)(
                self.room_id, self.player, self.seat, line.channel, line.text, line.phrase
            )
        except RoomError as refused:
            return await self._refuse(refused.message, logged="a refused chat line")
        await self.channel_layer.group_send(room_group(self.room_id), {"type": "chat.line", **asdict(said)})

    async def chat_line(self, event):
        """A line said at the table: added to its channel, in the viewer's language,
        unless the viewer muted or blocked whoever said it."""
        line = chat.Line(**{name: event[name] for name in chat.LINE_FIELDS})
        if self.chat_off or line.author in await self._hidden_people():
            return
        await self.send(text_data=_pushed_line(line, _reader(line, self._viewer_key()), self.language))

    async def _send_chat_history(self, stored: bytes | str | None):
        """The lines the room's chat keeps (but the hidden people's), replacing what the
        page shows: a viewer who reconnects misses none and sees none twice."""
        history = chat.from_history(stored)
        if history and not self.chat_off:
            hidden = await self._hidden_people()
            shown = chat.by_channel([line for line in history if line.author not in hidden])
            with speaking(self.language):
                sent = render_to_string("rooms/_chat_history.html", {"channels": shown, "viewer": self._viewer_key()})
            await self.send(text_data=sent)

    async def _hide(self, hide: incoming.Hide):
        """The viewer mutes or blocks whoever said the line: their lines leave the viewer's chat."""
        if self.player is None:
            return await self._refuse(incoming.NOT_HERE)
        try:
            hiding = mutes.block if hide.block else mutes.mute
            await database_sync_to_async(hiding)(self.player, self.room_id, hide.line)
        except RoomError as refused:
            return await self._refuse(refused.message, logged="a refused block" if hide.block else "a refused mute")
        if self.player.user_id is None:  # an account's every socket, this one too, hears ``account.hidden``
            await self._hidden_changed()

    async def account_hidden(self, event):
        """The account hid or showed someone again, here or on another page."""
        await self._hidden_changed()

    async def _hidden_changed(self):
        self._hidden = None
        await self._send_chat_history(await async_client().get(chat.history_key(self.room_id)))

    async def _invite(self, friend_id: int):
        """The viewer invites a friend to the table: the invite reaches the friend's open pages."""
        if self.player is None:
            return await self._refuse(incoming.NOT_HERE)
        try:
            sent = await database_sync_to_async(invites.invite)(self.player, self.room_id, friend_id)
        except RoomError as refused:
            return await self._refuse(refused.message, logged="a refused invite")
        await self.channel_layer.group_send(invites.user_group(friend_id), {"type": "club.invite", **asdict(sent)})
        await self._toast(INVITED)

    async def _hidden_people(self) -> frozenset[str]:
        if self._hidden is None:
            self._hidden = await mutes.hidden_for_socket(self.player.key) if self.player else frozenset()
        return self._hidden

    async def _report(self, report: incoming.Report):
        """The viewer reports a player, from a chat line or a seat, to the moderators."""
        if self.player is None:
            return await self._refuse(incoming.NOT_HERE)
        try:
            made = await database_sync_to_async(reports.report)(
                self.player, self.room_id, report.reason, report.note, report.line, report.seat
            )
        except RoomError as refused:
            return await self._refuse(refused.message, logged="a refused report")
        await self._toast(reports.sent(made))

    async def account_suspended(self, event):
        """Staff suspended the viewer's account: the socket no longer acts as it."""
        await self.close(code=SUSPENDED)
        self.closed = True

    def _viewer_key(self) -> str:
        return self.player.key if self.player else ""

    async def _gave_up(self):
        await self._toast(TRY_AGAIN)

    def __str__(self):
        return f"room {self.room_id}"

    async def _refuse(self, reason, logged: str | None = None):
        """Tell the viewer why, in their language (``reason``: lazy text or ``Words``);
        the log has it in English."""
        limited_log.warning(
            "Refused a message in room %s from %s: %s", self.room_id, self.player, logged or str(reason)
        )
        await self._toast(reason)

    async def _over_budget(self):
        """Past its budget a socket's messages are refused unread; only the first of the
        window is answered and logged."""
        if self.budget.refused == 1:
            await self._refuse(incoming.OVER_BUDGET)

    async def _toast(self, message):
        with speaking(self.language):
            toast = render_to_string("rooms/_toast.html", {"message": say(message)})
        await self.send(text_data=toast)

    async def _announce_presence(self):
        await presence_news.announce(self.channel_layer, self.room_id)

    async def _send_table(self, snapshot, force: bool = False):
        if snapshot is None or self.closed or (snapshot.version <= self.sent_version and not force):
            return
        await self._follow_seat(snapshot.seat_of(self.player))
        self.seating = snapshot.seating
        async with self._sending:
            table = table_in(snapshot, self.presence, self.seat, self.language)
            await self.send(text_data=table)
            self.sent_version = snapshot.version

    async def _speak(self, language: str):
        """The viewer reads ``language`` from now on: the table is sent again in it."""
        self.language = language
        await self._send_table(await snapshots.get(self.room_id, self.sent_version), force=True)

    async def _follow_seat(self, seat):
        """A viewer who takes or leaves a seat is counted as a player or a spectator."""
        if seat == self.seat:
            return
        await presence.leave(self.room_id, self.channel_name, self.seat)
        self.seat = seat
        await presence.touch(self.room_id, self.channel_name, seat)
        await self._announce_presence()

    async def room_changed(self, event):
        """Every version this viewer has not had yet, in order: two writers' announcements
        can arrive out of order. A viewer far behind is sent the newest tables only. A
        spectator is sent the announced version from the announcement itself."""
        newest = event["version"]
        for version in range(max(self.sent_version + 1, newest - CATCH_UP_VERSIONS + 1), newest):
            if version > self.sent_version:
                await self._send_table(await snapshots.get(self.room_id, version))
        if newest <= self.sent_version:
            return
        if self._still_watching(event):
            await self._send_watched(event)
        else:
            await self._send_table(await snapshots.get(self.room_id, newest))

    def _still_watching(self, event) -> bool:
        """The viewer had no seat and, the seating being the same, still has none."""
        return self.seat is None and "public" in event and event.get("seating") == self.seating

    async def _send_watched(self, event):
        async with self._sending:
            await self.send(text_data=watched(
                self.room_id, event["version"], (event["public"], event["spectators"]), self.presence, self.language
            ))
            self.sent_version = event["version"]

    async def room_presence(self, event):
        """Who is connected changed. A table's viewers often come and go together (a
        new game, a page reload): a moment later the viewer is sent who is connected
        then, read afresh (one read shared by the room's viewers in this process), as a
        small fragment of its own — not the whole table."""
        self._presence_stale = True
        self._presence_heard = asyncio.get_running_loop().time()
        if self._presence_check is None or self._presence_check.done():
            self._presence_check = asyncio.ensure_future(self._push_presence())

    async def _push_presence(self):
        try:
            await self._push_presence_until_settled()
        except UNREACHABLE as error:  # the next change or ping tells the viewer
            limited_log.warning("Redis is unreachable (%s): presence not pushed in room %s.", error, self.room_id)

    async def _push_presence_until_settled(self):
        while self._presence_stale:
            self._presence_stale = False
            heard = self._presence_heard
            await asyncio.sleep(PRESENCE_SETTLE_SECONDS)
            now_present = await presence.now_since(self.room_id, heard)
            # Never between a table's render and its send: the marks swapped in must be
            # those of the table the browser has.
            async with self._sending:
                if now_present == self.presence:
                    continue
                self.presence = now_present
                snapshot = await snapshots.get(self.room_id, self.sent_version)
                if snapshot is not None:
                    with speaking(self.language):
                        marks = render_presence(snapshot, now_present)
                    await self.send(text_data=marks)

    async def room_reaction(self, event):
        if event.get("author") in await self._hidden_people():
            return
        with speaking(self.language):
            reaction = render_to_string("rooms/_reaction.html", event)
        await self.send(text_data=reaction)


@functools.lru_cache(maxsize=1024)
def _pushed_line(line: chat.Line, reader: str, language: str) -> str:
    """A line just said as ``reader``'s kind of viewer sees it in ``language``: rendered
    once in the process for each kind and language, not once per viewer."""
    with speaking(language):
        return render_to_string("rooms/_chat_pushed_line.html", {"line": line, "viewer": reader})


def _reader(line: chat.Line, viewer: str) -> str:
    """What of ``viewer`` (``identity.person_key``, "" for nobody) the line's buttons
    depend on: whether it is the author, or an account, or a guest."""
    if not viewer or viewer == line.author:
        return viewer
    return ACCOUNT_PREFIX if names_an_account(viewer) else GUEST_PREFIX


async def _player(session):
    """Who is connecting, and whether their account's chat is off, as Django's auth
    middleware reads it, from the session alone (the site's ASGI stack has no auth
    middleware of its own: that would be a trip to the database thread per socket). A
    guest needs no trip to the database.

    The session is read here, once, rather than by Channels' session middleware: the
    socket never changes it, and the middleware would check whether to save it before
    every frame sent."""
    if session is None:
        return None, False
    user = await auth.aget_user(SimpleNamespace(session=session))
    if not user.is_authenticated and not await session.ahas_key(GUEST_ID_KEY):
        return None, False
    return player_from(user, session), bool(getattr(user, "chat_off", False))
