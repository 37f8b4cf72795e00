"""Disunyer's types: the state, the view and the actions.

State (plain JSON data; ``json.loads(json.dumps(state)) == state``)::

    players    number of seats (read it with ``seat_count``)
    mode       "standard" | "stuck-king"
    seed       the game's secret seed        stream   next shuffle stream number
    order      seats in play order           round    current round (1-based)
    deck       cards, top first              discard  discard pile (unordered)
    hands      card per seat (None: no card)
    known      per seat, bitmask of the seats that know the card it holds
               (bit v = seat v knows it; ``PUBLIC`` = face up, known to everybody)
    out        per seat, the round it was knocked out in (0 = still standing)
    phase      a ``Phase`` value
    step       a ``Step`` value in the Disunyer phase, else None
    round_order  seats standing when the round was dealt, in play order
    position   index in ``round_order`` of the seat whose turn it is (turn phase)
    holder     seat resolving a Disunyer (or None)   rival   its rival (or None)
    pending    Ace holders still to call this round, in play order (secret)
    stuck      seats holding a stuck King this round
    duels      this round's resolved Disunyers (public records)
    last       public summary of the last finished round (or None)
    rounds     the public summaries of every finished round, oldest first
    log        the most recent public events      logged  events ever logged
    winner     the winning seat (or None)         no_winner  bool
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal, NotRequired, TypedDict

PUBLIC = -1  # a ``known`` mask: the card is face up


class Phase(StrEnum):
    DISUNYER = "disunyer"
    TURNS = "turns"
    OVER = "over"


class Step(StrEnum):
    """What the Disunyer phase awaits: the caller's pick, then the rival's guess."""

    PICK = "pick"
    GUESS = "guess"


# The members under module names too: the engine compares the phase at every move, and
# looking a member up on an Enum class is several times slower (Python 3.11).
DISUNYER, TURNS, OVER = Phase.DISUNYER, Phase.TURNS, Phase.OVER
PICK, GUESS = Step.PICK, Step.GUESS


class Duel(TypedDict):
    holder: int
    rival: int | None
    ace: str | None
    suit: str | None
    out: int


class RoundSummary(TypedDict):
    round: int
    kind: Literal["reveal", "disunyer"]
    cards: list[str | None]
    out: list[int]
    duels: list[Duel]


class DisunyerState(TypedDict):
    players: int
    mode: str
    seed: str
    stream: int
    order: list[int]
    round: int
    deck: list[str]
    discard: list[str]
    hands: list[str | None]
    known: list[int]
    out: list[int]
    phase: Phase
    step: Step | None
    round_order: list[int]
    position: int
    holder: int | None
    rival: int | None
    pending: list[int]
    stuck: list[int]
    duels: list[Duel]
    last: RoundSummary | None
    rounds: NotRequired[list[RoundSummary]]  # missing from games stored before it was kept
    log: list[dict[str, Any]]
    logged: int
    winner: int | None
    no_winner: bool


class KeepAction(TypedDict):
    type: Literal["keep"]


class PassAction(TypedDict):
    type: Literal["pass"]


class PickAction(TypedDict):
    type: Literal["pick"]
    rival: int | None  # None: the timeout's pick of nobody


class GuessAction(TypedDict):
    type: Literal["guess"]
    suit: str | None  # None: the timeout's missing guess


DisunyerAction = KeepAction | PassAction | PickAction | GuessAction


class Outcome(TypedDict):
    places: list[int]
    winners: list[int]
    no_winner: bool
    rounds: int


class DisunyerView(TypedDict):
    game: str
    seat: int | None
    players: int
    mode: str
    phase: Phase
    step: Step | None
    round: int
    order: list[int]
    to_act: list[int]
    legal: list[DisunyerAction]
    over: bool
    outcome: Outcome | None
    hand: str | None
    cards: list[str | None]
    standing: list[bool]
    out_round: list[int | None]
    in_round: list[int]
    turn: int | None
    holder: int | None
    rival: int | None
    stuck: list[int]
    duels: list[Duel]
    deck: int
    discard: int
    last_round: RoundSummary | None
    rounds: list[RoundSummary]
    log: list[dict[str, Any]]
    log_from: int


def seat_count(state: DisunyerState) -> int:
    return state["players"]
