"""Every example of the seed rules, played with a stacked deck."""

from games.disunyer.rules import ENGINE

from .helpers import ANN, BEA, CARL, DAN, FULL_DECK, act, all_cards, cards_in, start, types


def test_normal_round_example():
    """Ann 5, Bea Jack, Carl 3, Dan 7. Ann passes (Ann Jack, Bea 5), Bea keeps,
    Carl passes (Carl 7, Dan 3), Dan, last, passes and draws a 6. Final: Ann Jack,
    Bea 5, Carl 7, Dan 6: Bea is out. The card Dan let go (the 3) is never shown."""
    st = start(["5o", "Jc", "3s", "7b", "6o", "2o", "4o", "Kc"], players=4)
    assert st["phase"] == "turns" and ENGINE.to_act(st) == [ANN]
    assert ENGINE.legal_actions(st, ANN) == [{"type": "keep"}, {"type": "pass"}]
    st, ev = act(st, ANN, "pass")
    assert ev == [{"type": "pass", "seat": ANN, "to": BEA}]
    assert st["hands"][:2] == ["Jc", "5o"]
    # Both know both cards; Carl and spectators know neither.
    assert ENGINE.view(st, ANN)["cards"][BEA] == "5o"
    assert ENGINE.view(st, BEA)["cards"][ANN] == "Jc"
    assert ENGINE.view(st, CARL)["cards"] == [None, None, "3s", None]
    assert ENGINE.view(st, None)["cards"] == [None] * 4
    assert ENGINE.to_act(st) == [BEA]
    st, ev = act(st, BEA, "keep")
    st, ev = act(st, CARL, "pass")
    assert ENGINE.view(st, DAN)["hand"] == "3s"
    assert ENGINE.view(st, DAN)["cards"][CARL] == "7b"
    st, ev = act(st, DAN, "pass")
    assert types(ev)[:4] == ["draw", "reveal", "out", "deal"]
    assert ev[0] == {"type": "draw", "seat": DAN, "card": "6o"}
    assert ev[1]["cards"] == ["Jc", "5o", "7b", "6o"]
    assert ev[2] == {"type": "out", "seats": [BEA], "round": 1}
    assert "3s" not in cards_in(ev)
    assert st["out"] == [0, 1, 0, 0]
    assert st["round"] == 2 and st["round_order"] == [ANN, CARL, DAN]
    assert st["hands"] == ["2o", None, "4o", "Kc"]
    last = ENGINE.view(st, None)["last_round"]
    assert last == {
        "round": 1,
        "kind": "reveal",
        "cards": ["Jc", "5o", "7b", "6o"],
        "out": [BEA],
        "duels": [],
    }
    for viewer in (None, ANN, BEA, CARL, DAN):
        assert "3s" not in cards_in(ENGINE.view(st, viewer))
    assert "3s" in st["discard"]
    assert all_cards(st) == FULL_DECK


def test_tie_for_the_lowest_card():
    """Ann 3 of coins, Bea 3 of cups, Carl King: Ann and Bea are out, Carl wins."""
    st = start(["3o", "3c", "Kb"])
    st, _ = act(st, ANN, "keep")
    st, _ = act(st, BEA, "keep")
    st, ev = act(st, CARL, "keep")
    assert types(ev) == ["keep", "reveal", "out", "win"]
    assert ev[2]["seats"] == [ANN, BEA]
    out = ENGINE.outcome(st)
    assert out == {"places": [2, 2, 1], "winners": [CARL], "no_winner": False, "rounds": 1}
    assert ENGINE.to_act(st) == [] and ENGINE.view(st, ANN)["over"] is True
    assert all_cards(st) == FULL_DECK


def test_final_tie_no_winner():
    """Two players left with the 5 of coins and the 5 of cups: both are out, the
    game ends with no winner, and the last group shares 1st place."""
    st = start(["5o", "5c"])
    st, _ = act(st, ANN, "keep")
    st, ev = act(st, BEA, "keep")
    assert types(ev)[-1] == "no_winner"
    out = ENGINE.outcome(st)
    assert out == {"places": [1, 1], "winners": [], "no_winner": True, "rounds": 1}


def test_final_tie_after_earlier_rounds_shares_first_place():
    """Dan goes out in round 1; Ann, Bea and Carl all tie in round 2: no winner,
    the three share 1st place and Dan is 4th."""
    st = start(["5o", "6o", "7o", "2o", "4o", "4c", "4s"], players=4)
    for seat in (ANN, BEA, CARL, DAN):
        st, _ = act(st, seat, "keep")
    assert st["out"] == [0, 0, 0, 1]
    for seat in (ANN, BEA, CARL):
        st, _ = act(st, seat, "keep")
    out = ENGINE.outcome(st)
    assert out["places"] == [1, 1, 1, 4] and out["winners"] == [] and out["no_winner"]


def _disunyer_start():
    # Ann has the Ace of coins; Bea and Carl ordinary cards.
    return start(["Ao", "5c", "7s", "2o", "3o", "4o"], players=3)


def test_disunyer_is_called_and_holder_is_public_but_not_the_suit():
    """A dealt Ace: the round goes to the Disunyer phase; Ann must pick a rival
    still standing (not herself). Everyone sees Ann is the caller, nobody else
    sees the Ace's suit."""
    st = _disunyer_start()
    assert st["phase"] == "disunyer" and ENGINE.to_act(st) == [ANN]
    assert ENGINE.legal_actions(st, ANN) == [
        {"type": "pick", "rival": BEA},
        {"type": "pick", "rival": CARL},
    ]
    for viewer in (None, BEA, CARL):
        view = ENGINE.view(st, viewer)
        assert view["holder"] == ANN and view["step"] == "pick"
        assert "Ao" not in cards_in(view)
    st, ev = act(st, ANN, "pick", rival=CARL)
    assert ev == [{"type": "call", "seat": ANN, "rival": CARL}]
    assert ENGINE.to_act(st) == [CARL]
    assert ENGINE.legal_actions(st, CARL) == [
        {"type": "guess", "suit": s} for s in ("o", "c", "s", "b")
    ]
    assert ENGINE.view(st, CARL)["rival"] == CARL
    assert "Ao" not in cards_in(ENGINE.view(st, CARL))


def test_disunyer_right_guess_knocks_out_the_holder():
    """Carl says "coins": Ann is out, the Ace is shown to all, the round ends
    there (no turns, no reveal) and the next round is dealt."""
    st = _disunyer_start()
    st, _ = act(st, ANN, "pick", rival=CARL)
    st, ev = act(st, CARL, "guess", suit="o")
    assert ev[0] == {
        "type": "guess",
        "seat": CARL,
        "holder": ANN,
        "suit": "o",
        "ace": "Ao",
        "right": True,
        "out": ANN,
    }
    assert "reveal" not in types(ev) and "keep" not in types(ev)
    assert st["out"] == [1, 0, 0] and st["round"] == 2
    last = ENGINE.view(st, None)["last_round"]
    assert last["kind"] == "disunyer" and last["out"] == [ANN]
    assert last["cards"] == ["Ao", None, None]
    # Bea's and Carl's cards of that round are never shown.
    assert "5c" not in cards_in(ENGINE.view(st, None))
    assert "7s" not in cards_in(ENGINE.view(st, None))
    assert "5c" not in cards_in(ev) and "7s" not in cards_in(ev)


def test_disunyer_wrong_guess_knocks_out_the_rival():
    """Carl names another suit: Carl is out."""
    st = _disunyer_start()
    st, _ = act(st, ANN, "pick", rival=CARL)
    st, ev = act(st, CARL, "guess", suit="b")
    assert ev[0]["right"] is False and ev[0]["out"] == CARL
    assert st["out"] == [0, 0, 1]


def test_disunyer_no_answer_knocks_out_the_rival():
    """Carl does not answer: the timeout default (guess nobody) puts Carl out; the
    Ace is still shown."""
    st = _disunyer_start()
    st, _ = act(st, ANN, "pick", rival=CARL)
    default = ENGINE.default_action(st, CARL)
    assert default == {"type": "guess", "suit": None}
    assert default not in ENGINE.legal_actions(st, CARL)
    st, ev = ENGINE.apply(st, CARL, default)
    assert ev[0]["suit"] is None and ev[0]["out"] == CARL and ev[0]["ace"] == "Ao"
    assert st["out"] == [0, 0, 1]


def test_cancelled_disunyer():
    """Ann and Bea both have an Ace. Ann picks Bea, Bea guesses wrong: Bea is out
    and her own Disunyer is never called; her Ace is never shown."""
    st = start(["Ao", "Ac", "5s", "7b", "2o", "3o", "4o"], players=4)
    assert ENGINE.to_act(st) == [ANN]
    assert "Ac" not in cards_in(ENGINE.view(st, CARL))
    st, _ = act(st, ANN, "pick", rival=BEA)
    st, ev = act(st, BEA, "guess", suit="s")
    assert st["out"] == [0, 1, 0, 0]
    assert types(ev)[0] == "guess" and types(ev)[1] == "deal"
    assert "call" not in types(ev)
    assert st["round"] == 2
    for viewer in (None, ANN, CARL, DAN):
        assert "Ac" not in cards_in(ENGINE.view(st, viewer))
    assert "Ac" not in cards_in(ev)


def test_stuck_king_example():
    """Stuck King: Ann 2, Bea King, Carl 5. No Ace, so Bea's King is shown and
    stuck. Ann cannot pass (Bea has a stuck King) and keeps the 2 at once; Bea
    keeps the King at once; Carl decides as usual, keeps the 5; Ann is out."""
    st = start(["2o", "Kc", "5s", "3o", "4o"], players=3, mode="stuck-king")
    assert st["stuck"] == [BEA]
    assert ENGINE.to_act(st) == [CARL]
    assert ENGINE.legal_actions(st, CARL) == [{"type": "keep"}, {"type": "pass"}]
    for viewer in (None, ANN, CARL):
        view = ENGINE.view(st, viewer)
        assert view["cards"][BEA] == "Kc" and view["stuck"] == [BEA]
    log = ENGINE.view(st, None)["log"]
    assert {"type": "stuck", "seat": BEA, "card": "Kc"} in log
    assert {"type": "keep", "seat": ANN, "forced": "blocked"} in log
    assert {"type": "keep", "seat": BEA, "forced": "stuck"} in log
    st, ev = act(st, CARL, "keep")
    assert ev[2] == {"type": "out", "seats": [ANN], "round": 1}
    assert st["out"] == [1, 0, 0]
