"""Court Piece bots. They see only ``engine.view(state, seat)``, never the state."""

from __future__ import annotations

import random
from typing import Any, cast

from games import search
from games.core import Engine
from games.courtpiece.cards import (
    DECK,
    FACE_DOWN,
    RANK,
    RANK_OF,
    RANKS,
    SUIT_OF,
    best_suit,
    sorted_hand,
    suit_strength,
    trick_leader,
)
from games.courtpiece.memory import Memory
from games.courtpiece.playout import Playout
from games.courtpiece.rules import ENGINE
from games.courtpiece.state import team_of


def _rank(card: str) -> int:
    return RANK[card[0]]


class RandomBot:
    """Uniform over the legal actions."""

    def choose(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
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

    def choose(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        legal: list[dict[str, Any]] = view["legal"]
        if self.memory is not None:
            self.memory.update(view)
        if len(legal) == 1:
            return legal[0]
        if legal[0]["type"] == "call":
            return _call(view["hand"], face_down="card" in legal[0])
        plays = [a["card"] for a in legal if a["type"] == "play"]
        if not view["trick"]:
            return _play(self._lead(plays, _trump_known(view), view))
        return _answer(view, legal, plays)

    def _lead(self, plays: list[str], trump: str | None, view: dict[str, Any]) -> str:
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


def _play(card: str) -> dict[str, Any]:
    return {"type": "play", "card": card}


def _lowest(cards: list[str]) -> str:
    return min(cards, key=_rank)


def _lowest_of_best_suit(cards: list[str]) -> str:
    suit = best_suit(cards)
    return _lowest([c for c in cards if c[1] == suit])


def _call(hand: list[str], face_down: bool) -> dict[str, Any]:
    """The suit held most (Hidden: its lowest card, placed face down)."""
    if face_down:
        return {"type": "call", "card": _lowest_of_best_suit(hand)}
    return {"type": "call", "suit": best_suit(hand)}


def _trump_known(view: dict[str, Any]) -> str | None:
    """The trump suit, if it has power or this seat called it."""
    trump = view["trump"] if view["trump_power"] or view["seat"] == view["caller"] else None
    return None if trump in ("hidden", "none yet") else trump


def _answer(view: dict[str, Any], legal: list[dict[str, Any]], plays: list[str]) -> dict[str, Any]:
    """A card (or asking to see the trump) on a trick already led."""
    trick = view["trick"]
    lead = view["lead_suit"]
    power_trump = view["trump"] if view["trump_power"] else None
    cards = [entry["card"] for entry in trick]
    face_down = [i for i, c in enumerate(cards) if c == FACE_DOWN]
    trump_from = view.get("trick_trump_from", 0)
    best_i, best = trick_leader(cards, face_down, trump_from, power_trump, SUIT_OF, RANK_OF)
    partner_wins = trick[best_i]["seat"] == (view["seat"] + 2) % 4
    if all(c[1] == lead for c in plays):
        if partner_wins:
            return _play(_lowest(plays))
        strength = suit_strength(lead, lead, power_trump)
        return _play(_lowest([c for c in plays if strength + _rank(c) > best] or plays))
    # Cannot follow suit.
    trump = _trump_known(view)
    plain = [c for c in plays if c[1] != trump] or plays
    if partner_wins:
        return _play(_lowest(plain))
    if any(a["type"] == "ask" for a in legal):
        return {"type": "ask"}
    if view["trump"] == "none yet":
        return _play(_lowest_of_best_suit(plays))
    return _play(_lowest(_winning_trumps(plays, lead, power_trump, best) or plain))


def _winning_trumps(plays: list[str], lead: str, power_trump: str | None, best: int) -> list[str]:
    """The trumps with power among ``plays`` that beat the trick's ``best`` strength."""
    if not power_trump:
        return []
    strength = suit_strength(power_trump, lead, power_trump)
    return [c for c in plays if c[1] == power_trump and strength + _rank(c) > best]


# --------------------------------------------------------------------------- search
# The strong bot: determinized Monte Carlo search (games/search.py). Everything
# below works from views only; the states built here are the bot's own guesses.


def determinize(view: dict[str, Any], rng: random.Random, memory: Memory | None = None) -> dict[str, Any]:
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
    pool = _unseen(view, memory)
    cards = _deal_calling(view, rng) if view["phase"] == "call" else _deal_playing(view, memory, pool, rng)
    last = view["last_trick"]
    return {
        "options": view["options"],
        "seed": search.fresh_seed(rng),
        "stream": 1 + view["round"],
        "stack": None,
        "round": view["round"],
        "points": list(view["score"]),
        "stats": view["stats"],
        "history": view["history"],
        "result": None,
        "phase": view["phase"],
        "caller": view["caller"],
        "leader": view["leader"],
        "turn": view["to_act"][0] if view["to_act"] else None,
        "five": cards["five"],
        "trump": cards["trump"],
        "power": cards["power"],
        "face_down": cards["face_down"],
        "hands": cards["hands"],
        "trick": cards["trick"],
        "trick_leader": view["trick_leader"],
        "trick_face_down": [i for i, e in enumerate(view["trick"]) if e["card"] == FACE_DOWN],
        "trick_trump_from": view["trick_trump_from"],
        "asked": _asked(view),
        "tricks_played": view["tricks_played"],
        "pile": view["pile"],
        "picked": sum(view["hands"]) > 0,
        "streak_winner": view["streak"],
        "streak_ace": _won_with_an_ace(last),
        "won": list(view["hands"]),
        "gone": cards["gone"],
        "down": [],
        "last": last,
        "log": list(view["log"]),
    }


def _unseen(view: dict[str, Any], memory: Memory) -> list[str]:
    """The cards this seat has not seen this round, in deck order."""
    seen = set(view["hand"]) | set(memory.played) | {e["card"] for e in view["trick"] if e["card"] != FACE_DOWN}
    if view["face_down"]:
        seen.add(view["face_down"])
    pool = [c for c in DECK if c not in seen]
    if len(pool) + len(seen) != 52:
        raise ValueError("the view shows a card twice")
    return pool


def _deal_calling(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """While the trump is called only the caller has seen cards (its first five, which
    lead its hand): all the others are dealt at random."""
    me, hand = view["seat"], list(view["hand"])
    pool = [c for c in DECK if c not in set(hand)]
    sizes = [13 - (len(hand) if s == me else 0) for s in range(4)]
    dealt = search.fill_slots(pool, [(s, sizes[s], None) for s in range(4)], rng)
    assert dealt is not None  # (no slot has a constraint)
    hands = [hand + dealt[s] if s == me else dealt[s] for s in range(4)]
    five = hands[view["caller"]][:5]
    return {"five": five, "trump": None, "power": False, "face_down": None, "hands": hands, "trick": [], "gone": []}


def _deal_playing(view: dict[str, Any], memory: Memory, pool: list[str], rng: random.Random) -> dict[str, Any]:
    """The unseen cards dealt to the other hands, the face-down cards of the trick, the
    finished tricks and a Hidden trump this seat may not know."""
    me, caller, options = view["seat"], view["caller"], view["options"]
    power = view["trump_power"]
    hidden_trump = options["game"] == "hidden" and view["face_down_placed"]
    known_in: dict[int, list[str]] = {s: [] for s in range(4)}
    shown = memory.shown if memory.shown and power else None
    if shown and shown in pool and caller is not None and caller != me:
        known_in[caller].append(shown)
        pool.remove(shown)
    trick_cards = [e["card"] for e in view["trick"]]
    face_down = view["face_down"]
    slots = _slots(view, memory, known_in, hidden_trump, trick_cards, len(pool))
    dealt = search.deal_unseen(pool, slots, rng)
    hands = [sorted_hand(known_in[s] + dealt[s]) if s != me else list(view["hand"]) for s in range(4)]
    if hidden_trump and face_down is None:
        face_down = dealt["face_down"][0]
    trump = None if view["trump"] in ("none yet", "hidden") else view["trump"]
    if hidden_trump and not power:
        trump = face_down[1]
    if not hidden_trump and options["game"] == "hidden" and not power:
        face_down = None
    sampled_down = iter(dealt["trick"])
    trick_cards = [next(sampled_down) if c == FACE_DOWN else c for c in trick_cards]
    gone = [c for c in memory.played if c not in trick_cards] + dealt["gone"]
    return {
        "five": None,
        "trump": trump,
        "power": power,
        "face_down": face_down if hidden_trump or (options["game"] == "hidden" and face_down) else None,
        "hands": hands,
        "trick": trick_cards,
        "gone": gone,
    }


def _slots(
    view: dict[str, Any],
    memory: Memory,
    known_in: dict[int, list[str]],
    hidden_trump: bool,
    trick_cards: list[str],
    unseen: int,
) -> list[tuple[Any, int, Any]]:
    """Where the ``unseen`` cards go, how many in each place, and which suits a hand may
    not hold (the voids it has shown)."""
    me, caller = view["seat"], view["caller"]
    counts = list(view["hand_counts"])
    if hidden_trump and caller is not None and caller != me:
        counts[caller] -= 1  # the face-down card is out of the hand
    slots: list[tuple[Any, int, Any]] = []
    for s in range(4):
        if s != me:
            bad = frozenset(memory.voids[s])
            allowed = (lambda c, bad=bad: c[1] not in bad) if bad else None
            slots.append((s, counts[s] - len(known_in[s]), allowed))
    if hidden_trump and view["face_down"] is None:
        slots.append(("face_down", 1, None))
    slots.append(("trick", trick_cards.count(FACE_DOWN), None))
    gone_unknown = view["tricks_played"] * 4 - sum(1 for c in memory.played if c not in trick_cards)
    slots.append(("gone", max(0, gone_unknown), None))
    total = sum(z for _, z, _ in slots)
    if total != unseen:  # memory out of step: let "gone" absorb the difference
        slots[-1] = ("gone", max(0, gone_unknown + unseen - total), None)
    return slots


def _asked(view: dict[str, Any]) -> int | None:
    """The seat to act, if it has just asked to see the trump (and must play one)."""
    log = view["log"]
    turn: int | None = view["to_act"][0] if view["to_act"] else None
    if (len(log) >= 2 and log[-1].get("type") == "trump_shown" and log[-1].get("how") == "ask"
            and log[-2].get("type") == "ask" and log[-2].get("seat") == turn):
        return turn
    return None


def _won_with_an_ace(last: dict[str, Any] | None) -> bool:
    """Whether the last trick was won with an ace (face down, it was not)."""
    if not last:
        return False
    prev_ace = False
    for e in last["cards"]:
        if e["seat"] == last["winner"] and e["card"] != FACE_DOWN:
            prev_ace = e["card"][0] == "A"
    return prev_ace


def round_value(team: int, winning_team: int, points: int, hands: list[int]) -> float:
    """A round's result for ``team``: 0.5 ± 0.3 per table point won or lost (a normal win
    0.8, a loss 0.2; a Court, Goon Court, 4 or 6 points count in full, as they do at the
    table), plus a little for the hands margin."""
    bonus = 0.05 * (hands[team] - hands[1 - team]) / 13
    sign = 1 if winning_team == team else -1
    return 0.5 + sign * 0.3 * points + bonus


def evaluate(engine: Engine, state: dict[str, Any], seat: int, root: dict[str, Any]) -> float:
    """The value for ``seat`` of a state just past the end of the searched round."""
    last = state["history"][-1]
    return round_value(team_of(seat), last["winning_team"], last["points"], last["hands"])


class StrongBot(search.PairedSearchBot):
    """Determinized search (PIMC) over sampled deals respecting shown voids. Each
    sampled world is played once with every legal action — the same deal for all, so
    the actions are compared on equal cards and most of the luck cancels out: the
    action goes through the engine, then the rest of the round is played out fast
    (``playout.Playout``) by rule players that remember the voids shown, and the
    round's result is scored (``round_value``)."""

    def __init__(self, budget: float | None = search.DEFAULT_BUDGET, iterations: int | None = None) -> None:
        super().__init__(
            cast(Engine, ENGINE), determinize, None, evaluate, memory=Memory(), budget=budget, iterations=iterations,
        )

    def _simulate(self, world: dict[str, Any], seat: int, action: dict[str, Any], rng: random.Random) -> float:
        state, _ = self.engine.apply(world, seat, action)
        if state["round"] != world["round"] or state["phase"] == "over":
            return self.evaluate(self.engine, state, seat, {"seat": seat, "start": world})
        winning_team, points, hands = Playout.from_state(state, self.memory.voids).run(rng)
        return round_value(team_of(seat), winning_team, points, hands)
