"""Dayous played by generated moves (Hypothesis stateful testing) with one to three decks,
every table size they seat and any clock: cards conserved, no view showing a card its
viewer may not see, places following the order the players went out in. A failure
shrinks to a short game."""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st
from hypothesis.stateful import initialize

from games import core
from games.dayous.options import max_players_for
from games.dayous.rules import ENGINE

from .stateful import EngineMachine, machine_test


@st.composite
def tables(draw):
    """Players and options: each option given or left to its default."""
    decks = draw(st.integers(1, 3))
    options = {}
    if decks != 1 or draw(st.booleans()):
        options["decks"] = decks
    if draw(st.booleans()):
        options["clock"] = draw(st.integers(10, 60))
    return draw(st.integers(ENGINE.min_players, max_players_for(decks))), options


class DayousGame(EngineMachine):
    engine = ENGINE
    game = "dayous"
    # Only the seats that can throw in are asked to (the common ruling on forced
    # decisions), so who is awaited tells whether a hand holds a card of a rank.
    view_keys_from_hidden = frozenset({"to_act"})

    @initialize(table=tables(), seed=st.text(max_size=8))
    def start(self, table, seed):
        self.begin(*table, seed)

    def cards(self, state):
        table = [card for pair in state["table"] for card in pair if card is not None]
        return [card for hand in state["hands"] for card in hand] + state["deck"] + state["discard"] + table

    def full_deck(self, state):
        return Counter(core.french_deck(state["decks"], jokers=True))

    def hidden_slots(self, state, viewer):
        """The other hands, the deck but its face-up card, the discard pile."""
        deck, below = state["deck"], state["faceup_below"]
        faceup = len(deck) - 1 - below if 0 <= below < len(deck) else None
        return (
            [("hands", seat, i) for seat, hand in enumerate(state["hands"]) if seat != viewer for i in range(len(hand))]
            + [("deck", i) for i in range(len(deck)) if i != faceup]
            + [("discard", i) for i in range(len(state["discard"]))]
        )

    def check_view(self, state, viewer, view):
        if viewer is None:
            assert view["hand"] is None and view["legal"] == []
        else:
            assert sorted(view["hand"]) == sorted(state["hands"][viewer])

    def check_outcome(self, state, outcome):
        """The first group out is 1st, each group sharing the best place it reaches; the
        seats still holding cards at the end come last; a lone one is the dayous."""
        groups = [*state["out"], *([state["last"]] if state["last"] else [])]
        assert sorted(seat for group in groups for seat in group) == list(range(self.players))
        places = [0] * self.players
        ahead = 0
        for group in groups:
            for seat in group:
                places[seat] = ahead + 1
            ahead += len(group)
        assert outcome["places"] == places
        assert outcome["winners"] == [seat for seat in range(self.players) if places[seat] == 1]
        holders = [seat for seat, hand in enumerate(state["hands"]) if hand]
        assert holders == sorted(state["last"])
        assert all(not state["hands"][seat] for group in state["out"] for seat in group)
        assert outcome["dayous"] == (holders[0] if len(holders) == 1 else None)


TestDayousStateful = machine_test(DayousGame, examples=25, steps=30)
