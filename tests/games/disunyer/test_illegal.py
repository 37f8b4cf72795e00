"""Illegal actions of every kind raise IllegalAction and leave the state unchanged."""

import json

import pytest

from games.core import IllegalAction
from games.disunyer.rules import ENGINE
from games.words import Words

from .helpers import ANN, BEA, CARL, DAN, act, start


def _turn_state():
    # Round 1, no Ace: Ann is the first to keep or pass.
    return start(["5o", "Jc", "3s", "7b"], players=4)


def _pick_state():
    # Ann holds a dealt Ace and must pick a rival among Bea, Carl, Dan.
    return start(["Ao", "Jc", "3s", "7b"], players=4)


def _guess_state():
    st = _pick_state()
    st, _ = act(st, ANN, "pick", rival=CARL)
    return st


def _over_state():
    st = start(["5o", "5c"])
    st, _ = act(st, ANN, "keep")
    st, _ = act(st, BEA, "keep")
    assert st["phase"] == "over"
    return st


MALFORMED = [
    None,
    "keep",
    3,
    [],
    ["keep"],
    {},
    {"type": None},
    {"type": 5},
    {"kind": "keep"},
    {"type": "fold"},
    {"type": "KEEP"},
]

CASES = [
    # (state factory, seat, action, part of the reason)
    *[(_turn_state, ANN, bad, "") for bad in MALFORMED],
    *[(_pick_state, ANN, bad, "") for bad in MALFORMED],
    *[(_guess_state, CARL, bad, "") for bad in MALFORMED],
    (_turn_state, BEA, {"type": "keep"}, "not your turn"),
    (_turn_state, 4, {"type": "keep"}, "no such seat"),
    (_turn_state, -1, {"type": "keep"}, "no such seat"),
    (_turn_state, "0", {"type": "keep"}, "no such seat"),
    (_turn_state, None, {"type": "keep"}, "no such seat"),
    (_turn_state, True, {"type": "keep"}, "no such seat"),
    (_turn_state, ANN, {"type": "keep", "card": "5o"}, "no other data"),
    (_turn_state, ANN, {"type": "pass", "to": BEA}, "no other data"),
    (_turn_state, ANN, {"type": "pick", "rival": BEA}, "no Disunyer"),
    (_turn_state, ANN, {"type": "guess", "suit": "o"}, "no Disunyer"),
    (_pick_state, ANN, {"type": "keep"}, "pick a rival"),
    (_pick_state, ANN, {"type": "pass"}, "pick a rival"),
    (_pick_state, ANN, {"type": "guess", "suit": "o"}, "pick a rival"),
    (_pick_state, ANN, {"type": "pick"}, "names one rival"),
    (_pick_state, ANN, {"type": "pick", "seat": BEA}, "names one rival"),
    (_pick_state, ANN, {"type": "pick", "rival": BEA, "x": 1}, "names one rival"),
    (_pick_state, ANN, {"type": "pick", "rival": ANN}, "yourself"),
    (_pick_state, ANN, {"type": "pick", "rival": 9}, "no seat"),
    (_pick_state, ANN, {"type": "pick", "rival": "Bea"}, "no seat"),
    (_pick_state, ANN, {"type": "pick", "rival": 1.0}, "no seat"),
    (_pick_state, BEA, {"type": "pick", "rival": CARL}, "not your turn"),
    (_pick_state, CARL, {"type": "guess", "suit": "o"}, "not your turn"),
    (_guess_state, ANN, {"type": "pick", "rival": DAN}, "not your turn"),
    (_guess_state, BEA, {"type": "guess", "suit": "o"}, "not your turn"),
    (_guess_state, CARL, {"type": "pick", "rival": DAN}, "guess the suit"),
    (_guess_state, CARL, {"type": "keep"}, "guess the suit"),
    (_guess_state, CARL, {"type": "guess"}, "names one suit"),
    (_guess_state, CARL, {"type": "guess", "suit": "o", "x": 1}, "names one suit"),
    (_guess_state, CARL, {"type": "guess", "suit": "h"}, "one of the suits"),
    (_guess_state, CARL, {"type": "guess", "suit": "coins"}, "one of the suits"),
    (_guess_state, CARL, {"type": "guess", "suit": 0}, "one of the suits"),
    (_guess_state, CARL, {"type": "guess", "suit": ["o"]}, "one of the suits"),
    (_over_state, ANN, {"type": "keep"}, "over"),
    (_over_state, BEA, {"type": "pass"}, "over"),
]


@pytest.mark.parametrize("factory,seat,action,reason", CASES)
def test_illegal_action_raises_and_leaves_state_unchanged(factory, seat, action, reason):
    """Each illegal action raises IllegalAction with a readable reason, in words each
    language can say, and the state is exactly as before."""
    st = factory()
    before = json.dumps(st, sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        ENGINE.apply(st, seat, action)
    assert isinstance(info.value.reason, str) and info.value.reason.endswith(".")
    assert reason.lower() in info.value.reason.lower()
    assert isinstance(info.value.words, Words)
    assert json.dumps(st, sort_keys=True) == before


def test_out_player_acting_is_refused():
    """A seat knocked out cannot act, with a clear reason."""
    st = start(["5o", "3c", "7s", "6o", "Jo"], players=3)
    for seat in (ANN, BEA, CARL):
        st, _ = act(st, seat, "keep")
    assert st["out"][BEA] == 1
    before = json.dumps(st)
    with pytest.raises(IllegalAction, match="out of the game"):
        ENGINE.apply(st, BEA, {"type": "keep"})
    assert json.dumps(st) == before


def test_non_actors_have_no_legal_actions():
    """Only the awaited seat has legal actions; after the game nobody has."""
    st = _turn_state()
    assert [bool(ENGINE.legal_actions(st, s)) for s in range(4)] == [True, False, False, False]
    st = _guess_state()
    assert [bool(ENGINE.legal_actions(st, s)) for s in range(4)] == [False, False, True, False]
    st = _over_state()
    assert ENGINE.legal_actions(st, ANN) == [] and ENGINE.to_act(st) == []
    with pytest.raises(IllegalAction):
        ENGINE.default_action(st, ANN)
