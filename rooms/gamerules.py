"""Per-game room rules: how a room of each game is coded, filled and started.

The rooms core asks these questions and never names a game itself.
"""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from types import MappingProxyType

from accounts import coins
from games.core import Engine
from games.courtpiece import bots as courtpiece_bots
from games.courtpiece.rules import ENGINE as COURTPIECE
from games.dayous import bots as dayous_bots
from games.dayous.rules import ENGINE as DAYOUS
from games.disunyer import bots as disunyer_bots
from games.disunyer.rules import ENGINE as DISUNYER

LETTERS_WITHOUT_LOOKALIKES = "ACDEFHJKMNPRTUVWXY"
DIGITS = "0123456789"
BOT_LEVELS = ("easy", "normal", "strong")
BOT_LEVEL_LABELS = MappingProxyType({"easy": "Easy bot", "normal": "Bot", "strong": "Strong bot"})


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
    host_can_start: bool = False
    min_seated_to_start: int = 2
    # After this many timeouts in a row a bot plays the seat until its player acts.
    standin_after_timeouts: int | None = None
    # Called inside the transaction with the public events of every change.
    on_events: Callable | None = None
    # Where people sit as they join, as offsets from the host's seat (e.g. (2, 1, 3):
    # the first to join sits opposite the host). None: the first empty seat.
    join_order: tuple[int, ...] | None = None
    # can_sit(player, room) -> a sentence saying why the player cannot sit, or None.
    can_sit: Callable | None = None
    # The host's partner sits at this offset from the host; with it the host can propose
    # another partner, which every person in the other seats must accept.
    partner_offset: int | None = None
    # extras(room, seats) -> dict: more data the table partials need, loaded once per
    # snapshot (e.g. the seated accounts' coins).
    snapshot_extras: Callable | None = None

    def bot_for(self, level: str):
        return self.bots[level]()

    def played_by_bot(self, seat) -> bool:
        """A bot's seat, or a person's seat a stand-in bot plays after their timeouts."""
        if seat.is_bot:
            return True
        limit = self.standin_after_timeouts
        return limit is not None and seat.timeouts_in_a_row >= limit

    def stood_in_for(self, seat) -> bool:
        """A person's seat that a stand-in bot plays after their timeouts."""
        return not seat.is_bot and self.played_by_bot(seat)

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
    min_seated_to_start=2,
)



def _court_piece_can_sit(player, room) -> str | None:
    """Sitting at a Court Piece table needs twice its bet."""
    return coins.can_sit(player, int(room.options.get("bet", coins.DEFAULT_BET)))


def _court_piece_extras(room, seats) -> dict:
    """The seated accounts' coins and what the last round moved (two queries at most),
    so the table partials never query per viewer."""
    from accounts.models import LedgerEntry, Wallet

    user_ids = [s.user_id for s in seats if s.user_id is not None and not s.is_bot]
    balances = dict(Wallet.objects.filter(user_id__in=user_ids).values_list("user_id", "balance")) if user_ids else {}
    state = getattr(getattr(room, "match", None), "state", None) or {}
    history = state.get("history") or []
    moved = {}
    if history and user_ids:
        entries = LedgerEntry.objects.filter(room_id=room.pk, round=history[-1]["round"]).values_list(
            "wallet__user_id", "amount"
        )
        moved = dict(entries)
    return {
        "balances": {
            s.index: balances.get(s.user_id, coins.WELCOME_COINS) if s.user_id is not None else coins.GUEST_COINS
            for s in seats
            if not s.is_bot and (s.user_id is not None or s.guest_id)
        },
        "guests": [s.index for s in seats if not s.is_bot and s.user_id is None and s.guest_id],
        "moved": {s.index: moved[s.user_id] for s in seats if s.user_id is not None and s.user_id in moved},
        "moved_round": history[-1]["round"] if history else None,
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
    min_seated_to_start=1,
    standin_after_timeouts=5,
    on_events=coins.court_piece_events,
    join_order=(2, 1, 3),
    can_sit=_court_piece_can_sit,
    partner_offset=2,
    snapshot_extras=_court_piece_extras,
)

RULES = MappingProxyType(
    {rules.game: rules for rules in (DISUNYER_RULES, DAYOUS_RULES, COURTPIECE_RULES)}
)


def rules_for(game: str) -> RoomRules:
    return RULES[game]
