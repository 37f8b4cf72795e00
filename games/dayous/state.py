"""The shapes of a Dayous game: its state, a seat's view, the actions and the phases.

Everything is plain JSON-able data; README.md says what each key holds.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from operator import itemgetter
from typing import Any, Literal, NotRequired, TypedDict

NAME = "dayous"


class Phase(StrEnum):
    DIRECTION = "direction"  # the first attacker chooses the direction of play
    LEAD = "lead"  # the leader must lead the bout
    BOUT = "bout"  # the bout is open: defence and throw-ins
    OVER = "over"


# A pair on the table: [attack card, defence card or None].
Pair = list[Any]


class Stats(TypedDict):
    defences: int
    journals: dict[str, int]
    best: int
    best_journal: str | None
    fees: int
    contributed: NotRequired[int]  # not in games stored before the total was kept


class DayousState(TypedDict):
    game: str
    players: int
    decks: int
    clock: int
    hand_size: int
    seed: str
    stream: int
    hands: list[list[str]]
    deck: list[str]
    faceup_below: int
    trump: str
    trump_changed: bool
    discard: list[str]
    clockwise: bool
    phase: Phase
    leader: int
    defender: int | None
    attackers: list[int]
    table: list[Pair]
    limit: int
    done: list[int]
    taking: bool
    out: list[list[int]]
    last: list[int]
    dayous: int | None
    stats: list[Stats]
    log: list[dict[str, Any]]


class DayousView(TypedDict):
    game: str
    seat: int | None
    players: int
    decks: int
    hand_size: int
    phase: Phase
    to_act: list[int]
    legal: list[DayousAction]
    over: bool
    outcome: dict[str, Any] | None
    log: list[dict[str, Any]]
    hand: list[str] | None
    hand_counts: list[int]
    deck: int
    faceup: str | None
    trump: str
    trump_change_pending: bool
    clockwise: bool
    leader: int | None
    defender: int | None
    attackers: list[int]
    throwers: list[int]
    out: list[int]
    taking: bool
    table: list[Pair]
    limit: int
    discard: int
    done: list[int]
    stats: list[Stats]


class DirectionAction(TypedDict):
    type: Literal["direction"]
    clockwise: bool


class CardsAction(TypedDict):
    type: Literal["attack", "throw", "transfer"]
    cards: list[str]


class BeatAction(TypedDict):
    type: Literal["beat"]
    card: str
    target: int


class JokerAction(TypedDict):
    type: Literal["joker"]
    card: str


class PlainAction(TypedDict):
    type: Literal["take", "done"]


DayousAction = DirectionAction | CardsAction | BeatAction | JokerAction | PlainAction


# The number of seats at the table (stored as ``players``); an itemgetter, as it is
# read in the loops round the table on every move.
seat_count: Callable[[DayousState], int] = itemgetter("players")
