"""A waiting room nobody can start is closed (RULINGS.md): a waiting room whose host has
been away for 5 minutes passes the host to a person present, or, with nobody present,
leaves the lobby and closes. A waiting room nobody is connected to leaves the lobby at
once. Court Piece rooms, which never start by themselves (named guests: Ann, Bea…)."""

from datetime import timedelta

import pytest
import redis
from django.db.models import F
from django.urls import reverse
from django.utils import timezone

from rooms import tasks
from rooms.actions import common, lifecycle, seating
from rooms.errors import RoomError
from rooms.models import Room
from rooms.rendering import render_table
from rooms.store import presence
from rooms.store.snapshots import load_snapshot
from tests.rooms.helpers import ANN, BEA, CARL, ZED, client_for, connect, disconnect, fresh

pytestmark = pytest.mark.django_db


def create(host=ANN, is_public=True):
    return lifecycle.do_create_room(host, "courtpiece", {"game": "ace-rule", "bet": 50}, is_public)


def time_passes(room: Room, **how_long) -> None:
    """As if ``how_long`` had gone by for the room: its times move back as much."""
    back = timedelta(**how_long)
    moved = {name: F(name) - back for name in ("created_at", "host_seen_at", "host_check_at")}
    Room.objects.filter(pk=room.pk).update(**moved)


def sweep_finds_away_hosts() -> int:
    return tasks.sweep_deadlines()["away_hosts"]


def table_of(room: Room, seat: int | None) -> str:
    snapshot = load_snapshot(room.pk)
    assert snapshot is not None
    return render_table(snapshot, presence.current(room.pk), seat)


def lobby() -> str:
    return client_for(ZED).get(reverse("rooms:lobby")).content.decode()


def test_a_host_away_five_minutes_passes_the_host_to_a_person_present():
    """Ann created the room and left; Bea sat down and is here. Five minutes after Ann was
    last seen, Bea is the host: everyone is told, Bea has the Start button, Ann keeps her
    seat."""
    room = create()
    seating.do_join(room.pk, BEA)
    bea_seat = fresh(room).seats.get(guest_id="bea").index
    connect(room, bea_seat, "bea-socket")
    version = fresh(room).version
    time_passes(room, minutes=4, seconds=50)
    assert sweep_finds_away_hosts() == 0
    assert (fresh(room).host_seat, fresh(room).version) == (0, version)

    time_passes(room, seconds=30)
    assert sweep_finds_away_hosts() == 1
    room = fresh(room)
    assert (room.status, room.host_seat, room.version) == (Room.Status.WAITING, bea_seat, version + 1)
    assert room.seats.get(index=0).guest_id == "ann"
    bea_sees = table_of(room, bea_seat)
    assert "<b>Ann</b>, the host, was away for 5 minutes: <b>Bea</b> is the host now." in bea_sees
    assert 'data-testid="start"' in bea_sees
    ann_sees = table_of(room, 0)
    assert 'data-testid="host-passed"' in ann_sees and 'data-testid="start"' not in ann_sees
    assert lifecycle.do_replace_away_host(room.pk) is False  # done once: Bea was just seen
    assert fresh(room).version == version + 1


def test_a_host_away_five_minutes_with_nobody_present_closes_the_room():
    """Ann created a room and left, and nobody came: five minutes later the room is closed,
    its page says why, and nobody can sit down in it any more."""
    room = create()
    time_passes(room, minutes=5, seconds=1)
    assert sweep_finds_away_hosts() == 1
    room = fresh(room)
    assert room.status == Room.Status.CLOSED and room.host_check_at is None
    page = table_of(room, None)
    assert "This room was closed. Its host, <b>Ann</b>, was away for 5 minutes and nobody else was here." in page
    assert 'data-testid="join"' not in page
    with pytest.raises(RoomError, match="This room was closed"):
        seating.do_join(room.pk, BEA)
    assert room.code not in lobby()
    assert sweep_finds_away_hosts() == 0


def test_away_is_counted_from_when_the_host_was_last_seen():
    """Ann stays in her room for ten minutes: nothing changes. She closes the page: two
    minutes later the room still waits for her; five minutes after she left it closes."""
    room = create()
    connect(room, 0, "ann-socket")
    version = fresh(room).version
    time_passes(room, minutes=10)
    assert sweep_finds_away_hosts() == 0
    assert (fresh(room).status, fresh(room).version) == (Room.Status.WAITING, version)
    disconnect(room, 0, "ann-socket")
    time_passes(room, minutes=2)
    assert sweep_finds_away_hosts() == 0
    time_passes(room, minutes=2, seconds=50)
    assert sweep_finds_away_hosts() == 0
    assert fresh(room).status == Room.Status.WAITING
    time_passes(room, seconds=30)
    assert sweep_finds_away_hosts() == 1
    assert fresh(room).status == Room.Status.CLOSED


def test_a_host_back_in_time_keeps_the_room():
    """Ann was away for five minutes but is back when the room's turn comes: she stays
    the host and nothing her table shows changes."""
    room = create()
    seating.do_join(room.pk, BEA)
    connect(room, 2, "bea-socket")
    time_passes(room, minutes=6)
    connect(room, 0, "ann-socket")
    version = fresh(room).version
    assert lifecycle.do_replace_away_host(room.pk) is False
    assert sweep_finds_away_hosts() == 0
    assert (fresh(room).host_seat, fresh(room).version) == (0, version)


def test_with_only_spectators_here_the_room_waits_and_whoever_sits_down_hosts():
    """Ann left her room five minutes ago; Zed is watching it. The room stays open (and
    listed); when Zed sits down he is the host at once and can start."""
    room = create()
    connect(room, None, "zed-socket")
    time_passes(room, minutes=6)
    version = fresh(room).version
    assert sweep_finds_away_hosts() == 1
    assert (fresh(room).status, fresh(room).host_seat, fresh(room).version) == (Room.Status.WAITING, 0, version)
    assert room.code in lobby()
    seat = seating.do_join(room.pk, ZED)
    room = fresh(room)
    assert room.host_seat == seat.index and room.away_host == "Ann"
    assert 'data-testid="start"' in table_of(room, seat.index)


def test_a_newcomer_joining_a_room_whose_host_is_here_does_not_host():
    """Ann is in her room, last looked at six minutes ago: Carl sitting down changes who
    sits, not who hosts."""
    room = create()
    connect(room, 0, "ann-socket")
    time_passes(room, minutes=6)
    seating.do_join(room.pk, CARL)
    assert (fresh(room).host_seat, fresh(room).away_host) == (0, "")


def test_the_sweep_looks_at_a_waiting_room_twice_a_minute_with_one_query_when_none_is_due(
    django_assert_num_queries,
):
    """A look notes when the room is looked at next, thirty seconds later; a sweep with no
    room due makes one query and no trip to Redis."""
    room = create()
    connect(room, 0, "ann-socket")
    time_passes(room, minutes=1)
    assert sweep_finds_away_hosts() == 0
    looked_at = timezone.now()
    room = fresh(room)
    assert abs(room.host_check_at - (looked_at + common.HOST_LOOKS_EVERY)) < timedelta(seconds=2)
    assert abs(room.host_seen_at - looked_at) < timedelta(seconds=2)
    with django_assert_num_queries(1):
        assert lifecycle.look_at_waiting_hosts(timezone.now()) == []


def test_a_game_that_started_is_not_looked_at():
    """Once the room plays, its host's absence is the game's business (timeouts)."""
    room = create()
    lifecycle.do_start(room.pk, ANN)
    assert fresh(room).host_check_at is None
    time_passes(room, minutes=6)
    assert lifecycle.do_replace_away_host(room.pk) is False


def test_the_lobby_hides_waiting_rooms_nobody_is_connected_to(monkeypatch):
    """Four public rooms: Ann's (she is here), Bea's (she left), Carl's (Zed watches) and a
    game being played that nobody watches. The lobby lists all but Bea's, and reads who is
    connected to the waiting ones in one trip to Redis."""
    ann_room, bea_room, carl_room, playing = create(ANN), create(BEA), create(CARL), create(ZED)
    connect(ann_room, 0, "ann-socket")
    connect(carl_room, None, "zed-socket")
    lifecycle.do_start(playing.pk, ZED)
    presence_trips = []
    send = redis.connection.Connection.send_packed_command

    def counted(connection, command, *args, **kwargs):
        if b"presence" in (command if isinstance(command, bytes) else b"".join(command)):
            presence_trips.append(command)
        return send(connection, command, *args, **kwargs)

    monkeypatch.setattr(redis.connection.Connection, "send_packed_command", counted)
    listed = lobby()
    assert ann_room.code in listed and carl_room.code in listed and playing.code in listed
    assert bea_room.code not in listed
    assert len(presence_trips) == 1
