"""Coins: wallets, the bank and the ledger (house ruling "Coins" for Court Piece).

Named players: Ann, Bea, Cal and Dan have accounts, Zoe is a guest, Sam is staff.
Team 0 is seats 0 and 2, team 1 seats 1 and 3.
"""

import itertools
import random
from dataclasses import dataclass

import pytest
from django.db import IntegrityError, transaction
from django.db.models import Sum
from django.urls import reverse

from accounts import coins
from accounts.identity import Player
from accounts.models import AppendOnlyError, Bank, LedgerEntry, User, Wallet
from rooms import table_coins
from rooms.models import Room, Seat
from tests.rooms.test_actions import _race

pytestmark = pytest.mark.django_db

Kind = LedgerEntry.Kind
_codes = itertools.count(1)


@dataclass(frozen=True)
class Guest:
    name: str


BOT = "bot"


def account(name: str, **extra) -> User:
    """An account without a usable password (no slow hashing in tests)."""
    return User.objects.create_user(username=name, password=None, **extra)


def table(*people, bet: int = 100) -> tuple[Room, list[Seat]]:
    """A Court Piece room with ``people`` (accounts, Guest(...) or BOT) in seats 0–3."""
    room = Room.objects.create(code=f"C{next(_codes):05d}", game="courtpiece", options={"bet": bet})
    seats = []
    for index, who in enumerate(people):
        if isinstance(who, User):
            seat = Seat(room=room, index=index, user=who, name=who.username)
        elif isinstance(who, Guest):
            seat = Seat(room=room, index=index, guest_id=f"g-{who.name.lower()}", name=who.name)
        else:
            seat = Seat(room=room, index=index, bot_level="normal", name=f"Bot {index + 1}")
        seats.append(seat)
    Seat.objects.bulk_create(seats)
    return room, seats


def round_over(number: int, winning_team: int, all_hands: bool = False) -> dict:
    return {
        "type": "round_over",
        "round": number,
        "winning_team": winning_team,
        "points": 2 if all_hands else 1,
        "kind": "court" if all_hands else "normal",
        "all_hands": all_hands,
        "hands": [13, 0] if all_hands else [7, 2],
    }


def balance(user: User) -> int:
    """What ``user`` has to play with: their wallet's balance, or the welcome coins their
    wallet will be opened with."""
    return coins.balance_of(Player(name=user.username, user_id=user.pk))


def played(*users: User) -> None:
    """The accounts have finished a game: their wallets are open, with the welcome coins."""
    coins.open_wallets([Seat(index=index, user=user) for index, user in enumerate(users)])


def balances(*users: User) -> list[int]:
    return [balance(user) for user in users]


def total_coins() -> int:
    """All wallets plus the bank: the bank alone creates coins, so this is always 0."""
    wallets = Wallet.objects.aggregate(total=Sum("balance"))["total"] or 0
    return wallets + coins.bank_balance()


def set_balance(user: User, amount: int) -> None:
    """Bring ``user``'s wallet to ``amount`` through the ledger, as staff would."""
    staff = User.objects.filter(username="Sam").first() or account("Sam", is_staff=True)
    current = balance(user)
    if amount > current:
        coins.grant(user, amount - current, "Test set-up", staff)
    elif amount < current:
        coins.take(user, current - amount, "Test set-up", staff)


def assert_running_sums() -> None:
    """For every wallet, its entries in order are a running sum ending at its balance."""
    for wallet in Wallet.objects.all():
        running = 0
        for entry in wallet.entries.order_by("id"):
            running += entry.amount
            assert entry.balance_after == running, entry
        assert running == wallet.balance


@pytest.fixture
def four():
    """Ann, Bea, Cal and Dan, each with an account that has finished a game (its wallet
    open with the welcome coins)."""
    people = [account(name) for name in ("Ann", "Bea", "Cal", "Dan")]
    played(*people)
    return people


# -- New accounts --------------------------------------------------------------------------


def test_a_new_account_has_no_wallet_until_it_plays_for_coins_and_sits_down_with_1000():
    """Ann's new account has no wallet and the bank has paid nothing, yet she can sit at a
    500 table with the 1,000 welcome coins it counts. Her first Court Piece round opens
    her wallet: a "welcome" entry of 1,000 from the bank, then the round's."""
    ann = account("Ann")
    player = Player(name="Ann", user_id=ann.pk)
    assert coins.wallet_balance(player) is None and coins.balance_of(player) == 1_000
    assert coins.can_sit(player, 500) is None
    assert not Wallet.objects.exists() and coins.bank_balance() == 0
    room, seats = table(ann, BOT, BOT, BOT)
    table_coins.settle_rounds(room, seats, [round_over(1, winning_team=0)])
    welcome, won = ann.wallet.entries.order_by("id")
    assert (welcome.kind, welcome.amount, welcome.balance_after) == (Kind.WELCOME, 1_000, 1_000)
    assert (won.kind, won.amount, won.balance_after) == (Kind.ROUND_WON, 100, 1_100)
    assert coins.bank_balance() == -1_100 and total_coins() == 0


def test_making_accounts_pays_no_coins_however_they_are_made(client):
    """Sign-ups, one after the other from one address, createsuperuser and the admin's
    add form make accounts without a wallet: no welcome coins are paid for accounts that
    never play, and none is on the richest-players board."""
    password = "a-Strong-pass-93"
    for n in range(3):
        client.post(reverse("accounts:signup"), {"username": f"Farm{n}", "password1": password, "password2": password})
        client.logout()
    root = User.objects.create_superuser("Root", "root@example.com", password)
    client.force_login(root)
    client.post(
        reverse("admin:accounts_user_add"),
        {"username": "Bea", "password1": password, "password2": password, "usable_password": "true"},
    )
    assert User.objects.count() == 5
    assert not Wallet.objects.exists() and not LedgerEntry.objects.exists() and coins.bank_balance() == 0
    assert "Farm" not in client.get(reverse("leaderboard:richest")).content.decode()


def test_a_finished_game_opens_its_accounts_wallets_once():
    """Ann and Bea finish a game (no coins moved): their wallets open with the welcome
    coins; a second finished game pays no second welcome, and a guest's seat opens none."""
    ann, bea = account("Ann"), account("Bea")
    seats = [Seat(index=0, user=ann), Seat(index=1, user=bea), Seat(index=2, guest_id="g-zoe"), Seat(index=3)]
    coins.open_wallets(seats)
    coins.open_wallets(seats)
    assert balances(ann, bea) == [1_000, 1_000]
    assert LedgerEntry.objects.filter(kind=Kind.WELCOME).count() == 2 and Wallet.objects.count() == 2
    assert total_coins() == 0


def test_the_header_and_the_profile_show_the_balance(client):
    """A logged-in player sees "🪙 12,345" next to their name and on their page; before
    her wallet opens, her page says her 1,000 welcome coins come with her first round
    or game, and the header shows no count; a guest is told their table coins are not
    saved."""
    assert "not saved" in client.get(reverse("accounts:me")).content.decode()
    ann = account("Ann")
    client.force_login(ann)
    page = client.get(reverse("accounts:me")).content.decode()
    assert "🪙 1,000 welcome coins: you can sit down with them now" in page and "🪙 1,000</span>" not in page
    set_balance(ann, 12_345)
    client.force_login(ann)
    assert "🪙 12,345" in client.get("/").content.decode()
    page = client.get(reverse("accounts:me")).content.decode()
    assert "🪙 12,345 coins" in page
    assert "Welcome to the club." in page


# -- Rounds ------------------------------------------------------------------------------------


def test_a_normal_win_pays_each_winner_the_bet_and_charges_each_loser(four):
    """Bet 100, team 0 (Ann and Cal) wins: they get 100 each from the bank, Bea and Dan
    pay 100 each to it."""
    ann, bea, cal, dan = four
    room, seats = table(ann, bea, cal, dan, bet=100)
    bank_before = coins.bank_balance()
    entries = table_coins.settle_rounds(room, seats, [round_over(1, winning_team=0)])
    assert balances(ann, bea, cal, dan) == [1_100, 900, 1_100, 900]
    assert coins.bank_balance() == bank_before
    assert sorted((e.wallet.user.username, e.kind, e.amount) for e in entries) == [
        ("Ann", Kind.ROUND_WON, 100),
        ("Bea", Kind.ROUND_LOST, -100),
        ("Cal", Kind.ROUND_WON, 100),
        ("Dan", Kind.ROUND_LOST, -100),
    ]
    assert all(e.room == room and e.round == 1 for e in entries)
    assert "Won round 1 at table" in ann.wallet.entries.first().reason


def test_a_round_won_with_all_13_hands_pays_double(four):
    """Bet 250, team 1 (Bea and Dan) takes all 13 hands: 500 each way."""
    ann, bea, cal, dan = four
    room, seats = table(ann, bea, cal, dan, bet=250)
    table_coins.settle_rounds(room, seats, [round_over(1, winning_team=1, all_hands=True)])
    assert balances(ann, bea, cal, dan) == [500, 1_500, 500, 1_500]
    assert "doubled: all 13 hands" in bea.wallet.entries.first().reason
    assert total_coins() == 0


def test_a_player_who_cannot_pay_in_full_pays_what_they_have(four):
    """Bea holds 30 and Dan nothing; they lose a 100 bet: Bea pays 30, Dan pays 0, nobody
    goes below zero, and the winners are still paid in full by the bank."""
    ann, bea, cal, dan = four
    set_balance(bea, 30)
    set_balance(dan, 0)
    room, seats = table(ann, bea, cal, dan, bet=100)
    bank_before = coins.bank_balance()
    table_coins.settle_rounds(room, seats, [round_over(1, winning_team=0)])
    assert balances(ann, bea, cal, dan) == [1_100, 0, 1_100, 0]
    beas = bea.wallet.entries.first()
    assert (beas.kind, beas.amount, beas.balance_after) == (Kind.ROUND_LOST, -30, 0)
    assert "could pay only 30 coins of 100 coins" in beas.reason
    assert dan.wallet.entries.first().amount == 0
    assert coins.bank_balance() == bank_before - 200 + 30
    assert total_coins() == 0


def test_bots_neither_pay_nor_are_paid_and_a_guest_pays_as_an_account_does(four):
    """Ann and a bot against the guest Zoe and a bot: Ann's and Zoe's wallets move (Zoe's
    opened with the 1,000 guest coins from the bank at her first round); bots have none."""
    ann = four[0]
    zoe = Guest("Zoe")
    room, seats = table(ann, zoe, BOT, BOT, bet=100)
    table_coins.settle_rounds(room, seats, [round_over(1, winning_team=0)])
    table_coins.settle_rounds(room, seats, [round_over(2, winning_team=1, all_hands=True)])
    table_coins.settle_rounds(room, seats, [round_over(3, winning_team=1)])
    assert balance(ann) == 1_000 + 100 - 200 - 100
    assert coins.balance_of(Player(name="Zoe", guest_id="g-zoe")) == 1_000 - 100 + 200 + 100
    entries = LedgerEntry.objects.filter(room=room).values_list("wallet__user__username", "wallet__guest_id")
    assert sorted(entries, key=str) == [("Ann", "")] * 3 + [(None, "g-zoe")] * 3
    assert Wallet.objects.count() == 5  # Ann, Bea, Cal, Dan and Zoe
    assert total_coins() == 0


def test_a_seat_sitting_out_moves_no_coins_an_accounts_or_a_guests(four):
    """Ann and the guest Zoe sit out (a stand-in bot plays their seats because they could
    not cover the bet): the rounds their teams win or lose move none of their coins, as
    for a bot's seat, while Bea's and Cal's move as usual."""
    ann, bea, cal, _ = four
    zoe = Guest("Zoe")
    room, seats = table(ann, bea, cal, zoe, bet=100)
    set_balance(ann, 40)
    for seat in (seats[0], seats[3]):
        seat.sitting_out = True
    table_coins.settle_rounds(room, seats, [round_over(1, winning_team=0)])
    table_coins.settle_rounds(room, seats, [round_over(2, winning_team=1, all_hands=True)])
    assert balances(ann, bea, cal) == [40, 1_000 - 100 + 200, 1_000 + 100 - 200]
    assert coins.wallet_balance(Player(name="Zoe", guest_id="g-zoe")) is None
    assert set(LedgerEntry.objects.filter(room=room).values_list("wallet__user__username", flat=True)) == {"Bea", "Cal"}
    assert total_coins() == 0


@pytest.mark.django_db(transaction=True)
def test_one_persons_first_rounds_ending_at_two_tables_at_once_open_one_wallet():
    """Ann's account has no wallet yet when the first rounds at her two tables end at the
    same moment (two transactions opening her wallet): both rounds are settled, her
    wallet opens once, with one welcome entry, and no coin is lost."""
    ann = account("Ann")
    tables = [table(ann, BOT, BOT, BOT), table(ann, BOT, BOT, BOT)]

    def settle(room, seats):
        with transaction.atomic():
            return table_coins.settle_rounds(room, seats, [round_over(1, winning_team=0)])

    results = _race(*[lambda room=room, seats=seats: settle(room, seats) for room, seats in tables])
    assert [len(entries) if isinstance(entries, list) else entries for entries in results] == [1, 1]
    assert balance(ann) == 1_200 and ann.wallet.entries.filter(kind=Kind.WELCOME).count() == 1
    assert total_coins() == 0
    assert_running_sums()


def test_a_table_of_bots_settles_nothing():
    """No person at the table: no entry, no change."""
    room, seats = table(BOT, BOT, BOT, BOT)
    assert table_coins.settle_rounds(room, seats, [round_over(1, winning_team=0)]) == []
    assert not LedgerEntry.objects.exists()


def test_settling_the_same_round_twice_changes_nothing(four):
    """The same round_over handled again (a retried task, a replay) moves no coin; the
    next round is settled as usual."""
    ann, bea, cal, dan = four
    room, seats = table(ann, bea, cal, dan, bet=100)
    table_coins.settle_rounds(room, seats, [round_over(1, winning_team=0)])
    after_first = balances(ann, bea, cal, dan), coins.bank_balance(), LedgerEntry.objects.count()
    assert table_coins.settle_rounds(room, seats, [round_over(1, winning_team=0)]) == []
    assert table_coins.settle_rounds(room, seats, [round_over(1, winning_team=1, all_hands=True)]) == []
    assert (balances(ann, bea, cal, dan), coins.bank_balance(), LedgerEntry.objects.count()) == after_first
    table_coins.settle_rounds(room, seats, [round_over(2, winning_team=1)])
    assert balances(ann, bea, cal, dan) == [1_000] * 4


def test_the_database_refuses_a_second_settlement_entry_for_a_round(four):
    """Behind the check in settle_rounds, a unique constraint on (room, round, wallet, kind)."""
    ann, bea, cal, dan = four
    room, seats = table(ann, bea, cal, dan)
    table_coins.settle_rounds(room, seats, [round_over(1, winning_team=0)])
    with pytest.raises(IntegrityError), transaction.atomic():
        LedgerEntry.objects.create(
            wallet=ann.wallet, amount=100, balance_after=1_200, kind=Kind.ROUND_WON, room=room, round=1
        )


def test_settle_rounds_settles_every_round_over_and_ignores_other_events(four):
    """The function a table that plays for coins calls with each change's public events."""
    ann, bea, cal, dan = four
    room, seats = table(ann, bea, cal, dan, bet=50)
    events = [
        {"type": "play", "seat": 0, "card": "Ah"},
        {"type": "trick", "number": 13, "seat": 0, "card": "Ah", "pile": 1},
        round_over(1, winning_team=0),
        {"type": "deal", "round": 2, "caller": 0, "leader": 0},
    ]
    table_coins.settle_rounds(room, seats, events)
    table_coins.settle_rounds(room, seats, events)  # the same change seen twice
    assert balances(ann, bea, cal, dan) == [1_050, 950, 1_050, 950]


def test_rounds_played_by_the_court_piece_engine_settle_and_keep_every_coin(four):
    """A whole game of the real engine (seeded random moves): each round_over it emits
    settles once, and the coins in the club never change."""
    from games.courtpiece.rules import ENGINE

    ann, bea, cal, dan = four
    set_balance(dan, 120)
    room, seats = table(ann, bea, cal, dan, bet=75)
    rng = random.Random("coins")
    state = ENGINE.start(4, {"bet": 75}, seed="coins")
    rounds = 0
    while ENGINE.outcome(state) is None:
        seat = rng.choice(sorted(ENGINE.to_act(state)))
        state, events = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
        with transaction.atomic():
            table_coins.settle_rounds(room, seats, events)
        rounds += sum(1 for event in events if event["type"] == "round_over")
    assert rounds >= 1
    assert LedgerEntry.objects.filter(room=room).count() == 4 * rounds
    assert total_coins() == 0
    assert_running_sums()


# -- Sitting down ------------------------------------------------------------------------------


def test_can_sit_needs_twice_the_bet(four):
    """Ann has 1,000: she can sit at a 500 table, not at a 501 one, and is told why."""
    ann = four[0]
    player = Player(name="Ann", user_id=ann.pk)
    assert coins.can_sit(player, 500) is None
    assert coins.can_sit(player, 501) == (
        "This table's bet is 501 coins: sitting down needs twice the bet, 1,002 coins, and you have 1,000 coins."
    )
    set_balance(ann, 0)
    assert "you have 0 coins" in coins.can_sit(player, 25)


def test_a_guest_sits_with_the_1000_coins_guests_start_with():
    """Zoe (guest), before any round, can sit at a 500 table, not at a 600 one."""
    zoe = Player(name="Zoe", guest_id="g-zoe")
    assert coins.can_sit(zoe, 500) is None
    assert coins.can_sit(zoe, 600) == (
        "This table's bet is 600 coins: sitting down needs twice the bet, 1,200 coins, "
        "and you have 1,000 coins."
    )


# -- The database and the ledger ---------------------------------------------------------------


def test_the_database_refuses_a_negative_balance(four):
    """The CHECK constraint holds even for a write that skips the application code."""
    ann = four[0]
    with pytest.raises(IntegrityError), transaction.atomic():
        Wallet.objects.filter(user=ann).update(balance=-1)
    assert balance(ann) == 1_000
    names = {constraint.name for constraint in Wallet._meta.constraints}
    assert "accounts_wallet_balance_not_negative" in names


def test_ledger_entries_cannot_be_changed_or_deleted(four):
    """Append-only: save on an existing entry, delete, and bulk update/delete all refuse."""
    entry = four[0].wallet.entries.get()
    entry.amount = 5_000
    with pytest.raises(AppendOnlyError):
        entry.save()
    with pytest.raises(AppendOnlyError):
        entry.delete()
    with pytest.raises(AppendOnlyError):
        LedgerEntry.objects.filter(pk=entry.pk).update(amount=5_000)
    with pytest.raises(AppendOnlyError):
        LedgerEntry.objects.all().delete()
    entry.refresh_from_db()
    assert entry.amount == 1_000
    assert LedgerEntry.objects.count() == 4


def test_deleting_an_account_gives_its_coins_back_to_the_bank(four):
    """Ann won coins, then her account is deleted: her wallet and entries go, her coins
    return to the bank, and no coin is lost. Deleting a room keeps its entries."""
    ann, bea, cal, dan = four
    room, seats = table(ann, bea, cal, dan)
    table_coins.settle_rounds(room, seats, [round_over(1, winning_team=0)])
    ann.delete()
    assert not Wallet.objects.filter(user_id=ann.pk).exists()
    assert total_coins() == 0
    room.delete()
    assert LedgerEntry.objects.filter(kind=Kind.ROUND_LOST, room__isnull=True).count() == 2


# -- Staff -------------------------------------------------------------------------------------


def test_staff_grant_and_take_with_ledger_entries():
    """Sam (staff) grants Bea 500 then takes 1,500: two entries with Sam and the reason;
    taking more than she has is refused with a clear error and changes nothing."""
    sam = account("Sam", is_staff=True)
    bea = account("Bea")
    granted = coins.grant(bea, 500, "Tournament prize", sam)
    assert (granted.kind, granted.amount, granted.balance_after, granted.staff, granted.reason) == (
        Kind.STAFF_GRANT,
        500,
        1_500,
        sam,
        "Tournament prize",
    )
    with pytest.raises(coins.CoinError, match=r"Bea has 1,500 coins: 1,501 coins cannot be taken"):
        coins.take(bea, 1_501, "Too much", sam)
    assert balance(bea) == 1_500
    taken = coins.take(bea, 1_500, "Chargeback", sam)
    assert (taken.kind, taken.amount, taken.balance_after, taken.staff) == (Kind.STAFF_TAKE, -1_500, 0, sam)
    assert balance(bea) == 0
    assert total_coins() == 0


@pytest.mark.parametrize(
    "amount, reason, staff, message",
    [
        (0, "Prize", True, "at least 1"),
        (-5, "Prize", True, "at least 1"),
        (10, "   ", True, "A reason is required."),
        (10, "Prize", False, "Only staff"),
    ],
)
def test_a_bad_staff_movement_is_refused(amount, reason, staff, message):
    """No amount below 1, no empty reason, nobody but staff."""
    bea = account("Bea")
    actor = account("Sam", is_staff=staff)
    with pytest.raises(coins.CoinError, match=message):
        coins.grant(bea, amount, reason, actor)
    assert balance(bea) == 1_000
    assert not Wallet.objects.exists() and not LedgerEntry.objects.exists()


def _admin_action(client, action, wallets, **form):
    data = {"action": action, "_selected_action": [wallet.pk for wallet in wallets], **form}
    return client.post(reverse("admin:accounts_wallet_changelist"), data)


def test_staff_grant_and_take_coins_through_the_admin(client):
    """The admin actions ask for an amount and a reason, then record a ledger entry per
    wallet with the staff account; a take that would go below zero changes nothing."""
    root = User.objects.create_superuser("Root", "root@example.com", None)
    ann, bea = account("Ann"), account("Bea")
    played(ann, bea)
    client.force_login(root)
    wallets = [ann.wallet, bea.wallet]

    form = _admin_action(client, "grant_coins", wallets)
    assert form.status_code == 200 and "Reason" in form.content.decode()
    missing = _admin_action(client, "grant_coins", wallets, apply="1", amount="200", reason="")
    assert "This field is required" in missing.content.decode()

    done = _admin_action(client, "grant_coins", wallets, apply="1", amount="200", reason="Weekend bonus")
    assert done.status_code == 302
    assert balances(ann, bea) == [1_200, 1_200]
    assert LedgerEntry.objects.filter(kind=Kind.STAFF_GRANT, staff=root, reason="Weekend bonus").count() == 2

    coins.take(bea, 1_100, "Set-up", root)
    refused = _admin_action(client, "take_coins", wallets, apply="1", amount="150", reason="Correction")
    assert "Bea has 100 coins: 150 coins cannot be taken" in refused.content.decode()
    assert balances(ann, bea) == [1_200, 100]

    _admin_action(client, "take_coins", [ann.wallet], apply="1", amount="150", reason="Correction")
    assert balance(ann) == 1_050
    assert ann.wallet.entries.first().staff == root
    assert total_coins() == 0


def test_staff_grant_coins_to_an_account_that_has_not_played_through_the_admin(client):
    """Cal's account has no wallet yet: the accounts' admin list grants him 200 coins,
    opening his wallet with his welcome coins first (1,200 in all), and takes 50 from
    Dan's the same way; no coin is lost."""
    root = User.objects.create_superuser("Root", "root@example.com", None)
    cal, dan = account("Cal"), account("Dan")
    client.force_login(root)
    changelist = reverse("admin:accounts_user_changelist")
    form = client.post(changelist, {"action": "grant_coins", "_selected_action": [cal.pk]})
    assert "Cal · 1,000 coins" in form.content.decode()
    done = client.post(changelist, {"action": "grant_coins", "_selected_action": [cal.pk], "apply": "1",
                                    "amount": "200", "reason": "Sorry for the outage"})
    assert done.status_code == 302
    client.post(changelist, {"action": "take_coins", "_selected_action": [dan.pk], "apply": "1",
                             "amount": "50", "reason": "Correction"})
    assert [Wallet.objects.get(user=user).balance for user in (cal, dan)] == [1_200, 950]
    assert list(cal.wallet.entries.order_by("id").values_list("kind", "amount", "staff")) == [
        (Kind.WELCOME, 1_000, None), (Kind.STAFF_GRANT, 200, root.pk)]
    assert total_coins() == 0


def test_the_admin_shows_the_ledger_and_the_bank_read_only(client):
    """Staff can list and filter ledger entries and see the bank; nothing there can be
    added, changed or deleted."""
    root = User.objects.create_superuser("Root", "root@example.com", None)
    played(account("Ann"))
    client.force_login(root)
    listing = client.get(reverse("admin:accounts_ledgerentry_changelist"), {"kind": "welcome", "q": "Ann"})
    assert listing.status_code == 200 and "Welcome to the club." in listing.content.decode()
    entry = LedgerEntry.objects.first()
    assert client.get(reverse("admin:accounts_ledgerentry_add")).status_code == 403
    assert client.post(reverse("admin:accounts_ledgerentry_delete", args=[entry.pk])).status_code == 403
    assert client.get(reverse("admin:accounts_bank_changelist")).status_code == 200
    assert client.get(reverse("admin:accounts_wallet_changelist"), {"q": "Ann"}).status_code == 200
    assert LedgerEntry.objects.count() == 1


# -- Invariants over many rounds ---------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_over_many_random_rounds_no_coin_is_created_or_lost(seed):
    """Random tables of accounts, guests and bots, random bets from 25 to 1,000, random
    winners, sometimes all 13 hands, some players made poor: after every round the wallets
    plus the bank add up to the same total, nobody is below zero, and each wallet's
    entries are a running sum of its movements."""
    rng = random.Random(seed)
    sam = account("Sam", is_staff=True)
    people = [account(name) for name in ("Ann", "Bea", "Cal", "Dan", "Eve", "Fay")]
    played(*people[:3])  # the others' wallets open at their first round
    total = total_coins()
    for number in range(60):
        if rng.random() < 0.15:
            poor = rng.choice(people)
            have = balance(poor)
            if have:
                coins.take(poor, rng.randint(1, have), "Made poor", sam)
        crowd = [*rng.sample(people, 3), Guest("Zoe"), BOT]
        room, seats = table(*rng.sample(crowd, 4), bet=rng.randint(25, 1_000))
        for round_number in range(1, rng.randint(1, 3) + 1):
            event = round_over(round_number, rng.randint(0, 1), all_hands=rng.random() < 0.2)
            with transaction.atomic():
                table_coins.settle_rounds(room, seats, [event, event] if number % 7 == 0 else [event])
            assert total_coins() == total
            assert not Wallet.objects.filter(balance__lt=0).exists()
    assert Bank.objects.count() == 1
    assert LedgerEntry.objects.aggregate(total=Sum("amount"))["total"] == -coins.bank_balance()
    assert_running_sums()
