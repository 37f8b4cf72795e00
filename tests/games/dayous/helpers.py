"""Shared helpers for the Dayous tests: stacked decks, positions and named players."""

from __future__ import annotations

import json
from collections import Counter

from games import core
from games.cardnames import card_name
from games.dayous import rules
from games.dayous.bouts import start_bout
from games.dayous.cards import RANK_VALUE
from games.dayous.options import hand_size
from games.dayous.rules import ENGINE
from games.words import Cards, Seat, Words

ANN, BEA, CARL, DAN, EVE, FAY, GUS, HAL = range(8)
JOKERS = {"XR", "XB"}


def english(said) -> str:
    """What the game says, as its English reads: seats as ``{seatN}`` tokens, cards by
    name ("the 5 of spades and 5 of hearts")."""
    if isinstance(said, Words):
        message = said.plural if said.plural and said.count != 1 else said.message
        return message % {name: english(value) for name, value in said.values} if said.values else message
    if isinstance(said, Seat):
        return f"{{seat{said.index}}}"
    if isinstance(said, Cards):
        names = [card_name(card) for card in said.cards]
        return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return str(said)


def full_deck(decks: int = 1) -> list[str]:
    return core.french_deck(decks, jokers=True)


def stack(hands, faceup="2h", upper=(), lower=(), decks=1):
    """A stacked deck (top first) that deals ``hands`` (seat by seat, one card at a time).

    Short hands are padded from the unused cards. The undealt cards split into the upper
    half (``upper`` first) and the lower half (``faceup`` first, then ``lower``); the rest
    of each half is filled from the unused cards in a fixed order, jokers last.
    """
    n = len(hands)
    size = hand_size(decks)
    left = Counter(full_deck(decks))
    wanted = [c for h in hands for c in h] + list(upper) + ([faceup] if faceup else []) + list(lower)
    for card in wanted:
        assert left[card] > 0, f"too many {card}"
        left[card] -= 1
    filler = sorted(left.elements(), key=lambda c: (c in JOKERS, c[1], RANK_VALUE.get(c[0], 0)))
    hands = [list(h) for h in hands]
    for h in hands:
        while len(h) < size:
            h.append(filler.pop(0))
    rest = 54 * decks - n * size
    up = list(upper)
    while len(up) < rest // 2:
        up.append(filler.pop(0))
    low = ([faceup] if faceup else []) + list(lower) + filler
    assert len(up) == rest // 2 and len(low) == rest - rest // 2
    dealt = [hands[seat][i] for i in range(size) for seat in range(n)]
    return dealt + up + low


def game(hands, faceup="2h", upper=(), lower=(), decks=1, seed="test", clock=30):
    """A game started from a stacked deck."""
    deck = stack(hands, faceup, upper, lower, decks)
    return ENGINE.start(len(hands), {"decks": decks, "clock": clock}, seed=seed, deck=deck)


def position(hands, trump="h", deck=(), leader=0, clockwise=True, decks=1,
             trump_changed=True, faceup_below=-1, seed="pos"):
    """A game jumped to the start of a bout (for endgame and mid-game scenarios).

    Cards need not be conserved here; everything else is the real engine.
    """
    s = ENGINE.start(len(hands), {"decks": decks}, seed=seed)
    s["hands"] = [list(h) for h in hands]
    s["deck"] = list(deck)
    s["trump"] = trump
    s["trump_changed"] = trump_changed
    s["faceup_below"] = faceup_below
    s["clockwise"] = clockwise
    s["log"] = []
    events = []
    start_bout(s, events, leader)
    rules._settle(s, events)
    return s


def act(state, seat, action):
    """Apply and check the input was not mutated and the result is JSON-able."""
    before = json.dumps(state, sort_keys=True)
    new, events = ENGINE.apply(state, seat, action)
    assert json.dumps(state, sort_keys=True) == before, "apply mutated its input"
    assert json.loads(json.dumps(new)) == new
    json.dumps(events)
    return new, events


def play(state, *moves):
    """Apply ``(seat, action)`` pairs in order; return the final state and all events."""
    events = []
    for seat, action in moves:
        state, ev = act(state, seat, action)
        events.extend(ev)
    return state, events


def attack(*cards):
    return {"type": "attack", "cards": list(cards)}


def throw(*cards):
    return {"type": "throw", "cards": list(cards)}


def beat(card, target):
    return {"type": "beat", "card": card, "target": target}


def transfer(*cards):
    return {"type": "transfer", "cards": list(cards)}


def joker(card="XR"):
    return {"type": "joker", "card": card}


TAKE = {"type": "take"}
DONE = {"type": "done"}
CW = {"type": "direction", "clockwise": True}
CCW = {"type": "direction", "clockwise": False}


def types(events):
    return [e["type"] for e in events]


def all_cards(state):
    cards = [c for h in state["hands"] for c in h] + list(state["deck"]) + list(state["discard"])
    cards += [c for pair in state["table"] for c in pair if c is not None]
    return Counter(cards)
