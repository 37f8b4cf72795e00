"""Dayous bots. They see only the view (never the state) and return one of ``view["legal"]``."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, cast

from games import search
from games.core import Engine
from games.dayous.cards import RANK_VALUE, beats
from games.dayous.rules import ENGINE
from games.dayous.worlds import FULL_DECKS, Memory, determinize


class RandomBot:
    """Plays a uniformly random legal action."""

    def choose(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
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
    * Memory: it remembers the cards gone to the discard pile and the cards players
      were seen to pick up. Once the deck is empty, a lead that empties its hand with
      cards no unseen card can beat is played at once.
    """

    def __init__(self, memory: bool = True) -> None:
        self.memory = Memory() if memory else None

    def choose(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        legal: list[dict[str, Any]] = view["legal"]
        if self.memory is not None:
            self.memory.update(view)
        if len(legal) == 1:
            return legal[0]
        trump = view["trump"]
        kinds = {a["type"] for a in legal}
        if "direction" in kinds:
            return {"type": "direction", "clockwise": True}
        if "attack" in kinds:
            if self.memory is not None and view["deck"] == 0:
                sure = self._unbeatable(view, legal, trump, self.memory.discard)
                if sure is not None and len(sure["cards"]) == len(view["hand"]):
                    return sure  # going out with cards nobody can beat
            return self._lead(legal, trump)
        if "take" in kinds:
            return self._defend(view, legal, trump)
        return self._throw(view, legal, trump)

    def _unbeatable(
        self, view: dict[str, Any], legal: list[dict[str, Any]], trump: str, discard: list[str]
    ) -> dict[str, Any] | None:
        """The cheapest lead (all cards of its rank) that no unseen card can beat
        (``discard``: the cards remembered gone to the discard pile)."""
        unseen = list(FULL_DECKS[view["decks"]])
        gone = list(view["hand"]) + list(discard)
        gone += [c for pair in view["table"] for c in pair if c is not None]
        for c in gone:
            if c in unseen:
                unseen.remove(c)
        best = None
        for action in legal:
            cards = action["cards"]
            if any(any(beats(c, u, trump) for u in unseen) for c in cards):
                continue
            key = (-len(cards), max(_cost(c, trump) for c in cards))
            if best is None or key < best[0]:
                best = (key, action)
        return best[1] if best else None

    def _lead(self, legal: list[dict[str, Any]], trump: str) -> dict[str, Any]:
        def key(action: dict[str, Any]) -> tuple[int, int, int]:
            cards = action["cards"]
            cost = _cost(cards[0], trump)
            # Cheap ranks: lead as many as possible; dear ranks: a single card.
            many = -len(cards) if cost < 8 else len(cards)
            return (cost, many, max(_cost(c, trump) for c in cards))

        return min(legal, key=key)

    def _defend(self, view: dict[str, Any], legal: list[dict[str, Any]], trump: str) -> dict[str, Any]:
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

    def _throw(self, view: dict[str, Any], legal: list[dict[str, Any]], trump: str) -> dict[str, Any]:
        throws = [a for a in legal if a["type"] == "throw"]
        if not throws:
            return {"type": "done"}
        generous = view["deck"] == 0 or view["taking"]
        limit = 100 if generous else 9
        good = [a for a in throws if all(_cost(c, trump) < limit for c in a["cards"])]
        if not good:
            return {"type": "done"}
        return min(good, key=lambda a: (max(_cost(c, trump) for c in a["cards"]), -len(a["cards"])))


# --------------------------------------------------------------------------- rollouts

_ROLLOUT_RULES = RuleBot(memory=False)
ROLLOUT_RANDOM = 0.1


def rollout_policy(engine: Engine, state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The rule player's choice (a random one at a rate of ``ROLLOUT_RANDOM``), from the few view
    fields it reads, built straight from the sampled state for speed."""
    legal: list[dict[str, Any]] = engine.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    if rng.random() < ROLLOUT_RANDOM:
        return rng.choice(legal)
    view = {
        "legal": legal, "trump": state["trump"], "table": state["table"],
        "deck": len(state["deck"]), "taking": state["taking"],
    }
    return _ROLLOUT_RULES.choose(view, rng)


# --------------------------------------------------------------------------- evaluation
# A rollout stops at the start of the next bout and the position is scored by a
# conditional-logit model of who ends as the dayous: each seat still in the game gets
# the weight exp(w · features(seat)), its chance of being the dayous is its share of
# the weights. The weights were fitted (maximum likelihood) on the bout starts of
# rule-player games of 2 to 5 players; see games/dayous/README.md.

FEATURE_WEIGHTS = (3.072, 0.55, -2.622, 0.48, -2.396, -0.862, 0.888, -0.091, -1.683, -0.205, 0.015)


def seat_features(state: dict[str, Any], seat: int) -> tuple[float, ...]:
    """What the evaluation reads of one seat (counts per full hand): hand size (also
    once the deck is empty), strength of plain cards (also once the deck is empty),
    trumps and their strength, trumps that the trump change will make plain, jokers,
    cards beyond a full hand, and whether the seat attacks or defends next."""
    hand = state["hands"][seat]
    trump = state["trump"]
    full = state["hand_size"]
    empty = 0.0 if state["deck"] else 1.0
    pending = 0.0 if state["trump_changed"] else 1.0
    trumps = jokers = 0
    power = plain = 0.0
    for card in hand:
        if card[0] == "X":
            jokers += 1
        elif card[1] == trump:
            trumps += 1
            power += RANK_VALUE[card[0]] / 12
        else:
            plain += RANK_VALUE[card[0]] / 12
    size = len(hand) / full
    return (
        size,
        size * empty,
        plain / full,
        plain / full * empty,
        trumps / full,
        power / full,
        trumps / full * pending,
        float(jokers),
        max(0, len(hand) - full) / full,
        1.0 if seat == state["leader"] else 0.0,
        1.0 if seat == state["defender"] else 0.0,
    )


def _in_game(state: dict[str, Any], seat: int) -> bool:
    return bool(state["hands"][seat]) or bool(state["deck"])


def dayous_chances(state: dict[str, Any]) -> list[float]:
    """Each seat's chance of ending as the dayous (0 for seats already out)."""
    weights = []
    for seat in range(state["players"]):
        if not _in_game(state, seat):
            weights.append(0.0)
            continue
        score = sum(w * f for w, f in zip(FEATURE_WEIGHTS, seat_features(state, seat)))
        weights.append(math.exp(max(-30.0, min(30.0, score))))
    total = sum(weights)
    return [w / total for w in weights] if total else weights


def evaluate(engine: Engine, state: dict[str, Any], seat: int, root: dict[str, Any]) -> float:
    """1 for not being the dayous, 0 for being it; a rollout cut short scores one
    minus the seat's chance of ending as the dayous."""
    if state["phase"] == "over":
        return 0.0 if state["dayous"] == seat else 1.0
    return 1.0 - dayous_chances(state)[seat]


ROLLOUT_BOUTS = 1  # to the end of the bout under way: measured best of 1, 2 and 4
ROLLOUT_STEPS = 400  # an endgame rollout plays on to the end of the game


def stop_after_bouts(bouts: int) -> Callable[[Engine, dict[str, Any], dict[str, Any]], bool]:
    """A rollout stop: at the start of the ``bouts``-th bout after the decision, or
    never once the deck was empty at the decision. The endgame is where the dayous
    is settled and the model guesses worst, and its rollouts are short."""

    def stop(engine: Engine, state: dict[str, Any], root: dict[str, Any]) -> bool:
        if state["phase"] != "lead" or not root["start"]["deck"]:
            return False
        root["bouts"] = root.get("bouts", 0) + 1
        return bool(root["bouts"] >= bouts)

    return stop


# --------------------------------------------------------------------------- root actions


def _action_class(action: dict[str, Any]) -> tuple[Any, ...]:
    """Root actions that differ only by which equal-count cards of a rank (or which
    card of a suit beats a given card) are one class: the search tries the cheapest."""
    kind = action["type"]
    if kind in ("attack", "throw", "transfer"):
        return kind, action["cards"][0][0], len(action["cards"])
    if kind == "beat":
        return kind, action["target"], action["card"][1]
    if kind == "joker":
        return (kind,)
    return kind, tuple(sorted(action.items()))


def _action_cost(action: dict[str, Any], trump: str) -> int:
    cards = action.get("cards") or ([action["card"]] if "card" in action else [])
    return sum(_cost(c, trump) for c in cards)


def candidate_actions(legal: list[dict[str, Any]], trump: str) -> list[int]:
    """Indices of the root actions worth searching: the cheapest of each class."""
    best: dict[tuple[Any, ...], int] = {}
    for i, action in enumerate(legal):
        key = _action_class(action)
        if key not in best or _action_cost(action, trump) < _action_cost(legal[best[key]], trump):
            best[key] = i
    return sorted(best.values())


# --------------------------------------------------------------------------- strong bot

RULE_PREFERENCE = 0.01


class StrongBot(search.PairedSearchBot):
    """Determinized search over sampled deals with common random numbers: every
    round samples one world and plays every candidate root action in it with the
    same rollout dice (rule-player rollouts to the start of the next bout, scored by
    the dayous model); the best mean wins, the rule player's choice on near ties."""

    preference = RULE_PREFERENCE

    def __init__(
        self, budget: float | None = search.DEFAULT_BUDGET, iterations: int | None = None,
        bouts: int = ROLLOUT_BOUTS,
    ) -> None:
        super().__init__(
            cast(Engine, ENGINE), determinize, rollout_policy, evaluate, stop=stop_after_bouts(bouts),
            memory=Memory(), budget=budget, iterations=iterations, max_steps=ROLLOUT_STEPS,
        )

    def candidates(self, view: dict[str, Any], rng: random.Random) -> tuple[list[int], int]:
        legal: list[dict[str, Any]] = view["legal"]
        preferred = legal.index(self._rule_choice(view, rng))
        candidates = candidate_actions(legal, view["trump"])
        if preferred not in candidates:
            candidates.append(preferred)
        return candidates, preferred

    def _rule_choice(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        rule = RuleBot(memory=False)
        rule.memory = self.memory
        return rule.choose(view, random.Random(rng.random()))
