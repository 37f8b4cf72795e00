"""What one client may make a table's WebSocket do (issue #36): a flood of messages is
refused past the socket's budget, a crowd of sockets without a session sends one heart,
and a socket leaves nothing behind however it closes (Ann…Hal play; Zed watches)."""

import asyncio
import html
import time

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from accounts.identity import Player
from games.disunyer.rules import ENGINE
from rooms.actions import play
from rooms.live import incoming
from rooms.push.followups import room_group
from rooms.push.layerwire import group_channel
from rooms.store import presence
from rooms.store.redisclients import async_client
from tests.rooms import test_consumers
from tests.rooms.helpers import fresh, person_at
from tests.rooms.test_consumers import (
    REACTION,
    TOAST,
    _channel_of,
    _connect,
    _drain,
    _game,
    _session_for,
    _table_at,
    _until,
)

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

# The consumers' tests' table of eight guests.
table = test_consumers.table


async def _settle_all(*comms) -> list[list[str]]:
    """As ``_settle``, but draining every socket at once (there are many)."""
    received: list[list[str]] = [[] for _ in comms]
    while True:
        fresh_messages = await asyncio.gather(*(_drain(comm, quiet=0.4) for comm in comms))
        if not any(fresh_messages):
            return received
        for mine, new in zip(received, fresh_messages):
            mine += new


async def _first_read(comm, message: dict, seconds: float) -> str:
    """Sends ``message`` again and again while the socket's window is over budget (each
    refused unanswered) until one is read; its answer."""
    deadline = time.monotonic() + seconds
    while True:
        await comm.send_json_to(message)
        if not await comm.receive_nothing(timeout=0.1):
            return await comm.receive_from()
        assert time.monotonic() < deadline, f"no message was read within {seconds} s"


def _toasts(messages) -> list[str]:
    return [html.unescape(message) for message in messages if TOAST in message]


async def _next_move(room_id: int) -> int:
    """Whoever is awaited plays their first legal move; the new version."""
    def move():
        room = fresh(room_id)
        seat = ENGINE.to_act(room.match.state)[0]
        play.do_act(room_id, person_at(room, seat), ENGINE.legal_actions(room.match.state, seat)[0], room.version)
        return room.version + 1

    return await database_sync_to_async(move)()


# ------------------------------------------------------------------ budgets


async def test_two_thousand_syncs_from_a_socket_without_a_session_are_refused_and_it_stays_open(table, caplog):
    """A socket without a session sends 2,000 syncs at once. The first 25 (its budget
    for 20 s) are read and, its table being the newest, answered with nothing; the rest
    are refused unread, and only the first refusal is answered, saying why. The log gets
    a line, not thousands. The socket stays open: the next move reaches it."""
    stranger = await _connect(table.code)
    await _settle_all(stranger)
    caplog.clear()
    try:
        for _ in range(2000):
            await stranger.send_json_to({"kind": "sync"})
        answers = await _drain(stranger, quiet=1.0)
        assert len(answers) == 1 and str(incoming.OVER_BUDGET) in html.unescape(answers[0])
        assert len([record for record in caplog.records if record.name == "rooms.live.consumers"]) <= 2
        version = await _next_move(table.room.pk)
        await _until(stranger, _table_at(version))
    finally:
        await stranger.disconnect()


@pytest.mark.parametrize(
    ("who", "budget"),
    [
        ("player", incoming.PLAYER_BUDGET),
        ("spectator", incoming.SPECTATOR_BUDGET),
        ("stranger", incoming.STRANGER_BUDGET),
    ],
)
async def test_a_socket_may_send_its_budget_of_messages_in_a_window(table, monkeypatch, who, budget):
    """In a window of 20 s a player's socket may send 100 messages, a spectator's (Zed)
    50 and a socket without a session 25, as lila-ws allows its sockets: each is read
    (here, a reaction nobody may send, refused with its reason). The next one is refused
    as too many, those after it get no answer, and once the window is over the socket's
    messages are read again."""
    monkeypatch.setattr(incoming, "BUDGET_SECONDS", 3)
    session = {"player": table.sessions[table.actor], "spectator": table.zed, "stranger": None}[who]
    comm = await _connect(table.code, session)
    await _settle_all(comm)
    try:
        for _ in range(budget + 10):
            await comm.send_json_to({"kind": "react", "emoji": "💩"})
        toasts = _toasts(await _drain(comm, quiet=1.0))
        assert ["can't send that here" in toast for toast in toasts] == [True] * budget + [False]
        assert str(incoming.OVER_BUDGET) in toasts[-1]
        answer = await _first_read(comm, {"kind": "react", "emoji": "💩"}, seconds=incoming.BUDGET_SECONDS)
        assert "can't send that here" in _toasts([answer])[0]
    finally:
        await comm.disconnect()


# ---------------------------------------------------------------- reactions


async def test_forty_sockets_without_a_session_send_one_heart(table):
    """Forty sockets without a session (one address) each send a heart at once: Ann's
    table shows one heart, and the other thirty-nine are told to wait."""
    ann = await _connect(table.code, table.sessions[table.actor])
    strangers = [await _connect(table.code) for _ in range(40)]
    await _settle_all(ann, *strangers)
    try:
        await asyncio.gather(*(stranger.send_json_to({"kind": "react", "emoji": "❤️"}) for stranger in strangers))
        received = await _settle_all(ann, *strangers)
        assert sum(REACTION in message for message in received[0]) == 1
        waits = [toast for messages in received[1:] for toast in _toasts(messages)]
        assert len(waits) == 39 and all("one reaction every couple of seconds" in toast for toast in waits)
    finally:
        await asyncio.gather(ann.disconnect(), *(stranger.disconnect() for stranger in strangers))


async def test_guests_at_one_address_send_at_most_five_reactions_together(table):
    """Zed and eleven other guests watch from one address (each guest's session costs
    one page load) and each send a heart at once: five reach Ann's table."""
    others = [Player(name=f"Guest-{1000 + n}", guest_id=f"guest-{n}") for n in range(11)]
    sessions = [table.zed] + [await database_sync_to_async(_session_for)(guest) for guest in others]
    ann = await _connect(table.code, table.sessions[table.actor])
    guests = [await _connect(table.code, session) for session in sessions]
    await _settle_all(ann, *guests)
    try:
        await asyncio.gather(*(guest.send_json_to({"kind": "react", "emoji": "❤️"}) for guest in guests))
        received = await _settle_all(ann, *guests)
        assert sum(REACTION in message for message in received[0]) == 5
    finally:
        await asyncio.gather(ann.disconnect(), *(guest.disconnect() for guest in guests))


# ------------------------------------------------------- what a socket leaves


async def _subscribers(name: str) -> int:
    """How many connections to Redis are subscribed to the Redis channel ``name``."""
    return (await async_client().pubsub_numsub(name))[0][1]


async def test_a_socket_that_closes_while_its_pushes_are_under_way_leaves_nothing_behind(table):
    """Zed watches; five versions are announced to his socket at once, and it closes
    while they are pushed. Afterwards this process holds nothing of his channel (no
    queue to which the room's messages would still be added) nor of the room's group,
    Redis has no subscription to either, and he is no longer counted as watching."""
    zed = await _connect(table.code, table.zed)
    await _settle_all(zed)
    channel, group = await _channel_of(table.room.pk, None), room_group(table.room.pk)
    layer = get_channel_layer()
    await layer.group_discard(group, channel)  # he misses the versions as they are made…
    versions = [await _next_move(table.room.pk) for _ in range(5)]
    await layer.group_add(group, channel)
    for version in versions:  # …and hears of them all at once
        await layer.group_send(group, {"type": "room.changed", "version": version})
    await _until(zed, _table_at(versions[0]))
    await zed.disconnect()
    loop_layer = layer._get_layer()
    assert channel not in loop_layer.channels
    assert group_channel(group) not in loop_layer.groups
    assert await _subscribers(channel) == 0 and await _subscribers(group_channel(group)) == 0
    assert (await _game(table.room.pk))[0] == versions[-1]
    assert (await presence.now(table.room.pk)).spectators == 0
