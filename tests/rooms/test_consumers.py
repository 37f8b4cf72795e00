"""rooms/live/consumers.py: what each viewer of a table receives over its WebSocket, and what
it may send (named guests: Ann, Bea, …; Zed watches)."""

import asyncio
import html
import json
import re
import time
from types import SimpleNamespace
from typing import cast

import pytest
import redis
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.contrib.sessions.backends.db import SessionStore

import plumbing.cache
from config.asgi import application
from games import core
from games.disunyer.rules import ENGINE
from games.disunyer.state import DisunyerState
from rooms.actions import play, seating
from rooms.models import MatchAction, Room
from rooms.push.followups import room_group
from rooms.rendering import render_presence, render_table
from rooms.store import presence
from rooms.store.redisclients import async_client
from rooms.store.snapshots import latest_key, load_snapshot
from tests.rooms.helpers import ANN, BEA, PEOPLE, ZED, actor, create, fresh, person_at, playing_room

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

TOAST = 'class="toast"'
PRESENCE = 'id="spectators" data-testid="spectators" hx-swap-oob="true"'
REACTION = 'class="reaction'


def _session_for(person) -> str:
    session = SessionStore()
    session["guest_id"] = person.guest_id
    session["guest_name"] = person.name
    session.create()
    return session.session_key


@pytest.fixture
def table(redis_url, transactional_db, monkeypatch):
    """Eight guests (Ann…Hal) playing; who is awaited (``actor``) and someone who is not."""
    monkeypatch.setattr(core, "new_seed", lambda: "consumer-tests")
    room = playing_room(PEOPLE)
    seat_of = {s.guest_id: s.index for s in room.seats.all()}
    sessions = {seat_of[p.guest_id]: _session_for(p) for p in PEOPLE}
    a = actor(room)
    return SimpleNamespace(
        room=room,
        code=room.code,
        version=room.version,
        state=room.match.state,
        actor=a,
        other=next(s for s in range(8) if s != a),
        sessions=sessions,
        names={seat_of[p.guest_id]: p.name for p in PEOPLE},
        zed=_session_for(ZED),
        redis_url=redis_url,
    )


async def _connect(code, session_key=None):
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    if session_key:
        headers.append((b"cookie", f"sessionid={session_key}".encode()))
    comm = WebsocketCommunicator(application, f"/ws/rooms/{code}/", headers=headers)
    connected, _ = await comm.connect()
    assert connected
    return comm


async def _drain(comm, quiet=0.3) -> list[str]:
    """Every message until the socket has been quiet for ``quiet`` seconds (never cancels)."""
    messages = []
    while not await comm.receive_nothing(timeout=quiet):
        messages.append(await comm.receive_from())
    return messages


async def _settle(*comms) -> list[list[str]]:
    """Let presence and table pushes finish; what each connection received."""
    received: list[list[str]] = [[] for _ in comms]
    while True:
        fresh_messages = [await _drain(comm, quiet=0.4) for comm in comms]
        if not any(fresh_messages):
            return received
        for mine, new in zip(received, fresh_messages):
            mine += new


async def _until(comm, wanted, timeout=10.0) -> str:
    """The first message for which ``wanted(message)`` holds; fails if the socket closes."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if await comm.receive_nothing(timeout=0.05, interval=0.01):
            continue
        message = await comm.receive_from()
        if wanted(message):
            return message
    raise AssertionError("the expected message never came")


def _table_at(version):
    return lambda message: 'id="table-public"' in message and f'data-version="{version}"' in message


def _presence_mark(fragment: str, seat: int) -> str:
    """How a presence push shows ``seat``: "online" or "away"."""
    mark = re.search(rf'<span class="presence" id="presence-{seat}" hx-swap-oob="true">(.*?)</span></span>', fragment)
    assert mark, f"seat {seat} is not in the presence push"
    return "online" if "dot online" in mark.group(1) else "away"


def _shown_online(page: str, seat: int) -> bool:
    player = re.search(rf'<li class="player[^"]*" data-seat="{seat}">(.*?)</li>', page, re.DOTALL)
    assert player, f"seat {seat} is not on the table"
    return "dot online" in player.group(1)


def _last_table(messages) -> str:
    tables = [m for m in messages if 'id="table-public"' in m]
    assert tables, "no table was pushed"
    return tables[-1]


def _assert_sees_only_what_it_may(page: str, state: DisunyerState, seat: int | None) -> None:
    """The page shows the viewer's own card and no card the engine's view hides from it."""
    view = ENGINE.view(state, seat)
    for other, card in enumerate(state["hands"]):
        if card is None:
            continue
        if view["cards"][other] is None:
            assert f'data-card="{card}"' not in page, f"seat {seat} sees seat {other}'s card"
        elif other == seat:
            assert f'data-card="{card}"' in page


@database_sync_to_async
def _game(room_id):
    """(version, state, number of recorded moves)."""
    room = fresh(room_id)
    return room.version, room.match.state, MatchAction.objects.filter(match=room.match).count()


def _act(action, version):
    return {"kind": "act", "action": json.dumps(action), "version": str(version)}


async def _disconnect(*comms):
    for comm in comms:
        await comm.disconnect()


# ------------------------------------------------------------------ connect


async def test_connecting_to_an_unknown_room_closes(redis_url, transactional_db):
    """A socket for a room code that does not exist is closed at once."""
    comm = WebsocketCommunicator(
        application, "/ws/rooms/ZZZZ/", headers=[(b"origin", b"http://localhost"), (b"host", b"localhost")]
    )
    connected, code = await comm.connect()
    assert connected is False and code == 4404


async def test_a_socket_to_a_room_gone_since_its_code_was_looked_up_tells_its_group_nothing(table):
    """Ann's socket came and went, so this process knows the room's code; then the room
    is deleted (by staff). A new socket for the code is closed as for a code that names
    no room, and leaves the room's group as it came: nobody there is told of it leaving."""
    ann = await _connect(table.code, table.sessions[table.actor])
    await _settle(ann)
    await ann.disconnect()
    await asyncio.sleep(0.5)  # Ann's leaving is announced and done with
    await database_sync_to_async(Room.objects.filter(pk=table.room.pk).delete)()
    await async_client().delete(latest_key(table.room.pk))
    layer = get_channel_layer()
    listener = await layer.new_channel()
    await layer.group_add(room_group(table.room.pk), listener)
    try:
        late = WebsocketCommunicator(
            application, f"/ws/rooms/{table.code}/", headers=[(b"origin", b"http://localhost"), (b"host", b"localhost")]
        )
        assert await late.connect() == (False, 4404)
        await late.disconnect()  # as a server tells the application of a refused handshake
        with pytest.raises(TimeoutError):
            async with asyncio.timeout(1):
                await layer.receive(listener)
    finally:
        await layer.group_discard(room_group(table.room.pk), listener)


async def test_each_viewer_receives_only_its_own_card(table):
    """Ann-to-act, another player and two spectators (anonymous, and Zed, a guest not
    seated) connect: each player's table shows their own card and no one else's; the
    spectators see no hidden card at all."""
    a = await _connect(table.code, table.sessions[table.actor])
    b = await _connect(table.code, table.sessions[table.other])
    anonymous = await _connect(table.code)
    zed = await _connect(table.code, table.zed)
    received = await _settle(a, b, anonymous, zed)
    try:
        for seat, messages in zip((table.actor, table.other, None, None), received):
            page = _last_table(messages)
            assert f'data-version="{table.version}"' in page
            _assert_sees_only_what_it_may(page, table.state, seat)
        for messages in received[2:]:
            page = _last_table(messages)
            assert "data-card=" not in page
            assert "You are watching this game." in page
        assert 'data-testid="actions"' in _last_table(received[0])
        assert 'data-testid="actions"' not in _last_table(received[1])
    finally:
        await _disconnect(a, b, anonymous, zed)


async def test_a_socket_whose_session_cookie_names_no_session_watches(table):
    """A session cookie that names no session (made up, malformed, far too long) makes
    its socket a spectator: it connects, sees no card, and Ann's seat stays Ann's."""
    for made_up in ("x" * 32, "../../etc/passwd", "%00;\\", "a" * 200, table.sessions[table.actor][::-1]):
        comm = await _connect(table.code, made_up)
        try:
            page = _last_table((await _settle(comm))[0])
            assert "You are watching this game." in page and "data-card=" not in page
        finally:
            await comm.disconnect()
    ann = await _connect(table.code, table.sessions[table.actor])
    try:
        assert 'data-testid="actions"' in _last_table((await _settle(ann))[0])
    finally:
        await ann.disconnect()


# -------------------------------------------------------------------- moves


async def test_a_move_over_the_websocket_reaches_every_viewer(table):
    """The awaited player moves: the move applies once and every connected viewer gets the
    new version's table, still showing only what each may see."""
    a = await _connect(table.code, table.sessions[table.actor])
    b = await _connect(table.code, table.sessions[table.other])
    spectator = await _connect(table.code)
    await _settle(a, b, spectator)
    try:
        action = ENGINE.legal_actions(table.state, table.actor)[-1]
        await a.send_json_to(_act(action, table.version))
        pages = [await _until(comm, _table_at(table.version + 1)) for comm in (a, b, spectator)]
        version, state, moves = await _game(table.room.pk)
        assert version == table.version + 1
        assert state == ENGINE.apply(table.state, table.actor, action)[0]
        assert moves == table.room.match.moves + 1
        for seat, page in zip((table.actor, table.other, None), pages):
            _assert_sees_only_what_it_may(page, state, seat)
    finally:
        await _disconnect(a, b, spectator)


async def test_a_pushed_table_equals_a_fresh_render(table):
    """After a move, what each viewer receives equals render_table for that viewer, rendered
    fresh from the database at the same version with the same presence."""
    a = await _connect(table.code, table.sessions[table.actor])
    b = await _connect(table.code, table.sessions[table.other])
    spectator = await _connect(table.code)
    await _settle(a, b, spectator)
    try:
        await a.send_json_to(_act(ENGINE.legal_actions(table.state, table.actor)[0], table.version))
        version = table.version + 1
        pushed = {
            seat: await _until(comm, _table_at(version))
            for seat, comm in ((table.actor, a), (table.other, b), (None, spectator))
        }
        now_present = await sync_to_async(presence.current)(table.room.pk)
        assert now_present == presence.Presence(frozenset({table.actor, table.other}), 1)
        snapshot = await database_sync_to_async(load_snapshot)(table.room.pk)
        assert snapshot.version == version
        for seat, page in pushed.items():
            assert page == await sync_to_async(render_table)(snapshot, now_present, seat)
    finally:
        await _disconnect(a, b, spectator)


async def test_forged_and_malformed_messages_are_refused_and_change_nothing(table):
    """Each bad message gets a toast, the game does not change and the socket stays open:
    a valid move afterwards still works."""
    a = await _connect(table.code, table.sessions[table.actor])
    b = await _connect(table.code, table.sessions[table.other])
    anonymous = await _connect(table.code)
    zed = await _connect(table.code, table.zed)
    await _settle(a, b, anonymous, zed)
    v = table.version
    legal = ENGINE.legal_actions(table.state, table.actor)[0]
    for_another_seat = {**legal, "seat": table.other}
    try:
        ENGINE.apply(table.state, table.actor, for_another_seat)
        raise AssertionError("the engine took a move naming another seat")
    except core.IllegalAction as illegal:
        another_seat_reason = illegal.reason
    bad = [
        (a, "not json {", "not valid JSON"),
        (a, "[1, 2]", "not understood"),
        (a, '"act"', "not understood"),
        (a, {"kind": "dance"}, "not understood"),
        (a, {"action": json.dumps(legal), "version": v}, "not understood"),
        (
            a,
            {"kind": "act", "action": json.dumps(legal), "version": v, "pad": "x" * 5000},
            "too large",
        ),
        (a, b"\x00binary", "too large or not text"),
        (a, _act(legal, v - 1), "The table changed before your move arrived"),
        (a, _act(legal, v + 7), "The table changed before your move arrived"),
        (a, {"kind": "act", "action": json.dumps(legal), "version": "soon"}, "malformed"),
        (a, {"kind": "act", "action": json.dumps(legal)}, "malformed"),
        (a, {"kind": "act", "action": legal, "version": v}, "malformed"),
        (a, {"kind": "act", "action": "keep", "version": v}, "malformed"),
        (a, _act(["keep"], v), "That is not a move"),
        (b, _act(legal, v), "It is not your turn."),
        (a, _act(for_another_seat, v), another_seat_reason),
        (a, _act({"type": "fold"}, v), "Unknown move 'fold'"),
        (a, {"kind": "react", "emoji": "💩"}, "You can't send that here."),
        (anonymous, {"kind": "react", "emoji": "👍"}, "You can't send that here."),
        (anonymous, _act(legal, v), "You are watching this game"),
        (zed, _act(legal, v), "You are watching this game"),
    ]
    before = await _game(table.room.pk)
    try:
        for comm, message, reason in bad:
            if isinstance(message, bytes):
                await comm.send_to(bytes_data=message)
            elif isinstance(message, str):
                await comm.send_to(text_data=message)
            else:
                await comm.send_json_to(message)
            toast = await _until(comm, lambda m: TOAST in m)
            assert reason in html.unescape(toast), (message, toast)
        assert await _game(table.room.pk) == before
        await a.send_json_to(_act(legal, v))
        for comm in (a, b, anonymous, zed):
            await _until(comm, _table_at(v + 1))
        assert (await _game(table.room.pk))[0] == v + 1
    finally:
        await _disconnect(a, b, anonymous, zed)


async def _channel_of(room_id: int, seat: int | None) -> str:
    """The channel of the (first) socket present at ``seat`` (None: watching)."""
    where = presence._member("", seat)
    read = cast(list[bytes], await async_client().zrange(presence._key(room_id), 0, -1))  # not decoded
    members = [member.decode() for member in read]
    return next(member.removeprefix(where) for member in members if member.startswith(where))


async def test_a_sync_sends_a_table_only_when_there_is_a_newer_one(table):
    """A ping only keeps the socket present, and a sync with nothing newer than the table
    the socket has sends nothing (it renders nothing). When the socket missed a version's
    announcement (its process was not listening to the room then), a sync sends that
    version's table, showing the player their own card."""
    a = await _connect(table.code, table.sessions[table.actor])
    await _settle(a)
    try:
        await a.send_json_to({"kind": "ping"})
        await a.send_json_to({"kind": "sync"})
        assert await a.receive_nothing(timeout=0.5)
        layer = get_channel_layer()
        await layer.group_discard(room_group(table.room.pk), await _channel_of(table.room.pk, table.actor))
        mover = await database_sync_to_async(person_at)(table.room, table.actor)
        await database_sync_to_async(play.do_act)(
            table.room.pk, mover, ENGINE.legal_actions(table.state, table.actor)[0], table.version
        )
        assert await a.receive_nothing(timeout=0.5), "the socket heard the announcement"
        await a.send_json_to({"kind": "sync"})
        page = await _until(a, _table_at(table.version + 1))
        _assert_sees_only_what_it_may(page, (await _game(table.room.pk))[1], table.actor)
    finally:
        await _disconnect(a)


async def test_a_seat_whose_server_died_is_shown_away_at_the_next_ping(table):
    """A connection that stopped pinging (its process died) expires; the next ping in the
    room finds it gone and every viewer is pushed the new presence (not the table)."""
    client = redis.Redis.from_url(table.redis_url)
    key = presence._key(table.room.pk)
    ghost = presence._member("dead-process-channel", table.other)
    await sync_to_async(client.zadd)(key, {ghost: time.time() + presence.TTL_SECONDS})
    a = await _connect(table.code, table.sessions[table.actor])
    try:
        assert _shown_online(_last_table((await _settle(a))[0]), table.other)
        await sync_to_async(client.zadd)(key, {ghost: time.time() - 1})
        await a.send_json_to({"kind": "ping"})
        pushed = await _until(a, lambda m: PRESENCE in m)
        assert 'id="table-public"' not in pushed and 'id="table-private"' not in pushed
        assert _presence_mark(pushed, table.other) == "away"
        assert _presence_mark(pushed, table.actor) == "online"
    finally:
        await _disconnect(a)


# ---------------------------------------------------------------- reactions


async def test_reactions_reach_everyone_and_are_rate_limited(table):
    """Ann's emoji and a spectator's heart reach every viewer; a second reaction from the
    same sender within 2 s is refused and reaches nobody."""
    a = await _connect(table.code, table.sessions[table.actor])
    b = await _connect(table.code, table.sessions[table.other])
    spectator = await _connect(table.code)
    await _settle(a, b, spectator)
    name = table.names[table.actor]
    try:
        await a.send_json_to({"kind": "react", "emoji": "👍"})
        for comm in (a, b, spectator):
            reaction = await _until(comm, lambda m: REACTION in m)
            assert "👍" in reaction and name in reaction and "from-spectator" not in reaction
        await a.send_json_to({"kind": "react", "emoji": "👏"})
        toast = await _until(a, lambda m: TOAST in m)
        assert "one reaction every couple of seconds" in toast
        await spectator.send_json_to({"kind": "react", "emoji": "❤️"})
        for comm in (a, b, spectator):
            reaction = await _until(comm, lambda m: REACTION in m)
            assert "❤️" in reaction and "from-spectator" in reaction and "A spectator" in reaction
        await spectator.send_json_to({"kind": "react", "emoji": "❤️"})
        assert "one reaction every couple" in await _until(spectator, lambda m: TOAST in m)
        for comm in (a, b):
            assert not any(REACTION in m for m in await _drain(comm, quiet=0.3))
    finally:
        await _disconnect(a, b, spectator)


# ------------------------------------------------------------ lobby, presence


async def test_a_join_is_pushed_to_the_lobby(redis_url, transactional_db):
    """Ann waits in her room; when Bea takes a seat (from the page), Ann's socket receives
    the new version of the waiting table with Bea in it."""
    room = await database_sync_to_async(create)(ANN)
    ann = await _connect(room.code, await database_sync_to_async(_session_for)(ANN))
    await _settle(ann)
    try:
        await database_sync_to_async(seating.do_join)(room.pk, BEA)
        page = await _until(ann, _table_at(room.version + 1))
        assert "Bea" in page and 'data-testid="add-bot"' in page
    finally:
        await _disconnect(ann)


async def test_a_player_who_leaves_is_shown_away(table):
    """When the other player's socket closes, the actor is pushed only who is connected
    now, not the table again: a small fragment equal to a fresh render of the presence,
    which swaps the table's own marks."""
    a = await _connect(table.code, table.sessions[table.actor])
    b = await _connect(table.code, table.sessions[table.other])
    before = await _settle(a, b)
    try:
        table_html = _last_table(before[0])
        assert f'id="presence-{table.other}"' in table_html and 'id="spectators"' in table_html
        bea_came = [m for m in before[0] if PRESENCE in m][-1]
        assert _presence_mark(bea_came, table.other) == "online"
        await b.disconnect()
        pushed = await _until(a, lambda m: PRESENCE in m and _presence_mark(m, table.other) == "away")
        assert 'id="table-public"' not in pushed and len(pushed) < len(table_html) / 5
        snapshot = await database_sync_to_async(load_snapshot)(table.room.pk)
        alone = presence.Presence(frozenset({table.actor}), 0)
        assert await sync_to_async(presence.current)(table.room.pk) == alone
        assert pushed == await sync_to_async(render_presence)(snapshot, alone)
        assert not any('id="table-public"' in m for m in await _drain(a, quiet=0.3))
    finally:
        await _disconnect(a)


async def test_many_sockets_closing_at_once_each_wait_for_redis_and_all_leave(table, monkeypatch):
    """Forty spectators close together (a "Play again", the end of a visit) while the
    process may hold only two connections to Redis: each one's leave waits for a free
    connection, none fails with "Too many connections", and nobody is left counted as
    watching."""
    monkeypatch.setattr(plumbing.cache, "POOL_SIZE", 2)
    spectators = [await _connect(table.code) for _ in range(40)]
    assert (await presence.now(table.room.pk)).spectators == 40
    await asyncio.gather(*(spectator.disconnect() for spectator in spectators))
    assert await presence.now(table.room.pk) == presence.NOBODY
