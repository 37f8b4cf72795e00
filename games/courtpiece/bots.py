"""Court Piece bots. They see only ``engine.view(state, seat)``, never the state."""

from __future__ import annotations

import random
from typing import Any

from games import search
from games.courtpiece.cards import (
    DECK,
    FACE_DOWN,
    RANK,
    RANK_OF,
    RANKS,
    SUIT_OF,
    SUITS,
    best_suit,
    suit_strength,
    trick_leader,
)
from games.courtpiece.playout import Playout
from games.courtpiece.rules import ENGINE


def _rank(card: str) -> int:
    return RANK[card[0]]


class RandomBot:
    """Uniform over the legal actions."""

    def choose(self, view: dict, rng: random.Random) -> dict:
        return rng.choice(view["legal"])


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
    * Memory: it remembers the cards played this round and the suits each player
      has shown void in; it leads a card nobody can beat in its suit (all higher ones
      gone) before anything else, and avoids leading suits an opponent is void in.
    """

    def __init__(self, memory: bool = True) -> None:
        self.memory = Memory() if memory else None

    def choose(self, view: dict, rng: random.Random) -> dict:
        legal = view["legal"]
        if self.memory is not None:
            self.memory.update(view)
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if first["type"] == "call":
            hand = view["hand"]
            suit = best_suit(hand)
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
            return {"type": "play", "card": self._lead(plays, trump, view)}
        lead = view["lead_suit"]
        power_trump = view["trump"] if view["trump_power"] else None
        cards = [entry["card"] for entry in trick]
        face_down = [i for i, c in enumerate(cards) if c == FACE_DOWN]
        trump_from = view.get("trick_trump_from", 0)
        best_i, best = trick_leader(cards, face_down, trump_from, power_trump, SUIT_OF, RANK_OF)
        partner_wins = trick[best_i]["seat"] == (view["seat"] + 2) % 4
        plain = [c for c in plays if c[1] != trump] or plays
        if plays[0][1] == lead and all(c[1] == lead for c in plays):
            if partner_wins:
                return {"type": "play", "card": min(plays, key=_rank)}
            strength = suit_strength(lead, lead, power_trump)
            winners = [c for c in plays if strength + _rank(c) > best]
            return {"type": "play", "card": min(winners or plays, key=_rank)}
        # Cannot follow suit.
        if partner_wins:
            return {"type": "play", "card": min(plain, key=_rank)}
        if can_ask:
            return {"type": "ask"}
        if view["trump"] == "none yet":
            suit = best_suit(plays)
            return {"type": "play", "card": min((c for c in plays if c[1] == suit), key=_rank)}
        if power_trump:
            strength = suit_strength(power_trump, lead, power_trump)
            trumps = [c for c in plays if c[1] == power_trump and strength + _rank(c) > best]
            if trumps:
                return {"type": "play", "card": min(trumps, key=_rank)}
        return {"type": "play", "card": min(plain, key=_rank)}

    def _lead(self, plays: list[str], trump: str | None, view: dict) -> str:
        plain = [c for c in plays if c[1] != trump]
        if not plain:
            return min(plays, key=_rank)
        memory = self.memory
        if memory is not None and view["seat"] is not None:
            me = view["seat"]
            avoid = memory.voids[(me + 1) % 4] | memory.voids[(me + 3) % 4]
            safe = [c for c in plain if c[1] not in avoid]
            gone = set(memory.played) | set(view["hand"])
            masters = [c for c in safe if all(r + c[1] in gone for r in RANKS[_rank(c) + 1:])]
            if masters:
                return max(masters, key=_rank)
            plain = safe or plain
        aces = [c for c in plain if c[0] == "A"]
        if aces:
            return aces[0]
        suit = best_suit(plain)
        return min((c for c in plain if c[1] == suit), key=_rank)


# --------------------------------------------------------------------------- search
# The strong bot: determinized Monte Carlo search (games/search.py). Everything
# below works from views only; the states built here are the bot's own guesses.



class Memory:
    """What a seat's past views showed this round, read from the public log: the
    cards played, how many went face down, the suits each seat has shown void in,
    and the Hidden trump card once shown (it is back in the caller's hand). The log
    has no index: new events are found by overlapping the last log read with the new
    one (a new round starts afresh)."""

    def __init__(self) -> None:
        self.round = None
        self.last_log: list[dict] = []
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

    def update(self, view: dict) -> None:
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

    def _read(self, ev: dict) -> None:
        t = ev.get("type")
        if t == "deal":
            self._reset()
            self.caller = ev.get("caller")
        elif t == "play":
            seat, card = ev["seat"], ev["card"]
            if self.in_trick == 0:
                self.trick_lead = None if card == FACE_DOWN else card[1]
            elif self.trick_lead is not None:
                if card == FACE_DOWN or card[1] != self.trick_lead:
                    self.voids[seat].add(self.trick_lead)
                    if self.asked == seat and self.trump and card != FACE_DOWN and card[1] != self.trump:
                        self.voids[seat].add(self.trump)
            if card == FACE_DOWN:
                self.face_down += 1
            else:
                self.played.append(card)
            self.asked = None
            self.in_trick = (self.in_trick + 1) % 4
        elif t == "ask":
            self.asked = ev["seat"]
        elif t == "trump_shown":
            self.shown = ev["card"]
            self.trump = ev["suit"]
            self.caller = ev["seat"]
            self.voids[ev["seat"]].discard(ev["suit"])  # the card is back in that hand
        elif t == "trump_made":
            self.trump = ev["suit"]
        elif t == "call" and ev.get("suit"):
            self.trump = ev["suit"]
        elif t == "trick":
            self.in_trick = 0


def determinize(view: dict, rng: random.Random, memory: Memory | None = None) -> dict:
    """A full Court Piece state consistent with everything ``view`` (and ``memory``) shows.

    The seat's own cards are as shown; the unseen cards (not in its hand, not
    played face up this round) are dealt at random to the other hands (their sizes
    as shown), respecting every suit a player has shown void in; face-down cards and
    a Hidden trump the seat may not know are drawn from the unseen cards too (then
    the trump suit is that card's suit). The seed is a fresh one from ``rng``.
    """
    if memory is None:
        memory = Memory()
        memory.update(view)
    me = view["seat"]
    phase = view["phase"]
    caller = view["caller"]
    opts = view["options"]
    trick_view = view["trick"]
    counts = list(view["hand_counts"])
    hand = list(view["hand"])
    hidden_trump = opts["game"] == "hidden" and view["face_down_placed"]
    fd = view["face_down"]
    trump = view["trump"]
    if trump == "none yet":
        trump = None
    power = view["trump_power"]
    shown = memory.shown if memory.shown and power else None
    trick_cards = [e["card"] for e in trick_view]
    seen = set(hand) | set(memory.played) | {c for c in trick_cards if c != FACE_DOWN}
    if fd:
        seen.add(fd)
    pool = [c for c in DECK if c not in seen]
    if len(pool) + len(seen) != 52:
        raise ValueError("the view shows a card twice")
    known_in: dict[int, list[str]] = {s: [] for s in range(4)}
    if shown and shown in pool and caller is not None and caller != me:
        known_in[caller].append(shown)
        pool.remove(shown)
    if hidden_trump and caller is not None and caller != me:
        counts[caller] -= 1  # the face-down card is out of the hand
    gone = view["tricks_played"] * 4
    gone_unknown = gone - sum(1 for c in memory.played if c not in trick_cards)
    trick_down = [i for i, c in enumerate(trick_cards) if c == FACE_DOWN]
    slots: list[tuple[Any, int, Any]] = []
    voids = memory.voids
    if phase == "call":
        # Only the caller has seen cards (its first five, which lead its hand).
        pool = [c for c in DECK if c not in set(hand)]
        sizes = [13 - (len(hand) if s == me else 0) for s in range(4)]
        dealt = search.fill_slots(pool, [(s, sizes[s], None) for s in range(4)], rng)
        assert dealt is not None  # (no slot has a constraint)
        hands = [hand + dealt[s] if s == me else dealt[s] for s in range(4)]
        five_cards = hands[caller][:5]
        trump = None
        fd = None
        power = False
    else:
        for s in range(4):
            if s == me:
                continue
            size = counts[s] - len(known_in[s])
            bad = set(voids[s])
            allowed = (lambda c, bad=frozenset(bad): c[1] not in bad) if bad else None
            slots.append((s, size, allowed))
        if hidden_trump and fd is None:
            slots.append(("fd", 1, None))
        slots.append(("trick", len(trick_down), None))
        slots.append(("gone", max(0, gone_unknown), None))
        total = sum(z for _, z, _ in slots)
        if total != len(pool):  # memory out of step: let "gone" absorb the difference
            slots[-1] = ("gone", max(0, gone_unknown + len(pool) - total), None)
        dealt = search.fill_slots(pool, slots, rng)
        if dealt is None:
            dealt = search.fill_slots(pool, [(k, z, None) for k, z, _ in slots], rng)
            if dealt is None:
                raise ValueError("the view's card counts do not add up")
        hands = [hand if s == me else sorted(known_in[s] + dealt[s], key=lambda c: (SUITS.index(c[1]), _rank(c)))
                 for s in range(4)]
        if hidden_trump and fd is None:
            fd = dealt["fd"][0]
        if hidden_trump and not power:
            trump = fd[1]
        elif trump == "hidden":
            trump = None
        if not hidden_trump and opts["game"] == "hidden" and not power:
            fd = None
        five_cards = None
        sampled_down = iter(dealt["trick"])
        trick_cards = [next(sampled_down) if c == FACE_DOWN else c for c in trick_cards]
    asked = None
    log = view["log"]
    turn = view["to_act"][0] if view["to_act"] else None
    if (len(log) >= 2 and log[-1].get("type") == "trump_shown" and log[-1].get("how") == "ask"
            and log[-2].get("type") == "ask" and log[-2].get("seat") == turn):
        asked = turn
    last = view["last_trick"]
    prev_ace = False
    if last:
        for e in last["cards"]:
            if e["seat"] == last["winner"] and e["card"] != FACE_DOWN:
                prev_ace = e["card"][0] == "A"
    gone_cards = list(memory.played) if phase != "call" else []
    gone_cards = [c for c in gone_cards if c not in trick_cards]
    if phase != "call":
        gone_cards += dealt["gone"]
    return {
        "opts": opts,
        "seed": search.fresh_seed(rng),
        "stream": 1 + view["round"],
        "stack": None,
        "round": view["round"],
        "points": list(view["score"]),
        "stats": view["stats"],
        "history": view["history"],
        "result": None,
        "phase": phase,
        "caller": caller,
        "leader": view["leader"],
        "turn": turn,
        "five": five_cards,
        "trump": trump,
        "power": power,
        "fd": fd if hidden_trump or (opts["game"] == "hidden" and fd) else None,
        "hands": hands,
        "trick": trick_cards,
        "tlead": view["trick_leader"],
        "tdown": trick_down,
        "tpow": view["trick_trump_from"],
        "asked": asked,
        "ntrick": view["tricks_played"],
        "pile": view["pile"],
        "picked": sum(view["hands"]) > 0,
        "prev": view["streak"],
        "prev_ace": prev_ace,
        "won": list(view["hands"]),
        "gone": gone_cards,
        "down": [],
        "last": last,
        "log": list(log),
    }


def round_value(team: int, winning_team: int, points: int, hands: list[int]) -> float:
    """A round's result for ``team``: 0.5 ± 0.3 per table point won or lost (a normal win
    0.8, a loss 0.2; a Court, Goon Court, 4 or 6 points count in full, as they do at the
    table), plus a little for the hands margin."""
    bonus = 0.05 * (hands[team] - hands[1 - team]) / 13
    sign = 1 if winning_team == team else -1
    return 0.5 + sign * 0.3 * points + bonus


def evaluate(engine, state: dict, seat: int, root: dict) -> float:
    """The value for ``seat`` of a state just past the end of the searched round."""
    last = state["history"][-1]
    return round_value(seat % 2, last["winning_team"], last["points"], last["hands"])


class StrongBot(search.PairedSearchBot):
    """Determinized search (PIMC) over sampled deals respecting shown voids. Each
    sampled world is played once with every legal action — the same deal for all, so
    the actions are compared on equal cards and most of the luck cancels out: the
    action goes through the engine, then the rest of the round is played out fast
    (``playout.Playout``) by rule players that remember the voids shown, and the
    round's result is scored (``round_value``)."""

    def __init__(self, budget: float | None = search.DEFAULT_BUDGET, iterations: int | None = None) -> None:
        super().__init__(
            ENGINE, determinize, None, evaluate, memory=Memory(), budget=budget, iterations=iterations,
        )

    def _simulate(self, world: dict, seat: int, action: dict, rng: random.Random) -> float:
        state, _ = self.engine.apply(world, seat, action)
        if state["round"] != world["round"] or state["phase"] == "over":
            return self.evaluate(self.engine, state, seat, {"seat": seat, "start": world})
        winning_team, points, hands = Playout.from_state(state, self.memory.voids).run(rng)
        return round_value(seat % 2, winning_team, points, hands)


BOTS = {"random": RandomBot, "rule": RuleBot, "strong": StrongBot}
