"""The host fills every empty seat with bots in one click (`do_fill_with_bots`): one
change, one new version, and the room then starts as any full room does."""

import pytest

from rooms.actions import lifecycle, seating
from rooms.errors import RoomError
from rooms.models import Room
from tests.rooms.helpers import ANN, BEA, create, fresh

pytestmark = pytest.mark.django_db


def names(room: Room) -> list[str]:
    return [seat.name for seat in fresh(room).seats.all()]


def test_the_host_fills_a_disunyer_room_and_the_game_starts_in_one_new_version():
    """Ann and Bea wait at a Disunyer table: Ann fills the six empty seats with easy bots,
    and the full room starts at once, one version later."""
    room = create(ANN)
    seating.do_join(room.pk, BEA)
    before = fresh(room).version
    seating.do_fill_with_bots(room.pk, ANN, "easy")
    room = fresh(room)
    assert room.status == Room.Status.PLAYING and room.version == before + 1
    assert names(room) == ["Ann", "Bea"] + [f"Easy bot {n}" for n in range(3, 9)]
    assert {seat.bot_level for seat in room.seats.all() if seat.is_bot} == {"easy"}


def test_a_filled_court_piece_table_waits_its_few_seconds_like_any_full_table():
    """Ann fills her Court Piece table with strong bots: the seats are taken, and the game
    starts by itself a few seconds later, as when four people sit down."""
    room = lifecycle.do_create_room(ANN, "courtpiece", {"bet": 25}, True)
    seating.do_fill_with_bots(room.pk, ANN, "strong")
    room = fresh(room)
    assert names(room) == ["Ann", "Strong bot 2", "Strong bot 3", "Strong bot 4"]
    assert room.status == Room.Status.WAITING and room.autostart_at is not None


def test_only_the_host_fills_a_waiting_room_with_room_to_fill_and_a_known_level():
    """Bea may not fill Ann's room; nor may Ann with a level that does not exist, nor once
    every seat is taken or the game runs. Nothing changes when refused."""
    room = create(ANN)
    seating.do_join(room.pk, BEA)
    before = (fresh(room).version, names(room))
    with pytest.raises(RoomError, match="Only the host"):
        seating.do_fill_with_bots(room.pk, BEA, "easy")
    with pytest.raises(RoomError, match="no such bot level"):
        seating.do_fill_with_bots(room.pk, ANN, "genius")
    assert (fresh(room).version, names(room)) == before
    table = lifecycle.do_create_room(ANN, "courtpiece", {"bet": 25}, True)
    seating.do_fill_with_bots(table.pk, ANN, "easy")
    with pytest.raises(RoomError, match="Every seat is taken"):
        seating.do_fill_with_bots(table.pk, ANN, "easy")
    seating.do_fill_with_bots(room.pk, ANN, "easy")
    with pytest.raises(RoomError, match="already started"):
        seating.do_fill_with_bots(room.pk, ANN, "easy")


def test_the_waiting_room_offers_the_host_the_fill_button_and_it_fills(client):
    """Ann, hosting, sees "Fill the empty seats with bots"; posting it with a level fills
    the room; Bea does not see the button."""
    room = create(ANN)
    session = client.session
    session.update({"guest_id": ANN.guest_id, "guest_name": ANN.name})
    session.save()
    page = client.get(f"/rooms/{room.code}/").content.decode()
    assert 'data-testid="fill-with-bots"' in page and "Fill the empty seats with bots" in page
    response = client.post(f"/rooms/{room.code}/bots/fill/", {"level": "normal"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and response["HX-Refresh"] == "true"
    assert names(room) == ["Ann"] + [f"Bot {n}" for n in range(2, 9)]
    assert client.get(f"/rooms/{room.code}/bots/fill/")["Location"] == f"/rooms/{room.code}/"

    other = create(BEA)
    assert 'data-testid="fill-with-bots"' not in client.get(f"/rooms/{other.code}/").content.decode()
