"""Nothing a client sends over a table's WebSocket kills the connection or changes the
game: any text, any JSON, any near-miss of a real message gets a toast or is ignored.
The player to act (one of Ann…Hal, as the seed seats them) sends everything through
the real consumer (the ASGI application, the Redis channel layer, the database)."""

import html
import json
from types import SimpleNamespace

import pytest
import pytest_asyncio
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.test import Client
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from accounts.identity import Player
from accounts.models import Relation
from config.asgi import application
from games import core
from games.disunyer.rules import ENGINE
from rooms.actions import seating
from rooms.chat import lines
from rooms.live import incoming
from rooms.models import Report
from rooms.store import online
from tests.rooms.helpers import BEA, PEOPLE, actor, create, person_at, playing_room
from tests.rooms.test_consumers import TOAST, _act, _connect, _game, _session_for, _settle

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table(redis_url, transactional_db, monkeypatch):
    """Eight guests (Ann…Hal) playing Disunyer, and the one whose move is awaited. The
    player's socket sends thousands of messages, far past a socket's budget (which
    tests/rooms/test_socket_abuse.py tests): here every one of them is read."""
    monkeypatch.setattr(incoming, "PLAYER_BUDGET", 10**9)
    monkeypatch.setattr(core, "new_seed", lambda: "fuzz-tests")
    room = playing_room(PEOPLE)
    seat = actor(room)
    yield SimpleNamespace(
        room_id=room.pk,
        code=room.code,
        version=room.version,
        legal=ENGINE.legal_actions(room.match.state, seat),
        session=_session_for(person_at(room, seat)),
    )


_FRAME = {str: "text", bytes: "bytes"}


class ActorSocket:
    """The player to act's connection, reused from one example to the next; a
    connection that an example broke (the failure is that example's) is replaced
    before the next one. ``game`` is the game as it was before the first message."""

    def __init__(self, table, game):
        self.table = table
        self.game = game
        self.comm = None
        self.probes = 0

    async def live(self):
        if self.comm is None:
            self.comm = await _connect(self.table.code, self.table.session)
            await _settle(self.comm)
        return self.comm

    async def send(self, *frames: str | bytes):
        comm = await self.live()
        try:
            for frame in frames:
                await comm.send_input({"type": "websocket.receive", _FRAME[type(frame)]: frame})
            await self._answered(comm)
        except BaseException:
            self.comm = None
            raise

    async def _answered(self, comm):
        """Wait until the consumer has handled everything sent so far: it answers a probe,
        a move no game has, with the engine's refusal naming it (messages are handled in
        order). Whatever came before — toasts, tables, reactions — is fine; a close or an
        exception in the consumer fails here."""
        self.probes += 1
        probe = f"probe-{self.probes}"
        await comm.send_json_to(_act({"type": probe}, self.table.version))
        while True:
            message = await comm.receive_from(timeout=5)
            if TOAST in message and f"'{probe}'" in html.unescape(message):
                return

    async def close(self):
        if self.comm is not None:
            await self.comm.disconnect()


@pytest_asyncio.fixture
async def player(table):
    socket = ActorSocket(table, await _game(table.room_id))
    await socket.live()
    yield socket
    await socket.close()


# ------------------------------------------------------------- the three named inputs


async def _refused_and_still_open(player, text: str, reason: str):
    comm = await player.live()
    await comm.send_to(text_data=text)
    toast = await comm.receive_from(timeout=5)
    assert TOAST in toast and reason in html.unescape(toast), toast
    await player.send(json.dumps({"kind": "sync"}))
    assert await _game(player.table.room_id) == player.game


async def test_a_thousand_nested_brackets_are_refused_and_the_socket_stays_open(player):
    """The player to act sends 1,000 nested ``[``: they are told the message is not
    valid JSON, their socket stays open (a sync still answers) and the game is unchanged."""
    await _refused_and_still_open(player, "[" * 1000, "not valid JSON")


@pytest.mark.parametrize("number", ["Infinity", "1e999"])
async def test_a_move_on_an_infinite_version_is_refused_and_the_socket_stays_open(player, number):
    """The player to act sends a legal move of theirs with ``"version": Infinity`` (not
    JSON) or ``1e999`` (a number past any float): they are told the message is not valid
    JSON, their socket stays open and nothing moves."""
    action = json.dumps(json.dumps(player.table.legal[0]))
    message = f'{{"kind": "act", "action": {action}, "version": {number}}}'
    await _refused_and_still_open(player, message, "not valid JSON")


# ------------------------------------------------------------------- property-based

FUZZ = settings(
    max_examples=300,
    deadline=None,
    # The player's socket and table are made once per test and shared by its examples,
    # on purpose: each example leaves both as it found them (the test checks that), and
    # a table per example would make the test minutes long.
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),  # NaN, ±Infinity too
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
# JSON text json.dumps never writes: numbers past a float, long numbers, deep nesting.
odd_numbers = st.sampled_from(["1e999", "-1e999", "1E400", "9" * 1000, "-0", "0.0", "1.0", "NaN", "-Infinity"])
deep_nesting = st.builds(
    lambda depth, brackets, closed: brackets[0] * depth + ("1" + brackets[1] * depth if closed else ""),
    st.integers(1, 2000),
    st.sampled_from([("[", "]"), ('{"a":', "}"), ('{"kind":[', "]}")]),
    st.booleans(),
)
MESSAGE_KEYS = ["kind", "action", "version", "emoji", "channel", "text", "phrase", "line", "friend", "reason", "note",
                "seat"]
message_shaped = st.dictionaries(st.sampled_from(MESSAGE_KEYS), json_values)
wild_json = st.one_of(json_values.map(json.dumps), odd_numbers, deep_nesting)


def _object(fields: dict[str, str]) -> str:
    """A JSON object from already-encoded values (which need not be valid JSON)."""
    return "{" + ", ".join(f"{json.dumps(key)}: {value}" for key, value in fields.items()) + "}"


@st.composite
def near_misses(draw, legal: list, version: int):
    """A real message of the player to act — a legal move at the right version (the most
    often), a reaction, a chat line, a mute, a block, an invite, a report, a ping, a sync —
    with fields replaced by wild values, dropped or added, and the move's action itself mutated."""
    move = draw(st.sampled_from(legal))
    action = draw(
        st.one_of(
            st.just(json.dumps(move)),
            st.builds(lambda key, value: _object({**{k: json.dumps(v) for k, v in move.items()}, key: value}),
                      st.sampled_from([*move, "seat", "extra"]), wild_json),
            wild_json,
            st.text(max_size=40),
        )
    )
    real = draw(
        st.sampled_from(
            [
                *[{"kind": '"act"', "action": json.dumps(action), "version": json.dumps(str(version))}] * 2,
                {"kind": '"act"', "action": json.dumps(action), "version": json.dumps(version)},
                {"kind": '"react"', "emoji": json.dumps("👍")},
                {"kind": '"chat"', "channel": json.dumps("players"), "text": json.dumps("<img src=x onerror=1>")},
                {"kind": '"chat"', "channel": json.dumps("spectators"), "phrase": json.dumps("Good game")},
                {"kind": '"mute"', "line": json.dumps(1)},
                {"kind": '"block"', "line": json.dumps("1")},
                {"kind": '"invite"', "friend": json.dumps(1)},
                {"kind": '"report"', "seat": json.dumps(1), "reason": json.dumps("cheating"),
                 "note": json.dumps("<script>alert(1)</script>")},
                {"kind": '"report"', "line": json.dumps("1"), "reason": json.dumps("abusive_chat")},
                {"kind": '"ping"'},
                {"kind": '"sync"'},
            ]
        )
    )
    fields = dict(real)
    keys = [*real, *MESSAGE_KEYS, "HEADERS"]
    for key in draw(st.lists(st.sampled_from(keys), max_size=3)):
        if draw(st.booleans()):
            fields[key] = draw(wild_json)
        else:
            fields.pop(key, None)
    return _object(fields)


def _could_be_a_move(text: str, legal: list, version: int) -> bool:
    """Whether ``text`` might read as one of the player's legal moves at the current
    version: a message that may rightly change the game, so not one for this test."""
    try:
        message = json.loads(text)
        if not isinstance(message, dict) or message.get("kind") != "act":
            return False
        action = json.loads(message["action"])
    except (ValueError, RecursionError, TypeError, KeyError):
        return False
    sent = message.get("version")
    means_version = sent == version or (
        isinstance(sent, str) and sent.strip().lstrip("+0") == str(version)
    )
    return means_version and action in legal


async def _nothing_changes(player, frames: list[str | bytes]):
    """The player sends ``frames`` (text or binary): each is answered or ignored, their
    socket stays open and the game is as it was."""
    legal, version = player.table.legal, player.table.version
    assume(not any(isinstance(frame, str) and _could_be_a_move(frame, legal, version) for frame in frames))
    await player.send(*frames)
    assert await _game(player.table.room_id) == player.game


# Each example is a few messages in a row, answered in order: thousands of messages in all.
def _a_few(messages):
    return st.lists(messages, min_size=1, max_size=6)


@FUZZ
@given(data=st.data())
async def test_near_misses_of_real_messages_are_refused_and_change_nothing(player, data):
    """The player's real messages (a legal move at the right version, a reaction, a
    ping, a sync), each with fields mutated: every one is answered or ignored, their
    socket stays open and the game does not change."""
    await _nothing_changes(player, data.draw(_a_few(near_misses(player.table.legal, player.table.version))))


@FUZZ
@given(values=_a_few(json_values | message_shaped))
async def test_any_json_is_refused_and_changes_nothing(player, values):
    """Any JSON value, NaN and infinities included, and objects with the message keys
    holding anything: answered or ignored; the socket stays open, the game unchanged."""
    await _nothing_changes(player, [json.dumps(value) for value in values])


@FUZZ
@given(
    frames=_a_few(
        st.text(max_size=200)
        | deep_nesting
        | st.builds(lambda piece, size: (piece * size)[:size], st.sampled_from(["[", "a", '{"kind": "act", ']),
                    st.integers(4000, 4200))  # around the size limit
        | st.binary(min_size=1, max_size=64)
    )
)
async def test_any_text_or_bytes_are_refused_and_change_nothing(player, frames):
    """Arbitrary text (empty, huge, deeply nested, around the size limit) or binary
    frames: answered or ignored; the socket stays open, the game unchanged."""
    await _nothing_changes(player, frames)


# ------------------------------------------------------- the page's socket to the site

SITE_FUZZ = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest_asyncio.fixture
async def site_page(redis_url, transactional_db, monkeypatch):
    """Ada's lobby page's socket to the site, its budget lifted (as the table's above)."""
    monkeypatch.setattr(incoming, "SITE_BUDGET", 10**9)
    ada = await get_user_model().objects.acreate(username="ada")
    session_key = await database_sync_to_async(_logged_in)(ada)
    comm = WebsocketCommunicator(
        application, "/ws/me/", headers=[(b"origin", b"http://localhost"), (b"host", b"localhost"),
                                          (b"cookie", f"sessionid={session_key}".encode())]
    )
    connected, _ = await comm.connect()
    assert connected
    yield SimpleNamespace(comm=comm, user_id=ada.pk)
    await comm.disconnect()


def _logged_in(user) -> str:
    client = Client()
    client.force_login(user)
    return client.session.session_key


@SITE_FUZZ
@given(frames=_a_few(json_values.map(json.dumps) | message_shaped.map(json.dumps) | st.text(max_size=200)
                     | deep_nesting | st.binary(min_size=1, max_size=64)))
async def test_anything_sent_to_the_site_socket_is_refused_and_changes_nothing(site_page, frames):
    """Any frame on a page's socket to the site — JSON, near-misses of the table's
    messages, text, bytes — is answered or ignored: the socket stays open (a probe after
    them is answered), its account stays online and nothing is written."""
    comm = site_page.comm
    for frame in frames:
        await comm.send_input({"type": "websocket.receive", _FRAME[type(frame)]: frame})
    await comm.send_to(text_data=json.dumps({"kind": "sync"}))
    replies = []
    while not await comm.receive_nothing(timeout=0.15):
        replies.append(await comm.receive_from())  # a close would fail here
    assert all('role="alert"' in reply for reply in replies)
    assert "send that here" in html.unescape(replies[-1])  # the probe's answer, last
    assert await database_sync_to_async(online.of)([site_page.user_id]) == {site_page.user_id: set()}
    assert not await Relation.objects.aexists()


# ------------------------------------------------------------- reports, from an account


@pytest_asyncio.fixture
async def reporter(redis_url, transactional_db, monkeypatch):
    """Ada, an account, at a waiting table with Bea (a guest), who said a line: Ada's
    socket, and the line's id. Every message is read, past the socket's budget."""
    monkeypatch.setattr(incoming, "PLAYER_BUDGET", 10**9)
    ada, line = await database_sync_to_async(_table_with_a_line)()
    comm = await _connect(ada["code"], ada["session"])
    await _settle(comm)
    yield SimpleNamespace(comm=comm, line=line)
    await comm.disconnect()


def _table_with_a_line():
    user = get_user_model().objects.create_user(username="ada", password="a long pass phrase")
    ada = Player(name="ada", user_id=user.pk)
    room = create(ada)
    seating.do_join(room.pk, BEA)
    line = lines.say(room.pk, BEA, 1, "players", "", "Good game")
    client = Client()
    client.force_login(user)
    return {"code": room.code, "session": client.session.session_key}, line.id


@st.composite
def report_near_misses(draw, line: int):
    """A report of Bea, from her line or her seat, with fields replaced by wild values,
    dropped or added."""
    fields = {"kind": '"report"', "reason": json.dumps(draw(st.sampled_from(["abusive_chat", "other", "nope"])))}
    fields |= draw(st.sampled_from([{"line": json.dumps(line)}, {"seat": json.dumps(1)}, {"seat": '"0"'}]))
    fields["note"] = json.dumps(draw(st.text(max_size=320)))
    for key in draw(st.lists(st.sampled_from(["kind", "reason", "note", "line", "seat", "extra"]), max_size=3)):
        if draw(st.booleans()):
            fields[key] = draw(wild_json)
        else:
            fields.pop(key, None)
    return _object(fields)


@FUZZ
@given(data=st.data())
async def test_near_misses_of_a_report_are_refused_or_make_one_report_of_bea(reporter, data):
    """An account's reports, each with fields mutated: every one is answered or ignored,
    the socket stays open, and at most one report is kept, of Bea, with a reason and a
    short note."""
    comm = reporter.comm
    for frame in data.draw(_a_few(report_near_misses(reporter.line))):
        await comm.send_to(text_data=frame)
    await comm.send_to(text_data=json.dumps({"kind": "report", "line": 10**9, "reason": "other"}))
    while "no longer kept" not in html.unescape(await comm.receive_from(timeout=5)):
        pass
    kept = [report async for report in Report.objects.all()]
    assert len(kept) <= 1
    for report in kept:
        assert report.reported == BEA.key and report.reason in Report.Reason.values and len(report.note) <= 300
