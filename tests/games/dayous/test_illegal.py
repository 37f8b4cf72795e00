"""Every kind of illegal action raises IllegalAction and leaves the state unchanged."""

import json

import pytest

from games.core import IllegalAction
from games.dayous.rules import ENGINE

from .helpers import (
    ANN,
    BEA,
    CARL,
    CW,
    DAN,
    DONE,
    TAKE,
    act,
    attack,
    beat,
    game,
    joker,
    position,
    throw,
    transfer,
)


def at_direction():
    """Real deal: Bea holds the lowest trump (3 of clubs) and must choose the direction."""
    hands = [["9c", "2s", "3s", "4s", "5s", "6s", "7s"],
             ["3c", "2d", "3d", "4d", "5d", "6d", "7d"],
             ["5c", "2h", "3h", "4h", "5h", "6h", "7h"],
             ["8s", "9s", "Ts", "Js", "Qs", "8d", "9d"]]
    return game(hands, faceup="Ac")


def at_lead():
    return position([["7s", "7d", "9c", "Ks"], ["8s", "3s", "4s", "Kd"], ["2d", "7c"], ["3d"]], trump="h",
                    deck=["2c", "3c"])


def in_bout():
    s, _ = act(at_lead(), ANN, attack("7s"))
    return s


def beaten():
    s, _ = act(in_bout(), BEA, beat("8s", 0))
    return s


def taking():
    s, _ = act(in_bout(), BEA, TAKE)
    return s


def over():
    s = position([["5s"], ["9s"]], trump="h")
    s, _ = act(s, BEA, beat("9s", 0))
    assert s["phase"] == "over"
    return s


CASES = [
    # malformed
    (at_direction, BEA, "take", "needs a type"),
    (at_direction, BEA, None, "needs a type"),
    (at_direction, BEA, {"kind": "take"}, "needs a type"),
    (at_direction, BEA, {"type": 7}, "needs a type"),
    (at_direction, BEA, {"type": "fly"}, "not a Dayous move"),
    (at_direction, 9, CW, "no such seat"),
    (at_direction, -1, CW, "no such seat"),
    (at_direction, True, CW, "no such seat"),
    (at_direction, "1", CW, "no such seat"),
    # direction phase
    (at_direction, ANN, CW, "Only the first attacker"),
    (at_direction, BEA, {"type": "direction"}, "clockwise"),
    (at_direction, BEA, {"type": "direction", "clockwise": "yes"}, "clockwise"),
    (at_direction, BEA, {"type": "direction", "clockwise": 1}, "clockwise"),
    (at_direction, BEA, attack("3c"), "choose the direction"),
    (at_direction, CARL, beat("5c", 0), "choose the direction"),
    (at_direction, CARL, throw("5c"), "choose the direction"),
    (at_direction, CARL, DONE, "choose the direction"),
    # lead phase
    (at_lead, ANN, CW, "already been chosen"),
    (at_lead, BEA, attack("8s"), "not your turn"),
    (at_lead, ANN, {"type": "attack"}, "non-empty list"),
    (at_lead, ANN, {"type": "attack", "cards": []}, "non-empty list"),
    (at_lead, ANN, {"type": "attack", "cards": "7s"}, "non-empty list"),
    (at_lead, ANN, {"type": "attack", "cards": [7]}, "non-empty list"),
    (at_lead, ANN, attack("Zz"), "not a card"),
    (at_lead, ANN, attack("7h"), "do not hold"),
    (at_lead, ANN, attack("7s", "7s"), "do not hold"),
    (at_lead, ANN, attack("7s", "9c"), "one rank"),
    (at_lead, ANN, attack("7s", "7d", "7c"), "do not hold"),
    (at_lead, CARL, throw("7c"), "has not led"),
    (at_lead, CARL, DONE, "has not led"),
    (at_lead, BEA, TAKE, "has not led"),
    (at_lead, BEA, beat("8s", 0), "has not led"),
    (at_lead, BEA, transfer("8s"), "has not led"),
    (at_lead, BEA, joker("XR"), "has not led"),
    # bout
    (in_bout, ANN, attack("7d"), "already been led"),
    (in_bout, CARL, beat("7c", 0), "Only the defender"),
    (in_bout, BEA, beat("8s", 1), "no such attack card"),
    (in_bout, BEA, beat("8s", -1), "no such attack card"),
    (in_bout, BEA, beat("8s", True), "which attack card"),
    (in_bout, BEA, beat("8s", "0"), "which attack card"),
    (in_bout, BEA, {"type": "beat", "card": "8s"}, "which attack card"),
    (in_bout, BEA, {"type": "beat", "target": 0}, "which card"),
    (in_bout, BEA, {"type": "beat", "card": ["8s"], "target": 0}, "which card"),
    (in_bout, BEA, beat("9s", 0), "do not hold"),
    (in_bout, BEA, beat("3s", 0), "does not beat"),
    (in_bout, BEA, beat("Kd", 0), "does not beat"),
    (in_bout, BEA, throw("8s"), "defender cannot throw"),
    (in_bout, BEA, DONE, "defender cannot"),
    (in_bout, BEA, transfer("3s"), "same rank"),
    (in_bout, BEA, transfer("7h"), "do not hold"),
    (in_bout, BEA, joker("XR"), "do not hold"),
    (in_bout, BEA, joker("7s"), "which joker"),
    (in_bout, BEA, {"type": "joker", "card": ["XR"]}, "which joker"),
    (in_bout, CARL, throw("2d"), "rank already on the table"),
    (in_bout, CARL, throw("7c", "7c"), "do not hold"),
    (in_bout, CARL, TAKE, "Only the defender"),
    (in_bout, DAN, DONE, "nothing to throw"),
    (in_bout, ANN, throw("7d", "9c"), "one rank"),
    (beaten, BEA, beat("Kd", 0), "already beaten"),
    (beaten, BEA, TAKE, "already beaten"),
    (beaten, BEA, transfer("8s"), "already beaten"),
    (taking, BEA, TAKE, "already decided"),
    (taking, BEA, beat("8s", 0), "already decided"),
    (over, ANN, DONE, "game is over"),
    (over, BEA, attack("9s"), "game is over"),
]


@pytest.mark.parametrize("build, seat, action, fragment", CASES)
def test_illegal_actions_raise_and_leave_the_state_unchanged(build, seat, action, fragment):
    """Wrong seat, wrong phase, cards not held, bad values, malformed data and unknown
    types all raise IllegalAction with a readable reason; the state is untouched."""
    state = build()
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction, match=fragment) as info:
        ENGINE.apply(state, seat, action)
    reason = str(info.value.reason)
    assert reason and reason[0].isupper() or reason[0] in "'\"0123456789"
    assert json.dumps(state, sort_keys=True) == before


def test_done_twice_is_refused():
    """A thrower-in who said "No further questions" is not asked again until the table changes."""
    s = position([["7s", "7d", "9c", "Ks"], ["8s", "3s", "4s", "Kd"], ["2d", "7c"], ["3d"]], trump="h",
                 deck=["2c", "3c"])
    s, _ = act(s, ANN, attack("7s"))
    s, _ = act(s, ANN, DONE)
    before = json.dumps(s, sort_keys=True)
    with pytest.raises(IllegalAction, match="already said"):
        ENGINE.apply(s, ANN, DONE)
    with pytest.raises(IllegalAction, match="wait until the table changes"):
        ENGINE.apply(s, ANN, throw("7d"))
    assert json.dumps(s, sort_keys=True) == before
    assert ENGINE.legal_actions(s, ANN) == []


def test_legal_actions_are_exactly_what_apply_accepts():
    """Every listed action applies; a seat not awaited has no legal actions."""
    for build in (at_direction, at_lead, in_bout, beaten, taking):
        state = build()
        waiting = ENGINE.to_act(state)
        assert ENGINE.legal_actions(state, True) == [] and ENGINE.legal_actions(state, 9) == []
        for seat in range(state["players"]):
            legal = ENGINE.legal_actions(state, seat)
            assert bool(legal) == (seat in waiting)
            for action in legal:
                ENGINE.apply(state, seat, action)
