"""The table's chat over its sockets: every line reaches everyone at the table in its
channel, a refused line is told to its sender alone and the socket stays open, and a
socket that connects is sent the lines the chat keeps."""

import json

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.identity import Player
from rooms.actions import seating
from tests.rooms.helpers import BEA, ZED, client_for, create
from tests.rooms.test_consumers import _connect, _drain

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("redis_url")]


def _table_with_two_accounts_and_a_guest():
    make = get_user_model().objects.create_user
    users = [make(username=name, password="a long pass phrase") for name in ("ada", "bob")]
    ada, bob = (Player(name=user.username, user_id=user.id) for user in users)
    room = create(ada)
    seating.do_join(room.pk, bob)
    seating.do_join(room.pk, BEA)
    keys = []
    for user in users:
        client = Client()
        client.force_login(user)
        keys.append(client.session.session_key)
    keys += [client_for(person).session.session_key for person in (BEA, ZED)]
    return room, keys


async def _next_chat(socket) -> str:
    """The next frame that is a chat line or a toast (tables and presence pass by)."""
    while True:
        frame = await socket.receive_from(timeout=5)
        if "chat-players" in frame or "chat-spectators" in frame or 'class="toast"' in frame:
            return frame


async def _say(socket, channel: str, **said) -> None:
    await socket.send_to(text_data=json.dumps({"kind": "chat", "channel": channel, **said}))


@pytest.mark.asyncio
async def test_accounts_chat_a_guest_sends_a_phrase_and_a_spectator_writes_in_the_spectators_channel():
    room, keys = await database_sync_to_async(_table_with_two_accounts_and_a_guest)()
    sockets = [await _connect(room.code, key) for key in keys]
    ada, bob, bea, zed = sockets
    try:
        await _say(ada, "players", text="hello <b>all</b> https://example.com")
        for socket in sockets:
            line = await _next_chat(socket)
            assert '<ol id="chat-players" hx-swap-oob="beforeend">' in line
            assert "<b class=\"chat-name\">ada</b>" in line
            assert "hello &lt;b&gt;all&lt;/b&gt; https://example.com" in line and "<a " not in line
        await _say(bea, "players", phrase="Good game")
        for socket in sockets:
            assert "Good game" in await _next_chat(socket)
        await _say(zed, "spectators", phrase="Well played")
        for socket in sockets:
            line = await _next_chat(socket)
            assert '<ol id="chat-spectators"' in line and "Zed" in line and "chat-players" not in line
        await _say(zed, "players", phrase="Rematch?")
        assert "spectators&#x27; chat" in await _next_chat(zed)
        await _say(bob, "players", text="hi")
        assert "bob" in await _next_chat(ada)
    finally:
        for socket in sockets:
            await socket.disconnect()


@pytest.mark.asyncio
async def test_the_flood_rule_and_the_length_limit_refuse_and_the_socket_stays_open():
    room, keys = await database_sync_to_async(_table_with_two_accounts_and_a_guest)()
    ada, bob = [await _connect(room.code, key) for key in keys[:2]]
    try:
        await _say(ada, "players", text="x" * 141)
        assert "at most 140 characters" in await _next_chat(ada)
        await _say(ada, "players", text="once")
        assert "once" in await _next_chat(ada)
        await _say(ada, "players", text="once")
        assert "You just said that." in await _next_chat(ada)
        for number in range(3):
            await _say(ada, "players", text=f"line {number}")
            assert f"line {number}" in await _next_chat(ada)
        await _say(ada, "players", text="one too many")
        assert "at most 4 lines in 10 seconds" in await _next_chat(ada)
        await _say(ada, "players", text=None)
        assert "malformed" in await _next_chat(ada)
        await _say(bob, "players", text="still here")
        assert "still here" in await _next_chat(ada)  # the socket stayed open
        lines = []
        while len(lines) < 5:
            frame = await _next_chat(bob)
            lines += [frame] if "chat-players" in frame else []
        assert not any("one too many" in line or "x" * 141 in line for line in lines)
    finally:
        await ada.disconnect()
        await bob.disconnect()


@pytest.mark.asyncio
async def test_a_socket_that_connects_is_sent_the_lines_the_chat_keeps():
    room, keys = await database_sync_to_async(_table_with_two_accounts_and_a_guest)()
    ada = await _connect(room.code, keys[0])
    try:
        await _say(ada, "spectators", text="welcome, watchers")
        await _next_chat(ada)
    finally:
        await ada.disconnect()
    late = await _connect(room.code, keys[3])
    try:
        history = await _next_chat(late)
        assert '<ol id="chat-spectators" hx-swap-oob="innerHTML">' in history
        assert "welcome, watchers" in history
    finally:
        await late.disconnect()


@pytest.mark.asyncio
async def test_a_mute_hides_a_players_lines_and_reactions_for_the_muting_viewer_alone():
    room, keys = await database_sync_to_async(_table_with_two_accounts_and_a_guest)()
    ada, bob, bea = [await _connect(room.code, key) for key in keys[:3]]
    try:
        await _say(bob, "players", text="annoying")
        line = await _next_chat(ada)
        line_id = int(line.split('data-chat-line="', 1)[1].split('"', 1)[0])
        assert 'data-testid="chat-mute"' in line and "Mute bob" in line
        await _next_chat(bea)
        await ada.send_to(text_data=json.dumps({"kind": "mute", "line": str(line_id)}))
        replaced = await _next_chat(ada)
        assert 'hx-swap-oob="innerHTML"' in replaced and "annoying" not in replaced
        await _say(bob, "players", text="still annoying")
        await bob.send_to(text_data=json.dumps({"kind": "react", "emoji": "👍"}))
        assert "still annoying" in await _next_chat(bea)
        assert any('class="reaction' in frame and "bob" in frame for frame in await _drain(bea))
        await _say(bea, "players", phrase="One moment")
        assert "One moment" in await _next_chat(ada)  # bob's line and reaction came first, unseen
        heard = await _drain(ada)
        assert not [frame for frame in heard if "still annoying" in frame or 'class="reaction' in frame]
        await ada.send_to(text_data=json.dumps({"kind": "mute", "line": "nonsense"}))
        assert "malformed" in await _next_chat(ada)
    finally:
        for socket in (ada, bob, bea):
            await socket.disconnect()
