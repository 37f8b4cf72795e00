"""Disunyer bots. They see only ``view`` dicts (never the state)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games import core, search
from games.core import Engine
from games.disunyer.cards import DECK, RANK_VALUE, is_ace, is_king
from games.disunyer.rules import ENGINE
from games.disunyer.state import DISUNYER, OVER, PUBLIC, TURNS


def unread_events(view: dict[str, Any], next_event: int) -> list[dict[str, Any]]:
    """The view's log events numbered ``next_event`` or later (the log is numbered from
    ``view["log_from"]``)."""
    log: list[dict[str, Any]] = view["log"]
    return log[max(0, next_event - view.get("log_from", 0)) :]


class SeenAces:
    """The Aces shown since the last reshuffle (guessed, drawn or revealed), read from
    the public log."""

    def __init__(self) -> None:
        self.aces: set[str] = set()
        self.next_event = 0

    def update(self, view: dict[str, Any]) -> None:
        for ev in unread_events(view, self.next_event):
            t = ev["type"]
            if t == "reshuffle":
                self.aces = set()
            elif t == "guess":
                self.aces.add(ev["ace"])
            elif t == "draw" or t == "reveal":
                cards = [ev["card"]] if t == "draw" else ev["cards"]
                self.aces.update(c for c in cards if c and is_ace(c))
        self.next_event = view.get("log_from", 0) + len(view["log"])


class RandomBot:
    """Plays uniformly at random among the legal actions."""

    def choose(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
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
        self.memory = SeenAces()

    def choose(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        legal: list[dict[str, Any]] = view["legal"]
        self.memory.update(view)
        if len(legal) == 1:
            return legal[0]
        kind = legal[0]["type"]
        if kind == "pick":
            return rng.choice(legal)
        if kind == "guess":
            ruled_out = {c[1] for c in self.memory.aces}
            for c in view["cards"]:
                if c and is_ace(c) and view["seat"] is not None:
                    ruled_out.add(c[1])
            holder = view.get("holder")
            if holder is not None and view["cards"][holder]:
                # The Ace itself is visible (should not happen before the guess).
                return {"type": "guess", "suit": view["cards"][holder][1]}
            options = [a for a in legal if a["suit"] not in ruled_out] or legal
            return rng.choice(options)
        # keep or pass
        me = view["seat"]
        mine = RANK_VALUE[view["hand"][0]]
        round_order = view["in_round"]
        position = round_order.index(me)
        cards = view["cards"]
        for s in round_order[:position]:
            c = cards[s]
            if c and RANK_VALUE[c[0]] < mine:
                return {"type": "keep"}
        # The next player's card can never be known before one's turn (cards only
        # move forward), so the swap is blind: pass a low card.
        limit = 4 if position == len(round_order) - 1 else 3
        return {"type": "pass"} if mine <= limit else {"type": "keep"}


# --------------------------------------------------------------------------- search
# The strong bot: determinized Monte Carlo search (games/search.py). Everything
# below works from views only; the states built here are the bot's own guesses.


class Memory:
    """What a seat's past views showed: the cards known to be in the discard pile
    since the last reshuffle (revealed cards, shown Aces, its own cards)."""

    def __init__(self) -> None:
        self.next_event = 0
        self.discard: set[str] = set()
        self.seat: int | None = None
        self.my_card: str | None = None  # the card held at the last decision
        self.my_round: int | None = None

    def update(self, view: dict[str, Any]) -> None:
        self.seat = view.get("seat")
        for ev in unread_events(view, self.next_event):
            t = ev["type"]
            if t == "reshuffle":
                self.discard = set()
            elif t == "deal":
                # My card of the round that just ended went to the discard pile.
                if self.my_card is not None and self.my_round == ev["round"] - 1:
                    self.discard.add(self.my_card)
                self.my_card = None
            elif t == "reveal":
                self.discard.update(c for c in ev["cards"] if c)
            elif t == "guess" and ev.get("ace"):
                self.discard.add(ev["ace"])
            elif t == "draw" and ev["seat"] == self.seat and self.my_card is not None:
                # The card let go when drawing went face down to the discard pile.
                self.discard.add(self.my_card)
                self.my_card = None
        self.next_event = view.get("log_from", 0) + len(view["log"])
        if view.get("hand"):
            self.my_card = view["hand"]
            self.my_round = view["round"]


def determinize(view: dict[str, Any], rng: random.Random, memory: Memory | None = None) -> dict[str, Any]:
    """A full Disunyer state consistent with everything ``view`` (and ``memory``) shows.

    Hidden cards are drawn from the cards the seat has not seen: in the turn phase
    they are never Aces (a dealt Ace makes a Disunyer round) nor, in Stuck King
    mode, Kings (dealt Kings are stuck face up); in the Disunyer phase the seat
    resolving a Disunyer (and any caller who called nobody) holds an Ace, the seats
    before it in play order hold none. Deck order and the unseen part of the discard
    pile are random. The seed is a fresh one from ``rng``.
    """
    if memory is None:
        memory = Memory()
        memory.update(view)
    round_order = list(view["in_round"])
    hands, known, hidden = _seen_hands(view, round_order)
    rules = _hidden_card_rules(view, round_order, hidden)
    deck, discard = _deal_unseen(view, memory, hands, hidden, rules, rng)
    rng.shuffle(deck)
    return _sampled_state(view, rng, round_order, hands, known, deck, discard)


def _seen_hands(view: dict[str, Any], round_order: list[int]) -> tuple[list[str | None], list[int], list[int]]:
    """The cards the view shows in the seats' hands, who knows them (``known``) and
    the seats of the round whose card is hidden."""
    me = view["seat"]
    n = view["players"]
    cards = view["cards"]
    hands: list[str | None] = [None] * n
    known = [0] * n
    hidden: list[int] = []
    holding = round_order if view["phase"] in (TURNS, DISUNYER) else []
    public_seats = set(view["stuck"]) | {d["holder"] for d in view["duels"] if d.get("ace")}
    for s in holding:
        card = cards[s]
        if card is None:
            hidden.append(s)
            known[s] = 1 << s
        elif s in public_seats:
            hands[s] = card
            known[s] = PUBLIC
        else:
            hands[s] = card
            known[s] = (1 << s) | (1 << me) if me is not None else (1 << s)
    return hands, known, hidden


def _not_ace(card: str) -> bool:
    return not is_ace(card)


def _neither_ace_nor_king(card: str) -> bool:
    return not is_ace(card) and not is_king(card)


def _hidden_card_rules(
    view: dict[str, Any], round_order: list[int], hidden: list[int]
) -> dict[int, Callable[[str], bool]]:
    """What each hidden card may be, by seat (seats left out may hold any card)."""
    if view["phase"] == TURNS:
        rule = _neither_ace_nor_king if view["mode"] == "stuck-king" else _not_ace
        return {s: rule for s in hidden}
    if view["phase"] != DISUNYER:
        return {}
    holder = view["holder"]
    callers = {d["holder"] for d in view["duels"]}
    before = round_order[: round_order.index(holder)] if holder in round_order else []
    rules: dict[int, Callable[[str], bool]] = {}
    for s in hidden:
        if s == holder or s in callers:
            rules[s] = is_ace
        elif s in before:
            rules[s] = _not_ace
    return rules


def _unseen(seen: set[str], known_discard: list[str]) -> list[str]:
    excluded = seen | set(known_discard)
    return [c for c in DECK if c not in excluded]


def _deal_unseen(
    view: dict[str, Any], memory: Memory, hands: list[str | None], hidden: list[int],
    rules: dict[int, Callable[[str], bool]], rng: random.Random,
) -> tuple[list[str], list[str]]:
    """Deal the cards not seen to the hidden hands (filled in ``hands``), the discard
    pile (after the cards ``memory`` knows are in it) and the deck: the deck and the
    discard pile."""
    seen = {c for c in hands if c is not None}
    discard_size = view["discard"]
    known_discard = [c for c in sorted(memory.discard) if c not in seen][:discard_size]
    slots: list[search.Slot] = [(s, 1, rules.get(s)) for s in hidden]
    slots.append(("discard", discard_size - len(known_discard), None))
    slots.append(("deck", view["deck"], None))
    dealt = search.fill_slots(_unseen(seen, known_discard), slots, rng)
    if dealt is None:  # memory out of step with the view: forget it
        known_discard = []
        slots[-2] = ("discard", discard_size, None)
        dealt = search.deal_unseen(_unseen(seen, known_discard), slots, rng)
    for s in hidden:
        hands[s] = dealt[s][0]
    return dealt["deck"], known_discard + dealt["discard"]


def _pending_callers(view: dict[str, Any], round_order: list[int], hands: list[str | None]) -> list[int]:
    """The Ace holders after the one resolving a Disunyer, still to call."""
    if view["phase"] != DISUNYER or view["holder"] not in round_order:
        return []
    after = round_order[round_order.index(view["holder"]) + 1:]
    out_round = view["out_round"]
    return [s for s in after if (card := hands[s]) and is_ace(card) and not out_round[s]]


def _sampled_state(
    view: dict[str, Any], rng: random.Random, round_order: list[int], hands: list[str | None], known: list[int],
    deck: list[str], discard: list[str],
) -> dict[str, Any]:
    phase = view["phase"]
    turn = view["turn"]
    return {
        "players": view["players"],
        "mode": view["mode"],
        "seed": search.fresh_seed(rng),
        "stream": 2,
        "order": list(view["order"]),
        "round": view["round"],
        "deck": deck,
        "discard": discard,
        "hands": hands,
        "known": known,
        "out": [o or 0 for o in view["out_round"]],
        "phase": phase,
        "step": view["step"],
        "round_order": round_order if phase != OVER else [],
        "position": round_order.index(turn) if turn is not None and turn in round_order else 0,
        "holder": view["holder"],
        "rival": view["rival"],
        "pending": _pending_callers(view, round_order, hands),
        "stuck": list(view["stuck"]),
        "duels": list(view["duels"]),
        "last": view["last_round"],
        "rounds": list(view["rounds"]),
        "log": list(view["log"]),
        "logged": view.get("log_from", 0) + len(view["log"]),
        "winner": None,
        "no_winner": False,
    }


def rollout_policy(engine: Engine, state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The rule player's habits, read from the (sampled) state for speed: each seat
    uses only its own card. Pass Ace-4 (Ace-5 as the last seat), random picks and guesses."""
    legal: list[dict[str, Any]] = engine.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    kind = legal[0]["type"]
    if kind in ("pick", "guess"):
        return rng.choice(legal)
    hands = state["hands"]
    value = RANK_VALUE[hands[seat][0]]
    round_order = state["round_order"]
    position = state["position"]
    known = state["known"]
    bit = 1 << seat
    for s in round_order[:position]:
        if known[s] & bit and RANK_VALUE[hands[s][0]] < value:
            return {"type": "keep"}  # someone who already played is known to be lower
    last = position == len(round_order) - 1
    return {"type": "pass"} if value <= (4 if last else 3) else {"type": "keep"}


def _round_over(engine: Engine, state: dict[str, Any], root: dict[str, Any]) -> bool:
    return bool(state["round"] != root["start"]["round"] or state["phase"] == OVER)


def evaluate(engine: Engine, state: dict[str, Any], seat: int, root: dict[str, Any]) -> float:
    """Rollouts stop at the end of the round: 1 for still standing, 0 for knocked out
    (a finished game scores its place points, scaled to [0, 1])."""
    outcome = engine.outcome(state)
    n: int = state["players"]
    if outcome is not None:
        return (core.place_points(outcome["places"][seat], n) - 1) / (n - 1)
    return 0.0 if state["out"][seat] else 1.0


class StrongBot(search.SearchBot):
    """Determinized search (PIMC + UCB1) over sampled deals; rule-player rollouts to
    the end of the round, scored by survival."""

    def __init__(self, budget: float | None = search.DEFAULT_BUDGET, iterations: int | None = None) -> None:
        super().__init__(
            ENGINE, determinize, rollout_policy, evaluate, stop=_round_over,
            memory=Memory(), budget=budget, iterations=iterations, max_steps=400,
        )
