"""Disunyer bots. They see only ``view`` dicts (never the state)."""

from __future__ import annotations

import random

RANKS = "A234567JNK"
VALUE = {r: i for i, r in enumerate(RANKS)}
SUITS = ("o", "c", "s", "b")


class RandomBot:
    """Plays uniformly at random among the legal actions."""

    def choose(self, view: dict, rng: random.Random) -> dict:
        return rng.choice(view["legal"])


class RuleBot:
    """A simple sensible player.

    * Disunyer caller: picks a random rival (every rival has the same 1-in-4 odds).
    * Challenged rival: guesses a suit whose Ace it cannot rule out. It remembers
      the Aces it has seen go to the discard pile since the last reshuffle (from
      the public log), plus the Aces it can see right now (its own card included).
    * Turn: keeps when a player who already had their turn is known to hold a
      lower card (it is safe); otherwise passes a low card (Ace to 4; the last
      player, who draws from the deck, passes up to a 5) and keeps the rest.
    """

    def __init__(self) -> None:
        self.seen_aces: set[str] = set()
        self.next_event = 0

    def _read_log(self, view: dict) -> None:
        start = view.get("log_from", 0)
        for i, ev in enumerate(view["log"], start):
            if i < self.next_event:
                continue
            t = ev["type"]
            if t == "reshuffle":
                self.seen_aces = set()
            elif t == "guess":
                self.seen_aces.add(ev["ace"])
            elif t == "draw" or t == "reveal":
                cards = [ev["card"]] if t == "draw" else ev["cards"]
                for c in cards:
                    if c and c[0] == "A":
                        self.seen_aces.add(c)
        self.next_event = start + len(view["log"])

    def choose(self, view: dict, rng: random.Random) -> dict:
        legal = view["legal"]
        self._read_log(view)
        if len(legal) == 1:
            return legal[0]
        kind = legal[0]["type"]
        if kind == "pick":
            return rng.choice(legal)
        if kind == "guess":
            ruled_out = {c[1] for c in self.seen_aces}
            for c in view["cards"]:
                if c and c[0] == "A" and view["seat"] is not None:
                    ruled_out.add(c[1])
            holder = view.get("holder")
            if holder is not None and view["cards"][holder]:
                # The Ace itself is visible (should not happen before the guess).
                return {"type": "guess", "suit": view["cards"][holder][1]}
            options = [a for a in legal if a["suit"] not in ruled_out] or legal
            return rng.choice(options)
        # keep or pass
        me = view["seat"]
        mine = VALUE[view["hand"][0]]
        seq = view["in_round"]
        pos = seq.index(me)
        cards = view["cards"]
        for s in seq[:pos]:
            c = cards[s]
            if c and VALUE[c[0]] < mine:
                return {"type": "keep"}
        # The next player's card can never be known before one's turn (cards only
        # move forward), so the swap is blind: pass a low card.
        limit = 4 if pos == len(seq) - 1 else 3
        return {"type": "pass"} if mine <= limit else {"type": "keep"}


BOTS = {"random": RandomBot, "rule": RuleBot}
