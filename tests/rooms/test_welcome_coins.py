"""An account's welcome coins are paid when it first plays: its first Court Piece round
settled or its first game of any kind finished, whichever comes first; a game ended by
staff counts for nobody and pays nothing.

Named players: Cal and Dan have accounts; Ann is a guest."""

import random

import pytest

from accounts import coins
from accounts.models import LedgerEntry, Wallet
from games.disunyer.rules import ENGINE
from rooms.actions import lifecycle, play, seating
from rooms.models import Room
from rooms.store.snapshots import load_snapshot
from tests.rooms.helpers import ANN, fresh
from tests.rooms.test_courtpiece_coins import account

pytestmark = pytest.mark.django_db


def disunyer_game(*people):
    """``people`` and bots at a Disunyer table, started."""
    room = lifecycle.do_create_room(people[0], "disunyer", {"mode": "standard"}, True)
    for person in people[1:]:
        seating.do_join(room.pk, person)
    seating.do_fill_with_bots(room.pk, people[0], "easy")
    return fresh(room)


def test_a_finished_disunyer_game_pays_its_accounts_their_welcome_coins():
    """Cal and Dan (accounts) and guest Ann play a Disunyer game with bots: until it ends
    neither account has a wallet and the bank has paid nothing; when it ends each account
    has its wallet with the 1,000 welcome coins, the guest has none (a guest's wallet
    opens at a Court Piece round), and the wallets and the bank add up to zero."""
    cal, dan = account("Cal"), account("Dan")
    room = disunyer_game(cal, dan, ANN)
    people = {person.user_id or person.guest_id: person for person in (cal, dan, ANN)}
    rng = random.Random(8)
    while (room := fresh(room)).status == Room.Status.PLAYING:
        assert not Wallet.objects.exists() and coins.bank_balance() == 0
        seat = ENGINE.to_act(room.match.state)[0]
        row = room.seats.get(index=seat)
        if row.is_bot:
            play.do_bot_move(room.pk, room.version, seat, play.choose_bot_move(load_snapshot(room.pk), seat))
        else:
            person = people[row.user_id or row.guest_id]
            play.do_act(room.pk, person, rng.choice(ENGINE.legal_actions(room.match.state, seat)), room.version)
    assert room.status == Room.Status.FINISHED
    assert sorted(Wallet.objects.values_list("user_id", "balance")) == [(cal.user_id, 1_000), (dan.user_id, 1_000)]
    assert LedgerEntry.objects.filter(kind=LedgerEntry.Kind.WELCOME).count() == 2
    assert coins.bank_balance() == -2_000


def test_a_game_ended_by_staff_pays_no_welcome_coins():
    """Cal's Disunyer game is ended by staff: it counts for nobody, and his account still
    has no wallet."""
    cal = account("Cal")
    room = disunyer_game(cal)
    lifecycle.do_end_match(room.pk, "Test: stuck")
    assert not Wallet.objects.exists() and coins.bank_balance() == 0
