"""Court Piece's legal moves, and what a timeout plays."""

from __future__ import annotations

from games import core
from games.core import IllegalAction
from games.courtpiece.cards import (
    CARDS_OF_SUIT,
    RANK,
    SUIT_ORDER,
    SUITS,
    best_suit,
    cards_to_play,
    lowest_of_suit,
    sorted_hand,
)
from games.courtpiece.state import CALL, CourtPieceAction, CourtPieceState


def face_down_out(state: CourtPieceState, seat: int) -> bool:
    """True when ``seat`` is the Hidden caller whose face-down card is still out of hand."""
    return state["face_down"] is not None and not state["power"] and seat == state["caller"]


def cards_allowed(state: CourtPieceState, seat: int, hand: list[str]) -> list[str]:
    """The cards of ``hand`` that ``seat`` may play on the trick under way
    (``cards_to_play``; None there is any card). The list is always a new one."""
    asked_trump = state["trump"] if state["asked"] == seat else None
    lead = state["trick"][0][1]
    cards = cards_to_play(lambda suit: list(filter(CARDS_OF_SUIT[suit].__contains__, hand)), lead, asked_trump)
    return list(hand) if cards is None else cards


def legal_actions(state: CourtPieceState, seat: int) -> list[CourtPieceAction]:
    if seat != state["turn"]:  # (also when the table is over: no one's turn)
        return []
    if state["phase"] == CALL:
        return _calls(state)
    hand = state["hands"][seat]
    face_down = state["face_down"]
    if not hand and face_down is not None and face_down_out(state, seat):
        return [{"type": "play", "card": face_down}]
    trick = state["trick"]
    if not trick:
        acts: list[CourtPieceAction] = [{"type": "play", "card": c} for c in hand]
        if state["tricks_played"] > 0 and face_down_out(state, seat):
            acts.append({"type": "show"})
        return acts
    cards = cards_allowed(state, seat, hand)
    acts = [{"type": "play", "card": c} for c in cards]
    if cards[0][1] != trick[0][1] and _may_ask(state, seat):
        acts.append({"type": "ask"})
    return acts


def _calls(state: CourtPieceState) -> list[CourtPieceAction]:
    five = state["five"] or []
    if state["options"]["game"] == "hidden":
        return [{"type": "call", "card": c} for c in sorted_hand(five)]
    held = {c[1] for c in five}
    return [{"type": "call", "suit": x} for x in SUITS if x in held]


def _may_ask(state: CourtPieceState, seat: int) -> bool:
    """Whether ``seat``, void in the suit led, may ask to see a Hidden trump still face down."""
    return state["face_down"] is not None and not state["power"] and seat != state["caller"]


def default_action(state: CourtPieceState, seat: int) -> CourtPieceAction:
    legal = legal_actions(state, seat)
    if not legal:
        raise IllegalAction(core.NOT_YOUR_TURN)
    if state["phase"] == CALL:
        return _default_call(state)
    cards = [a["card"] for a in legal if a["type"] == "play"]
    trick = state["trick"]
    if (
        state["trump"] is None
        and state["options"]["game"] == "rung-kaat"
        and trick
        and all(c[1] != trick[0][1] for c in cards)
    ):
        # Rung Kaat: this seat makes the trump. Lowest card of the suit held most.
        return {"type": "play", "card": lowest_of_suit(cards, best_suit(cards))}
    known = state["trump"] if (state["power"] or seat == state["caller"]) else None
    card = min(cards, key=lambda c: (c[1] == known, RANK[c[0]], SUIT_ORDER[c[1]]))
    return {"type": "play", "card": card}


def _default_call(state: CourtPieceState) -> CourtPieceAction:
    """The suit held most among the first five (Hidden: its lowest card, face down)."""
    five = state["five"] or []
    suit = best_suit(five)
    if state["options"]["game"] == "hidden":
        return {"type": "call", "card": lowest_of_suit(five, suit)}
    return {"type": "call", "suit": suit}
