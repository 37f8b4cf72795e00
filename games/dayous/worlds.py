"""The worlds the strong Dayous bot searches: what a seat remembers of the game, and
full states consistent with its view and memory. Everything here works from views
only; the states built are the bot's own guesses."""

from __future__ import annotations

import random
from typing import Any

from games import search
from games.dayous.cards import full_deck

FULL_DECKS = {d: full_deck(d) for d in (1, 2, 3)}


class Memory:
    """What a seat's past views showed, read from the public log: the cards gone to
    the discard pile (defended tables, jokers played) and the cards each player was
    seen to pick up and still holds. The log has no index, so new events are found by
    overlapping the last log read with the new one; after a gap the per-player
    knowledge is dropped (the discard knowledge stays true: the pile only grows)."""

    def __init__(self) -> None:
        self.last_log: list[dict[str, Any]] = []
        self.discard: list[str] = []
        self.holds: dict[int, list[str]] = {}
        self.table: list[str] = []

    def update(self, view: dict[str, Any]) -> None:
        log = view["log"]
        old = self.last_log
        new: list[dict[str, Any]]
        if not old:
            new = log
            if log and log[0].get("type") != "trump":  # joined late: history unknown
                self.holds = {}
        else:
            k = min(len(old), len(log))
            while k > 0 and old[-k:] != log[:k]:
                k -= 1
            if k == 0:
                self.holds = {}
                self.table = []
            new = log[k:]
        for ev in new:
            self._read(ev)
        self.last_log = [dict(e) for e in log]
        self.table = [c for pair in view["table"] for c in pair if c is not None]

    def _played(self, seat: int, cards: list[str]) -> None:
        held = self.holds.get(seat)
        if held:
            for c in cards:
                if c in held:
                    held.remove(c)

    def _read(self, ev: dict[str, Any]) -> None:
        t = ev.get("type")
        if t in ("attack", "throw", "transfer"):
            if t == "attack":
                self.table = []
            self.table.extend(ev["cards"])
            self._played(ev["seat"], ev["cards"])
        elif t == "beat":
            self.table.append(ev["card"])
            self._played(ev["seat"], [ev["card"]])
        elif t == "joker":
            self.discard.append(ev["card"])
            self._played(ev["seat"], [ev["card"]])
        elif t == "took":
            self.holds.setdefault(ev["seat"], []).extend(self.table)
            self.table = []
        elif t == "defended":
            self.discard.extend(self.table)
            self.table = []


def _faceup_below(view: dict[str, Any]) -> int:
    """Cards under the face-up card in the deck (the state's ``faceup_below``)."""
    if view["faceup"] is None:
        return -1
    if not view["trump_change_pending"]:
        deck: int = view["deck"]
        return deck - 1
    rest: int = 54 * view["decks"] - view["players"] * view["hand_size"]
    return rest - rest // 2 - 1


def determinize(view: dict[str, Any], rng: random.Random, memory: Memory | None = None) -> dict[str, Any]:
    """A full Dayous state consistent with everything ``view`` (and ``memory``) shows.

    The seat's hand, the table and the face-up card are as shown; cards seen picked
    up by a player (and not played since) stay in that hand; cards seen going to the
    discard pile are there; every other unseen card is dealt at random to the other
    hands (their sizes as shown), the deck (the face-up card in its place) and the
    rest of the discard pile. The seed is a fresh one from ``rng``.
    """
    if memory is None:
        memory = Memory()
        memory.update(view)
    me = view["seat"]
    hand = list(view["hand"] or [])
    table = [list(pair) for pair in view["table"]]
    pool = _unseen_cards(view, hand, table)
    known_discard = _take_known_discard(view, memory, pool)
    known_hands = _take_known_hands(view, memory, pool)
    ranks = {c[0] for pair in table for c in pair if c is not None}
    must, never = _throw_in_clues(view, known_hands, ranks)
    dealt = _deal_unseen(view, pool, known_hands, known_discard, never, ranks, rng)
    for seat in sorted(must):
        _give_a_table_rank(dealt, seat, must, never, ranks, me, view["players"], rng)
    hands = [hand if seat == me else known_hands.get(seat, []) + dealt[seat] for seat in range(view["players"])]
    return _sampled_state(view, hands, table, dealt["deck"], known_discard + dealt["discard"], rng)


def _unseen_cards(view: dict[str, Any], hand: list[str], table: list[list[Any]]) -> list[str]:
    """The table's cards that this view does not show: the seat's own hand, the table
    and the face-up card are seen."""
    faceup = view["faceup"]
    seen = hand + [c for pair in table for c in pair if c is not None] + ([faceup] if faceup else [])
    pool = search.sample_without(FULL_DECKS[view["decks"]], seen)
    if pool is None:
        raise ValueError("the view shows cards the table does not hold")
    return pool


def _take_known_discard(view: dict[str, Any], memory: Memory, pool: list[str]) -> list[str]:
    """The cards remembered gone to the discard pile, taken out of ``pool``."""
    known: list[str] = []
    for c in memory.discard:
        if len(known) < view["discard"] and c in pool:
            pool.remove(c)
            known.append(c)
    return known


def _take_known_hands(view: dict[str, Any], memory: Memory, pool: list[str]) -> dict[int, list[str]]:
    """The cards remembered picked up by each other player, taken out of ``pool``."""
    counts = view["hand_counts"]
    known: dict[int, list[str]] = {}
    for seat, cards in memory.holds.items():
        if seat == view["seat"]:
            continue
        mine: list[str] = []
        for c in cards:
            if len(mine) < counts[seat] and c in pool:
                pool.remove(c)
                mine.append(c)
        known[seat] = mine
    return known


def _throw_in_clues(
    view: dict[str, Any], known_hands: dict[int, list[str]], ranks: set[str]
) -> tuple[set[int], set[int]]:
    """Who is asked to throw in is public: a thrower still asked holds a card of a rank
    on the table (``must``, unless a card known in the hand shows it); one not asked
    (and not done) holds none (``never``)."""
    must: set[int] = set()
    never: set[int] = set()
    if view["phase"] != "bout" or view["limit"] <= len(view["table"]):
        return must, never
    waiting = set(view["to_act"])
    for seat in view["throwers"]:
        if seat == view["seat"] or seat in view["done"]:
            continue
        if seat not in waiting:
            never.add(seat)
        elif not any(c[0] in ranks for c in known_hands.get(seat, [])):
            must.add(seat)
    return must, never


def _deal_unseen(
    view: dict[str, Any], pool: list[str], known_hands: dict[int, list[str]], known_discard: list[str],
    never: set[int], ranks: set[str], rng: random.Random,
) -> dict[Any, list[str]]:
    """The unseen cards dealt at random to the other hands, the rest of the discard
    pile and the deck (the face-up card left out); the seats in ``never`` get no card
    of a table rank if the cards allow it."""
    counts = view["hand_counts"]

    def no_rank(card: str) -> bool:
        return card[0] not in ranks

    slots: list[tuple[Any, int, Any]] = [
        (seat, counts[seat] - len(known_hands.get(seat, [])), no_rank if seat in never else None)
        for seat in range(view["players"]) if seat != view["seat"]
    ]
    slots.append(("discard", view["discard"] - len(known_discard), None))
    slots.append(("deck", view["deck"] - (1 if view["faceup"] else 0), None))
    return search.deal_unseen(pool, slots, rng)


def _give_a_table_rank(
    dealt: dict[Any, list[str]], seat: int, must: set[int], never: set[int], ranks: set[str],
    me: int, players: int, rng: random.Random,
) -> None:
    """A thrower still asked gets a card of a table rank, swapped in from the deck, the
    discard pile or a hand free to give one."""
    held = dealt[seat]
    if any(c[0] in ranks for c in held) or not held:
        return
    for key in ["deck", "discard"] + [s for s in range(players) if s != me and s != seat and s not in never]:
        spots = [i for i, c in enumerate(dealt[key]) if c[0] in ranks]
        if len(spots) > (1 if key in must else 0):
            i = rng.choice(spots)
            j = rng.randrange(len(held))
            held[j], dealt[key][i] = dealt[key][i], held[j]
            return


def _sampled_state(
    view: dict[str, Any], hands: list[list[str]], table: list[list[Any]], deck: list[str], discard: list[str],
    rng: random.Random,
) -> dict[str, Any]:
    """The state of the sampled world: the view's public fields, the sampled cards."""
    faceup = view["faceup"]
    below = _faceup_below(view)
    if faceup:
        deck.insert(view["deck"] - 1 - below, faceup)
    return {
        "game": "dayous",
        "players": view["players"],
        "decks": view["decks"],
        "clock": 30,
        "hand_size": view["hand_size"],
        "seed": search.fresh_seed(rng),
        "stream": 1,
        "hands": hands,
        "deck": deck,
        "faceup_below": below if faceup else (-1 if not view["trump_change_pending"] else below),
        "trump": view["trump"],
        "trump_changed": not view["trump_change_pending"],
        "discard": discard,
        "clockwise": view["clockwise"],
        "phase": view["phase"],
        "leader": view["leader"] if view["leader"] is not None else 0,
        "defender": view["defender"],
        "attackers": list(view["attackers"]),
        "table": table,
        "limit": view["limit"],
        "done": list(view["done"]),
        "taking": view["taking"],
        "out": [[s] for s in view["out"]],
        "last": [],
        "dayous": None,
        "stats": [dict(s, journals=dict(s["journals"])) for s in view["stats"]],
        "log": [dict(e) for e in view["log"]],
    }
