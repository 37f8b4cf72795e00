"""Stacked decks and a small table driver for the Court Piece scenario tests.

Players: Ann = seat 0, Bea = 1, Carl = 2, Dan = 3 (Ann & Carl are team 0, Bea &
Dan team 1). With a stacked deck Ann calls (or leads) the first round; the k-th
seat from the caller gets ``deck[13k:13k+13]``, so ``stack(ann, bea, carl, dan)``
simply lists each hand, and the caller's first five are the first five listed.
"""

from __future__ import annotations

import json
from typing import Any, cast

from games import core
from games.cardnames import card_name
from games.courtpiece.cards import RANK
from games.courtpiece.rules import ENGINE
from games.courtpiece.state import CourtPieceAction, CourtPieceView
from games.courtpiece.text import event_text
from games.words import Cards, Said, Seat, Words

ANN, BEA, CARL, DAN = 0, 1, 2, 3


def stack(ann: str, bea: str, carl: str, dan: str) -> list[str]:
    hands = [h.split() for h in (ann, bea, carl, dan)]
    deck = [c for h in hands for c in h]
    assert [len(h) for h in hands] == [13, 13, 13, 13], [len(h) for h in hands]
    assert sorted(deck) == sorted(core.french_deck())
    return deck


# Every player holds every suit, in rank bands: the top band of a suit
# (A K Q) wins any trick led in it during the first twelve tricks, as long as
# each suit is led at most three times. Spades: Ann top; hearts: Bea; diamonds:
# Carl; clubs: Dan. After twelve such tricks Ann holds a heart, Bea a diamond,
# Carl a club and Dan a spade.
LADDER = stack(
    "As 5h 8d Jc Ks Qs 4h 3h 2h 7d 6d Tc 9c",
    "Js Ts 9s Ah Kh Qh 5d 4d 3d 2d 8c 7c 6c",
    "8s 7s 6s Jh Th 9h Ad Kd Qd 5c 4c 3c 2c",
    "5s 4s 3s 2s 8h 7h 6h Jd Td 9d Ac Kc Qc",
)
TOP = {"s": ANN, "h": BEA, "d": CARL, "c": DAN}

# Ann holds A K Q of every suit and Js; everyone else holds at least three of
# every suit, so Ann wins every trick she leads for a while.
BANDS = stack(
    "Ad As Ac Ks Kc Qs Js Ah Kh Qh Kd Qd Qc",
    "Ts 9s 8s Jh Th 9h 8h Jd Td 9d Jc Tc 9c",
    "7s 6s 5s 7h 6h 5h 8d 7d 6d 5d 8c 7c 6c",
    "4s 3s 2s 4h 3h 2h 4d 3d 2d 5c 4c 3c 2c",
)

# One suit each: Ann spades, Bea hearts, Carl diamonds, Dan clubs.
SUITS = stack(
    "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s",
    "Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h",
    "Ad Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 3d 2d",
    "Ac Kc Qc Jc Tc 9c 8c 7c 6c 5c 4c 3c 2c",
)


def english(said: Said) -> str:
    """Words in English as the tests read them: seats as ``{seatN}`` tokens, cards by name."""
    if isinstance(said, Words):
        message = said.plural if said.plural and said.count != 1 else said.message
        values = {name: english(cast(Said, value)) for name, value in said.values}
        return message % values if values else message
    if isinstance(said, Seat):
        return f"{{seat{said.index}}}"
    if isinstance(said, Cards):
        return ", ".join(card_name(card) for card in said.cards)
    return str(said)


def text(event: core.Event) -> str:
    """An event's sentence in English ("" for none)."""
    said = event_text(event)
    return "" if said is None else english(said)


class Table:
    """A mutable wrapper: ``t.s`` is the current state, ``t.events`` every event so far."""

    def __init__(self, deck: list[str] | None = None, seed: str = "test-seed", **options: Any) -> None:
        self.s = ENGINE.start(4, options, seed=seed, deck=deck)
        self.events: list[core.Event] = list(self.s["log"])
        self.actions: list[tuple[int, core.Action]] = []

    @property
    def turn(self) -> int:
        return ENGINE.to_act(self.s)[0]

    def do(self, seat: int, action: core.Action) -> list[core.Event]:
        before = json.dumps(self.s)
        new, events = ENGINE.apply(self.s, seat, action)
        assert json.dumps(self.s) == before, "apply mutated its input"
        self.s = new
        self.events += events
        self.actions.append((seat, action))
        return events

    def call(self, suit: str) -> list[core.Event]:
        return self.do(self.turn, {"type": "call", "suit": suit})

    def place(self, card: str) -> list[core.Event]:
        return self.do(self.turn, {"type": "call", "card": card})

    def play(self, *cards: str) -> list[core.Event]:
        out: list[core.Event] = []
        for card in cards:
            out += self.do(self.turn, {"type": "play", "card": card})
        return out

    def default(self, times: int = 1) -> list[core.Event]:
        out: list[core.Event] = []
        for _ in range(times):
            seat = self.turn
            # The engine takes any action as a client sends it: its own moves are such actions.
            out += self.do(seat, cast(core.Action, ENGINE.default_action(self.s, seat)))
        return out

    def lead(self, suit: str) -> list[core.Event]:
        """The leader leads their lowest card of ``suit``; the others play their timeout default."""
        seat = self.turn
        card = min((c for c in self.s["hands"][seat] if c[1] == suit), key=lambda c: RANK[c[0]])
        out = self.do(seat, {"type": "play", "card": card})
        return out + self.default(3)

    def legal(self, seat: int | None = None) -> list[CourtPieceAction]:
        return ENGINE.legal_actions(self.s, self.turn if seat is None else seat)

    def view(self, seat: int | None) -> CourtPieceView:
        return ENGINE.view(self.s, seat)

    def of_type(self, kind: str, events: list[core.Event] | None = None) -> list[core.Event]:
        return [e for e in (self.events if events is None else events) if e["type"] == kind]
