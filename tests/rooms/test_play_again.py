"""After a game its players move on together: "Play again" opens the next room with
the same game and options, and everyone at the old table is shown the way to it (at a
private room's table, its players only: tests/rooms/test_private_games.py)."""

import random

import pytest

from accounts.identity import Player
from games.disunyer.rules import ENGINE
from rooms.actions import lifecycle, play, seating
from rooms.errors import RoomError
from rooms.models import Room
from rooms.rendering import render_table
from rooms.store import presence
from rooms.store.snapshots import load_snapshot
from tests.rooms.helpers import ANN, BEA, ZED, create, fresh, person_at

pytestmark = pytest.mark.django_db


def finished_room(mode: str = "stuck-king", is_public: bool = False) -> Room:
    """Ann and Bea with six bots, played to the end."""
    room = create(ANN, mode=mode, is_public=is_public, bot_level="strong")
    seating.do_join(room.pk, BEA)
    for _ in range(6):
        seating.do_add_bot(room.pk, ANN, "easy")
    rng = random.Random(5)
    while (room := fresh(room)).status == Room.Status.PLAYING:
        seat = ENGINE.to_act(room.match.state)[0]
        person = person_at(room, seat)
        if person is None:
            play.do_bot_move(room.pk, room.version, seat, play.choose_bot_move(load_snapshot(room.pk), seat))
        else:
            play.do_act(room.pk, person, rng.choice(ENGINE.legal_actions(room.match.state, seat)), room.version)
    assert room.status == Room.Status.FINISHED
    return room


def table_for(room: Room, player: Player | None) -> str:
    snapshot = load_snapshot(room.pk)
    assert snapshot is not None
    return render_table(snapshot, presence.NOBODY, snapshot.seat_of(player) if player else None)


def test_the_first_player_opens_the_next_room_with_the_same_game_and_options():
    room = finished_room()
    following = lifecycle.do_play_again(room.pk, BEA)
    assert (following.game, following.options, following.is_public, following.bot_level) == (
        "disunyer", {"mode": "stuck-king"}, False, "strong",
    )
    assert following.status == Room.Status.WAITING and following.code != room.code
    after = fresh(room)
    assert after.next_room_id == following.pk and after.version == room.version + 1


def test_everyone_at_the_old_table_is_shown_the_way_and_the_others_join():
    """At a public room's old table, a player and a spectator alike are shown the way to
    the next room; only the players get the button to join it."""
    room = finished_room(is_public=True)
    following = lifecycle.do_play_again(room.pk, BEA)
    for player in (ANN, None):
        assert f'href="/rooms/{following.code}/"' in table_for(room, player)
    assert 'data-testid="play-again"' in table_for(room, ANN) and "Join the next game" in table_for(room, ANN)
    assert 'data-testid="play-again"' not in table_for(room, None)  # a spectator gets no button
    assert lifecycle.do_play_again(room.pk, ANN) == following
    assert lifecycle.do_play_again(room.pk, ANN) == following  # asking twice keeps one seat
    assert [seat.name for seat in following.seats.all() if seat.name and not seat.is_bot] == ["Ann", "Bea"]
    assert Room.objects.count() == 2


def test_before_the_end_or_for_a_spectator_it_is_refused_and_nothing_changes():
    room = create(ANN)
    with pytest.raises(RoomError, match="not over yet"):
        lifecycle.do_play_again(room.pk, ANN)
    room = finished_room()
    with pytest.raises(RoomError, match="Only the players"):
        lifecycle.do_play_again(room.pk, ZED)
    after = fresh(room)
    assert after.next_room_id is None and after.version == room.version
    assert Room.objects.count() == 2


def test_the_page_moves_the_player_to_the_next_room(client):
    room = finished_room()
    session = client.session
    session.update({"guest_id": BEA.guest_id, "guest_name": BEA.name})
    session.save()
    response = client.post(f"/rooms/{room.code}/again/", HTTP_HX_REQUEST="true")
    following = fresh(room).next_room
    assert response.status_code == 200 and response["HX-Redirect"] == f"/rooms/{following.code}/"
    assert client.get(f"/rooms/{room.code}/again/")["Location"] == f"/rooms/{room.code}/"
    assert client.post("/rooms/NOPE/again/").status_code == 404


def test_the_next_room_has_the_old_bots_at_their_levels_in_their_seats_and_the_people_join():
    """Ann (seat 0) and Bea (seat 1) played with six easy bots in a "strong" room. Bea
    presses "Play again": she hosts from her old seat 1, "Easy bot 3" to "Easy bot 8" sit
    where they sat, and seat 0 waits for Ann. Ann joins it and the full room starts."""
    room = finished_room()
    following = lifecycle.do_play_again(room.pk, BEA)
    assert following.host_seat == 1 and following.bot_level == "strong"
    bots = [f"Easy bot {n}" for n in range(3, 9)]
    assert [seat.name for seat in following.seats.all()] == ["", "Bea", *bots]
    assert [seat.bot_level for seat in following.seats.all()] == ["", ""] + ["easy"] * 6
    assert fresh(following).status == Room.Status.WAITING
    lifecycle.do_play_again(room.pk, ANN)
    following = fresh(following)
    assert [seat.name for seat in following.seats.all()] == ["Ann", "Bea", *bots]
    assert following.status == Room.Status.PLAYING and following.match.had_bots


def test_a_court_piece_table_keeps_each_bots_level_and_seat_and_its_host_seat():
    """Ann hosts a Court Piece table: a strong bot sits opposite her (seat 2), Bea at seat 1,
    an easy bot at seat 3. Staff end it. Bea plays again: the strong bot is at seat 2, the
    easy one at seat 3, Bea hosts from seat 1, and Ann, joining, takes seat 0."""
    room = lifecycle.do_create_room(ANN, "courtpiece", {"bet": 25}, True)
    seating.do_add_bot(room.pk, ANN, "strong")
    seating.do_join(room.pk, BEA)
    seating.do_add_bot(room.pk, ANN, "easy")
    lifecycle.do_start(room.pk, ANN)
    lifecycle.do_end_match(room.pk, "Ann and Bea stop.")
    following = lifecycle.do_play_again(room.pk, BEA)
    seats = list(following.seats.all())
    assert following.host_seat == 1
    assert [(seat.name, seat.bot_level) for seat in seats] == [
        ("", ""), ("Bea", ""), ("Strong bot 3", "strong"), ("Easy bot 4", "easy"),
    ]
    lifecycle.do_play_again(room.pk, ANN)
    following = fresh(following)
    assert [seat.name for seat in following.seats.all()] == ["Ann", "Bea", "Strong bot 3", "Easy bot 4"]
    assert following.status == Room.Status.WAITING and following.autostart_at is not None


def test_a_player_alone_with_bots_plays_again_at_once():
    """Ann played Disunyer with seven bots: "Play again" opens a full room, which starts."""
    room = create(ANN)
    seating.do_fill_with_bots(room.pk, ANN, "normal")
    lifecycle.do_end_match(room.pk, "Ann stops.")
    following = fresh(lifecycle.do_play_again(room.pk, ANN))
    assert following.status == Room.Status.PLAYING
    assert [seat.name for seat in following.seats.all()] == ["Ann"] + [f"Bot {n}" for n in range(2, 9)]
