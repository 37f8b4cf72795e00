"""Court Piece: round end, points, who calls next, the end of the table."""

import pytest

from games import core
from games.courtpiece.rules import ENGINE

from .helpers import ANN, BEA, CARL, DAN, LADDER, SUITS, Table, stack, text

# Ann calls clubs with her 2c; Dan holds every other club and the Ad, so his team
# wins every trick: a Goon Court.
GOON = stack(
    "2c 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd",
    "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s",
    "Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h",
    "Ac Kc Qc Jc Tc 9c 8c 7c 6c 5c 4c 3c Ad",
)


def play_round(t):
    """Play timeout defaults until the round is over; return the round_over event."""
    r = t.s["round"]
    while t.s["round"] == r and not t.s["result"]:
        events = t.default()
    return t.of_type("round_over", events)[0]


def test_court_two_points_and_play_goes_on_to_13():
    """Ann holds all the spades and calls them: her team has 7 hands after trick 7 but
    Bea's team has none, so play goes on to 13. All 13 on their own trump: a Court,
    2 points, and Ann's partner Carl calls next.
    """
    t = Table(SUITS)
    t.call("s")
    for _ in range(7):
        t.default(4)
    assert t.s["won"] == [7, 0] and t.s["round"] == 1 and t.s["tricks_played"] == 7
    over = play_round(t)
    assert over["hands"] == [13, 0] and over["kind"] == "court" and over["points"] == 2
    assert over["all_hands"] is True and over["tricks"] == 13
    assert over["next"] == CARL and t.s["caller"] == CARL and t.s["points"] == [2, 0]
    assert t.s["stats"]["courts"] == [1, 0] and t.s["stats"]["all_hands"] == [1, 0]
    assert "a Court! 2 points" in text(over)


def test_goon_court_three_points_and_call_passes_on():
    """Dan's team takes all 13 on Ann's trump: a Goon Court, 3 points; the call passes to Bea."""
    t = Table(GOON)
    t.call("c")
    over = play_round(t)
    assert over["hands"] == [0, 13] and over["kind"] == "goon_court" and over["points"] == 3
    assert over["winning_team"] == 1 and over["next"] == BEA and t.s["caller"] == BEA
    assert t.s["stats"]["goon_courts"] == [0, 1]
    assert "Goon Court" in text(over)


def test_round_ends_when_seven_and_other_team_picked_up():
    """Ann's team reaches 8 hands after trick 8 while Bea's team has none: play goes on.
    Dan picks up at trick 11, so the round ends there: 1 point, Ann calls again.
    """
    t = Table(LADDER)
    t.call("s")
    for suit in "hhssshd":
        t.lead(suit)
    assert t.s["won"] == [4, 0]
    t.lead("d")
    assert t.s["won"] == [8, 0] and t.s["round"] == 1
    t.lead("d")
    t.lead("c")
    events = t.lead("c")
    over = t.of_type("round_over", events)[0]
    assert over["hands"] == [8, 3] and over["tricks"] == 11 and over["points"] == 1
    assert over["next"] == ANN and t.s["round"] == 2 and t.s["caller"] == ANN


def test_caller_team_loses_call_passes_to_next_player():
    """Trump spades: Dan's last spade takes trick 13 and his team wins 8 to 5; Bea calls next."""
    t = Table(LADDER)
    t.call("s")
    for suit in "hssshhdddccc":
        t.lead(suit)
    over = play_round(t)
    assert over["hands"] == [5, 8] and over["winning_team"] == 1 and over["points"] == 1
    assert over["next"] == BEA and t.s["caller"] == BEA
    # The second round is shuffled from the seed: Bea now sees five cards.
    assert t.view(BEA)["hand_counts"] == [0, 5, 0, 0] and len(t.view(BEA)["hand"]) == 5


def test_second_stacked_deck_is_used_for_round_two():
    """A stacked deck of two blocks deals round two from the second block, from the new caller."""
    t = Table(SUITS + LADDER)
    t.call("s")
    play_round(t)
    assert t.s["caller"] == CARL
    assert t.s["five"] == LADDER[:5]
    assert sorted(t.s["hands"][CARL]) == sorted(LADDER[:13])
    assert sorted(t.s["hands"][DAN]) == sorted(LADDER[13:26])
    assert sorted(t.s["hands"][ANN]) == sorted(LADDER[26:39])


@pytest.mark.parametrize(
    "options, points, kind",
    [
        ({}, 2, "court"),
        ({"four_point_rank": "A"}, 4, "four"),
        ({"four_point_rank": "K"}, 2, "court"),
        ({"four_point_rank": "A", "six_point": True}, 6, "six"),
    ],
)
def test_four_and_six_point_wins(options, points, kind):
    """Ann takes all 13 and wins the last trick with the As; Carl's last card is the Ad.

    With the 4-point rank A that is 4 points; with 6 points on too, 6 (Carl's card is
    the same rank in another suit). A 4-point rank K changes nothing: a Court.
    """
    t = Table(SUITS, **options)
    t.call("s")
    over = play_round(t)
    last = t.s["history"][-1]
    assert over["points"] == points and over["kind"] == kind and last["points"] == points
    assert [e["card"] for e in t.of_type("play")][-4:] == ["As", "Ah", "Ad", "Ac"]


def test_four_points_without_partner_pair():
    """6 points are on, but Carl's last card is not an ace: 4 points only."""
    t = Table(SUITS, four_point_rank="A", six_point=True)
    t.call("s")
    t.default(2)
    t.play("Ad")  # Carl throws his ace early; his last card is the Kd
    over = play_round(t)
    assert over["points"] == 4 and over["kind"] == "four"
    assert [e["card"] for e in t.of_type("play")][-4:] == ["As", "Ah", "Kd", "Ac"]


def test_table_ends_at_winning_points():
    """The first team to reach the winning points wins the table: places 1 and 3, no more moves."""
    t = Table(SUITS, winning_points=10)
    t.s = dict(t.s, points=[9, 4])
    t.call("s")
    over = play_round(t)
    assert over["team_points"] == [11, 4]
    assert t.s["phase"] == "over" and ENGINE.to_act(t.s) == []
    out = ENGINE.outcome(t.s)
    assert out["places"] == [1, 3, 1, 3] and out["winners"] == [ANN, CARL]
    assert out["team_points"] == [11, 4] and out["rounds"] == 1 and out["winning_team"] == 0
    assert t.events[-1] == {
        "type": "game_over",
        "winners": [0, 2],
        "winning_team": 0,
        "team_points": [11, 4],
    }
    assert text(t.events[-1]) == "{seat0} and {seat2} win the table, 11 points to 4."
    v = t.view(None)
    assert v["over"] and v["outcome"] == out and v["legal"] == [] and v["to_act"] == []
    with pytest.raises(core.IllegalAction):
        ENGINE.apply(t.s, ANN, {"type": "play", "card": "As"})
    assert ENGINE.legal_actions(t.s, ANN) == []


def test_full_table_reaches_points_and_keeps_stats():
    """A seeded table played with timeouts ends with one team at 10+ points; stats add up."""
    t = Table(seed="stats")
    while not t.s["result"]:
        t.default()
    out = ENGINE.outcome(t.s)
    tp = out["team_points"]
    assert max(tp) >= 10 and tp[out["winning_team"]] == max(tp)
    hist = t.s["history"]
    assert len(hist) == out["rounds"] == t.s["round"]
    assert sum(out["stats"]["rounds_won"]) == len(hist)
    assert [sum(h["points"] for h in hist if h["winning_team"] == k) for k in (0, 1)] == tp
