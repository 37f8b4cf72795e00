"""Friends over the sockets: a block from the chat hides the blocked account's lines and
reactions from the blocker alone, and a block or an unblock from a profile reaches the
blocker's open tables at once; each signed-in page's socket to the site keeps its
account online, with the public table it shows (never a private one); an invite sent
over a table's socket arrives on the friend's open pages; and whatever is refused is
told, with the socket left open."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.test import Client

from accounts import relations
from accounts.identity import Player
from config.asgi import application
from rooms.actions import seating
from rooms.live import incoming
from rooms.store import online
from tests.rooms.helpers import BEA, client_for, create
from tests.rooms.test_chat_sockets import _next_chat, _say, _table_with_two_accounts_and_a_guest
from tests.rooms.test_consumers import TOAST, _connect, _drain, _until

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("redis_url")]


async def _site_socket(session_key: str | None, room_code: str = "") -> WebsocketCommunicator:
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    if session_key:
        headers.append((b"cookie", f"sessionid={session_key}".encode()))
    query = f"?room={room_code}" if room_code else ""
    return WebsocketCommunicator(application, f"/ws/me/{query}", headers=headers)


async def _opened(session_key: str, room_code: str = "") -> WebsocketCommunicator:
    socket = await _site_socket(session_key, room_code)
    connected, _ = await socket.connect()
    assert connected
    return socket


def _two_friends_at_a_table(is_public=True):
    """Ada hosts a waiting table; Ada and Bob are friends; Cid is a stranger. Their session keys."""
    make = get_user_model().objects.create_user
    ada, bob, cid = (make(username=name, password="a long pass phrase") for name in ("ada", "bob", "cid"))
    relations.follow(ada, bob)
    relations.follow(bob, ada)
    room = create(Player(name="ada", user_id=ada.pk), is_public=is_public)
    keys = {}
    for user in (ada, bob, cid):
        client = Client()
        client.force_login(user)
        keys[user.username] = client.session.session_key
    return room, (ada, bob, cid), keys


async def test_a_block_from_the_chat_hides_lines_and_reactions_from_the_blocker_alone():
    room, keys = await database_sync_to_async(_table_with_two_accounts_and_a_guest)()
    ada, bob, bea = [await _connect(room.code, key) for key in keys[:3]]
    try:
        await _say(bea, "players", phrase="Good game")
        assert 'data-testid="chat-block"' not in await _next_chat(ada)  # a guest is muted, never blocked
        await _say(bob, "players", text="rude")
        line = await _next_chat(ada)
        assert "Block bob" in line and 'data-testid="chat-block"' not in await _next_chat(bea)
        await _drain(bea)
        line_id = int(line.split('data-chat-line="', 1)[1].split('"', 1)[0])
        await ada.send_to(text_data=json.dumps({"kind": "block", "line": line_id}))
        replaced = await _next_chat(ada)
        assert 'hx-swap-oob="innerHTML"' in replaced and "rude" not in replaced and "Good game" in replaced
        await _say(bob, "players", text="still rude")
        await bob.send_to(text_data=json.dumps({"kind": "react", "emoji": "👍"}))
        assert "still rude" in await _next_chat(bea)
        assert any('class="reaction' in frame and "bob" in frame for frame in await _drain(bea))
        await _say(bea, "players", phrase="One moment")
        assert "One moment" in await _next_chat(ada)
        heard = await _drain(ada)
        assert not [frame for frame in heard if "still rude" in frame or 'class="reaction' in frame]
        assert await database_sync_to_async(relations.blocks)(*await _ids("ada", "bob"))
        await ada.send_to(text_data=json.dumps({"kind": "block", "line": "x"}))
        assert "malformed" in await _next_chat(ada)
        await bea.send_to(text_data=json.dumps({"kind": "block", "line": line_id}))
        assert "Only an account can block" in await _until(bea, lambda frame: TOAST in frame)  # the socket stays open
        await _say(bea, "players", phrase="Well played")
        assert "Well played" in await _next_chat(bea)
    finally:
        for socket in (ada, bob, bea):
            await socket.disconnect()


async def test_a_block_and_an_unblock_from_a_profile_reach_the_blockers_open_table_and_pages():
    room, keys = await database_sync_to_async(_table_with_two_accounts_and_a_guest)()
    ada, bob = [await _connect(room.code, key) for key in keys[:2]]
    adas_page = await _opened(keys[0], room.code)
    ada_on_the_web = await database_sync_to_async(_signed_in_client)("ada")
    try:
        await _say(bob, "players", text="hello from bob")
        assert "hello from bob" in await _next_chat(ada)
        await database_sync_to_async(ada_on_the_web.post)("/players/bob/block/")
        history = await _next_chat(ada)
        assert 'hx-swap-oob="innerHTML"' in history and "hello from bob" not in history
        await _say(bob, "players", text="blocked now")
        await _say(bob, "players", text="still blocked")
        await _drain(ada)
        await database_sync_to_async(ada_on_the_web.post)("/players/bob/unblock/")
        history = await _next_chat(ada)
        assert "hello from bob" in history and "still blocked" in history
        assert await adas_page.receive_nothing(timeout=0.3)  # the page's socket shows no chat, and stays open
    finally:
        for socket in (ada, bob, adas_page):
            await socket.disconnect()


def _signed_in_client(username: str) -> Client:
    client = Client()
    client.force_login(get_user_model().objects.get(username=username))
    return client


async def _ids(*names):
    users = get_user_model().objects.filter(username__in=names)
    found = {user.username: user.pk async for user in users}
    return [found[name] for name in names]


async def test_a_page_keeps_its_account_online_with_the_public_table_it_shows():
    room, (ada, bob, _), keys = await database_sync_to_async(_two_friends_at_a_table)()
    lobby = await _opened(keys["bob"])
    at_table = await _opened(keys["bob"], room.code.lower())
    try:
        assert await database_sync_to_async(online.of)([bob.pk, ada.pk]) == {bob.pk: {room.pk}}
        await lobby.send_to(text_data=json.dumps({"kind": "ping"}))
        assert await lobby.receive_nothing(timeout=0.3)
    finally:
        await at_table.disconnect()
    assert await database_sync_to_async(online.of)([bob.pk]) == {bob.pk: set()}
    await lobby.disconnect()
    assert await database_sync_to_async(online.of)([bob.pk]) == {}


async def test_a_private_room_is_never_recorded():
    room, (_, bob, _), keys = await database_sync_to_async(_two_friends_at_a_table)(is_public=False)
    page = await _opened(keys["bob"], room.code)
    try:
        assert await database_sync_to_async(online.of)([bob.pk]) == {bob.pk: set()}
    finally:
        await page.disconnect()


async def test_the_site_socket_is_for_accounts_alone():
    guest = await database_sync_to_async(lambda: client_for(BEA).session.session_key)()
    for session_key in (guest, None):
        socket = await _site_socket(session_key)
        connected, code = await socket.connect()
        assert not connected and code == 4403


async def test_an_invite_arrives_live_on_the_friends_open_page_and_refusals_leave_both_sockets_open():
    room, (ada, bob, cid), keys = await database_sync_to_async(_two_friends_at_a_table)()
    table = await _connect(room.code, keys["ada"])
    bobs_page = await _opened(keys["bob"])
    try:
        await _drain(table)
        await table.send_to(text_data=json.dumps({"kind": "invite", "friend": bob.pk}))
        card = await _until(bobs_page, lambda frame: "invite-card" in frame)
        assert '<ul id="invites" hx-swap-oob="beforeend">' in card
        assert "<b>ada</b> invites you to their Disunyer table" in card and f"/rooms/{room.code}/" in card
        assert "Invite sent." in await _until(table, lambda frame: TOAST in frame)
        for refused, reason in [
            ({"kind": "invite", "friend": cid.pk}, "only friends"),
            ({"kind": "invite", "friend": ada.pk}, "cannot invite yourself"),
            ({"kind": "invite", "friend": "bob"}, "malformed"),
            ({"kind": "invite"}, "malformed"),
        ]:
            await table.send_to(text_data=json.dumps(refused))
            assert reason in await _until(table, lambda frame: TOAST in frame)
        await bobs_page.send_to(text_data=json.dumps({"kind": "invite", "friend": ada.pk}))
        assert "send that here" in await _until(bobs_page, lambda frame: 'role="alert"' in frame)
        await bobs_page.send_to(text_data="{not json")
        assert "not valid JSON" in await _until(bobs_page, lambda frame: 'role="alert"' in frame)
        await table.send_to(text_data=json.dumps({"kind": "invite", "friend": bob.pk}))
        assert "invite-card" in await _until(bobs_page, lambda frame: "invite-card" in frame)  # both still open
    finally:
        await table.disconnect()
        await bobs_page.disconnect()


async def test_a_spectator_cannot_invite_and_a_guest_is_not_heard():
    room, (ada, bob, cid), keys = await database_sync_to_async(_two_friends_at_a_table)()
    await database_sync_to_async(seating.do_join)(room.pk, BEA)
    bobs_table = await _connect(room.code, keys["bob"])  # Bob watches: not seated
    guest = await _connect(room.code, await database_sync_to_async(lambda: client_for(BEA).session.session_key)())
    try:
        await bobs_table.send_to(text_data=json.dumps({"kind": "invite", "friend": ada.pk}))
        assert "Take a seat" in await _until(bobs_table, lambda frame: TOAST in frame)
        await guest.send_to(text_data=json.dumps({"kind": "invite", "friend": ada.pk}))
        assert "Guests cannot invite" in await _until(guest, lambda frame: TOAST in frame)
    finally:
        await bobs_table.disconnect()
        await guest.disconnect()


async def test_the_site_socket_has_a_budget():
    _, _, keys = await database_sync_to_async(_two_friends_at_a_table)()
    page = await _opened(keys["bob"])
    try:
        for _ in range(incoming.SITE_BUDGET):
            await page.send_to(text_data=json.dumps({"kind": "ping"}))
        await page.send_to(text_data=json.dumps({"kind": "ping"}))
        assert "Too many messages" in await _until(page, lambda frame: 'role="alert"' in frame)
        await page.send_to(text_data=json.dumps({"kind": "ping"}))
        assert await page.receive_nothing(timeout=0.3)  # refused unread, told once
    finally:
        await page.disconnect()
