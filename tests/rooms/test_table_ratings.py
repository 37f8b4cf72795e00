"""Ratings next to names at the table: an account's (provisional with "?" until its
tenth rated game), a bot level's fixed one, none for a guest."""

import pytest

from accounts.identity import Player
from accounts.models import User
from leaderboard import ratings
from leaderboard.models import Rating
from rooms import presence, services
from rooms.rendering import render_table
from rooms.snapshots import load_snapshot
from tests.rooms.helpers import ANN

pytestmark = pytest.mark.django_db


def _account(name: str, display: int | None = None, games: int = 0) -> Player:
    user = User.objects.create_user(username=name, password=None)
    if display is not None:
        Rating.objects.create(user=user, game="disunyer", mu=25, sigma=2, games=games, display=display)
    return Player(name=name, user_id=user.pk)


def _seat_ratings(room_id: int) -> dict[str, str]:
    snapshot = load_snapshot(room_id)
    return {seat.bot_level or seat.name: seat.rating for seat in snapshot.seats if not seat.is_empty}


def test_each_seat_shows_its_rating_and_a_guest_none():
    cora, dan = _account("cora", display=1234, games=12), _account("dan")
    room = services.do_create_room(cora, "disunyer", {"mode": "standard"}, True)
    services.do_join(room.pk, dan)
    services.do_join(room.pk, ANN)
    services.do_add_bot(room.pk, cora, "normal")
    shown = _seat_ratings(room.pk)
    normal = ratings.bot_skill("disunyer", "normal").display
    assert shown["cora"] == "1234"
    assert shown["dan"] == f"{ratings.NEW.display}?"  # no rated game yet: provisional
    assert shown[ANN.name] == ""
    assert shown["normal"] == str(normal)  # a bot level's fixed rating, never provisional


def test_a_rating_under_ten_games_is_provisional_and_the_table_shows_it():
    eve = _account("eve", display=1100, games=9)
    room = services.do_create_room(eve, "disunyer", {"mode": "standard"}, True)
    assert _seat_ratings(room.pk)["eve"] == "1100?"
    html = render_table(load_snapshot(room.pk), presence.NOBODY, 0)
    assert 'data-testid="seat-rating">1100?</span>' in html
