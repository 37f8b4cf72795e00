"""Court Piece: every finished round stays in the views as a line of the score sheet."""

from games.courtpiece.rules import ENGINE

from .helpers import ANN, BEA, CARL, DAN, SUITS, Table
from .test_rounds import GOON, play_round

ROUND_KEYS = {"round", "winning_team", "points", "kind", "all_hands", "hands", "caller", "trump", "tricks"}


def test_a_finished_round_is_in_every_view():
    """Ann calls spades and takes all 13 hands: a Court. Every seat and a spectator see
    round 1 in the history with who called, the trump, the hands, the points and that
    all 13 hands were won; before the round ends the history is empty."""
    t = Table(SUITS)
    assert all(t.view(seat)["history"] == [] for seat in (ANN, BEA, CARL, DAN, None))
    t.call("s")
    play_round(t)
    row = {
        "round": 1, "winning_team": 0, "points": 2, "kind": "court", "all_hands": True,
        "hands": [13, 0], "caller": ANN, "trump": "s", "tricks": 13,
    }
    for seat in (ANN, BEA, CARL, DAN, None):
        assert ENGINE.view(t.s, seat)["history"] == [row]


def test_rounds_follow_one_another_and_hold_no_card():
    """A seeded table played to the end keeps one line per round, in order, holding
    only the round's summary (no card of anyone's hand); the points add up to the score."""
    t = Table(seed="sheet")
    while not t.s["result"]:
        t.default()
    history = ENGINE.view(t.s, None)["history"]
    assert [row["round"] for row in history] == list(range(1, t.s["round"] + 1))
    assert all(set(row) == ROUND_KEYS for row in history)
    totals = [sum(row["points"] for row in history if row["winning_team"] == team) for team in (0, 1)]
    assert totals == ENGINE.view(t.s, None)["score"]


def test_a_goon_court_names_the_caller_of_the_losing_team():
    """Ann calls clubs, but Bea and Dan take all 13 hands: a Goon Court, 3 points, and the
    line still names Ann as the caller."""
    t = Table(GOON)
    t.call("c")
    play_round(t)
    row = ENGINE.view(t.s, BEA)["history"][-1]
    assert (row["caller"], row["winning_team"], row["kind"], row["points"]) == (ANN, 1, "goon_court", 3)
    assert row["hands"] == [0, 13] and row["all_hands"]
