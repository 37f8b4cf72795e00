"""Reliability where people see it: on a profile, beside a seat at the table (from the
version's snapshot: rendering a table reads nothing), and a public room's minimum on
the create form and in the room's bar; a wait's refusal on the room's page."""

import html
import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.identity import Player
from accounts.models import User
from fairplay.models import SeatOutcome, Wait
from rooms.actions import seating
from rooms.models import Room
from rooms.rendering import render_table
from rooms.store import presence
from rooms.store.snapshots import load_snapshot
from tests.fairplay.games import dayous_room, past_games
from tests.rooms.helpers import ANN, BEA

pytestmark = pytest.mark.django_db
FINISHED, LEFT = str(SeatOutcome.Kind.FINISHED), str(SeatOutcome.Kind.LEFT)
SEAT_CHIP = re.compile(r'<li class="[^"]*seat-chip[^"]*" data-seat="(\d+)">(.*?)</li>', re.S)
RELIABILITY = re.compile(r'data-testid="seat-reliability">([^<]*)<')


def test_a_profile_shows_the_accounts_reliability_and_a_new_accounts_none(client):
    cora = User.objects.create_user(username="cora", password=None)
    User.objects.create_user(username="dan", password=None)
    past_games(Player(name="cora", user_id=cora.pk), FINISHED, LEFT, FINISHED, FINISHED)
    page = html.unescape(client.get(reverse("player_profile", args=["cora"])).content.decode())
    assert "75%" in page and "played 3 of their last 4 games to the end" in page
    page = client.get(reverse("player_profile", args=["dan"])).content.decode()
    assert "new player" in page and "%" not in re.search(r'profile-reliability">(.*?)</p>', page, re.S).group(1)


def test_the_table_shows_each_persons_reliability_from_its_snapshot_with_no_query(django_assert_num_queries):
    """Bea (75%) sits at Ann's table (Ann is new: no figure, nor the bot): every viewer's
    table, rendered from the version's snapshot, shows 75% beside Bea's seat and reads
    nothing from the database."""
    past_games(BEA, FINISHED, LEFT, FINISHED, FINISHED)
    room = dayous_room(ANN, players=3)
    seating.do_join(room.pk, BEA)
    seating.do_add_bot(room.pk, ANN, "easy")
    snapshot = load_snapshot(room.pk)
    with django_assert_num_queries(0):
        tables = [render_table(snapshot, presence.NOBODY, viewer) for viewer in (None, 0, 1)]
    for table in tables:
        shown = {int(seat): RELIABILITY.findall(chip) for seat, chip in SEAT_CHIP.findall(table)}
        assert shown == {0: [], 1: ["✓75%"], 2: []}
        assert 'class="tag reliability low"' in table  # under 80%: marked


def test_the_create_page_asks_for_a_minimum_and_the_room_bar_shows_it(client):
    url = reverse("rooms:create", args=["dayous"])
    page = client.get(url).content.decode()
    assert 'name="min_reliability"' in page and "80% or more" in page
    form = {"players": "3", "decks": "1", "clock": "30", "is_public": "1", "bot_level": "normal"}
    refused = client.post(url, {**form, "min_reliability": "75"})
    assert refused.status_code == 200 and not Room.objects.exists()
    response = client.post(url, {**form, "min_reliability": "80"})
    room = Room.objects.get()
    assert room.min_reliability == 80
    page = client.get(response["Location"]).content.decode()
    assert 'data-testid="min-reliability"' in page and "Reliability 80%+" in page


def test_a_person_under_a_wait_is_told_on_the_room_page_how_long_is_left(client):
    room = dayous_room(ANN)
    client.get(reverse("rooms:room", args=[room.code]))  # the session's guest is made
    guest = client.session["guest_id"]
    now = timezone.now()
    Wait.objects.create(person=f"guest:{guest}", name="G", step=1, starts_at=now, ends_at=now + timedelta(minutes=50))
    page = client.post(reverse("rooms:join", args=[room.code]), follow=True).content.decode()
    assert "You left too many games: you can sit down at a table again in 50\xa0minutes." in html.unescape(page)
    assert Room.objects.get().seats_taken == 1
