"""Court Piece bots. They see only ``engine.view(state, seat)``, never the state."""

from __future__ import annotations

import random

RANKS = "23456789TJQKA"
RANK = {r: i for i, r in enumerate(RANKS)}
SUITS = "shdc"


def _rank(card: str) -> int:
    return RANK[card[0]]


class RandomBot:
    """Uniform over the legal actions."""

    def choose(self, view: dict, rng: random.Random) -> dict:
        return rng.choice(view["legal"])


def _best_suit(cards: list[str]) -> str:
    by: dict[str, list[int]] = {}
    for c in cards:
        by.setdefault(c[1], []).append(_rank(c))
    return max(by, key=lambda s: (len(by[s]), sorted(by[s], reverse=True), -SUITS.index(s)))


class RuleBot:
    """A simple, sensible player.

    * Call: the suit held most among the first five (Hidden: place the lowest card
      of it face down).
    * Lead: an ace of a plain suit if it has one, else the lowest card of its longest
      plain suit (trumps only when nothing else is left).
    * Follow: when the partner is winning, the lowest card; otherwise the lowest
      card that wins the trick now, or the lowest card if none does.
    * Void: when the partner is winning, throw the lowest plain card; otherwise ask
      to see a hidden trump, trump with the lowest trump that wins, or throw the
      lowest plain card. In Rung Kaat, making the trump uses the lowest card of the
      longest suit.
    """

    def choose(self, view: dict, rng: random.Random) -> dict:
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if first["type"] == "call":
            hand = view["hand"]
            suit = _best_suit(hand)
            if "card" in first:
                card = min((c for c in hand if c[1] == suit), key=_rank)
                return {"type": "call", "card": card}
            return {"type": "call", "suit": suit}
        plays = [a["card"] for a in legal if a["type"] == "play"]
        can_ask = any(a["type"] == "ask" for a in legal)
        trump = view["trump"] if view["trump_power"] or view["seat"] == view["caller"] else None
        if trump in ("hidden", "none yet"):
            trump = None
        trick = view["trick"]
        if not trick:
            return {"type": "play", "card": self._lead(plays, trump)}
        lead = view["lead_suit"]
        power_trump = view["trump"] if view["trump_power"] else None
        best_seat, best_key = None, None
        trump_from = view.get("trick_trump_from", 0)
        for i, entry in enumerate(trick):
            c = entry["card"]
            if c == "??":
                continue
            is_trump = c[1] == power_trump and i >= trump_from
            k = (2 if is_trump else 1 if c[1] == lead else 0, _rank(c))
            if best_key is None or k > best_key:
                best_seat, best_key = entry["seat"], k
        partner_wins = best_seat == (view["seat"] + 2) % 4
        plain = [c for c in plays if c[1] != trump] or plays
        if plays[0][1] == lead and all(c[1] == lead for c in plays):
            if partner_wins:
                return {"type": "play", "card": min(plays, key=_rank)}
            winners = [c for c in plays if (2 if c[1] == power_trump else 1, _rank(c)) > best_key]
            return {"type": "play", "card": min(winners or plays, key=_rank)}
        # Cannot follow suit.
        if partner_wins:
            return {"type": "play", "card": min(plain, key=_rank)}
        if can_ask:
            return {"type": "ask"}
        if view["trump"] == "none yet":
            suit = _best_suit(plays)
            return {"type": "play", "card": min((c for c in plays if c[1] == suit), key=_rank)}
        if power_trump:
            trumps = [c for c in plays if c[1] == power_trump and (2, _rank(c)) > best_key]
            if trumps:
                return {"type": "play", "card": min(trumps, key=_rank)}
        return {"type": "play", "card": min(plain, key=_rank)}

    @staticmethod
    def _lead(plays: list[str], trump: str | None) -> str:
        plain = [c for c in plays if c[1] != trump]
        if not plain:
            return min(plays, key=_rank)
        aces = [c for c in plain if c[0] == "A"]
        if aces:
            return aces[0]
        suit = _best_suit(plain)
        return min((c for c in plain if c[1] == suit), key=_rank)


BOTS = {"random": RandomBot, "rule": RuleBot}
