"""Court Piece's coins: what a round bets and who wins it (house ruling "Coins" for
Court Piece). The wallets, the bank and the ledger are ``accounts.coins``'.

After every round each person on the losing team pays the table's bet to the bank and
each person on the winning team is paid it by the bank; double when the round was won
with all 13 hands. Team ``t`` is seats ``t`` and ``t + 2``. A seat whose person sits out
(``Seat.sitting_out``: a stand-in bot plays it because they could not cover the bet)
moves no coins, as a bot's seat: nobody earns or loses coins they could not have staked.
"""

import hashlib

from django.db import connection
from django.db.models import Q

from accounts import coins
from accounts.models import LedgerEntry
from games.courtpiece.options import DEFAULT_OPTIONS
from games.courtpiece.rules import NAME as COURT_PIECE
from rooms.models import Room, Seat

DEFAULT_BET = DEFAULT_OPTIONS["bet"]
OPEN = (Room.Status.WAITING, Room.Status.PLAYING)


def table_bet(room) -> int:
    return _bet(room.options)


def _bet(options: dict) -> int:
    return int(options.get("bet", DEFAULT_BET))


def held_elsewhere(player, room) -> dict[str, int]:
    """What ``player``'s seats at the other open Court Piece tables hold (``held_by``),
    read in the sit-down's transaction once any other sit-down of the same person's has
    committed (``_one_sit_down_at_a_time``)."""
    _one_sit_down_at_a_time(player)
    return held_by(player, excluding=room.pk)


def held_by(player, excluding: int | None = None) -> dict[str, int]:
    """What ``player``'s seats at open Court Piece tables (but the room ``excluding``)
    hold, by table code: what sitting down there needed, for as long as they sit in a
    waiting or playing room. Read from the seats themselves (one query)."""
    mine = Q(user_id=player.user_id) if player.user_id is not None else Q(guest_id=player.guest_id)
    seats = (
        Seat.objects.filter(mine, room__game=COURT_PIECE, room__status__in=OPEN)
        .exclude(room_id=excluding)
        .order_by("room_id")
        .values_list("room__code", "room__options")
    )
    return {code: coins.needed_to_sit(_bet(options)) for code, options in seats}


def _one_sit_down_at_a_time(player) -> None:
    """Until this transaction ends, any other that sits ``player`` down waits here, so that
    two sit-downs at once cannot each miss the other's seat. PostgreSQL: an advisory lock
    on the person; SQLite's transactions (``IMMEDIATE``) already write one at a time."""
    if connection.vendor != "postgresql":
        return
    person = f"sit-down {player.user_id} {player.guest_id or ''}".encode()
    key = int.from_bytes(hashlib.blake2b(person, digest_size=8).digest(), "big", signed=True)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [key])


def settle_round(room, seats, event: dict) -> list[LedgerEntry]:
    """Settle one Court Piece ``round_over`` event for the people at ``room``'s seats.

    Returns the new ledger entries: none for a round already settled, for bots, for
    empty seats or for seats whose person sits out.
    """
    seats = [seat for seat in seats if not seat.sitting_out]
    bet = table_bet(room)
    all_hands = bool(event.get("all_hands"))
    winning_team = int(event["winning_team"]) % 2
    winners = [seat for seat in seats if seat.index % 2 == winning_team]
    losers = [seat for seat in seats if seat.index % 2 != winning_team]
    terms = f"bet {coins.coins(bet)}, doubled: all 13 hands" if all_hands else f"bet {coins.coins(bet)}"
    amount = 2 * bet if all_hands else bet
    return coins.settle_bets(room, int(event["round"]), winners, losers, amount, terms)


def settle_rounds_over(room, seats, events) -> None:
    """Settle the coins of every round that ended among ``events``.

    Called inside the transaction of the game change, with the seats in index order."""
    for event in events:
        if event.get("type") == "round_over":
            settle_round(room, seats, event)
