"""What a Court Piece bot remembers of the round from the views it was shown: the cards
played, the suits each seat has shown void in, the trump once known."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.courtpiece.cards import FACE_DOWN


class Memory:
    """What a seat's past views showed this round, read from the public log: the
    cards played, how many went face down, the suits each seat has shown void in,
    and the Hidden trump card once shown (it is back in the caller's hand). The log
    has no index: new events are found by overlapping the last log read with the new
    one (a new round starts afresh)."""

    def __init__(self) -> None:
        self.round = None
        self.last_log: list[dict[str, Any]] = []
        self._reset()

    def _reset(self) -> None:
        self.played: list[str] = []
        self.face_down = 0
        self.voids: list[set[str]] = [set(), set(), set(), set()]
        self.shown: str | None = None
        self.caller: int | None = None
        self.trick_lead: str | None = None
        self.in_trick = 0
        self.asked: int | None = None
        self.trump: str | None = None

    def update(self, view: dict[str, Any]) -> None:
        log = view["log"]
        if view["round"] != self.round:
            self.round = view["round"]
            self._reset()
            start = next((i for i, e in enumerate(log) if e.get("type") == "deal"), 0)
            new = log[start:]
        else:
            old = self.last_log
            k = min(len(old), len(log))
            while k > 0 and old[-k:] != log[:k]:
                k -= 1
            new = log[k:]
        for ev in new:
            self._read(ev)
        self.last_log = list(log)
        if view["trump_power"] or view["trump"] not in ("hidden", "none yet"):
            self.trump = view["trump"]

    def _read(self, ev: dict[str, Any]) -> None:
        reader = _READERS.get(ev.get("type", ""))
        if reader is not None:
            reader(self, ev)

    def _read_deal(self, ev: dict[str, Any]) -> None:
        self._reset()
        self.caller = ev.get("caller")

    def _read_play(self, ev: dict[str, Any]) -> None:
        seat, card = ev["seat"], ev["card"]
        if self.in_trick == 0:
            self.trick_lead = None if card == FACE_DOWN else card[1]
        elif self.trick_lead is not None and (card == FACE_DOWN or card[1] != self.trick_lead):
            self._note_void(seat, card)
        if card == FACE_DOWN:
            self.face_down += 1
        else:
            self.played.append(card)
        self.asked = None
        self.in_trick = (self.in_trick + 1) % 4

    def _note_void(self, seat: int, card: str) -> None:
        """``seat`` did not follow the suit led; having asked to see the trump, a card off
        the trump shows it holds none either."""
        assert self.trick_lead is not None
        self.voids[seat].add(self.trick_lead)
        if self.asked == seat and self.trump and card != FACE_DOWN and card[1] != self.trump:
            self.voids[seat].add(self.trump)

    def _read_ask(self, ev: dict[str, Any]) -> None:
        self.asked = ev["seat"]

    def _read_trump_shown(self, ev: dict[str, Any]) -> None:
        self.shown = ev["card"]
        self.trump = ev["suit"]
        self.caller = ev["seat"]
        self.voids[ev["seat"]].discard(ev["suit"])  # the card is back in that hand

    def _read_trump(self, ev: dict[str, Any]) -> None:
        """A trump made (Rung Kaat) or called by suit (a Hidden call names none)."""
        if ev.get("suit"):
            self.trump = ev["suit"]

    def _read_trick(self, ev: dict[str, Any]) -> None:
        self.in_trick = 0


_READERS: dict[str, Callable[[Memory, dict[str, Any]], None]] = {
    "deal": Memory._read_deal,
    "play": Memory._read_play,
    "ask": Memory._read_ask,
    "trump_shown": Memory._read_trump_shown,
    "trump_made": Memory._read_trump,
    "call": Memory._read_trump,
    "trick": Memory._read_trick,
}
