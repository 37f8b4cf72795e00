"""A guest's coins (house ruling "Pacing and coins at the table"): they move within the
session as an account's do, through the same wallets, bank and ledger, and are not
saved to an account.

Named players: Zoe and Yan are guests, Ann has an account, Sam is staff."""

import pytest
from django.db.models import Sum
from django.urls import reverse

from accounts import coins
from accounts.identity import GUEST_ID_KEY, GUEST_NAME_KEY, Player
from accounts.models import LedgerEntry, User, Wallet
from rooms import table_coins
from rooms.models import Room, Seat

pytestmark = pytest.mark.django_db

Kind = LedgerEntry.Kind
PASSWORD = "a-Strong-pass-93"
HEADER = '<span id="header-coins" class="coins" data-testid="coins" title="Your coins">'


def total_coins() -> int:
    wallets = Wallet.objects.aggregate(total=Sum("balance"))["total"] or 0
    return wallets + coins.bank_balance()


def table(*people: Player, bet: int = 100, code: str = "700001") -> tuple[Room, list[Seat]]:
    """A Court Piece room with ``people`` in seats 0, 1, … and bots in the rest."""
    room = Room.objects.create(code=code, game="courtpiece", options={"bet": bet})
    seats = [
        Seat(room=room, index=index, user_id=who.user_id, guest_id=who.guest_id or "", name=who.name)
        if who is not None
        else Seat(room=room, index=index, bot_level="normal", name=f"Bot {index + 1}")
        for index, who in enumerate([*people, *[None] * (4 - len(people))])
    ]
    Seat.objects.bulk_create(seats)
    return room, seats


def round_over(number: int, winning_team: int, all_hands: bool = False) -> dict:
    return {"type": "round_over", "round": number, "winning_team": winning_team, "all_hands": all_hands}


def guest_of(client) -> Player:
    client.get("/")
    return Player(name=client.session[GUEST_NAME_KEY], guest_id=client.session[GUEST_ID_KEY])


def test_a_guest_wallet_opens_with_1000_from_the_bank_at_the_first_round_and_moves_as_an_accounts():
    """Guests Zoe (seat 0) and Yan (seat 1) have no wallet and 1,000 coins each until
    their first round is settled; then each has a wallet opened with 1,000 guest coins
    from the bank (a welcome entry) and the round moved: Zoe won 100, Yan lost 100.
    Settling the round again changes nothing. At a 425 bet Zoe's team then wins with all
    13 hands (Yan has 50 left) and again: Yan pays only the 50 he has. The club's coins
    never change."""
    zoe, yan = Player(name="Zoe", guest_id="g-zoe"), Player(name="Yan", guest_id="g-yan")
    assert coins.wallet_balance(zoe) is None and coins.balance_of(zoe) == coins.GUEST_COINS == 1_000
    room, seats = table(zoe, yan, bet=100)

    table_coins.settle_rounds(room, seats, [round_over(1, winning_team=0)])
    assert table_coins.settle_rounds(room, seats, [round_over(1, winning_team=0)]) == []

    assert (coins.balance_of(zoe), coins.balance_of(yan)) == (1_100, 900)
    welcome = LedgerEntry.objects.get(wallet__guest_id="g-yan", kind=Kind.WELCOME)
    assert (welcome.amount, welcome.reason) == (1_000, "Guest coins, for this visit.")
    lost = LedgerEntry.objects.get(wallet__guest_id="g-yan", room=room)
    assert (lost.kind, lost.amount, lost.balance_after, lost.round) == (Kind.ROUND_LOST, -100, 900, 1)
    assert total_coins() == 0

    big, big_seats = table(zoe, yan, bet=425, code="700002")
    table_coins.settle_rounds(big, big_seats, [round_over(1, winning_team=0, all_hands=True)])
    assert (coins.balance_of(zoe), coins.balance_of(yan)) == (1_100 + 850, 50)
    table_coins.settle_rounds(big, big_seats, [round_over(2, winning_team=0)])
    assert (coins.balance_of(zoe), coins.balance_of(yan)) == (1_100 + 850 + 425, 0)
    short = LedgerEntry.objects.get(wallet__guest_id="g-yan", room=big, round=2)
    assert short.amount == -50 and "could pay only 50 coins of 425 coins" in short.reason
    assert coins.can_sit(yan, 25) == (
        "This table's bet is 25 coins: sitting down needs twice the bet, 50 coins, and you have 0 coins."
    )
    assert Wallet.objects.filter(user__isnull=True).count() == 2
    assert total_coins() == 0


def test_the_header_and_the_guest_page_show_a_guests_coins_once_they_have_a_wallet(client):
    """Guest Zoe sees no coin count in the header before she has played for coins; once
    she has lost a round at a 100 bet, every page's header shows "🪙 900" and her page
    says she has 900 coins for this visit."""
    zoe = guest_of(client)
    assert HEADER + "</span>" in client.get("/").content.decode()
    room, seats = table(zoe)
    table_coins.settle_rounds(room, seats, [round_over(1, winning_team=1)])
    assert HEADER + "🪙 900</span>" in client.get("/").content.decode()
    page = client.get(reverse("accounts:me")).content.decode()
    assert "You have 900 coins for this visit" in page and "not saved" in page


def test_a_guest_who_signs_up_starts_with_the_welcome_coins_not_the_guest_coins(client):
    """Guest Zoe wins two rounds at a 300 bet (1,600 coins), then signs up as Zed: the
    account has its own 1,000 welcome coins, to be paid when it first plays (no wallet
    yet, so no count in the header); Zoe's guest coins stay with her guest wallet, which
    nobody can play any more, so no coin is lost."""
    zoe = guest_of(client)
    room, seats = table(zoe, bet=300)
    table_coins.settle_rounds(room, seats, [round_over(1, winning_team=0)])
    table_coins.settle_rounds(room, seats, [round_over(2, winning_team=0)])
    assert coins.balance_of(zoe) == 1_600
    response = client.post(
        reverse("accounts:signup"), {"username": "Zed", "password1": PASSWORD, "password2": PASSWORD}, follow=True
    )
    zed = User.objects.get(username="Zed")
    assert coins.balance_of(Player(name="Zed", user_id=zed.pk)) == coins.WELCOME_COINS == 1_000
    assert not Wallet.objects.filter(user=zed).exists()
    assert HEADER + "</span>" in response.content.decode()
    assert Wallet.objects.get(guest_id=zoe.guest_id).balance == 1_600
    assert total_coins() == 0


def test_guest_wallets_are_on_no_board_and_staff_move_accounts_coins_only(client):
    """Guest Zoe has 1,100 coins and Ann (an account) 1,000: the richest-players board
    lists Ann only; the admin's wallets are the accounts' only; the ledger shows Zoe's
    entries as a guest's."""
    zoe, ann = Player(name="Zoe", guest_id="g-zoe"), User.objects.create_user("Ann", password=None)
    coins.open_wallets([Seat(index=0, user=ann)])  # Ann has finished a game
    room, seats = table(zoe)
    table_coins.settle_rounds(room, seats, [round_over(1, winning_team=0)])
    board = client.get(reverse("leaderboard:richest")).content.decode()
    assert "Ann" in board and "1100" not in board
    client.force_login(User.objects.create_superuser("Sam", password=None))
    wallets = client.get(reverse("admin:accounts_wallet_changelist")).content.decode()
    change = "admin:accounts_wallet_change"
    assert reverse(change, args=[ann.wallet.pk]) in wallets
    assert reverse(change, args=[Wallet.objects.get(guest_id="g-zoe").pk]) not in wallets
    ledger = client.get(reverse("admin:accounts_ledgerentry_changelist")).content.decode()
    assert "(a guest)" in ledger and ann.username in ledger
