"""Per-game room rules: how a room of each game is coded, filled and started.

The rooms core asks these questions and never names a game itself.
"""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from types import MappingProxyType

from games.core import Engine
from games.dayous import bots as dayous_bots
from games.dayous.rules import ENGINE as DAYOUS
from games.disunyer import bots as disunyer_bots
from games.disunyer.rules import ENGINE as DISUNYER

LETTERS_WITHOUT_LOOKALIKES = "ACDEFHJKMNPRTUVWXY"
DIGITS = "0123456789"
BOT_LEVELS = ("easy", "normal")
BOT_LEVEL_LABELS = MappingProxyType({"easy": "Easy bot", "normal": "Bot"})


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

    def bot_for(self, level: str):
        return self.bots[level]()

    def played_by_bot(self, seat) -> bool:
        """A bot's seat, or a person's seat a stand-in bot plays after their timeouts."""
        if seat.is_bot:
            return True
        limit = self.standin_after_timeouts
        return limit is not None and seat.timeouts_in_a_row >= limit


DISUNYER_RULES = RoomRules(
    game="disunyer",
    title="Disunyer",
    engine=DISUNYER,
    bots={"easy": disunyer_bots.RandomBot, "normal": disunyer_bots.RuleBot},
    code_alphabet=LETTERS_WITHOUT_LOOKALIKES,
    code_length=4,
    fixed_seats=8,
)

DAYOUS_RULES = RoomRules(
    game="dayous",
    title="Dayous",
    engine=DAYOUS,
    bots={"easy": dayous_bots.RandomBot, "normal": dayous_bots.RuleBot},
    code_alphabet=LETTERS_WITHOUT_LOOKALIKES,
    code_length=4,
    fixed_seats=None,
    start_when_full_after=timedelta(0),
    fill_with_bots_after=timedelta(minutes=3),
    host_can_start=True,
    min_seated_to_start=2,
)

RULES = MappingProxyType({rules.game: rules for rules in (DISUNYER_RULES, DAYOUS_RULES)})


def rules_for(game: str) -> RoomRules:
    return RULES[game]
