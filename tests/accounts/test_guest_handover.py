"""A guest who logs in or signs up: their seats become the account's, except a seat the
account could not have sat down in (Court Piece: twice the bet in coins)."""

import pytest
from django.urls import reverse

from accounts import coins
from accounts.identity import GUEST_ID_KEY, GUEST_NAME_KEY, Player
from accounts.models import User
from rooms.actions import lifecycle, seating
from rooms.models import Room

pytestmark = pytest.mark.django_db

PASSWORD = "a-Strong-pass-93"


def guest_of(client) -> Player:
    client.get("/")
    return Player(name=client.session[GUEST_NAME_KEY], guest_id=client.session[GUEST_ID_KEY])


def court_piece_game(host: Player, bet: int) -> Room:
    """A Court Piece game being played: ``host`` and three bots."""
    options = {"game": "double-sar", "winning_points": 10, "bet": bet, "clock": 15}
    room = lifecycle.do_create_room(host, "courtpiece", options, is_public=True)
    for _ in range(3):
        seating.do_add_bot(room.pk, host, "easy")
    lifecycle.do_start(room.pk, host)
    return Room.objects.get(pk=room.pk)


def account_with(username: str, balance: int) -> User:
    """An account whose welcome coins staff cut down to ``balance``."""
    user = User.objects.create_user(username, password=PASSWORD)
    if balance < coins.WELCOME_COINS:
        staff = User.objects.create_user(f"{username}-staff", password=None, is_staff=True)
        coins.take(user, coins.WELCOME_COINS - balance, "test set-up", staff)
    return user


def seat_zero(room: Room):
    return room.seats.get(index=0)


def test_a_seat_the_account_cannot_cover_stays_the_guests_and_the_page_says_why(client):
    """Guest Ann plays at a 500-coin Court Piece table and waits in a Disunyer room, then
    logs in to her account, which holds 100 coins: the Disunyer seat is now the account's;
    the Court Piece seat stays the guest's, untouched, and the page she lands on names the
    room and says why."""
    guest = guest_of(client)
    table = court_piece_game(guest, bet=500)
    waiting = lifecycle.do_create_room(guest, "disunyer", {"mode": "standard"}, is_public=True)
    ann = account_with("Ann", balance=100)

    response = client.post(
        reverse("accounts:login") + f"?next=/rooms/{table.code}/",
        {"username": "ann", "password": PASSWORD},
        follow=True,
    )

    assert response.redirect_chain[-1][0] == f"/rooms/{table.code}/"
    assert seat_zero(Room.objects.get(pk=waiting.pk)).user_id == ann.pk
    kept = seat_zero(Room.objects.get(pk=table.pk))
    assert (kept.guest_id, kept.user_id, kept.name) == (guest.guest_id, None, guest.name)
    assert Room.objects.get(pk=table.pk).version == table.version
    errors = [str(m) for m in response.context["messages"] if m.level_tag == "error"]
    assert errors == [
        f"Your seat in Court Piece room {table.code} stays with your guest name, {guest.name}. "
        "This table's bet is 500 coins: sitting down needs twice the bet, 1,000 coins, and you have 100 coins."
    ]


def test_a_seat_the_account_can_cover_becomes_the_accounts(client):
    """Guest Bea plays at a 500-coin Court Piece table and logs in to her account with
    1,000 coins, exactly twice the bet: the seat is now her account's, no error."""
    guest = guest_of(client)
    table = court_piece_game(guest, bet=500)
    bea = account_with("Bea", balance=1000)
    response = client.post(reverse("accounts:login"), {"username": "Bea", "password": PASSWORD}, follow=True)
    seat = seat_zero(Room.objects.get(pk=table.pk))
    assert (seat.guest_id, seat.user_id, seat.name) == ("", bea.pk, "Bea")
    assert not [m for m in response.context["messages"] if m.level_tag == "error"]


def test_signing_up_hands_over_the_guests_court_piece_seat(client):
    """Guest Carl at a 500-coin table signs up: the welcome coins (1,000) cover twice
    the bet, so the seat is the new account's."""
    guest = guest_of(client)
    table = court_piece_game(guest, bet=500)
    client.post(reverse("accounts:signup"), {"username": "Carl", "password1": PASSWORD, "password2": PASSWORD})
    assert seat_zero(Room.objects.get(pk=table.pk)).user_id == User.objects.get(username="Carl").pk
