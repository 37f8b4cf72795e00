"""Per-game room rules: how a room of each game is coded, filled and started.

The rooms core asks these questions and never names a game itself.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from types import MappingProxyType

from django.conf import settings

from accounts import coins
from accounts.identity import BOT_LEVEL_LABELS
from games.core import Engine
from games.courtpiece import bots as courtpiece_bots
from games.courtpiece.rules import ENGINE as COURTPIECE
from games.dayous import bots as dayous_bots
from games.dayous.rules import ENGINE as DAYOUS
from games.disunyer import bots as disunyer_bots
from games.disunyer.rules import ENGINE as DISUNYER
from rooms.courtpiece_coins import held_elsewhere, settle_rounds_over, table_bet

LETTERS_WITHOUT_LOOKALIKES = "ACDEFHJKMNPRTUVWXY"
DIGITS = "0123456789"
BOT_LEVELS = tuple(BOT_LEVEL_LABELS)
STANDIN_LEVEL = "normal"  # how a stand-in bot plays a person's seat
# A waiting room whose host has been away this long passes the host to a person present
# or, with nobody present, closes (rooms/services.py).
HOST_AWAY_LIMIT = timedelta(minutes=5)
# A strong bot searches for most of a second a move. Its moves have a worker of their own
# (the Procfile's strong-bots), so that no other bot's move waits behind a search, and
# the other bots' worker can be one process without a pool (docs/architecture.md).
BOT_QUEUES = MappingProxyType({"easy": "bots", "normal": "bots", "strong": "strong-bots"})


def bot_levels(game_bots) -> dict:
    """A game's bots by the levels rooms offer: random play, rules of thumb, search."""
    return {"easy": game_bots.RandomBot, "normal": game_bots.RuleBot, "strong": game_bots.StrongBot}


@dataclass(frozen=True)
class RoomRules:
    game: str
    title: str
    engine: Engine
    bots: dict  # level -> bot class
    code_alphabet: str
    code_length: int
    fixed_seats: int | None = None  # None: the host chooses the number of seats
    start_when_full_after: timedelta | None = timedelta(0)
    fill_with_bots_after: timedelta | None = timedelta(minutes=3)
    # The host may start before the room is full; bots then take the empty seats.
    host_can_start: bool = False
    # After this many timeouts in a row a bot plays the seat until its player acts.
    standin_after_timeouts: int | None = None
    # on_events(room, match, seats, events) -> seat indices: called inside the transaction
    # with the public events of every change; the seats it returns sit out from then on
    # (``sit_out``; Court Piece: people who can no longer cover the bet).
    on_events: Callable | None = None
    # Where people sit as they join, as offsets from the host's seat (e.g. (2, 1, 3):
    # the first to join sits opposite the host). None: the first empty seat.
    join_order: tuple[int, ...] | None = None
    # can_sit(player, room) -> a sentence saying why the player cannot sit, or None.
    can_sit: Callable | None = None
    # can_play(player, room) -> a sentence saying why a person whose seat a stand-in bot
    # plays may not take it back with a move, or None.
    can_play: Callable | None = None
    # The host's partner sits at this offset from the host; with it the host can propose
    # another partner, which every person in the other seats must accept.
    partner_offset: int | None = None
    # extras(room, seats) -> dict: more data the table partials need, loaded once per
    # snapshot (e.g. the seated accounts' coins).
    snapshot_extras: Callable | None = None
    # Pauses for people to read what just happened: event type -> the setting (in ms)
    # for how long the table then stays before anyone acts (see pause_after).
    pauses: Mapping[str, str] = field(default_factory=dict)

    def bot_for(self, level: str):
        return self.bots[level]()

    @property
    def code_shape(self) -> str:
        """What a room's code looks like, in words: "4 letters", "6 digits"."""
        alphabet = self.code_alphabet
        kind = "digits" if alphabet.isdigit() else "letters" if alphabet.isalpha() else "letters and digits"
        return f"{self.code_length} {kind}"

    def played_by_bot(self, seat) -> bool:
        """A bot's seat, or a person's seat a stand-in bot plays after their timeouts."""
        if seat.is_bot:
            return True
        limit = self.standin_after_timeouts
        return limit is not None and seat.timeouts_in_a_row >= limit

    def stood_in_for(self, seat) -> bool:
        """A person's seat that a stand-in bot plays after their timeouts."""
        return not seat.is_bot and self.played_by_bot(seat)

    def sit_out(self, seat) -> bool:
        """From now on a stand-in bot plays a person's seat, as after the timeouts, and
        the person sits out (``Seat.sitting_out``): the game's rules keep them out until
        their move takes the seat back, if ``can_play`` lets them. Whether the seat changed."""
        if seat.sitting_out:
            return False
        seat.sitting_out = True
        seat.timeouts_in_a_row = max(seat.timeouts_in_a_row, self.standin_after_timeouts or 0)
        return True

    def pause_after(self, events: list[dict]) -> timedelta | None:
        """How long the table stays still after a change with these events (the longest
        pause any of them calls for), or None."""
        called_for = (getattr(settings, self.pauses[e["type"]]) for e in events if e.get("type") in self.pauses)
        longest = max(called_for, default=0)
        return timedelta(milliseconds=longest) if longest else None

    def seat_order(self, host_seat: int, seat_count: int) -> list[int]:
        """The seats in the order newcomers (and added bots) take them."""
        if self.join_order is None:
            return list(range(seat_count))
        first = [(host_seat + offset) % seat_count for offset in self.join_order]
        return list(dict.fromkeys(first + list(range(seat_count))))

    def partner_seat(self, host_seat: int, seat_count: int) -> int | None:
        if self.partner_offset is None:
            return None
        return (host_seat + self.partner_offset) % seat_count


DISUNYER_RULES = RoomRules(
    game="disunyer",
    title="Disunyer",
    engine=DISUNYER,
    bots=bot_levels(disunyer_bots),
    code_alphabet=LETTERS_WITHOUT_LOOKALIKES,
    code_length=4,
    fixed_seats=8,
    # Every knock-out: the reveal's lowest cards, a Disunyer guessed or never called.
    pauses=MappingProxyType(dict.fromkeys(("out", "guess", "no_call"), "PAUSE_AFTER_KNOCKOUT_MS")),
)

DAYOUS_RULES = RoomRules(
    game="dayous",
    title="Dayous",
    engine=DAYOUS,
    bots=bot_levels(dayous_bots),
    code_alphabet=LETTERS_WITHOUT_LOOKALIKES,
    code_length=4,
    fixed_seats=None,
    start_when_full_after=timedelta(0),
    fill_with_bots_after=timedelta(minutes=3),
    host_can_start=True,
    # Court Piece's rule with a smaller count for Dayous's longer clock (RULINGS.md).
    standin_after_timeouts=3,
)



def _court_piece_can_sit(player, room) -> str | None:
    """Sitting at a Court Piece table needs twice its bet, beyond what the player's seats
    at other open Court Piece tables hold."""
    return coins.can_sit(player, table_bet(room), held_elsewhere(player, room))


CANNOT_COVER = "You can't cover the bet any more: a bot plays your seat, for no coins; you can watch."


def _court_piece_can_play(player, room) -> str | None:
    """A person who can no longer cover the bet does not take their seat back."""
    return CANNOT_COVER if coins.cannot_cover(coins.balance_of(player), table_bet(room)) else None


def _court_piece_events(room, match, seats, events) -> list[int]:
    """Settle the coins of every round that ended; from the end of a round each person
    who can no longer cover the bet sits out: a stand-in bot plays their seat, for no
    coins (they may watch)."""
    settle_rounds_over(room, seats, events)
    kinds = {event.get("type") for event in events}
    if "round_over" not in kinds or "game_over" in kinds:
        return []
    bet = table_bet(room)
    return [index for index, balance in coins.seat_balances(seats).items() if coins.cannot_cover(balance, bet)]


def _court_piece_extras(room, seats) -> dict:
    """The seated people's coins, what each round moved (by round, then seat), whose
    seat sits out (a stand-in bot plays it, for no coins) and which of them still cannot
    cover the bet (two queries at most), so the table partials never query per viewer."""
    balances = coins.seat_balances(seats)
    state = getattr(getattr(room, "match", None), "state", None) or {}
    bet = table_bet(room)
    sitting_out = [s.index for s in seats if s.sitting_out] if room.status == "playing" else []
    return {
        "balances": balances,
        "guests": [s.index for s in seats if not s.is_bot and s.user_id is None and s.guest_id],
        "moved": coins.round_moves(room, seats) if state.get("history") and balances else {},
        "sitting_out": sitting_out,
        "cannot_cover": [index for index in sitting_out if coins.cannot_cover(balances.get(index, 0), bet)],
    }


COURTPIECE_RULES = RoomRules(
    game="courtpiece",
    title="Court Piece",
    engine=COURTPIECE,
    bots=bot_levels(courtpiece_bots),
    code_alphabet=DIGITS,
    code_length=6,
    fixed_seats=4,
    start_when_full_after=timedelta(seconds=5),
    fill_with_bots_after=None,
    host_can_start=True,
    standin_after_timeouts=5,
    on_events=_court_piece_events,
    join_order=(2, 1, 3),
    can_sit=_court_piece_can_sit,
    can_play=_court_piece_can_play,
    partner_offset=2,
    snapshot_extras=_court_piece_extras,
    pauses=MappingProxyType({"trick": "PAUSE_AFTER_TRICK_MS", "round_over": "PAUSE_AFTER_ROUND_MS"}),
)

RULES = MappingProxyType(
    {rules.game: rules for rules in (DISUNYER_RULES, DAYOUS_RULES, COURTPIECE_RULES)}
)


def rules_for(game: str) -> RoomRules:
    return RULES[game]
