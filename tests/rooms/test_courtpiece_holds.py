"""Coins held across Court Piece tables: what sitting down at a table needed (twice its
bet) is held while its person sits in a waiting or playing room, so that the same coins
cannot back two seats, however the person sits down: creating a room, joining one,
"Play again", or a guest's seats handed to the account they log in to.

Named players: Ann and Bea are guests; Cal and Dan have accounts; Sam is staff."""

import pytest
from django.db import connection
from django.urls import reverse

from accounts import coins
from accounts.identity import Player
from accounts.models import User
from rooms.actions import lifecycle, seating
from rooms.errors import RoomError
from rooms.models import Room
from tests.rooms.helpers import ANN, BEA, client_for
from tests.rooms.test_actions import _race
from tests.rooms.test_courtpiece_coins import account, staff_sets

pytestmark = pytest.mark.django_db


def waiting_table(host: Player, bet: int) -> Room:
    return lifecycle.do_create_room(host, "courtpiece", {"game": "double-sar", "bet": bet}, True)


def playing_table(host: Player, bet: int) -> Room:
    """``host`` and three bots, started."""
    room = waiting_table(host, bet)
    seating.do_fill_with_bots(room.pk, host, "easy")
    lifecycle.do_start(room.pk, host)
    return Room.objects.get(pk=room.pk)


def refusal(call) -> str:
    with pytest.raises(RoomError) as refused:
        call()
    return str(refused.value.message)


def test_the_same_coins_cannot_back_two_seats():
    """Cal has 600 coins and Dan hosts six tables that each need 600 (a 300 bet). Cal sits
    at the first; the other five refuse him, and so does a table of his own, each saying
    how much is held where; a 25 bet table (needing 50) refuses him too. Once he leaves
    the first table, he may sit at another."""
    cal, dan = account("Cal"), account("Dan")
    staff_sets(cal, 600)
    staff_sets(dan, 100_000)
    tables = [waiting_table(dan, 300) for _ in range(6)]
    assert seating.do_join(tables[0].pk, cal).index == 2
    held = (
        "and you have 0 coins free: of your 600 coins, 600 are held for your seat at table "
        f"{tables[0].code} while you sit there."
    )
    for table in tables[1:]:
        assert refusal(lambda table=table: seating.do_join(table.pk, cal)) == (
            f"This table's bet is 300 coins: sitting down needs twice the bet, 600 coins, {held}"
        )
    assert refusal(lambda: waiting_table(cal, 300)).endswith(held)
    assert refusal(lambda: seating.do_join(waiting_table(dan, 25).pk, cal)) == (
        f"This table's bet is 25 coins: sitting down needs twice the bet, 50 coins, {held}"
    )
    assert [table.seats.filter(user_id=cal.user_id).count() for table in tables] == [1, 0, 0, 0, 0, 0]
    assert Room.objects.filter(seats__user_id=cal.user_id).count() == 1

    seating.do_leave(tables[0].pk, cal)
    assert seating.do_join(tables[1].pk, cal).index == 2


def test_seats_hold_while_their_game_plays_and_let_go_when_it_is_over():
    """Guest Ann (1,000 coins) plays at a 200 bet table (holding 400) and waits at a 100
    bet one (holding 200): a 250 bet table (needing 500) refuses her, naming both, while
    a 150 bet one (300) seats her; then a 75 bet one (150) refuses her. Once staff end
    her game, its seat holds nothing, and the 75 bet table seats her."""
    playing = playing_table(ANN, 200)
    waiting = waiting_table(ANN, 100)
    assert refusal(lambda: waiting_table(ANN, 250)) == (
        "This table's bet is 250 coins: sitting down needs twice the bet, 500 coins, and you have "
        f"400 coins free: of your 1,000 coins, 600 are held for your seats at tables {playing.code} (400) "
        f"and {waiting.code} (200) while you sit there."
    )
    waiting_table(ANN, 150)
    assert "and you have 100 coins free" in refusal(lambda: waiting_table(ANN, 75))
    lifecycle.do_end_match(playing.pk, "Test: over")
    waiting_table(ANN, 75)


def test_play_again_counts_the_other_seats():
    """Cal (600 coins) sits at Dan's waiting 300 bet table and presses "Play again" after
    a 300 bet game staff ended: the next room would need 600 more, and is not opened."""
    cal, dan = account("Cal"), account("Dan")
    staff_sets(cal, 1_000)
    over = playing_table(cal, 300)
    lifecycle.do_end_match(over.pk, "Test: over")
    staff_sets(cal, 600)
    other = waiting_table(dan, 300)
    seating.do_join(other.pk, cal)
    assert refusal(lambda: lifecycle.do_play_again(over.pk, cal)).endswith(
        f"of your 600 coins, 600 are held for your seat at table {other.code} while you sit there."
    )
    assert Room.objects.get(pk=over.pk).next_room_id is None
    assert Room.objects.filter(seats__user_id=cal.user_id, status=Room.Status.WAITING).count() == 1


def test_a_guests_seats_handed_to_an_account_hold_its_coins():
    """Guest Bea sits at two 200 bet tables (holding 400 each) and logs in to Dan's
    account, which has 600 coins: the first seat becomes the account's, holding 400 of
    them; the second stays the guest's, and she is told why."""
    first, second = waiting_table(BEA, 200), waiting_table(BEA, 200)
    dan = account("Dan")
    staff_sets(dan, 600)
    kept = seating.adopt_guest_seats(BEA.guest_id, User.objects.get(pk=dan.user_id))
    assert first.seats.get(index=0).user_id == dan.user_id
    assert second.seats.get(index=0).guest_id == BEA.guest_id
    assert kept == [
        f"Your seat in Court Piece room {second.code} stays with your guest name, Bea. "
        "This table's bet is 200 coins: sitting down needs twice the bet, 400 coins, and you have 200 coins "
        f"free: of your 600 coins, 400 are held for your seat at table {first.code} while you sit there."
    ]


@pytest.mark.django_db(transaction=True)
def test_one_person_sitting_down_at_two_tables_at_once_gets_one_seat(redis_url):
    """Cal (600 coins) joins two 300 bet tables at the same moment (two tabs): one seats
    him, the other refuses him, whichever commits first."""
    cal, dan = account("Cal"), account("Dan")
    staff_sets(cal, 600)
    staff_sets(dan, 100_000)
    tables = [waiting_table(dan, 300), waiting_table(dan, 300)]
    results = _race(*[lambda table=table: seating.do_join(table.pk, cal) for table in tables])
    assert sorted(type(result).__name__ for result in results) == ["RoomError", "Seat"], (results, connection.vendor)
    assert Room.objects.filter(seats__user_id=cal.user_id).count() == 1
    assert coins.balance_of(cal) == 600


def test_the_account_page_shows_what_is_held_where(client):
    """Cal sits at a 300 bet table and guest Ann at a 50 and a 200 one: each one's page
    lists their tables with what each holds; Dan, seated nowhere, is shown nothing held."""
    cal, dan = account("Cal"), account("Dan")
    table = waiting_table(cal, 300)
    small, big = waiting_table(ANN, 50), waiting_table(ANN, 200)
    client.force_login(User.objects.get(pk=cal.user_id))
    page = client.get(reverse("accounts:me")).content.decode()
    assert f'<a href="/rooms/{table.code}/">table {table.code}</a> 600.' in page
    client.force_login(User.objects.get(pk=dan.user_id))
    assert 'data-testid="held-coins"' not in client.get(reverse("accounts:me")).content.decode()
    page = client_for(ANN).get(reverse("accounts:me")).content.decode()
    assert (
        f'<a href="/rooms/{small.code}/">table {small.code}</a> 100, '
        f'<a href="/rooms/{big.code}/">table {big.code}</a> 400.'
    ) in page
