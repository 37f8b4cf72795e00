"""Disunyer's legal moves: whose decision is awaited, what they may play, and what a
timeout plays for them."""

from __future__ import annotations

from typing import Any

from games import core
from games.disunyer.cards import SUITS
from games.disunyer.state import DISUNYER, OVER, PICK, TURNS, DisunyerAction, DisunyerState, seat_count
from games.words import Words, wording


def to_act(state: DisunyerState) -> list[int]:
    """The seat whose decision is awaited: the seat whose turn it is, the caller to
    pick or the rival to guess; none once the game is over."""
    phase = state["phase"]
    if phase == TURNS:
        return [state["round_order"][state["position"]]]
    if phase == DISUNYER:
        seat = state["holder"] if state["step"] == PICK else state["rival"]
        return [] if seat is None else [seat]
    return []


def can_pass(state: DisunyerState) -> bool:
    """A stuck King's holder must keep it, and so must the seat just before it."""
    stuck = state["stuck"]
    if not stuck:
        return True
    round_order = state["round_order"]
    position = state["position"]
    if round_order[position] in stuck:
        return False
    return position + 1 >= len(round_order) or round_order[position + 1] not in stuck


def legal_actions(state: DisunyerState, seat: int) -> list[DisunyerAction]:
    if seat not in to_act(state):
        return []
    return awaited_moves(state, seat)


def awaited_moves(state: DisunyerState, seat: int) -> list[DisunyerAction]:
    """The legal moves of ``seat``, whose decision is awaited."""
    if state["phase"] == TURNS:
        if not state["stuck"] or can_pass(state):  # only a stuck King forbids a pass
            return [{"type": "keep"}, {"type": "pass"}]
        return [{"type": "keep"}]
    if state["step"] == PICK:
        out = state["out"]
        return [{"type": "pick", "rival": r} for r in state["order"] if r != seat and not out[r]]
    return [{"type": "guess", "suit": s} for s in SUITS]


def default_action(state: DisunyerState, seat: int) -> DisunyerAction:
    """A timeout keeps, picks nobody (the caller is out) or guesses nothing (the rival is out)."""
    core.require_turn(seat, to_act(state), not_your_turn(state, seat))
    if state["phase"] == TURNS:
        return {"type": "keep"}
    if state["step"] == PICK:
        return {"type": "pick", "rival": None}
    return {"type": "guess", "suit": None}


OUT_OF_THE_GAME = wording("You are out of the game.")
GAME_OVER = wording("The game is over.")


def not_your_turn(state: DisunyerState, seat: Any) -> Words:
    """Why ``seat`` may not move now."""
    if state["phase"] == OVER:
        return GAME_OVER
    if core.is_seat(seat, seat_count(state)) and state["out"][seat]:
        return OUT_OF_THE_GAME
    return core.NOT_YOUR_TURN
