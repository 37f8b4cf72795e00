"""Court Piece's types: the state, the view and the actions (README.md, "State",
"Actions" and "View", says what each key means), and the phases of a round."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal, TypedDict

SEAT_COUNT = 4
TEAMS = 2  # partners sit opposite: seats 0 & 2 (team 0) and 1 & 3 (team 1)


def team_of(seat: int) -> int:
    return seat % TEAMS


class Phase(StrEnum):
    CALL = "call"  # the caller, holding five cards, chooses the trump
    PLAY = "play"
    OVER = "over"


# The phases under module names too: the engine compares the phase at every move, and
# looking a member up on an Enum class is several times slower (Python 3.11).
CALL, PLAY, OVER = Phase.CALL, Phase.PLAY, Phase.OVER


class Stats(TypedDict):
    rounds_won: list[int]
    courts: list[int]
    goon_courts: list[int]
    all_hands: list[int]
    fours: list[int]
    sixes: list[int]


class TrickCard(TypedDict):
    seat: int
    card: str


class LastTrick(TypedDict):
    winner: int
    lead: int
    cards: list[TrickCard]


class CourtPieceState(TypedDict):
    options: dict[str, Any]
    seed: str
    stream: int
    stack: list[str] | None
    round: int
    points: list[int]
    stats: Stats
    history: list[dict[str, Any]]
    result: dict[str, Any] | None
    phase: Phase
    caller: int | None
    leader: int
    turn: int | None
    five: list[str] | None
    trump: str | None
    power: bool
    face_down: str | None
    hands: list[list[str]]
    trick: list[str]
    trick_leader: int
    trick_face_down: list[int]
    trick_trump_from: int
    asked: int | None
    tricks_played: int
    pile: int
    picked: bool
    streak_winner: int | None
    streak_ace: bool
    won: list[int]
    gone: list[str]
    down: list[str]
    last: LastTrick | None
    log: list[dict[str, Any]]


class CourtPieceView(TypedDict):
    game: str
    seat: int | None
    players: int
    phase: Phase
    to_act: list[int]
    legal: list[CourtPieceAction]
    over: bool
    outcome: dict[str, Any] | None
    log: list[dict[str, Any]]
    options: dict[str, Any]
    round: int
    caller: int | None
    leader: int
    trump: str
    trump_power: bool
    face_down_placed: bool
    face_down: str | None
    hand: list[str]
    hand_counts: list[int]
    trick: list[TrickCard]
    trick_leader: int
    trick_trump_from: int
    lead_suit: str | None
    last_trick: LastTrick | None
    tricks_played: int
    pile: int
    pile_needed: int
    streak: int | None
    hands: list[int]
    score: list[int]
    winning_points: int
    stats: Stats
    history: list[dict[str, Any]]


class CallSuitAction(TypedDict):
    type: Literal["call"]
    suit: str


class CallFaceDownAction(TypedDict):
    """Hidden: one of the first five placed face down, its suit the trump."""

    type: Literal["call"]
    card: str


class PlayAction(TypedDict):
    type: Literal["play"]
    card: str


class AskAction(TypedDict):
    """Hidden: a seat that cannot follow suit asks to see the trump."""

    type: Literal["ask"]


class ShowAction(TypedDict):
    """Hidden: the caller shows the trump before leading."""

    type: Literal["show"]


CourtPieceAction = CallSuitAction | CallFaceDownAction | PlayAction | AskAction | ShowAction


def seat_count(state: CourtPieceState) -> int:
    """The number of seats at a Court Piece table: always four."""
    return SEAT_COUNT
