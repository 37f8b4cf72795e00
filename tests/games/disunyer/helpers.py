"""Shared helpers for the Disunyer tests (named players: Ann=0, Bea=1, ...)."""

from __future__ import annotations

import json
import re

from games import core
from games.disunyer.rules import ENGINE

ANN, BEA, CARL, DAN, EVE, FAY, GUS, HAL = range(8)
FULL_DECK = sorted(core.spanish_deck())
CARD_RE = re.compile(r'"([A2-7JNK][ocsb])"')


def start(deck, players=None, mode="standard", seed="test-seed"):
    """A game with a stacked deck (play order = seat order)."""
    if players is None:
        players = len(deck)
    return ENGINE.start(players, {"mode": mode}, seed=seed, deck=list(deck))


def act(state, seat, kind, **data):
    """Apply one action and return (state, events), checking the input is not mutated."""
    before = json.dumps(state, sort_keys=True)
    action = {"type": kind, **data}
    new, events = ENGINE.apply(state, seat, action)
    assert json.dumps(state, sort_keys=True) == before, "apply mutated its input"
    return new, events


def all_cards(state):
    """Every card in deck, discard and hands (should always be the 40 cards)."""
    return sorted(state["deck"] + state["discard"] + [h for h in state["hands"] if h])


def cards_in(obj) -> set[str]:
    """Card strings appearing anywhere in a JSON-able object."""
    return set(CARD_RE.findall(json.dumps(obj)))


def types(events):
    return [e["type"] for e in events]
