"""Tables that play for coins: what sitting down needs, the coins each round that ends
moves, and who sits out once they can no longer cover the bet (house ruling "Coins").
Every game whose definition has ``stakes`` (``GameDefinition.plays_for_coins``) is
played so; what a round moves is the game's own to say (``Stakes.round_coins``). The
wallets, the bank and the ledger are ``accounts.coins``'.

A seat whose person sits out (``Seat.sitting_out``: a stand-in bot plays it because they
could not cover the bet) moves no coins, as a bot's seat: nobody earns or loses coins
they could not have staked.
"""

import hashlib

from django.db import connection
from django.db.models import Q
from django.utils.translation import gettext_lazy

from accounts import coins
from accounts.models import LedgerEntry
from games import registry
from games.definition import RoundCoins, Stakes
from games.options_schema import WholeNumber
from rooms.errors import Refusal
from rooms.models import Room, Seat

BET = "bet"  # the option that says what a round bets
OPEN = (Room.Status.WAITING, Room.Status.PLAYING)
CANNOT_COVER = gettext_lazy("You can't cover the bet any more: a bot plays your seat, for no coins; you can watch.")


def table_bet(room) -> int:
    return _bet(room.game, room.options)


def _bet(game: str, options: dict) -> int:
    bet = options.get(BET)
    if bet is None:
        option = registry.definition(game).options[BET]
        assert isinstance(option, WholeNumber), "a game played for coins has a number for its bet"
        bet = option.default
    return int(bet)


def _stakes(game: str) -> Stakes:
    stakes = registry.definition(game).stakes
    if stakes is None:
        raise LookupError(f"{game} is not played for coins.")
    return stakes


def can_sit(player, room) -> str | None:
    """Sitting at a table that plays for coins needs twice its bet, beyond what the
    player's seats at other open tables that play for coins hold."""
    return coins.can_sit(player, table_bet(room), held_elsewhere(player, room))


def can_play(player, room) -> Refusal | None:
    """A person who can no longer cover the bet does not take their seat back."""
    return CANNOT_COVER if coins.cannot_cover(coins.balance_of(player), table_bet(room)) else None


def after_events(room, match, seats, events) -> list[int]:
    """Settle the coins of every round that ended; from the end of a round each person
    who can no longer cover the bet sits out: a stand-in bot plays their seat, for no
    coins (they may watch)."""
    # No new entry: no round ended, or no person at the table plays for its coins.
    if not settle_rounds(room, seats, events) or registry.engine(room.game).outcome(match.state) is not None:
        return []
    bet = table_bet(room)
    return [index for index, balance in coins.seat_balances(seats).items() if coins.cannot_cover(balance, bet)]


def extras(room, seats) -> dict:
    """The seated people's coins, what each round moved (by round, then seat), whose
    seat sits out (a stand-in bot plays it, for no coins) and which of them still cannot
    cover the bet (two queries at most), so the table partials never query per viewer."""
    balances = coins.seat_balances(seats)
    state = getattr(getattr(room, "match", None), "state", None) or {}
    bet = table_bet(room)
    sitting_out = [s.index for s in seats if s.sitting_out] if room.status == "playing" else []
    rounds_over = _stakes(room.game).rounds_over
    return {
        "balances": balances,
        "guests": [s.index for s in seats if not s.is_bot and s.user_id is None and s.guest_id],
        "moved": coins.round_moves(room, seats) if balances and state and rounds_over(state) else {},
        "sitting_out": sitting_out,
        "cannot_cover": [index for index in sitting_out if coins.cannot_cover(balances.get(index, 0), bet)],
    }


def held_elsewhere(player, room) -> dict[str, int]:
    """What ``player``'s seats at the other open tables that play for coins hold
    (``held_by``), read in the sit-down's transaction once any other sit-down of the same
    person's has committed (``_one_sit_down_at_a_time``)."""
    _one_sit_down_at_a_time(player)
    return held_by(player, excluding=room.pk)


def held_by(player, excluding: int | None = None) -> dict[str, int]:
    """What ``player``'s seats at open tables that play for coins (but the room
    ``excluding``) hold, by table code: what sitting down there needed, for as long as
    they sit in a waiting or playing room. Read from the seats themselves (one query)."""
    mine = Q(user_id=player.user_id) if player.user_id is not None else Q(guest_id=player.guest_id)
    for_coins = [game.slug for game in registry.GAMES if game.plays_for_coins]
    seats = (
        Seat.objects.filter(mine, room__game__in=for_coins, room__status__in=OPEN)
        .exclude(room_id=excluding)
        .order_by("room_id")
        .values_list("room__code", "room__game", "room__options")
    )
    return {code: coins.needed_to_sit(_bet(game, options)) for code, game, options in seats}


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


def settle_rounds(room, seats, events) -> list[LedgerEntry]:
    """Settle the coins of every round that ended among ``events`` for the people at
    ``room``'s seats, as the game's ``Stakes.round_coins`` says.

    Called inside the transaction of the game change, with the seats in index order.
    Returns the new ledger entries: none for a round already settled, for bots, for
    empty seats or for seats whose person sits out.
    """
    bet = table_bet(room)
    round_coins = _stakes(room.game).round_coins
    entries: list[LedgerEntry] = []
    for moved in round_coins(events, len(seats), bet):
        entries += _settle(room, seats, moved, bet)
    return entries


def _settle(room, seats, moved: RoundCoins, bet: int) -> list[LedgerEntry]:
    playing = {seat.index: seat for seat in seats if not seat.sitting_out}
    winners = [playing[index] for index in moved.winners if index in playing]
    losers = [playing[index] for index in moved.losers if index in playing]
    terms = f"bet {coins.coins(bet)}, {moved.why}" if moved.why else f"bet {coins.coins(bet)}"
    return coins.settle_bets(room, moved.round, winners, losers, moved.amount, terms)
