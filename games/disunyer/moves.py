"""Disunyer's legal moves: whose decision is awaited, what they may play, and what a
timeout plays for them."""

from __future__ import annotations

from typing import Any

from games import core
from games.core import IllegalAction
from games.disunyer.cards import SUITS
from games.disunyer.state import DISUNYER, OVER, PICK, TURNS, DisunyerAction, DisunyerState, seat_count


def awaited_seat(state: DisunyerState) -> int | None:
    """The seat whose decision is awaited: the seat whose turn it is, the caller to
    pick or the rival to guess; None once the game is over."""
    phase = state["phase"]
    if phase == TURNS:
        return state["seq"][state["pos"]]
    if phase == DISUNYER:
        return state["holder"] if state["step"] == PICK else state["rival"]
    return None


def to_act(state: DisunyerState) -> list[int]:
    seat = awaited_seat(state)
    return [] if seat is None else [seat]


def can_pass(state: DisunyerState) -> bool:
    """A stuck King's holder must keep it, and so must the seat just before it."""
    stuck = state["stuck"]
    if not stuck:
        return True
    seq = state["seq"]
    pos = state["pos"]
    if seq[pos] in stuck:
        return False
    return pos + 1 >= len(seq) or seq[pos + 1] not in stuck


def legal_actions(state: DisunyerState, seat: int) -> list[DisunyerAction]:
    if seat != awaited_seat(state):
        return []
    if state["phase"] == TURNS:
        if can_pass(state):
            return [{"type": "keep"}, {"type": "pass"}]
        return [{"type": "keep"}]
    if state["step"] == PICK:
        out = state["out"]
        return [{"type": "pick", "rival": r} for r in state["order"] if r != seat and not out[r]]
    return [{"type": "guess", "suit": s} for s in SUITS]


def default_action(state: DisunyerState, seat: int) -> DisunyerAction:
    """A timeout keeps, picks nobody (the caller is out) or guesses nothing (the rival is out)."""
    if seat != awaited_seat(state):
        raise IllegalAction(not_your_turn(state, seat))
    if state["phase"] == TURNS:
        return {"type": "keep"}
    if state["step"] == PICK:
        return {"type": "pick", "rival": None}
    return {"type": "guess", "suit": None}


def not_your_turn(state: DisunyerState, seat: Any) -> str:
    """Why ``seat`` may not move now."""
    if state["phase"] == OVER:
        return "The game is over."
    if core.is_seat(seat, seat_count(state)) and state["out"][seat]:
        return "You are out of the game."
    return core.NOT_YOUR_TURN
