"""Court Piece: every kind of illegal action raises IllegalAction and changes nothing."""

import json

import pytest

from games import core
from games.courtpiece.rules import ENGINE

from .helpers import ANN, BEA, CARL, DAN, LADDER, Table
from .test_hidden_rungkaat import FACE, HID


def calling(game="double-sar"):
    return Table(HID, game=game)


def playing():
    t = Table(LADDER)
    t.call("s")
    t.play("2h")  # Bea to follow hearts
    return t


def hidden_playing():
    t = Table(HID, game="hidden")
    t.place("As")
    return t


def hidden_second_lead():
    t = hidden_playing()
    t.play("Ah")
    t.default(3)  # Ann won trick 1 and leads again
    return t


def hidden_mid_trick():
    t = hidden_second_lead()
    t.play("Kh")  # Bea can follow
    return t


def hidden_dan_void():
    t = hidden_playing()
    t.play("Ac", "5c", "3c", "2c", "Kc", "6c", "4c")
    return t


def hidden_dan_asked():
    t = hidden_dan_void()
    t.do(DAN, {"type": "ask"})
    return t


def face_down_turn():
    t = Table(FACE, game="hidden")
    t.place("As")
    t.play("6c", "3c", "Ac", "2c", "9d", "2d")
    return t


def rung_kaat():
    return Table(LADDER, game="rung-kaat")


def over():
    t = Table(seed="over")
    while not t.s["result"]:
        t.default()
    return t


CASES = [
    # (setup, seat, action, words in the reason)
    (playing, BEA, None, "type"),
    (playing, BEA, "play", "type"),
    (playing, BEA, ["play", "Ah"], "type"),
    (playing, BEA, {}, "type"),
    (playing, BEA, {"type": 3}, "type"),
    (playing, BEA, {"type": "bid"}, "Unknown"),
    (playing, BEA, {"type": "play"}, "which card"),
    (playing, BEA, {"type": "play", "card": 5}, "which card"),
    (playing, BEA, {"type": "play", "card": ["Ah"]}, "which card"),
    (playing, BEA, {"type": "play", "card": "Zz"}, "do not hold"),
    (playing, BEA, {"type": "play", "card": "As"}, "do not hold"),
    (playing, BEA, {"type": "play", "card": "Js"}, "follow suit"),
    (playing, CARL, {"type": "play", "card": "Jh"}, "not your turn"),
    (playing, ANN, {"type": "play", "card": "3h"}, "not your turn"),
    (playing, 4, {"type": "play", "card": "Ah"}, "no such seat"),
    (playing, -1, {"type": "play", "card": "Ah"}, "no such seat"),
    (playing, "1", {"type": "play", "card": "Ah"}, "no such seat"),
    (playing, True, {"type": "play", "card": "Ah"}, "no such seat"),
    (playing, None, {"type": "play", "card": "Ah"}, "no such seat"),
    (playing, BEA, {"type": "call", "suit": "h"}, "Nothing to call"),
    (playing, BEA, {"type": "ask"}, "Hidden"),
    (playing, BEA, {"type": "show"}, "Hidden"),
    (calling, ANN, {"type": "play", "card": "Ah"}, "called before"),
    (calling, ANN, {"type": "ask"}, "called before"),
    (calling, ANN, {"type": "pass"}, "Unknown"),
    (calling, BEA, {"type": "call", "suit": "h"}, "not your turn"),
    (calling, ANN, {"type": "call"}, "trump suit"),
    (calling, ANN, {"type": "call", "suit": "x"}, "trump suit"),
    (calling, ANN, {"type": "call", "suit": ["s"]}, "trump suit"),
    (calling, ANN, {"type": "call", "suit": "d"}, "first five"),
    (lambda: calling("hidden"), ANN, {"type": "call", "card": "Ac"}, "first five"),
    (lambda: calling("hidden"), ANN, {"type": "call", "card": None}, "face down"),
    (lambda: calling("hidden"), ANN, {"type": "call", "suit": "s"}, "face down"),
    (hidden_playing, ANN, {"type": "show"}, "very first lead"),
    (hidden_playing, ANN, {"type": "ask"}, "caller knows"),
    (hidden_playing, ANN, {"type": "play", "card": "As"}, "face-down"),
    (hidden_second_lead, BEA, {"type": "show"}, "not your turn"),
    (hidden_mid_trick, BEA, {"type": "ask"}, "follow suit"),
    (hidden_mid_trick, BEA, {"type": "show"}, "Only the caller"),
    (hidden_dan_void, DAN, {"type": "show"}, "Only the caller"),
    (hidden_dan_asked, DAN, {"type": "ask"}, "already been shown"),
    (hidden_dan_asked, DAN, {"type": "play", "card": "4d"}, "must play a trump"),
    (face_down_turn, ANN, {"type": "ask"}, "caller knows"),
    (rung_kaat, ANN, {"type": "call", "suit": "s"}, "Nothing to call"),
    (rung_kaat, ANN, {"type": "ask"}, "Hidden"),
    (over, ANN, {"type": "play", "card": "As"}, "over"),
]


@pytest.mark.parametrize("setup, seat, action, words", CASES)
def test_illegal_action_refused_and_state_unchanged(setup, seat, action, words):
    """The action raises IllegalAction with a readable reason and leaves the state as it was."""
    t = setup()
    before = json.dumps(t.s)
    with pytest.raises(core.IllegalAction) as err:
        ENGINE.apply(t.s, seat, action)
    reason = str(err.value.reason)
    assert words.lower() in reason.lower()
    assert reason[-1] in ".!"
    assert json.dumps(t.s) == before


def test_show_on_last_card_refused():
    """Ann leads trick 13 holding only the face-down trump: she just plays it; "show" is refused."""
    t = hidden_playing()
    for _ in range(12):
        t.default(4)
    assert ENGINE.to_act(t.s) == [ANN] and not t.s["trick"] and t.s["hands"][ANN] == []
    assert ENGINE.legal_actions(t.s, ANN) == [{"type": "play", "card": "As"}]
    before = json.dumps(t.s)
    with pytest.raises(core.IllegalAction, match="just play it"):
        ENGINE.apply(t.s, ANN, {"type": "show"})
    assert json.dumps(t.s) == before


def test_default_action_refused_when_not_your_turn():
    """default_action for a seat that is not to act raises IllegalAction."""
    t = playing()
    with pytest.raises(core.IllegalAction):
        ENGINE.default_action(t.s, ANN)


def test_legal_actions_are_exactly_what_apply_accepts():
    """For a few positions, every legal action applies and every other card is refused."""
    for setup in (playing, hidden_dan_void, hidden_second_lead, face_down_turn, rung_kaat):
        t = setup()
        seat = ENGINE.to_act(t.s)[0]
        legal = ENGINE.legal_actions(t.s, seat)
        for action in legal:
            ENGINE.apply(t.s, seat, action)
        for card in core.french_deck():
            action = {"type": "play", "card": card}
            if action not in legal:
                with pytest.raises(core.IllegalAction):
                    ENGINE.apply(t.s, seat, action)
