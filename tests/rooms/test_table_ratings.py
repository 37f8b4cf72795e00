"""Ratings next to names at the table: an account's (provisional with "?" until its
tenth rated game), a bot level's fixed one, none for a guest (marked as one); and in the
results, each account's rating change in the game."""

import re

import pytest

from accounts.identity import Player
from accounts.models import User
from leaderboard import ratings
from leaderboard.models import Rating, RatingChange
from rooms.actions import lifecycle, seating
from rooms.rendering import render_table
from rooms.store import presence
from rooms.store.snapshots import load_snapshot
from rooms.templating import signed
from tests.rooms.fairness_games import finished_room, started_room
from tests.rooms.helpers import ANN

pytestmark = pytest.mark.django_db


def _account(name: str, display: int | None = None, games: int = 0) -> Player:
    user = User.objects.create_user(username=name, password=None)
    if display is not None:
        Rating.objects.create(user=user, game="disunyer", mu=25, sigma=2, games=games, display=display)
    return Player(name=name, user_id=user.pk)


def _seat_ratings(room_id: int) -> dict[str, str]:
    snapshot = load_snapshot(room_id)
    assert snapshot is not None
    return {seat.bot_level or seat.name: seat.rating for seat in snapshot.seats if not seat.is_empty}


def test_each_seat_shows_its_rating_and_a_guest_none():
    cora, dan = _account("cora", display=1234, games=12), _account("dan")
    room = lifecycle.do_create_room(cora, "disunyer", {"mode": "standard"}, True)
    seating.do_join(room.pk, dan)
    seating.do_join(room.pk, ANN)
    seating.do_add_bot(room.pk, cora, "normal")
    shown = _seat_ratings(room.pk)
    normal = ratings.bot_skill("disunyer", "normal").display
    assert shown["cora"] == "1234"
    assert shown["dan"] == f"{ratings.NEW.display}?"  # no rated game yet: provisional
    assert shown[ANN.name] == ""
    assert shown["normal"] == str(normal)  # a bot level's fixed rating, never provisional


def test_a_rating_under_ten_games_is_provisional_and_the_table_shows_it():
    eve = _account("eve", display=1100, games=9)
    room = lifecycle.do_create_room(eve, "disunyer", {"mode": "standard"}, True)
    assert _seat_ratings(room.pk)["eve"] == "1100?"
    html = render_table(load_snapshot(room.pk), presence.NOBODY, 0)
    assert 'data-testid="seat-rating">1100?</span>' in html


SEAT_CHIPS = re.compile(r'<li class="player seat-chip[^"]*" data-seat="(\d+)">(.*?)</li>', re.S)
SEAT_ROWS = re.compile(r'<tr data-seat="(\d+)"[^>]*>(.*?)</tr>')
RATING_CELL = re.compile(r'data-testid="rating-change">([^<]*)<')


def test_the_results_show_each_accounts_rating_change_and_mark_the_guests(django_assert_num_queries):
    """Cora and Dan (accounts) and Ann (a guest) play Disunyer with five easy bots to its
    end: every viewer's results show Cora's and Dan's rating change in this game (their
    shown rating after it less before it, signed), and none for Ann, marked a guest, or
    for the bots. The changes come with the finished table's snapshot, loaded once: every
    viewer's table is then rendered with no query."""
    cora, dan = _account("cora"), _account("dan")
    room = finished_room("disunyer", people=(cora, dan, ANN))
    changes = {
        step.result.seat: ratings.display(step.mu, step.sigma) - ratings.display(step.mu_before, step.sigma_before)
        for step in RatingChange.objects.filter(result__room=room).select_related("result")
    }
    assert sorted(changes) == [0, 1]  # Cora's and Dan's seats
    snapshot = load_snapshot(room.pk)
    assert snapshot.rating_changes == changes
    with django_assert_num_queries(0):
        tables = [render_table(snapshot, presence.NOBODY, viewer) for viewer in (None, 0, 1, 2)]
    for table in tables:
        rows = dict(SEAT_ROWS.findall(table))
        assert len(rows) == 8
        shown = {int(seat): RATING_CELL.search(row).group(1) for seat, row in rows.items()}
        assert shown == {seat: signed(changes.get(seat)) for seat in range(8)}
        assert {int(seat) for seat, row in rows.items() if 'data-testid="guest"' in row} == {2}


def test_a_guest_is_marked_at_their_seat_and_an_account_or_a_bot_is_not():
    """At a table of Cora (an account), Ann (a guest) and six bots, Ann's seat carries the
    guest mark, for every viewer; Cora's and the bots' do not."""
    cora = _account("cora")
    room = started_room("disunyer", people=(cora, ANN))
    table = render_table(load_snapshot(room.pk), presence.NOBODY, None)
    seats = dict(SEAT_CHIPS.findall(table))
    assert len(seats) == 8
    assert {int(seat) for seat, chip in seats.items() if 'data-testid="guest"' in chip} == {1}
