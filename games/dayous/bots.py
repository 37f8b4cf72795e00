"""Dayous bots. They see only the view (never the state) and return one of ``view["legal"]``."""

from __future__ import annotations

import random

RANKS = "23456789TJQKA"
RANK_VALUE = {rank: i for i, rank in enumerate(RANKS)}


class RandomBot:
    """Plays a uniformly random legal action."""

    def choose(self, view: dict, rng: random.Random) -> dict:
        return rng.choice(view["legal"])


def _cost(card: str, trump: str) -> int:
    """How precious a card is: low non-trumps are cheap, trumps dear, jokers dearest."""
    if card[0] == "X":
        return 100
    value = RANK_VALUE[card[0]]
    return value + 20 if card[1] == trump else value


class RuleBot:
    """A simple sensible player.

    * Direction: clockwise.
    * Lead: the cheapest rank it holds (non-trumps first), all its cards of that rank
      when that rank is cheap.
    * Defence: pass the attack on with a cheap non-trump when it can; otherwise beat
      with the cheapest card that beats; a joker when beating would cost a high trump
      or is impossible; take when nothing else works (or the defence would burn high
      trumps early on a small attack).
    * Throwing in: cheap non-trump cards (any card once the deck is empty or the
      defender is taking), else "No further questions".
    """

    def choose(self, view: dict, rng: random.Random) -> dict:
        legal = view["legal"]
        if len(legal) == 1:
            return legal[0]
        trump = view["trump"]
        kinds = {a["type"] for a in legal}
        if "direction" in kinds:
            return {"type": "direction", "clockwise": True}
        if "attack" in kinds:
            return self._lead(legal, trump)
        if "take" in kinds:
            return self._defend(view, legal, trump)
        return self._throw(view, legal, trump)

    def _lead(self, legal: list[dict], trump: str) -> dict:
        def key(action):
            cards = action["cards"]
            cost = _cost(cards[0], trump)
            # Cheap ranks: lead as many as possible; dear ranks: a single card.
            many = -len(cards) if cost < 8 else len(cards)
            return (cost, many, max(_cost(c, trump) for c in cards))

        return min(legal, key=key)

    def _defend(self, view: dict, legal: list[dict], trump: str) -> dict:
        transfers = [a for a in legal if a["type"] == "transfer"]
        cheap = [a for a in transfers if all(_cost(c, trump) < 9 for c in a["cards"])]
        if cheap:
            return min(cheap, key=lambda a: len(a["cards"]))
        beats = [a for a in legal if a["type"] == "beat"]
        jokers = [a for a in legal if a["type"] == "joker"]
        open_cards = [pair[0] for pair in view["table"] if pair[1] is None]
        if beats:
            # Can every open card be covered greedily? If not, give up early (or joker).
            best = min(beats, key=lambda a: (_cost(a["card"], trump) - _cost(view["table"][a["target"]][0], trump)))
            covered = {a["target"] for a in beats}
            all_coverable = len(covered) == len(open_cards)
            dear = _cost(best["card"], trump) >= 30 and view["deck"] > 6
            if all_coverable:
                if dear and len(view["table"]) <= 2:
                    return jokers[0] if jokers else {"type": "take"}
                return best
            if jokers:
                return jokers[0]
            return {"type": "take"}
        if jokers:
            return jokers[0]
        if transfers:
            return min(transfers, key=lambda a: len(a["cards"]))
        return {"type": "take"}

    def _throw(self, view: dict, legal: list[dict], trump: str) -> dict:
        throws = [a for a in legal if a["type"] == "throw"]
        if not throws:
            return {"type": "done"}
        generous = view["deck"] == 0 or view["taking"]
        limit = 100 if generous else 9
        good = [a for a in throws if all(_cost(c, trump) < limit for c in a["cards"])]
        if not good:
            return {"type": "done"}
        return min(good, key=lambda a: (max(_cost(c, trump) for c in a["cards"]), -len(a["cards"])))


BOTS = {"random": RandomBot, "rule": RuleBot}
