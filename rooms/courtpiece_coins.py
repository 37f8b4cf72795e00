"""Court Piece's coins: what a round bets and who wins it (house ruling "Coins" for
Court Piece). The wallets, the bank and the ledger are ``accounts.coins``'.

After every round each person on the losing team pays the table's bet to the bank and
each person on the winning team is paid it by the bank; double when the round was won
with all 13 hands. Team ``t`` is seats ``t`` and ``t + 2``. A seat whose person sits out
(``Seat.sitting_out``: a stand-in bot plays it because they could not cover the bet)
moves no coins, as a bot's seat: nobody earns or loses coins they could not have staked.
"""

from accounts import coins
from accounts.models import LedgerEntry
from games.courtpiece.options import DEFAULT_OPTIONS

DEFAULT_BET = DEFAULT_OPTIONS["bet"]


def table_bet(room) -> int:
    return int(room.options.get("bet", DEFAULT_BET))


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
