"""Court Piece: the Hidden trump and Rung Kaat."""

import json

import pytest

from games import core
from games.courtpiece.rules import ENGINE

from .helpers import ANN, BEA, CARL, DAN, LADDER, SUITS, Table, stack, text

# Ann places the As face down. She holds the top hearts and clubs; everyone
# follows hearts three times and clubs once; Dan is void in clubs after one.
HID = stack(
    "As Ah Kh Qh Jh Ac Kc Qc Jc Tc 9c 8c 7c",
    "Th 9h 8h 6c 5c Ks Qs Js Ad Kd Qd Jd Td",
    "7h 6h 5h 4c 3c Ts 9s 8s 9d 8d 7d 6d 5d",
    "4h 3h 2h 2c 7s 6s 5s 4s 3s 2s 4d 3d 2d",
)

# Ann places the As face down and keeps the 2s. Carl wins trick 1 with the Ac and
# leads diamonds: Ann is void (face-down throw), Bea is void in diamonds and spades.
FACE = stack(
    "As 2s Ah Kh Qh Kc Qc Jc Tc 9c 8c 7c 6c",
    "Jh Th 9h 8h 7h 6h 5h 4h 3h 2h 5c 4c 3c",
    "Ac Ad Kd Qd Jd Td 9d Ks Qs Js Ts 9s 8s",
    "2c 8d 7d 6d 5d 4d 3d 2d 7s 6s 5s 4s 3s",
)


def cards_in(obj) -> set[str]:
    text = json.dumps(obj)
    return {c for c in core.french_deck() if f'"{c}"' in text}


# ---------------------------------------------------------------- Hidden
def test_hidden_call_places_a_card_face_down():
    """Ann places one of her first five face down: it leaves her hand (12 left); only she
    knows the trump, and nobody else is told even the suit.
    """
    t = Table(HID, game="hidden")
    assert {a["card"] for a in t.legal()} == set(HID[:5])
    with pytest.raises(core.IllegalAction):
        t.place("Ac")  # not among the first five
    with pytest.raises(core.IllegalAction):
        t.call("s")  # Hidden places a card, it does not name a suit
    events = t.place("As")
    assert events == [{"type": "call", "seat": ANN, "hidden": True}]
    assert text(events[0]) == "{seat0} placed the trump face down."
    ann = t.view(ANN)
    assert ann["face_down"] == "As" and "As" not in ann["hand"] and len(ann["hand"]) == 12
    assert (
        ann["trump"] == "s"
        and ann["trump_power"] is False
        and ann["hand_counts"] == [13, 13, 13, 13]
    )
    for seat in (BEA, CARL, DAN, None):
        v = t.view(seat)
        assert v["trump"] == "hidden" and v["face_down"] is None and v["face_down_placed"] is True
        assert "As" not in cards_in(v)
        assert '"s"' not in json.dumps(v)


def test_hidden_call_timeout_places_lowest_card_of_most_held_suit():
    """Timeout call in Hidden: the lowest card of the suit held most among the five (Jh)."""
    t = Table(HID, game="hidden")
    assert ENGINE.default_action(t.s, ANN) == {"type": "call", "card": "Jh"}


def test_caller_cannot_show_on_first_lead():
    """The caller may not show the trump on the very first lead of the round."""
    t = Table(HID, game="hidden")
    t.place("As")
    assert {"type": "show"} not in t.legal()
    before = json.dumps(t.s)
    with pytest.raises(core.IllegalAction, match="very first lead"):
        t.do(ANN, {"type": "show"})
    assert json.dumps(t.s) == before


def test_no_pickup_before_the_trump_is_shown():
    """Ann wins the first four tricks but nothing is picked up: the trump is not shown."""
    t = Table(HID, game="hidden")
    t.place("As")
    for card in ("Ah", "Kh", "Qh", "Ac"):
        t.play(card)
        t.default(3)
    assert t.s["pile"] == 4 and t.s["won"] == [0, 0]
    assert all(e["seat"] == ANN for e in t.of_type("trick"))


def test_show_then_two_fresh_wins():
    """Ann wins tricks 1 and 2, shows the trump before leading trick 3 and wins it: no pick-up,
    as trick 3 is the first of two fresh wins. Winning trick 4 picks up all four.
    """
    t = Table(HID, game="hidden")
    t.place("As")
    for card in ("Ah", "Kh"):
        t.play(card)
        t.default(3)
    assert {"type": "show"} in t.legal()
    events = t.do(ANN, {"type": "show"})
    assert events == [
        {"type": "trump_shown", "seat": ANN, "card": "As", "suit": "s", "how": "show"}
    ]
    assert text(events[0]) == "{seat0} showed the trump: the Ace of spades; spades are trump."
    assert "As" in t.s["hands"][ANN] and t.s["power"]
    for seat in (BEA, None):
        assert t.view(seat)["trump"] == "s"
    with pytest.raises(core.IllegalAction, match="already been shown"):
        t.do(ANN, {"type": "show"})
    t.play("Qh")
    t.default(3)
    assert t.s["won"] == [0, 0] and t.s["pile"] == 3
    t.play("Ac")
    t.default(3)
    assert t.s["won"] == [4, 0]


def test_ask_then_trump_forced():
    """Dan cannot follow clubs: he asks to see the trump (spades, shown to all), then must
    play a spade. His 2s wins; it is the first of two fresh wins. Bea, who can follow,
    may not ask; neither may the caller.
    """
    t = Table(HID, game="hidden")
    t.place("As")
    t.play("Ac")
    assert {"type": "ask"} not in t.legal()
    with pytest.raises(core.IllegalAction, match="follow suit"):
        t.do(BEA, {"type": "ask"})
    t.play("5c", "3c", "2c")
    t.play("Kc", "6c", "4c")
    assert {"type": "ask"} in t.legal(DAN) and len(t.legal(DAN)) == 13
    events = t.do(DAN, {"type": "ask"})
    assert events == [
        {"type": "ask", "seat": DAN},
        {"type": "trump_shown", "seat": ANN, "card": "As", "suit": "s", "how": "ask"},
    ]
    assert text(events[0]) == "{seat3} asked to see the trump."
    assert ENGINE.to_act(t.s) == [DAN] and "As" in t.s["hands"][ANN]
    assert {a["card"] for a in t.legal(DAN)} == {"7s", "6s", "5s", "4s", "3s", "2s"}
    before = json.dumps(t.s)
    with pytest.raises(core.IllegalAction, match="must play a trump"):
        t.play("4d")
    assert json.dumps(t.s) == before
    events = t.play("2s")
    assert t.of_type("trick", events)[0]["seat"] == DAN and t.s["streak_winner"] == DAN
    assert t.s["won"] == [0, 0] and t.s["pile"] == 2
    t.play("3s")  # Dan leads a trump: Ann must follow with her As, now back in hand
    assert [a["card"] for a in t.legal(ANN)] == ["As"]


def test_trump_thrown_before_it_is_shown_has_no_power_in_that_trick():
    """Bea, void in clubs, throws the Ks without asking: the trump has no power yet.
    Carl then asks and must trump with the 8s: only cards played after the trump is
    shown have its power, so Carl's 8s wins the trick, not Bea's Ks.
    """
    t = Table(HID, game="hidden")
    t.place("As")
    t.play("Ac", "5c", "3c", "2c")
    t.play("Kc", "6c", "4c", "7s")  # Dan throws a spade, no power: Ann's Kc wins
    assert t.of_type("trick")[-1]["seat"] == ANN
    t.play("Qc", "Ks")  # Bea throws her Ks without asking
    t.do(CARL, {"type": "ask"})
    assert t.view(DAN)["trick_trump_from"] == 2
    events = t.play("8s", "4d")
    assert t.of_type("trick", events)[0]["seat"] == CARL
    assert t.s["streak_winner"] == CARL


def test_asker_without_trumps_plays_anything():
    """An asker who holds no trump may play any card."""
    t = Table(FACE, game="hidden")
    t.place("As")
    t.play("6c", "3c", "Ac", "2c")  # Carl wins
    t.play("9d", "2d")
    t.play("2s")  # Ann's face-down throw
    t.do(BEA, {"type": "ask"})
    assert len(t.legal(BEA)) == 12


def test_face_down_throw_cannot_win_and_stays_hidden():
    """Ann (caller, trump hidden) cannot follow diamonds and throws the 2s: face down.

    Bea then asks, so spades are trump, but Ann's 2s still cannot win: Carl's 9d takes
    the trick. Nobody else ever sees the 2s, not in the trick, the events or the log.
    """
    t = Table(FACE, game="hidden")
    t.place("As")
    t.play("6c", "3c", "Ac", "2c")
    assert ENGINE.to_act(t.s) == [CARL]
    t.play("9d", "2d")
    assert {"type": "ask"} not in t.legal(ANN)
    before = json.dumps(t.s)
    with pytest.raises(core.IllegalAction, match="caller knows"):
        t.do(ANN, {"type": "ask"})
    assert json.dumps(t.s) == before
    events = t.play("2s")
    assert events == [{"type": "play", "seat": ANN, "card": "??", "face_down": True}]
    assert text(events[0]) == "{seat0} played a card face down."
    assert t.view(BEA)["trick"][-1] == {"seat": ANN, "card": "??"}
    t.do(BEA, {"type": "ask"})
    events = t.play("2h")
    assert t.of_type("trick", events)[0]["seat"] == CARL
    assert t.view(None)["last_trick"]["cards"][2] == {"seat": ANN, "card": "??"}
    for seat in (BEA, CARL, DAN, None):
        assert "2s" not in cards_in(t.view(seat))
    assert "2s" not in cards_in(t.events)
    while True:
        events = t.default()
        if t.s["round"] != 1:
            break
        for seat in (BEA, CARL, DAN, None):
            assert "2s" not in cards_in(t.view(seat))
    assert "2s" not in cards_in(t.events)  # the events of the whole round


def test_caller_face_down_card_cannot_be_played_early():
    """The face-down trump stays out of play until shown (or until it is Ann's last card)."""
    t = Table(HID, game="hidden")
    t.place("As")
    with pytest.raises(core.IllegalAction, match="face-down"):
        t.play("As")


def test_never_shown_trump_is_played_face_up_in_last_trick():
    """Nobody asks or shows: Ann's last card is the face-down As, played face up in trick 13,
    and the trump is shown then. With no pick-up before, the 13th trick takes all 13.
    """
    t = Table(HID, game="hidden")
    t.place("As")
    for _ in range(12):
        t.default(4)
    assert t.s["tricks_played"] == 12 and t.s["hands"][ANN] == [] and not t.s["power"]
    assert t.view(ANN)["legal"] == [{"type": "play", "card": "As"}]
    while t.s["round"] == 1:
        t.default()
    shown = t.of_type("trump_shown")
    assert shown == [{"type": "trump_shown", "seat": ANN, "card": "As", "suit": "s", "how": "last"}]
    over = t.of_type("round_over")[0]
    assert over["all_hands"] and over["tricks"] == 13 and sorted(over["hands"]) == [0, 13]


# ---------------------------------------------------------------- Rung Kaat
def test_rung_kaat_trump_made_on_first_trick():
    """Rung Kaat: no call, Ann leads. Bea cannot follow and throws the Th: hearts are trump,
    Bea is the caller. Carl's and Dan's off-suit cards are only thrown; Bea takes the trick.
    Trick 1 counts as the first of two wins: Bea picks up all three at trick 3.
    """
    t = Table(SUITS, game="rung-kaat")
    assert t.s["phase"] == "play" and ENGINE.to_act(t.s) == [ANN]
    v = t.view(BEA)
    assert v["trump"] == "none yet" and v["caller"] is None and len(v["hand"]) == 13
    assert t.events == [{"type": "deal", "round": 1, "caller": None, "leader": ANN}]
    t.play("5s")
    events = t.play("Th")
    assert events == [
        {"type": "trump_made", "seat": BEA, "suit": "h"},
        {"type": "play", "seat": BEA, "card": "Th"},
    ]
    assert text(events[0]) == "{seat1} made hearts the trump."
    assert t.s["caller"] == BEA and t.view(None)["trump"] == "h"
    events = t.play("Ad", "Ac")
    assert t.s["trump"] == "h" and t.of_type("trick", events)[0]["seat"] == BEA
    t.default(4)
    assert t.s["won"] == [0, 0] and t.s["pile"] == 2
    t.default(4)
    assert t.s["won"] == [0, 3]


RK2 = stack(
    "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s",
    "Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2d 3d",
    "Ah 2h Ad Kd Qd Jd Td 9d 8d 7d 6d 5d 4d",
    "Ac Kc Qc Jc Tc 9c 8c 7c 6c 5c 4c 3c 2c",
)


def test_rung_kaat_later_higher_trump_beats_the_trump_maker():
    """Bea makes hearts with the 3h; Carl, later in the same trick, beats it with the Ah.

    Bea's timeout would have thrown her lowest card of the suit she holds most (3h, not 2d).
    Bea stays the caller.
    """
    t = Table(RK2, game="rung-kaat")
    t.play("2s")
    assert ENGINE.default_action(t.s, BEA) == {"type": "play", "card": "3h"}
    t.play("3h")
    events = t.play("Ah", "Ac")
    assert t.of_type("trick", events)[0] == {
        "type": "trick",
        "number": 1,
        "seat": CARL,
        "card": "Ah",
        "pile": 1,
    }
    assert t.s["caller"] == BEA and t.view(None)["caller"] == BEA


def test_rung_kaat_no_pickup_before_trump():
    """Ann wins three spade tricks with everyone following: no trump yet, so no pick-up."""
    t = Table(LADDER, game="rung-kaat")
    for _ in range(3):
        t.lead("s")
    assert t.s["pile"] == 3 and t.s["won"] == [0, 0] and t.s["trump"] is None
    assert all(e["seat"] == ANN for e in t.of_type("trick"))


def test_rung_kaat_court_and_next_leader():
    """Bea makes hearts and wins all 13 with them: a Court for Bea's team (2 points);
    Bea's partner Dan leads the next round, with all 13 cards at once.
    """
    t = Table(SUITS, game="rung-kaat")
    t.play("2s", "2h")
    while t.s["round"] == 1:
        t.default()
    over = t.of_type("round_over")[0]
    assert over["caller"] == BEA and over["kind"] == "court" and over["points"] == 2
    assert over["next"] == DAN
    assert t.s["leader"] == DAN and ENGINE.to_act(t.s) == [DAN] and t.s["phase"] == "play"
    assert t.s["caller"] is None and all(len(h) == 13 for h in t.s["hands"])
