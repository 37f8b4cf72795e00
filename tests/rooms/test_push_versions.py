"""Every viewer gets every version of a table, in order, with no database query per
viewer: each commit stores its own snapshot, built under the row lock, in Redis."""

import asyncio
import os
import pickle
import re
import time

import pytest
import redis
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from uvicorn.protocols.utils import ClientDisconnected

from accounts.identity import Player
from config.asgi import application
from games.disunyer.rules import ENGINE
from rooms import rendering
from rooms.actions import lifecycle, play, seating
from rooms.gamerules import rules_for
from rooms.live import consumers
from rooms.live.consumers import RoomConsumer
from rooms.push.followups import room_group
from rooms.push.layerwire import on_the_wire
from rooms.rendering import render_public, render_table, table_in
from rooms.store import presence
from rooms.store.redisclients import async_client
from rooms.store.snapshots import _fetch_stored, _stored_key, latest_key, load_snapshot, snapshots
from rooms.translations import BETWEEN, CLOSE, NEUTRAL, OPEN
from tests.rooms.helpers import (
    ANN,
    BEA,
    NAMES,
    PEOPLE,
    actor,
    assert_the_table_of_the_seat_of,
    create,
    fresh,
    person_at,
    playing_room,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("redis_url")]


def _words_outside_marks(html: str, data: set[str]) -> list[str]:
    """The words of ``html`` outside its marks and tags (its classes and data), but for
    ``data``: names and codes."""
    marks = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
    while OPEN in html:
        html = marks.sub("", html)
    assert BETWEEN not in html
    text = re.sub(r"<[^>]*>", " ", html)
    for shown in data:
        text = text.replace(shown, " ")
    return re.findall(r"[^\W\d_]{2,}", text)


def _versions(frames: list[str]) -> list[int]:
    tables = [frame for frame in frames if 'id="table-public"' in frame]
    return [int(frame.split('data-version="', 1)[1].split('"', 1)[0]) for frame in tables]


def _two_moves(room_id: int) -> int:
    """The awaited people move twice in a row; the version after the second move."""
    for _ in range(2):
        room = fresh(room_id)
        seat = actor(room)
        action = ENGINE.legal_actions(room.match.state, seat)[0]
        play.do_act(room_id, person_at(room, seat), action, room.version)
    return fresh(room_id).version


async def _frames_until(comm, version: int) -> list[str]:
    frames: list[str] = []
    while version not in _versions(frames):
        frames.append(await comm.receive_from(timeout=5))
    return frames


@pytest.mark.asyncio
async def test_each_commit_stores_the_snapshot_of_its_own_version():
    """After a move commits, Redis holds that version's snapshot, equal to the database's."""
    room = await database_sync_to_async(playing_room)(PEOPLE)
    version = await database_sync_to_async(_two_moves)(room.pk)
    stored = await _fetch_stored(room.pk, version)
    in_database = await database_sync_to_async(load_snapshot)(room.pk)
    assert stored == in_database
    earlier = await _fetch_stored(room.pk, version - 1)
    assert earlier.version == version - 1 and earlier.state != stored.state


@pytest.mark.asyncio
async def test_the_writer_renders_the_shared_fragments_once_and_no_viewer_process_renders_them_again(monkeypatch):
    """A commit stores its snapshot with the public fragment (as a page load renders it
    with nobody connected) and the spectators' private fragment already rendered in the
    site's language; a player pushed that version is sent it with only their own private
    fragment rendered in the viewer's process, a spectator of any language with nothing
    rendered there."""
    room = await database_sync_to_async(playing_room)(PEOPLE)
    version = await database_sync_to_async(_two_moves)(room.pk)
    stored = await _fetch_stored(room.pk, version)
    in_database = await database_sync_to_async(load_snapshot)(room.pk)
    assert stored.rendered == {NEUTRAL: rendering.neutral_fragments(in_database)}
    expected = {seat: render_table(in_database, presence.NOBODY, seat) for seat in (None, 0)}
    rendered = []
    real_fragment = rendering._fragment

    def fragment(template, context):
        rendered.append(template)
        return real_fragment(template, context)

    monkeypatch.setattr(rendering, "_fragment", fragment)
    spectator = _Viewer(room.pk, version - 1)
    await spectator.room_changed({"version": version})
    assert spectator.frames == [expected[None]]
    assert rendered == []
    ann = _Viewer(room.pk, version - 1, ANN)
    await ann.room_changed({"version": version})
    assert ann.frames == [expected[0]]
    assert rendered == ["disunyer/_private.jinja"]
    for _ in range(2):
        reader = _Viewer(room.pk, version - 1)
        reader.language = "es"
        await reader.room_changed({"version": version})
    assert rendered == ["disunyer/_private.jinja"]
    assert reader.frames == [table_in(in_database, presence.NOBODY, None, "es")]


async def _announcements(room_id: int, count: int, change) -> list[dict]:
    """The ``count`` announcements the room's viewers hear while ``change`` (sync) runs."""
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(room_group(room_id), channel)
    await database_sync_to_async(change)()
    return [await asyncio.wait_for(layer.receive(channel), 5) for _ in range(count)]


@pytest.mark.asyncio
async def test_a_version_is_announced_with_its_commit_time_its_seating_and_the_spectators_table():
    """The announcement of a move carries its version, when it was committed (the load
    test times pushes from it), a digest of who sits where, and the table a spectator is
    shown, in no language, which holds no card a spectator may not see: nothing else."""
    room = await database_sync_to_async(playing_room)(PEOPLE)
    before = time.time()
    events = await _announcements(room.pk, 2, lambda: _two_moves(room.pk))
    after = time.time()
    in_database = await database_sync_to_async(load_snapshot)(room.pk)
    assert [set(event) for event in events] == [
        {"type", "version", "committed_at", "seating", "public", "spectators"}
    ] * 2
    assert [event["version"] for event in events] == [in_database.version - 1, in_database.version]
    assert before <= events[0]["committed_at"] <= events[1]["committed_at"] <= after
    assert events[1]["seating"] == in_database.seating
    table = rendering.watched(
        room.pk, events[1]["version"], (events[1]["public"], events[1]["spectators"]), presence.NOBODY, "en"
    )
    assert table == render_table(in_database, presence.NOBODY, None)
    data = {*NAMES, in_database.code}
    assert _words_outside_marks(events[1]["public"] + events[1]["spectators"], data) == []
    shown = ENGINE.view(in_database.state, None)["cards"]
    hidden = [card for seat, card in enumerate(in_database.state["hands"]) if card and shown[seat] is None]
    assert hidden and not [card for card in hidden if f'data-card="{card}"' in table]


@pytest.mark.asyncio
async def test_a_spectator_is_pushed_an_announced_version_from_the_announcement_alone(monkeypatch):
    """A spectator whose seating is unchanged is sent the announced version, with who is
    connected marked in, without fetching its snapshot: as a fresh render of it."""
    room = await database_sync_to_async(playing_room)(PEOPLE)
    spectator = _Viewer(room.pk, room.version - 1)
    await spectator.room_changed({"version": room.version})
    spectator.presence = presence.Presence(frozenset({0, 3}), 2)
    events = await _announcements(room.pk, 2, lambda: _two_moves(room.pk))

    async def no_fetch(*args):
        raise AssertionError("a spectator's push fetched a snapshot")

    monkeypatch.setattr(snapshots, "get", no_fetch)
    for event in events:
        await spectator.room_changed(event)
    in_database = await database_sync_to_async(load_snapshot)(room.pk)
    assert _versions(spectator.frames) == [room.version, room.version + 1, room.version + 2]
    assert spectator.frames[-1] == render_table(in_database, spectator.presence, None)


@pytest.mark.asyncio
async def test_a_spectator_who_takes_a_seat_is_pushed_that_seats_table():
    """Bea watches the waiting room, then joins: her socket reads the snapshot, follows
    her to her seat and shows her seat's table."""
    room = await database_sync_to_async(create)(ANN)
    bea = _Viewer(room.pk, room.version - 1, BEA)
    await bea.room_changed({"version": room.version})
    assert bea.seat is None
    events = await _announcements(room.pk, 1, lambda: seating.do_join(room.pk, BEA))
    await bea.room_changed(events[0])
    in_database = await database_sync_to_async(load_snapshot)(room.pk)
    assert bea.seat == in_database.seat_of(BEA) is not None
    assert bea.frames[-1] == render_table(in_database, presence.NOBODY, bea.seat)


def test_a_version_is_stored_before_anyone_is_told_of_it(redis_url):
    """The writer stores a version and announces it in one script: whoever hears the
    announcement finds that version stored, and the room's latest stored version raised
    to it (a socket that connects meanwhile reads that)."""
    room = playing_room(PEOPLE)
    listener = redis.Redis.from_url(redis_url).pubsub(ignore_subscribe_messages=True)
    channel, _ = on_the_wire(room_group(room.pk), {})
    listener.subscribe(channel)
    listener.get_message(timeout=1)
    heard = []
    version = _two_moves(room.pk)
    reader = redis.Redis.from_url(redis_url)
    while len(heard) < 2:
        message = listener.get_message(timeout=5)
        assert message is not None, "a move was not announced"
        told = get_channel_layer().deserialize(message["data"])["version"]
        heard.append((told, reader.exists(_stored_key(room.pk, told)), int(reader.get(latest_key(room.pk)))))
    assert [(told, stored) for told, stored, _ in heard] == [(version - 1, 1), (version, 1)]
    assert all(latest >= told for told, _, latest in heard)

@pytest.mark.asyncio
async def test_two_moves_that_commit_before_a_viewer_looks_are_both_pushed_in_order():
    """The viewer's push waits while two moves commit back to back: it still gets the
    table after the first move, then the one after the second, never skipping one."""
    room = await database_sync_to_async(playing_room)(PEOPLE)
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    comm = WebsocketCommunicator(application, f"/ws/rooms/{room.code}/", headers=headers)
    assert (await comm.connect())[0]
    await _frames_until(comm, room.version)
    try:
        version = await database_sync_to_async(_two_moves)(room.pk)
        frames = await _frames_until(comm, version)
        assert [v for v in _versions(frames) if v > room.version] == [room.version + 1, room.version + 2]
    finally:
        await comm.disconnect()


class _Viewer(RoomConsumer):
    """The real consumer with its frames kept instead of sent over a socket."""

    def __init__(self, room_id: int, sent_version: int, player=None):
        super().__init__()
        self.room_id, self.sent_version, self.player = room_id, sent_version, player
        self.channel_layer, self.channel_name = get_channel_layer(), f"test-viewer-{room_id}"
        self.frames: list[str] = []

    async def send(self, text_data=None, bytes_data=None, close=False):
        self.frames.append(text_data)


@pytest.mark.asyncio
async def test_announcements_that_cross_still_reach_a_viewer_in_order():
    """Two writers (say, two worker processes) commit one after the other, but the later
    one's announcement arrives first: the viewer is pushed both versions, in order, and
    the late announcement changes nothing."""
    room = await database_sync_to_async(playing_room)(PEOPLE)
    viewer = _Viewer(room.pk, room.version)
    version = await database_sync_to_async(_two_moves)(room.pk)
    await viewer.room_changed({"version": version})
    await viewer.room_changed({"version": version - 1})
    assert _versions(viewer.frames) == [version - 1, version]


@pytest.mark.asyncio
async def test_a_pushed_version_costs_no_database_query():
    """A viewer pushed a new version reads it from the stored snapshot, not the database."""
    room = await database_sync_to_async(playing_room)(PEOPLE)
    viewer = _Viewer(room.pk, room.version)
    version = await database_sync_to_async(_two_moves)(room.pk)
    queries = CaptureQueriesContext(connection)
    await database_sync_to_async(queries.__enter__)()  # in the thread where consumers query
    await viewer.room_changed({"version": version})
    await database_sync_to_async(queries.__exit__)(None, None, None)
    assert _versions(viewer.frames) == [version - 1, version]
    assert queries.captured_queries == []


@pytest.mark.asyncio
async def test_viewers_a_version_behind_share_one_snapshot_of_it_rendered_once():
    """Once the process has a room's newest version, viewers still a version behind get
    one snapshot of theirs between them, its table rendered once: not a fetch and a
    render each, which under load fed on itself until every push was seconds late."""
    room = await database_sync_to_async(playing_room)(PEOPLE)
    newest = await database_sync_to_async(_two_moves)(room.pk)
    assert (await snapshots.get(room.pk, newest)).version == newest
    first = await snapshots.get(room.pk, newest - 1)
    public = render_public(first, presence.NOBODY)
    second = await snapshots.get(room.pk, newest - 1)
    assert first.version == newest - 1
    assert second is first and render_public(second, presence.NOBODY) is public


@pytest.mark.asyncio
async def test_a_viewer_whose_version_is_no_longer_stored_gets_the_newest_table(redis_url):
    """Once a version has left Redis, a late viewer is sent the table as it is now."""
    room = await database_sync_to_async(playing_room)(PEOPLE)
    viewer = _Viewer(room.pk, room.version)
    version = await database_sync_to_async(_two_moves)(room.pk)
    await sync_to_async(redis.Redis.from_url(redis_url).flushdb)()
    await viewer.room_changed({"version": version})
    assert _versions(viewer.frames) == [version]


def _bea_fills_the_last_seat() -> tuple[int, object]:
    room = create(ANN)
    for _ in range(6):
        seating.do_add_bot(room.pk, ANN, "easy")
    before = fresh(room).version
    seating.do_join(room.pk, BEA)
    return before, fresh(room)


@pytest.mark.asyncio
async def test_a_transaction_that_changes_a_room_twice_gives_it_one_new_version():
    """Bea's join fills the last seat and starts the game in the same transaction: one
    new version, whose stored snapshot shows the game being played."""
    before, after = await database_sync_to_async(_bea_fills_the_last_seat)()
    assert after.status == "playing" and after.version == before + 1
    stored = await _fetch_stored(after.pk, after.version)
    assert stored.status == "playing" and stored.state == after.match.state


def _stored(room_id: int, version: int):
    data = redis.Redis.from_url(os.environ["REDIS_URL"]).get(_stored_key(room_id, version))
    assert isinstance(data, bytes), f"version {version} of room {room_id} was not stored"
    return pickle.loads(data)


def _play_with_bots(game: str, players: int | None, options: dict, steps: int) -> int:
    """Ann hosts and bots fill the table; everyone plays their default move. After every
    change the stored snapshot equals the room as the database has it."""
    room = lifecycle.do_create_room(ANN, game, options, True, players=players)
    seats = players or len(fresh(room).seats.all())
    for _ in range(seats - 1):
        seating.do_add_bot(room.pk, ANN, "easy")
    if fresh(room).status == "waiting":
        lifecycle.do_start(room.pk, ANN)
    checked = 0
    for _ in range(steps):
        room = fresh(room)
        assert _stored(room.pk, room.version) == load_snapshot(room.pk)
        checked += 1
        if room.status != "playing":
            assert room.status == "finished"
            break
        engine = rules_for(game).engine
        seat = engine.to_act(room.match.state)[0]
        action = engine.default_action(room.match.state, seat)
        if seat == 0:
            play.do_act(room.pk, ANN, action, room.version)
        else:
            play.do_bot_move(room.pk, room.version, seat, action)
    return checked


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("disunyer", None, {}), ("dayous", 4, {"decks": 1}), ("courtpiece", None, {})],
)
def test_every_stored_snapshot_equals_the_database_at_its_version(game, players, options):
    """Snapshots are taken from the objects a change saved, not read back: through a
    game of each kind (joins, bots, the start, moves, coins, the end) each one equals
    what the database has at that version."""
    assert _play_with_bots(game, players, options, steps=300) > 10


@pytest.mark.asyncio
async def test_a_viewer_who_reconnects_gets_the_whole_table_as_it_is_now():
    """Ann's socket drops; two moves are made while she is away. Her new socket's first
    table is the current version, whole: equal to a fresh render for her seat."""
    room = await database_sync_to_async(playing_room)(PEOPLE)
    session = SessionStore()
    session.update({"guest_id": ANN.guest_id, "guest_name": ANN.name})
    await sync_to_async(session.create)()
    cookie = f"sessionid={session.session_key}".encode()
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost"), (b"cookie", cookie)]
    first = WebsocketCommunicator(application, f"/ws/rooms/{room.code}/", headers=headers)
    assert (await first.connect())[0]
    await _frames_until(first, room.version)
    await first.disconnect()
    version = await database_sync_to_async(_two_moves)(room.pk)
    again = WebsocketCommunicator(application, f"/ws/rooms/{room.code}/", headers=headers)
    assert (await again.connect())[0]
    try:
        table = next(frame for frame in await _frames_until(again, version) if 'id="table-public"' in frame)
        snapshot = await database_sync_to_async(load_snapshot)(room.pk)
        seat = snapshot.seat_of(ANN)
        assert snapshot.version == version and seat is not None
        now_present = await sync_to_async(presence.current)(room.pk)
        assert table == await sync_to_async(render_table)(snapshot, now_present, seat)
    finally:
        await again.disconnect()


@pytest.mark.asyncio
async def test_a_socket_starts_from_the_rooms_latest_stored_version():
    """A socket joins its room's group, then reads the room's latest stored version:
    after two moves its first table is the second move's version, equal to the
    database's, with no query."""
    room = await database_sync_to_async(playing_room)(PEOPLE)
    version = await database_sync_to_async(_two_moves)(room.pk)
    queries = CaptureQueriesContext(connection)
    await database_sync_to_async(queries.__enter__)()  # in the thread where consumers query
    snapshot = await snapshots.at_latest(room.pk, await async_client().get(latest_key(room.pk)))
    await database_sync_to_async(queries.__exit__)(None, None, None)
    assert snapshot.version == version == room.version + 2
    assert snapshot == await database_sync_to_async(load_snapshot)(room.pk)
    assert queries.captured_queries == []


@pytest.mark.asyncio
async def test_a_logged_in_player_is_known_to_the_socket_from_the_session_alone():
    """The socket's stack has no auth middleware of its own: the account is read from
    the session with the room, and Cora's socket gets the table of Cora's seat."""
    user = await database_sync_to_async(get_user_model().objects.create_user)("cora", password="pw-12345-x")
    client = Client()
    await sync_to_async(client.force_login)(user)
    cora = Player(name=user.username, user_id=user.pk)
    room = await database_sync_to_async(create)(cora)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost"), (b"cookie", cookie)]
    comm = WebsocketCommunicator(application, f"/ws/rooms/{room.code}/", headers=headers)
    assert (await comm.connect())[0]
    try:
        table = next(frame for frame in await _frames_until(comm, room.version) if 'id="table-public"' in frame)
        await assert_the_table_of_the_seat_of(cora, table, room.pk)
    finally:
        await comm.disconnect()


class _SlowViewer(_Viewer):
    """Its tables take a while to go out, as over a slow network."""

    async def send(self, text_data=None, bytes_data=None, close=False):
        if 'id="table-public"' in text_data:
            await asyncio.sleep(0.05)
        self.frames.append(text_data)


@pytest.mark.asyncio
async def test_a_presence_push_only_names_marks_of_the_table_already_sent(monkeypatch):
    """Bea joins while she watches, so her table changes as who is connected does: every
    presence push she gets swaps only marks that the table she already has shows (the
    browser would report a mark with nothing to swap into)."""
    monkeypatch.setattr(consumers, "PRESENCE_SETTLE_SECONDS", 0)
    room = await database_sync_to_async(create)(ANN)
    await presence.touch(room.pk, "ann-channel", 0)
    viewer = _SlowViewer(room.pk, 0, player=BEA)
    await viewer._send_table(await snapshots.get(room.pk, room.version))  # as on connect
    await database_sync_to_async(seating.do_join)(room.pk, BEA)
    await asyncio.gather(viewer.room_changed({"version": room.version + 1}), viewer.room_presence({}))
    await viewer._presence_check
    marks_shown = set()
    for frame in viewer.frames:
        marks = set(re.findall(r'id="(presence-\d+|spectators)"', frame))
        if 'id="table-public"' in frame:
            marks_shown = marks
        else:
            assert marks <= marks_shown, f"a presence push names {marks - marks_shown}, not on the table"
    assert any('id="table-public"' not in frame for frame in viewer.frames), "no presence push was made"


class _GoneViewer(_Viewer):
    """Its socket has closed, and the server has not yet told the consumer: the server
    answers a send with uvicorn's ``ClientDisconnected``."""

    async def send(self, text_data=None, bytes_data=None, close=False):
        await RoomConsumer.send(self, text_data, bytes_data, close)

    async def base_send(self, message):
        raise ClientDisconnected()


@pytest.mark.asyncio
async def test_a_presence_push_to_a_socket_that_just_closed_ends_quietly(monkeypatch):
    """Sockets that close together (a table moving to its next game) are each still
    owed a presence push: it finds the socket gone and ends, with no error logged, and
    nothing more is sent on that socket."""
    monkeypatch.setattr(consumers, "PRESENCE_SETTLE_SECONDS", 0)
    room = await database_sync_to_async(create)(ANN)
    viewer = _GoneViewer(room.pk, room.version)
    await presence.touch(room.pk, "ann-channel", 0)
    await viewer.room_presence({})
    await viewer._presence_check
    assert viewer._presence_check.exception() is None
    assert viewer.closed


def _presence_reads(redis_url: str) -> int:
    """How many reads of who is connected Redis has answered so far."""
    stats = redis.Redis.from_url(redis_url).info("commandstats")
    return stats.get("cmdstat_zrangebyscore", {}).get("calls", 0)


@pytest.mark.asyncio
async def test_a_rooms_viewers_told_of_a_presence_change_together_share_one_read(monkeypatch, redis_url):
    """Sixteen viewers of a room in one process hear that a spectator came: Redis is
    asked who is connected once, not sixteen times, and every viewer is pushed the new
    count of spectators."""
    monkeypatch.setattr(consumers, "PRESENCE_SETTLE_SECONDS", 0)
    room = await database_sync_to_async(create)(ANN)
    viewers = [_Viewer(room.pk, room.version) for _ in range(16)]
    for viewer in viewers:
        await viewer._send_table(await snapshots.get(room.pk, room.version))
    await presence.touch(room.pk, "bea-channel", None)
    reads = _presence_reads(redis_url)
    for viewer in viewers:
        await viewer.room_presence({})
    await asyncio.gather(*(viewer._presence_check for viewer in viewers))
    assert _presence_reads(redis_url) - reads == 1
    for viewer in viewers:
        assert viewer.presence.spectators == 1
        assert "1 watching" in viewer.frames[-1] and 'id="table-public"' not in viewer.frames[-1]


@pytest.mark.asyncio
async def test_a_viewer_told_of_a_change_after_a_read_began_reads_again(redis_url):
    """A read of who is connected that began before a viewer heard of a change may
    not have seen it: that viewer's read is a new one. Asking without news joins it."""
    room = await database_sync_to_async(create)(ANN)
    loop = asyncio.get_running_loop()
    reads = _presence_reads(redis_url)
    first = asyncio.ensure_future(presence.now_since(room.pk, loop.time()))
    await asyncio.sleep(0)  # the first read is under way
    heard_later = asyncio.ensure_future(presence.now_since(room.pk, loop.time()))
    no_news = asyncio.ensure_future(presence.now_since(room.pk, 0.0))
    await asyncio.gather(first, heard_later, no_news)
    assert _presence_reads(redis_url) - reads == 2
