"""Court Piece played by generated moves (Hypothesis stateful testing) in its four games,
with every pile, ace rule, 4- and 6-point rank and winning score: cards conserved, no view
showing a card its viewer may not see, team points adding up round by round to the
outcome. A failure shrinks to a short game."""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st
from hypothesis.stateful import initialize, invariant

from games.courtpiece import cards, options
from games.courtpiece.rules import ENGINE
from games.courtpiece.state import SEAT_COUNT

from .stateful import EngineMachine, cards_in, get_path, machine_test

CARDS = frozenset(cards.DECK)
POINTS = {"normal": 1, "court": 2, "goon_court": 3, "four": 4, "six": 6}


@st.composite
def tables(draw):
    """Options: each given or left to its default (the 4-point rank in any accepted spelling)."""
    choices = {
        "game": st.sampled_from(options.VARIANT.choices),
        "pile": st.sampled_from(options.PILE.choices),
        "ace_cannot_win_pile": st.booleans(),
        "four_point_rank": st.sampled_from([None, *cards.RANKS, "10", "q"]),
        # Mostly short tables, so that most games end.
        "winning_points": st.just(10) | st.just(11) | st.integers(12, options.WINNING_POINTS.high),
        "bet": st.integers(options.BET.low, options.BET.high),
        "clock": st.integers(options.CLOCK.low, options.CLOCK.high),
    }
    table = {key: draw(value) for key, value in choices.items() if draw(st.booleans())}
    if table.get("four_point_rank") is not None and draw(st.booleans()):
        table["six_point"] = draw(st.booleans())
    return table


class CourtPieceGame(EngineMachine):
    engine = ENGINE
    game = "courtpiece"

    @initialize(options=tables(), seed=st.text(max_size=8))
    def start(self, options, seed):
        self.begin(SEAT_COUNT, options, seed)

    def cards(self, state):
        face_down = [state["face_down"]] if state["face_down"] is not None and not state["power"] else []
        return [card for hand in state["hands"] for card in hand] + state["trick"] + state["gone"] + face_down

    def full_deck(self, state):
        return Counter(CARDS)

    def hidden_slots(self, state, viewer):
        """Other seats' hands (the Hidden trump shown is public); while the caller looks
        at their first five, every other card, the viewer's own included; a Hidden trump
        still face down, to all but the caller."""
        calling = state["phase"] == "call"
        caller, shown = state["caller"], state["face_down"] if state["power"] else None
        slots = []
        for seat, hand in enumerate(state["hands"]):
            for i, card in enumerate(hand):
                if calling:
                    seen = seat == viewer == caller and card in state["five"]
                else:
                    seen = seat == viewer or card == shown
                if not seen:
                    slots.append(("hands", seat, i))
        if state["face_down"] is not None and not state["power"] and viewer != caller:
            slots.append(("face_down",))
        return slots

    def follow_the_cards(self, state):
        """The trump is the suit of the Hidden card, wherever that card moved."""
        if state["face_down"] is not None:
            state["trump"] = state["face_down"][1]

    def check_view(self, state, viewer, view):
        """No card of a place hidden from the viewer, nor any card played face down,
        appears anywhere in the view (the 52 cards are all different). The log of a new
        round begins with the last round's result, whose cards are now dealt again."""
        secret = {get_path(state, path) for path in self.hidden_slots(state, viewer)}
        secret |= {*state["down"], *(state["trick"][i] for i in state["trick_face_down"])}
        this_round = {**view, "log": [event for event in view["log"] if event["type"] != "round_over"]}
        leaked = set(cards_in(this_round, CARDS)) & secret
        assert not leaked, f"the view of {viewer} shows {sorted(leaked)}"
        if state["phase"] == "call":
            assert view["hand"] == (sorted(state["five"], key=cards.card_key) if viewer == state["caller"] else [])
        else:
            assert view["hand"] == ([] if viewer is None else state["hands"][viewer])

    @invariant()
    def team_points_are_the_rounds_won(self):
        """Each finished round scores as the rules say, and the team points add them up."""
        state, opts = self.state, self.state["options"]
        for summary in state["history"]:
            team, hands = summary["winning_team"], summary["hands"]
            assert summary["points"] == POINTS[summary["kind"]]
            assert summary["all_hands"] == (hands[team] == 13) and hands[team] >= 7 and sum(hands) <= 13
            assert hands[1 - team] >= 1 or summary["all_hands"] or summary["tricks"] == 13
            if summary["kind"] in ("court", "goon_court"):
                assert summary["all_hands"] and (summary["caller"] % 2 == team) == (summary["kind"] == "court")
            if summary["kind"] in ("four", "six"):
                assert summary["all_hands"] and opts["four_point_rank"] is not None
                assert summary["kind"] == "four" or opts["six_point"]
        assert state["points"] == [
            sum(s["points"] for s in state["history"] if s["winning_team"] == team) for team in (0, 1)
        ]
        assert len(state["history"]) == state["round"] - (state["phase"] != "over")
        playing = state["phase"] != "over"
        assert playing == all(points < opts["winning_points"] for points in state["points"])

    def check_outcome(self, state, outcome):
        team = outcome["winning_team"]
        assert outcome["winners"] == [team, team + 2]
        assert outcome["places"] == [1 if seat % 2 == team else 3 for seat in range(SEAT_COUNT)]
        assert outcome["team_points"] == state["points"]
        assert state["points"][team] >= state["options"]["winning_points"] > state["points"][1 - team]
        assert outcome["rounds"] == state["round"] == len(state["history"])


TestCourtPieceStateful = machine_test(CourtPieceGame, examples=20, steps=25)
