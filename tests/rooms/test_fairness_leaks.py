"""Nothing carries a game's seed or salt before the game is over: no WebSocket frame, no
page, no log line, no channel-layer event, no task, no bot's input. Games are played
through the consumer and the actions while every one of those is recorded and
searched for the seed's and the salt's hex (also with the markup taken out, so a
value broken up by tags would be found too). Named guests: Ann and Bea play, Zed
watches."""

import json
import logging
import random
import re

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client
from django.urls import reverse

from config import celery_app
from config.asgi import application
from games import core
from rooms.actions import lifecycle, play
from rooms.gamerules import RoomRules, rules_for
from rooms.rendering import render_table
from rooms.store import presence
from rooms.store.snapshots import load_snapshot
from tests.rooms.fairness_games import GAMES, play_one, started_room
from tests.rooms.helpers import ANN, BEA, ZED, client_for, fresh

VERSION = re.compile(r'data-version="(\d+)"')
# A deal whose game, with the bots' choices fixed too, lasts long enough to look at (some
# 8-seat Disunyer deals end within a few moves); shaped as games.core.new_seed makes them.
LONG_GAME_SEED = "3f9c2a7e5b1d4c8a9e6f0b2d7a4c1e58"


def carries(text: str, *secrets: str) -> bool:
    """Whether ``text`` holds one of ``secrets``, as it is or once its tags are taken out."""
    bare = re.sub(r"<[^>]+>", "", text)
    return any(secret in text or secret in bare for secret in secrets)


def session_for(person) -> str:
    session = SessionStore()
    session["guest_id"], session["guest_name"] = person.guest_id, person.name
    session.create()
    return session.session_key


class Recorder:
    """Every channel-layer message, queued task and bot input sent while it records."""

    def __init__(self, monkeypatch):
        self.layer_messages: list[str] = []
        self.tasks: list[str] = []
        self.bot_inputs: list[str] = []
        layer = type(get_channel_layer())  # every message it sends, to a channel or a group, is serialized
        monkeypatch.setattr(layer, "serialize", self._recording(layer.serialize))
        monkeypatch.setattr(celery_app, "send_task", self._queued)
        original_bot_for = RoomRules.bot_for

        def bot_for(rules, level):
            bot = original_bot_for(rules, level)
            choose = bot.choose

            def recorded_choose(view, rng):
                self.bot_inputs.append(json.dumps(view, default=str))
                return choose(view, rng)

            bot.choose = recorded_choose
            return bot

        monkeypatch.setattr(RoomRules, "bot_for", bot_for)

    def layer_messages_before(self, final_version: int) -> list[str]:
        """The messages sent before the game's last version: that one's announcement
        carries the spectators' table, which shows the seed once the game is over."""
        return [m for m in self.layer_messages if json.loads(m).get("version", 0) < final_version]

    def _recording(self, serialize):
        def recorded(layer, message):
            self.layer_messages.append(json.dumps(message, default=str))
            return serialize(layer, message)

        return recorded

    def _queued(self, name, args=None, kwargs=None, **options):
        self.tasks.append(f"{name} {args!r} {kwargs!r} {options!r}")


@pytest.fixture
def recorder(monkeypatch, caplog):
    caplog.set_level(logging.DEBUG)
    return Recorder(monkeypatch)


def logged(caplog) -> list[str]:
    formatter = logging.Formatter("%(name)s %(message)s")
    return [formatter.format(record) for record in caplog.records]


# ------------------------------------------------------------ through the consumer


async def _connect(code: str, session_key: str) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost"),
               (b"cookie", f"sessionid={session_key}".encode())]
    comm = WebsocketCommunicator(application, f"/ws/rooms/{code}/", headers=headers)
    connected, _ = await comm.connect()
    assert connected
    return comm


async def _drain(comm, frames: list[str], quiet: float) -> None:
    while not await comm.receive_nothing(timeout=quiet):
        frames.append(await comm.receive_from())


def _version_of(frame: str) -> int | None:
    versions = [int(v) for v in VERSION.findall(frame)]
    return max(versions) if versions else None


@database_sync_to_async
def _next_move(room_id: int, rng: random.Random):
    """A bot's move is made here; for a person, (seat, action, version) to send."""
    room = fresh(room_id)
    if room.status != "playing":
        return None
    rules = rules_for(room.game)
    seats = list(room.seats.all())
    seat = rules.engine.to_act(room.match.state)[0]
    if rules.played_by_bot(seats[seat]):
        play_one(room, (), rng)
        return "bot"
    return seat, rng.choice(rules.engine.legal_actions(room.match.state, seat)), room.version


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_no_frame_page_log_event_task_or_bot_input_carries_the_seed_before_the_end(
    redis_url, recorder, caplog, monkeypatch
):
    """Ann and Bea play a Disunyer game with bots over their WebSockets while Zed watches;
    everyone's pages are loaded after every move. Until the game is over no frame, page or
    layer event holds the seed or the salt; no log line, task or bot input
    ever does. Once it is over the verify page shows both (so they would have been found).
    The deal and the bots' choices are fixed, so the game is as long every time."""
    monkeypatch.setattr(core, "new_seed", lambda: LONG_GAME_SEED)
    bots_randomness = random.Random(LONG_GAME_SEED)
    monkeypatch.setattr(play, "bot_randomness", lambda: bots_randomness.getrandbits(128))
    room = await database_sync_to_async(started_room)("disunyer", (ANN, BEA))
    match = room.match
    secrets = (match.seed, match.salt)
    seats = await database_sync_to_async(lambda: {s.guest_id: s.index for s in room.seats.all()})()
    comms = {person.guest_id: await _connect(room.code, await database_sync_to_async(session_for)(person))
             for person in (ANN, BEA, ZED)}
    by_seat = {seats[person.guest_id]: comms[person.guest_id] for person in (ANN, BEA)}
    frames: list[str] = []
    pages_before_the_end: list[str] = []
    clients = [await sync_to_async(client_for)(person) for person in (ANN, BEA, ZED)]
    room_url = reverse("rooms:room", kwargs={"code": room.code})
    rng = random.Random(3)
    try:
        while (move := await _next_move(room.pk, rng)) is not None:
            for client in clients:
                pages_before_the_end.append((await sync_to_async(client.get)(room_url)).content.decode())
            if move != "bot":
                seat, action, version = move
                await by_seat[seat].send_json_to(
                    {"kind": "act", "action": json.dumps(action), "version": str(version)}
                )
                for _ in range(500):
                    if (await database_sync_to_async(fresh)(room.pk)).version != version:
                        break
                    await _drain(by_seat[seat], frames, quiet=0.02)
            for comm in comms.values():
                await _drain(comm, frames, quiet=0.02)
        for comm in comms.values():
            await _drain(comm, frames, quiet=0.4)
    finally:
        for comm in comms.values():
            await comm.disconnect()
    final = await database_sync_to_async(fresh)(room.pk)
    assert final.status == "finished"
    before_the_end = [frame for frame in frames if (_version_of(frame) or 0) < final.version]
    assert not [frame for frame in before_the_end if carries(frame, *secrets)]
    # A bot may end the game between a look at the table and a page load: a page counts
    # by the version its table shows, as a frame does.
    pages_before_the_end = [page for page in pages_before_the_end if (_version_of(page) or 0) < final.version]
    assert len(before_the_end) > 20 and len(pages_before_the_end) > 20
    assert not [page for page in pages_before_the_end if carries(page, *secrets)]
    assert not [line for line in logged(caplog) if carries(line, *secrets)]
    events = recorder.layer_messages_before(final.version)
    assert len(events) > 20 and not [m for m in events if carries(m, *secrets)]
    assert recorder.tasks and not [t for t in recorder.tasks if carries(t, *secrets)]
    assert recorder.bot_inputs and not [i for i in recorder.bot_inputs if carries(i, *secrets)]
    verify = await sync_to_async(clients[2].get)(reverse("rooms:verify", kwargs={"code": room.code}))
    assert carries(verify.content.decode(), match.seed) and carries(verify.content.decode(), match.salt)


# ------------------------------------------------------------ through the actions


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_no_viewers_table_or_page_carries_the_seed_while_the_game_is_played(game, recorder, caplog):
    """Ann plays with bots through the actions. After every move each seat's table and
    the spectator's, as pushed, and (every few moves) Ann's and Zed's pages hold
    neither the seed nor the salt; no log line, layer event, task or bot input does."""
    room = started_room(game)
    match = room.match
    secrets = (match.seed, match.salt)
    clients = [client_for(ANN), client_for(ZED)]
    room_url = reverse("rooms:room", kwargs={"code": room.code})
    rng = random.Random(5)
    for move in range(120):
        room = fresh(room)
        if room.status != "playing":
            break
        snapshot = load_snapshot(room.pk)
        for seat in [None, *range(len(snapshot.seats))]:
            assert not carries(render_table(snapshot, presence.NOBODY, seat), *secrets)
        if move % 10 == 0:
            for client in clients:
                assert not carries(client.get(room_url).content.decode(), *secrets)
        play_one(room, (ANN,), rng)
    assert not [line for line in logged(caplog) if carries(line, *secrets)]
    assert not [m for m in recorder.layer_messages_before(fresh(room).version) if carries(m, *secrets)]
    assert not [t for t in recorder.tasks if carries(t, *secrets)]
    assert recorder.bot_inputs and not [i for i in recorder.bot_inputs if carries(i, *secrets)]


@pytest.mark.django_db
def test_a_bots_randomness_is_its_own_not_the_games_seed(monkeypatch):
    """A bot thinking twice about the very same table gets two different random streams:
    its randomness comes from nothing of the table, so nothing of the secret seed."""
    rules = rules_for("dayous")

    def awaited(room):
        return rules.engine.to_act(room.match.state)[0]

    room = started_room("dayous")
    while not rules.played_by_bot(room.seats.get(index=awaited(room))):
        play_one(room, (ANN,), random.Random(1))
        room = fresh(room)
    seat = awaited(room)
    streams = []
    original_bot_for = RoomRules.bot_for

    def bot_for(rules, level):
        bot = original_bot_for(rules, level)
        choose = bot.choose

        def noted(view, rng):
            streams.append(rng.getstate())
            return choose(view, rng)

        bot.choose = noted
        return bot

    monkeypatch.setattr(RoomRules, "bot_for", bot_for)
    snapshot = load_snapshot(room.pk)
    play.choose_bot_move(snapshot, seat)
    play.choose_bot_move(snapshot, seat)
    assert len(streams) == 2 and streams[0] != streams[1]
    seeded_from_the_table = random.Random(f"{room.match.seed}:{snapshot.version}:{seat}").getstate()
    assert seeded_from_the_table not in streams


@pytest.mark.django_db
def test_staffs_match_page_hides_the_seed_and_state_until_the_game_is_over(django_user_model):
    """Staff's admin page of a running match shows neither its seed nor its state (which
    holds the deck); once the game is over it shows them."""
    staff = Client()
    staff.force_login(django_user_model.objects.create_superuser("Staff", password=None))
    room = started_room("disunyer")
    page = reverse("admin:rooms_match_change", args=[room.match.pk])
    running = staff.get(page)
    assert running.status_code == 200
    assert not carries(running.content.decode(), room.match.seed, room.match.salt, json.dumps(room.match.state["deck"]))
    lifecycle.do_end_match(room.pk, "Stuck.")
    assert carries(staff.get(page).content.decode(), room.match.seed)
