"""Coins: the wallets, the bank and the ledger.

Every movement goes between one wallet and the bank and is one ``LedgerEntry``; the
bank is the only place coins come from or go to, so at every moment

    sum(wallet balances) + bank balance == 0

(deleting an account gives its coins back to the bank first). The rules (house
ruling "Coins"; what a round bets is the game's to say, its definition's ``Stakes``,
and ``rooms.table_coins`` settles it):

* An account's ``WELCOME_COINS`` (1,000) come from the bank, a ``welcome`` entry, when
  its wallet is opened: when it first plays for coins (its first round played for
  coins is settled) or finishes its first game of any kind (``open_wallets``),
  whichever comes first, or when staff first grant or take its coins. Until then it has no wallet and
  is on no board, and the bank has paid nothing, while ``balance_of`` counts the welcome
  coins (to sit down, at the table), as for a guest: accounts made and never played
  (sign-up, ``createsuperuser``, the admin, scripts) cost the bank nothing, so making
  many pays no coins.
* When a round is settled (``settle_bets``) each person at a losing seat pays the amount
  to the bank and each person at a winning seat is paid it by the bank. A balance never
  goes below zero: whoever cannot pay in full pays what they have (the winners are still
  paid in full by the bank).
* Bots (seats with a ``bot_level``) neither pay nor are paid. A person's seat that a
  stand-in bot plays after their timeouts is still that person's: they pay or are paid.
  One that a stand-in plays because they could no longer cover the bet (the seat sits
  out, ``Seat.sitting_out``) moves no coins, as a bot's seat, until they take it back:
  the game's rules leave it out of what they settle.
* A guest's coins move exactly as an account's: a guest has a wallet too, keyed by the
  guest id of their session and opened with ``GUEST_COINS`` (1,000, a ``welcome`` entry)
  from the bank when their first round is settled (until then ``balance_of`` is 1,000;
  a finished game opens no guest's wallet).
  It lasts as long as the guest id, that is the session; it is not saved to an account:
  a guest who signs up starts with the account's own welcome coins, whatever they won or
  lost as a guest (else every losing guest would start again and every winning one sign
  up), and a guest who logs in has the account's coins. Guests' wallets are on no board.
* To sit down a player needs twice the table's bet (``can_sit``), free: a seat holds
  what sitting there needed while its person sits in a waiting or playing room, so the
  same coins cannot back two seats (what a person's other seats hold is read from the
  seats themselves, ``rooms.table_coins.held_elsewhere``). A player with less than
  the bet can no longer cover it (``cannot_cover``): from the end of that round a
  stand-in bot plays their seat (``rooms.table_coins``).
* Staff can ``grant`` and ``take`` coins, with a reason, recorded with their account.

Locking: wallet rows are locked (``select_for_update``) in wallet-id order, then any
wallet opened meanwhile, the bank row last (its ``UPDATE`` locks it until commit), so
concurrent settlements cannot deadlock.
Settling a round is idempotent per room, round and wallet: asking again changes nothing
(and a database unique constraint backs this up).
"""

from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from accounts.identity import Player
from accounts.models import GUEST_COINS_REASON, WELCOME_REASON, Bank, LedgerEntry, User, Wallet, coins_said

WELCOME_COINS = 1_000
GUEST_COINS = 1_000

Kind = LedgerEntry.Kind

# Whose wallet: ``(user_id, "")`` for an account, ``(None, guest_id)`` for a guest.
Owner = tuple[int | None, str]


class CoinError(ValueError):
    """A coin movement that cannot be made; the message is for people."""


def coins(amount: int) -> str:
    """``1000`` → ``"1,000 coins"``, in English: the ledger's reasons are records, written
    in one language whoever's request settled the round."""
    return f"{amount:,} coin" if amount == 1 else f"{amount:,} coins"


def number(amount: int) -> str:
    """``1000`` → ``"1,000"``, as the active language writes it."""
    return formats.number_format(amount, force_grouping=True)


# -- Reading ------------------------------------------------------------------------


def _owner(holder) -> Owner:
    """The owner of a player's, a seat's or a wallet's coins."""
    return (holder.user_id, "") if holder.user_id is not None else (None, holder.guest_id or "")


def _owned_by(owners) -> Q:
    users = [user for user, _ in owners if user is not None]
    guests = [guest for user, guest in owners if user is None and guest]
    return Q(user_id__in=users) | Q(guest_id__in=guests)


def _starting_coins(owner: Owner) -> int:
    return WELCOME_COINS if owner[0] is not None else GUEST_COINS


def _people(seats) -> list:
    return [seat for seat in seats if not seat.is_bot and not seat.is_empty]


def wallet_balance(player: Player) -> int | None:
    """The balance of ``player``'s wallet, or ``None`` while they have none (an account or
    a guest that has not played for coins yet)."""
    return Wallet.objects.filter(_owned_by([_owner(player)])).values_list("balance", flat=True).first()


def balance_of(player: Player) -> int:
    """What ``player`` has to play with: their wallet's balance or, while they have none,
    the coins it will be opened with (``WELCOME_COINS``, a guest's ``GUEST_COINS``)."""
    balance = wallet_balance(player)
    return _starting_coins(_owner(player)) if balance is None else balance


def seat_balances(seats) -> dict[int, int]:
    """What the person at each of ``seats`` has, by seat index (bots and empty seats left
    out), in one query."""
    people = _people(seats)
    if not people:
        return {}
    owners = {_owner(seat) for seat in people}
    found = {
        (user_id, guest_id): balance
        for user_id, guest_id, balance in Wallet.objects.filter(_owned_by(owners)).values_list(
            "user_id", "guest_id", "balance"
        )
    }
    return {seat.index: found.get(_owner(seat), _starting_coins(_owner(seat))) for seat in people}


def round_moves(room, seats) -> dict[int, dict[int, int]]:
    """What each round at ``room`` moved for the person at each of ``seats``: by round
    number, then by seat index, from the ledger (one query)."""
    owners = {_owner(seat): seat.index for seat in _people(seats)}
    moved: dict[int, dict[int, int]] = {}
    for round_number, user_id, guest_id, amount in (
        LedgerEntry.objects.filter(room_id=room.pk, round__isnull=False)
        .values_list("round", "wallet__user_id", "wallet__guest_id", "amount")
        .order_by("round", "pk")
    ):
        index = owners.get((user_id, guest_id))
        if index is not None:
            moved.setdefault(round_number, {})[index] = amount
    return moved


def needed_to_sit(bet: int) -> int:
    """What sitting down at a table of ``bet`` needs, and what the seat then holds."""
    return 2 * bet


def can_sit(player: Player, bet: int, held: dict[str, int] | None = None) -> str | None:
    """``None`` when ``player`` has at least twice ``bet`` free, beyond what their seats
    at other tables hold (``held``: by table code); otherwise the reason they cannot sit
    down, as a sentence to show them."""
    needed = needed_to_sit(bet)
    balance = balance_of(player)
    held = held or {}
    holding = sum(held.values())
    if balance - holding >= needed:
        return None
    amounts = {"bet": coins_said(bet), "needed": coins_said(needed), "balance": coins_said(balance)}
    if not holding:
        return (
            _("This table's bet is %(bet)s: sitting down needs twice the bet, %(needed)s, and you have %(balance)s.")
            % amounts
        )
    amounts |= {"free": coins_said(max(balance - holding, 0)), "held": number(holding)}
    if len(held) == 1:
        [code] = held
        return ngettext(
            "This table's bet is %(bet)s: sitting down needs twice the bet, %(needed)s, and you have %(free)s free: "
            "of your %(balance)s, %(held)s is held for your seat at table %(code)s while you sit there.",
            "This table's bet is %(bet)s: sitting down needs twice the bet, %(needed)s, and you have %(free)s free: "
            "of your %(balance)s, %(held)s are held for your seat at table %(code)s while you sit there.",
            holding,
        ) % {**amounts, "code": code}
    tables = [
        pgettext("a table and the coins held there", "%(code)s (%(coins)s)") % {"code": code, "coins": number(amount)}
        for code, amount in held.items()
    ]
    return ngettext(
        "This table's bet is %(bet)s: sitting down needs twice the bet, %(needed)s, and you have %(free)s free: "
        "of your %(balance)s, %(held)s is held for your seats at tables %(tables)s while you sit there.",
        "This table's bet is %(bet)s: sitting down needs twice the bet, %(needed)s, and you have %(free)s free: "
        "of your %(balance)s, %(held)s are held for your seats at tables %(tables)s while you sit there.",
        holding,
    ) % {**amounts, "tables": listed(tables)}


def listed(items: list[str]) -> str:
    """Two or more items joined as the language joins a list ("A, B and C")."""
    return pgettext("a list", "%(items)s and %(last)s") % {
        "items": pgettext("a list's separator", ", ").join(items[:-1]),
        "last": items[-1],
    }


def cannot_cover(balance: int, bet: int) -> bool:
    """A player with less than the bet can no longer cover it (a round lost costs the bet)."""
    return balance < bet


# -- Opening and closing --------------------------------------------------------------


def open_wallets(seats) -> None:
    """Open the wallets of the accounts at ``seats`` that have none yet, with their
    welcome coins from the bank: they have finished a game. Called inside the
    transaction that ends it; for the accounts that have a wallet, one query."""
    accounts = {_owner(seat) for seat in _people(seats) if seat.user_id is not None}
    if not accounts:
        return
    opened_before = set(Wallet.objects.filter(_owned_by(accounts)).values_list("user_id", flat=True))
    unopened = {account for account in accounts if account[0] not in opened_before}
    if unopened:
        _, opened = _wallets_for_update(unopened)
        _bank_add(-opened)


def close_wallet(wallet: Wallet) -> None:
    """Give a wallet's coins back to the bank (the account is being deleted; its wallet
    and entries go with it)."""
    with transaction.atomic():
        balance = Wallet.objects.select_for_update().filter(pk=wallet.pk).values_list("balance", flat=True).first()
        if balance:
            _bank_add(balance)


# -- Bets -------------------------------------------------------------------------------


def settle_bets(room, round_number: int, winners, losers, amount: int, terms: str) -> list[LedgerEntry]:
    """Settle round ``round_number`` at ``room``: the bank pays ``amount`` to each person
    at the ``winners`` seats and each person at the ``losers`` seats pays it to the bank,
    or what they have (``terms`` says what was bet, for the reasons).

    Returns the new ledger entries: none for a round already settled, for bots or for
    empty seats.
    """
    winners, losers = _owners_of(winners), _owners_of(losers)
    # One person at both sides' seats would pay themselves: they are left out.
    winners, losers = winners - losers, losers - winners
    if not winners and not losers:
        return []

    table = f"round {round_number} at table {room.code}"
    entries = []
    with transaction.atomic():
        wallets, opened = _wallets_for_update(winners | losers)
        bank_delta = -opened
        settled = set(
            LedgerEntry.objects.filter(
                room=room, round=round_number, kind__in=(Kind.ROUND_WON, Kind.ROUND_LOST), wallet__in=wallets.values()
            ).values_list("wallet_id", flat=True)
        )
        moved = []
        for wallet in sorted(wallets.values(), key=lambda w: w.pk):
            if wallet.pk in settled:
                continue
            if _owner(wallet) in winners:
                kind, change, reason = Kind.ROUND_WON, amount, f"Won {table} ({terms})."
            else:
                paid = min(amount, wallet.balance)  # nobody goes below zero
                short = f"; could pay only {coins(paid)} of {coins(amount)}" if paid < amount else ""
                kind, change, reason = Kind.ROUND_LOST, -paid, f"Lost {table} ({terms}{short})."
            wallet.balance += change
            moved.append(wallet)
            entries.append(
                LedgerEntry(
                    wallet=wallet,
                    amount=change,
                    balance_after=wallet.balance,
                    kind=kind,
                    room=room,
                    round=round_number,
                    reason=reason,
                )
            )
            bank_delta -= change
        # Few queries inside the room's lock: one UPDATE for the wallets, one INSERT.
        Wallet.objects.bulk_update(moved, ["balance"])
        LedgerEntry.objects.bulk_create(entries)
        _bank_add(bank_delta)
    return entries


def _owners_of(seats) -> set[Owner]:
    return {_owner(seat) for seat in _people(seats)}  # bots neither pay nor are paid


# -- Staff --------------------------------------------------------------------------------


def grant(user, amount: int, reason: str, staff) -> LedgerEntry:
    """Staff give ``amount`` coins from the bank to ``user``'s wallet."""
    reason = _check_staff_movement(amount, reason, staff, _("Only staff can grant coins."))
    with transaction.atomic():
        wallets, opened = _wallets_for_update([_account(user)])
        entry = _move(wallets[_account(user)], amount, Kind.STAFF_GRANT, reason=reason, staff=staff)  # type: ignore[arg-type]  # a TextChoices member is a str
        _bank_add(-opened - amount)
    return entry


def take(user, amount: int, reason: str, staff) -> LedgerEntry:
    """Staff take ``amount`` coins from ``user``'s wallet back to the bank; refused
    (``CoinError``) when the wallet holds less: a balance never goes below zero."""
    reason = _check_staff_movement(amount, reason, staff, _("Only staff can take coins."))
    with transaction.atomic():
        wallets, opened = _wallets_for_update([_account(user)])
        wallet = wallets[_account(user)]
        if wallet.balance < amount:
            raise CoinError(
                _("%(name)s has %(balance)s: %(amount)s cannot be taken (a balance never goes below zero).")
                % {"name": user.get_username(), "balance": coins_said(wallet.balance), "amount": coins_said(amount)}
            )
        entry = _move(wallet, -amount, Kind.STAFF_TAKE, reason=reason, staff=staff)  # type: ignore[arg-type]  # a TextChoices member is a str
        _bank_add(amount - opened)
    return entry


def _check_staff_movement(amount, reason, staff, refusal: str) -> str:
    if staff is None or not staff.is_staff:
        raise CoinError(refusal)
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise CoinError(_("The amount must be a whole number of coins, at least 1."))
    reason = (reason or "").strip()
    if not reason:
        raise CoinError(_("A reason is required."))
    return reason


# -- Internals ------------------------------------------------------------------------------


def _account(user) -> Owner:
    return (user.pk, "")


def _wallets_for_update(owners) -> tuple[dict[Owner, Wallet], int]:
    """Lock the owners' wallets in wallet-id order, opening (with the welcome or guest
    coins) any that is missing. Returns the wallets by owner and the coins they were
    opened with, which the caller takes from the bank after the wallets (the bank row is
    always locked last)."""
    owners = set(owners)
    locked = Wallet.objects.select_for_update().filter(_owned_by(owners)).order_by("pk")
    wallets = {_owner(wallet): wallet for wallet in locked}
    opened = 0
    for owner in sorted(owners - wallets.keys(), key=str):
        wallets[owner], paid = _open(owner)
        opened += paid
    return wallets, opened


def _open(owner: Owner) -> tuple[Wallet, int]:
    """``owner``'s new wallet, opened with their starting coins, and those coins; or, if
    another transaction opened it meanwhile (a round settled at another table as this
    one, say), that wallet, locked, and 0."""
    user_id, guest_id = owner
    amount = _starting_coins(owner)
    # A deactivated account's wallet (staff moving its coins) stays off the boards.
    active = user_id is not None and User.objects.filter(pk=user_id, is_active=True).exists()
    reason = WELCOME_REASON if user_id is not None else GUEST_COINS_REASON
    try:
        with transaction.atomic():  # a savepoint: the other transaction's wallet stands
            wallet = Wallet.objects.create(user_id=user_id, guest_id=guest_id, balance=amount, active=active)
            LedgerEntry.objects.create(
                wallet=wallet, amount=amount, balance_after=amount, kind=Kind.WELCOME, reason=reason
            )
    except IntegrityError:
        return Wallet.objects.select_for_update().get(_owned_by([owner])), 0
    return wallet, amount


def _move(wallet: Wallet, amount: int, kind: str, **fields) -> LedgerEntry:
    """Change a locked wallet by ``amount`` and record it (the bank is the caller's)."""
    wallet.balance += amount
    wallet.save(update_fields=["balance"])
    return LedgerEntry.objects.create(wallet=wallet, amount=amount, balance_after=wallet.balance, kind=kind, **fields)


def _bank_add(delta: int) -> None:
    """Change the bank's balance; the ``UPDATE`` holds the bank row until commit."""
    if not delta:
        return
    if not Bank.objects.filter(pk=Bank.SINGLE_ID).update(balance=F("balance") + delta):
        Bank.objects.get_or_create(pk=Bank.SINGLE_ID)
        Bank.objects.filter(pk=Bank.SINGLE_ID).update(balance=F("balance") + delta)


def bank_balance() -> int:
    """The bank's balance (0 before any movement)."""
    return Bank.objects.filter(pk=Bank.SINGLE_ID).values_list("balance", flat=True).first() or 0
