"""Per-game room rules: how a room of each game is coded, filled and started.

The rooms core asks these questions and never names a game itself.
"""

from dataclasses import dataclass
from datetime import timedelta
from types import MappingProxyType

from games.core import Engine
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

    def bot_for(self, level: str):
        return self.bots[level]()


DISUNYER_RULES = RoomRules(
    game="disunyer",
    title="Disunyer",
    engine=DISUNYER,
    bots={"easy": disunyer_bots.RandomBot, "normal": disunyer_bots.RuleBot},
    code_alphabet=LETTERS_WITHOUT_LOOKALIKES,
    code_length=4,
    fixed_seats=8,
)

RULES = MappingProxyType({rules.game: rules for rules in (DISUNYER_RULES,)})


def rules_for(game: str) -> RoomRules:
    return RULES[game]
