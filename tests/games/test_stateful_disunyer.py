"""Disunyer played by generated moves (Hypothesis stateful testing), in both modes and at
every table size: cards conserved, no view showing a card its viewer may not know, the
outcome matching the rounds the seats went out in. A failure shrinks to a short game."""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st
from hypothesis.stateful import initialize

from games import core
from games.disunyer.rules import ENGINE

from .stateful import EngineMachine, cards_in, machine_test

CARDS = frozenset(core.spanish_deck())


class DisunyerGame(EngineMachine):
    engine = ENGINE
    game = "disunyer"

    @initialize(
        players=st.integers(ENGINE.min_players, ENGINE.max_players),
        options=st.sampled_from([{}, {"mode": "standard"}, {"mode": "stuck-king"}]),
        seed=st.text(max_size=8),
    )
    def start(self, players, options, seed):
        self.begin(players, options, seed)

    def cards(self, state):
        return [card for card in state["hands"] if card is not None] + state["deck"] + state["discard"]

    def full_deck(self, state):
        return Counter(CARDS)

    def observe(self, state, events):
        """What each seat may know this round, kept apart from the engine's own
        bookkeeping: the cards it has held (knowledge follows the cards) and the cards
        shown to everybody since the deal."""
        deals = [i for i, event in enumerate(events) if event["type"] == "deal"]
        if deals:
            self.held = [set() for _ in range(self.players)]
            self.shown = set()
            events = events[deals[-1] :]
        self.shown |= set(cards_in(events, CARDS))
        for seat, card in enumerate(state["hands"]):
            if card is not None:
                self.held[seat].add(card)

    def hidden_slots(self, state, viewer):
        known = self.shown | (self.held[viewer] if viewer is not None else set())
        hands = [
            ("hands", seat)
            for seat, card in enumerate(state["hands"])
            if card is not None and seat != viewer and card not in known
        ]
        return (
            hands
            + [("deck", i) for i in range(len(state["deck"]))]
            + [("discard", i) for i in range(len(state["discard"]))]
        )

    def check_view(self, state, viewer, view):
        assert view["hand"] == (None if viewer is None else state["hands"][viewer])

    def check_outcome(self, state, outcome):
        """Places follow the rounds the seats went out in: a seat out later beats every
        seat out earlier, seats out together share the best place of their group, the last
        seat standing (if any) is 1st and the winner."""
        out = state["out"]
        standing = [seat for seat in range(self.players) if not out[seat]]
        assert len(standing) <= 1
        assert outcome["winners"] == standing and outcome["no_winner"] == (not standing)
        lasted = [out[seat] or float("inf") for seat in range(self.players)]
        assert outcome["places"] == [
            1 + sum(other > lasted[seat] for other in lasted) for seat in range(self.players)
        ]
        assert outcome["rounds"] == state["round"]
        assert standing or max(out) == state["round"], "with no winner, the last seats went out in the last round"


TestDisunyerStateful = machine_test(DisunyerGame, examples=60, steps=30)
