"""Shared helpers for the rooms tests: named guest players (Ann, Bea, …) and tables."""

from __future__ import annotations

from datetime import timedelta

from asgiref.sync import async_to_sync, sync_to_async
from channels.db import database_sync_to_async
from django.test import Client
from django.utils import timezone

from accounts.identity import Player
from games.core import Action, IllegalAction
from games.disunyer.rules import ENGINE
from games.disunyer.state import DisunyerState
from rooms.actions import lifecycle, seating
from rooms.models import Room
from rooms.rendering import render_table
from rooms.store import presence
from rooms.store.snapshots import load_snapshot

NAMES = ("Ann", "Bea", "Carl", "Dora", "Eve", "Finn", "Gus", "Hal")
ANN, BEA, CARL, DORA, EVE, FINN, GUS, HAL = (Player(name=n, guest_id=n.lower()) for n in NAMES)
PEOPLE = (ANN, BEA, CARL, DORA, EVE, FINN, GUS, HAL)
ZED = Player(name="Zed", guest_id="zed")  # never seated: a spectator


def fresh(room: Room | int) -> Room:
    """The room as the database has it now, with its match."""
    return Room.objects.select_related("match").get(pk=room if isinstance(room, int) else room.pk)


def create(host: Player = ANN, mode: str = "standard", **kwargs) -> Room:
    return lifecycle.do_create_room(
        host, "disunyer", {"mode": mode}, kwargs.pop("is_public", True), **kwargs
    )


def playing_room(humans=PEOPLE, mode: str = "standard") -> Room:
    """A started game: the first person hosts, the others join, the host adds bots for the rest."""
    room = create(humans[0], mode=mode)
    for person in humans[1:]:
        seating.do_join(room.pk, person)
    for _ in range(8 - len(humans)):
        seating.do_add_bot(room.pk, humans[0], "easy")
    room = fresh(room)
    assert room.status == Room.Status.PLAYING
    return room


def person_at(room: Room, seat: int) -> Player | None:
    """The named person sitting at ``seat`` (None for a bot)."""
    seat_row = room.seats.get(index=seat)
    return (
        next((p for p in PEOPLE if p.guest_id == seat_row.guest_id), None)
        if seat_row.guest_id
        else None
    )


def actor(room: Room) -> int:
    """The (single, in Disunyer) seat whose decision is awaited."""
    to_act = ENGINE.to_act(room.match.state)
    assert len(to_act) == 1
    return to_act[0]


def illegal_for(state: DisunyerState, seat: int) -> tuple[Action, str]:
    """A well-formed move ``seat`` may not make now, and the engine's reason for refusing it."""
    legal = ENGINE.legal_actions(state, seat)
    candidates: list[Action] = [{"type": "pick", "rival": seat}, {"type": "keep"}, {"type": "guess", "suit": "o"}]
    for action in candidates:
        if action not in legal:
            try:
                ENGINE.apply(state, seat, action)
            except IllegalAction as error:
                return action, error.reason
    raise AssertionError("every candidate move is legal")


def overdue(room: Room) -> None:
    """Move the match's deadline into the past."""
    room.match.__class__.objects.filter(pk=room.match.pk).update(
        deadline=timezone.now() - timedelta(seconds=1)
    )


def connect(room: Room, seat: int | None, channel: str) -> None:
    """A socket (its channel's name) is connected to ``room`` for ``seat`` (None: a
    spectator), as the consumer counts it in Redis."""
    async_to_sync(presence.touch)(room.pk, channel, seat)


def disconnect(room: Room, seat: int | None, channel: str) -> None:
    async_to_sync(presence.leave)(room.pk, channel, seat)


def client_for(person: Player) -> Client:
    """A browser of ``person``'s (a guest): its session names them."""
    client = Client()
    session = client.session
    session["guest_id"], session["guest_name"] = person.guest_id, person.name
    session.save()
    return client


async def assert_the_table_of_the_seat_of(player: Player, table: str, room_id: int) -> None:
    """``table`` is the table of ``player``'s seat as a page load renders it now, not
    a spectator's."""
    snapshot = await database_sync_to_async(load_snapshot)(room_id)
    now_present = await sync_to_async(presence.current)(room_id)
    assert table == await sync_to_async(render_table)(snapshot, now_present, snapshot.seat_of(player))
    assert table != await sync_to_async(render_table)(snapshot, now_present, None)
