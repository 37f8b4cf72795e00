"""The house rulings for Disunyer (and the choices the engine made), by scenario."""

import json

import pytest

from games import core
from games.core import IllegalAction, InvalidOptions
from games.disunyer.rules import ENGINE
from games.disunyer.text import event_text
from games.words import Words

from .helpers import ANN, BEA, CARL, DAN, FULL_DECK, act, all_cards, cards_in, start, types


# --------------------------------------------------------------- options, start
def test_options_defaults_and_errors():
    """Mode defaults to standard; anything but standard/stuck-king, an unknown key,
    a non-dict or a bad player count raises InvalidOptions; turns last 10 s."""
    assert ENGINE.validate_options({}) == {"mode": "standard"}
    assert ENGINE.validate_options({"mode": "stuck-king"}, 8) == {"mode": "stuck-king"}
    for bad in ({"mode": "fast"}, {"mode": 1}, {"mode": None}, {"colour": "red"}, None, []):
        with pytest.raises(InvalidOptions):
            ENGINE.validate_options(bad)
    for players in (1, 9, 0, "4", True, 2.0):
        with pytest.raises(InvalidOptions):
            ENGINE.validate_options({}, players)
    with pytest.raises(InvalidOptions):
        ENGINE.start(9, {})
    with pytest.raises(InvalidOptions):
        ENGINE.start(3, {}, deck=["Ao", "Ao", "2o"])
    with pytest.raises(InvalidOptions):
        ENGINE.start(3, {}, deck=["Ao", "Th", "2o"])
    assert ENGINE.turn_seconds({"mode": "standard"}) == 10
    assert (ENGINE.name, ENGINE.min_players, ENGINE.max_players) == ("disunyer", 2, 8)


def test_seating_order_is_drawn_from_the_seed():
    """Without a stacked deck the play order is a permutation drawn from the seed:
    the same seed gives the same order and cards, and turns start with the first
    seat of that order still standing. A seed is made when none is given."""
    a = ENGINE.start(8, {}, seed="s1")
    b = ENGINE.start(8, {}, seed="s1")
    assert a == b and sorted(a["order"]) == list(range(8))
    orders = {tuple(ENGINE.start(8, {}, seed=f"s{i}")["order"]) for i in range(20)}
    assert len(orders) > 1
    assert a["round_order"] == a["order"]
    fresh = ENGINE.start(4, {})
    assert isinstance(fresh["seed"], str) and len(fresh["seed"]) >= 16
    # A round without an Ace starts with the first seat of the order.
    for i in range(50):
        st = ENGINE.start(5, {}, seed=f"order{i}")
        if st["phase"] == "turns":
            assert ENGINE.to_act(st) == [st["order"][0]]
            break
    else:
        raise AssertionError("no Ace-free deal found")


def test_stacked_deck_plays_in_seat_order_and_rest_starts_in_discard():
    """With a stacked deck the order is 0, 1, 2, ... and the unlisted cards start
    in the discard pile (40 cards conserved)."""
    st = start(["5o", "6o", "7o"])
    assert st["order"] == [0, 1, 2]
    assert len(st["deck"]) == 0 and len(st["discard"]) == 37
    assert all_cards(st) == FULL_DECK


# ------------------------------------------------------------------- reshuffles
def test_mid_deal_reshuffle():
    """The deck runs out in the middle of a deal: the discard pile is shuffled
    (seeded stream) into a new deck and the deal goes on from it."""
    st = start(["5o", "6o"], players=3)
    log = ENGINE.view(st, None)["log"]
    assert types(log) == ["deal", "reshuffle"] or types(log)[:2] == ["deal", "reshuffle"]
    assert log[1] == {"type": "reshuffle", "cards": 38}
    assert st["hands"][:2] == ["5o", "6o"]
    assert st["hands"][2] not in ("5o", "6o")
    assert len(st["deck"]) == 37 and st["discard"] == []
    assert all_cards(st) == FULL_DECK
    again = start(["5o", "6o"], players=3)
    assert again == st
    expected = core.shuffled(
        [c for c in core.spanish_deck() if c not in ("5o", "6o")], "test-seed", 0
    )
    assert st["hands"][2] == expected[0]


def test_reshuffle_for_the_last_players_draw():
    """The last player passes with an empty deck: the discard pile is shuffled into
    a new deck first, then the card is drawn; the card let go goes to the discard
    pile afterwards (it is not in the reshuffled deck)."""
    st = start(["5o", "6o"], players=2)
    assert st["deck"] == []
    st, _ = act(st, ANN, "keep")
    st, ev = act(st, BEA, "pass")
    assert types(ev)[:3] == ["reshuffle", "draw", "reveal"]
    assert ev[0]["cards"] == 38
    drawn = ev[1]["card"]
    expected = core.shuffled(
        [c for c in core.spanish_deck() if c not in ("5o", "6o")], "test-seed", 0
    )
    assert drawn == expected[0]
    assert "6o" not in cards_in(ev)
    assert all_cards(st) == FULL_DECK


# ----------------------------------------------------------------- Aces
def test_drawn_ace_is_not_a_disunyer_and_is_the_lowest():
    """Bea, last, passes and draws an Ace: no Disunyer; it is simply the lowest
    card and Bea is out."""
    st = start(["5o", "3c", "Ab"], players=2)
    st, _ = act(st, ANN, "keep")
    st, ev = act(st, BEA, "pass")
    assert ev[0] == {"type": "draw", "seat": BEA, "card": "Ab"}
    assert types(ev) == ["draw", "reveal", "out", "win"]
    assert ENGINE.outcome(st)["winners"] == [ANN]


def test_a_swapped_ace_cannot_arise_so_turns_never_see_a_dealt_ace():
    """Any dealt Ace makes the round a Disunyer round (no turns), so an Ace can
    only come into the turn phase from the deck, as the last player's draw: there
    is no Ace in any hand while turns are being played."""
    for i in range(200):
        st = ENGINE.start(6, {}, seed=f"ace{i}")
        if st["phase"] == "turns":
            assert not any(h and h[0] == "A" for h in st["hands"])
        else:
            assert st["phase"] == "disunyer"
            assert st["hands"][st["holder"]][0] == "A"


def test_several_disunyers_in_seating_order_share_a_place():
    """Ann and Carl hold Aces: Ann's Disunyer is resolved first, then Carl's;
    each knocks out one player and the two knocked out share a place."""
    st = start(["Ao", "5c", "Ac", "7b", "3o", "4o"], players=4)
    st, _ = act(st, ANN, "pick", rival=DAN)
    st, ev = act(st, DAN, "guess", suit="s")
    assert st["out"] == [0, 0, 0, 1]
    assert ENGINE.to_act(st) == [CARL] and st["step"] == "pick"
    assert ENGINE.legal_actions(st, CARL) == [
        {"type": "pick", "rival": ANN},
        {"type": "pick", "rival": BEA},
    ]
    st, _ = act(st, CARL, "pick", rival=BEA)
    st, ev = act(st, BEA, "guess", suit="c")
    assert ev[0]["right"] and ev[0]["out"] == CARL
    assert st["out"] == [0, 0, 1, 1] and st["round"] == 2
    assert ENGINE.view(st, None)["last_round"]["cards"] == ["Ao", None, "Ac", None]
    # Round 2: Ann 3, Bea 4, both keep: Ann out, Bea wins.
    st, _ = act(st, ANN, "keep")
    st, _ = act(st, BEA, "keep")
    out = ENGINE.outcome(st)
    assert out["places"] == [2, 1, 3, 3] and out["winners"] == [BEA] and out["rounds"] == 2


def test_rival_may_be_another_ace_holder():
    """Ann (Ace of coins) may pick Bea, who holds an Ace too; Bea guessing right
    puts Ann out and Bea then calls her own Disunyer."""
    st = start(["Ao", "Ac", "5s", "7b"], players=4)
    assert {"type": "pick", "rival": BEA} in ENGINE.legal_actions(st, ANN)
    st, _ = act(st, ANN, "pick", rival=BEA)
    st, ev = act(st, BEA, "guess", suit="o")
    assert ev[0]["out"] == ANN
    assert ENGINE.to_act(st) == [BEA] and st["step"] == "pick" and st["holder"] == BEA


def test_last_standing_after_a_disunyer_wins_at_once():
    """Two players both holding Aces: Ann's only rival is Bea so her pick is
    applied at once; Bea guesses right, Ann is out and Bea wins at once: her own
    Disunyer is cancelled and her Ace is never shown."""
    st = start(["Ao", "Ac"])
    assert ENGINE.to_act(st) == [BEA] and st["step"] == "guess"
    assert ENGINE.view(st, None)["log"][-1] == {
        "type": "call",
        "seat": ANN,
        "rival": BEA,
        "forced": True,
    }
    st, ev = act(st, BEA, "guess", suit="o")
    assert types(ev) == ["guess", "win"]
    assert ENGINE.outcome(st) == {
        "places": [2, 1],
        "winners": [BEA],
        "no_winner": False,
        "rounds": 1,
    }
    for viewer in (None, ANN, BEA):
        assert "Ac" not in cards_in(ENGINE.view(st, viewer))


def test_caller_who_picks_nobody_is_out():
    """A caller whose clock runs out picks nobody (timeout default, accepted by
    apply but not listed as legal): the caller is out and the Ace is not shown."""
    st = start(["Ao", "5c", "7s", "2o", "3o"], players=3)
    default = ENGINE.default_action(st, ANN)
    assert default == {"type": "pick", "rival": None}
    assert default not in ENGINE.legal_actions(st, ANN)
    st, ev = ENGINE.apply(st, ANN, default)
    assert ev[0] == {"type": "no_call", "seat": ANN}
    assert st["out"] == [1, 0, 0]
    assert "Ao" not in cards_in(ev)
    assert ENGINE.view(st, None)["last_round"]["cards"] == [None, None, None]
    assert ENGINE.view(st, None)["last_round"]["out"] == [ANN]


def test_out_player_cannot_act_and_single_rival_pick_is_automatic():
    """Bea goes out in round 1. In round 2 Ann's dealt Ace has one possible rival,
    Carl, so her pick is applied at once; Bea, out, cannot act."""
    st = start(["5o", "3c", "7s", "Ab", "4c", "6c"], players=3)
    for seat in (ANN, BEA, CARL):
        st, _ = act(st, seat, "keep")
    assert st["out"] == [0, 1, 0]
    assert ENGINE.to_act(st) == [CARL] and st["holder"] == ANN and st["rival"] == CARL
    with pytest.raises(IllegalAction, match="out of the game"):
        ENGINE.apply(st, BEA, {"type": "guess", "suit": "b"})


def test_pick_refusals_with_three_standing():
    """Picking yourself, a seat already out, or a seat that does not exist is
    refused, and the state is left unchanged."""
    st = start(["5o", "3c", "7s", "4s", "Ab", "4c", "6c"], players=4)
    for seat in (ANN, BEA, CARL, DAN):
        st, _ = act(st, seat, "keep")
    assert st["out"] == [0, 1, 0, 0] and ENGINE.to_act(st) == [ANN]
    before = json.dumps(st)
    for rival, msg in (
        (ANN, "yourself"),
        (BEA, "already out"),
        (7, "no seat"),
        (-1, "no seat"),
        (True, "no seat"),
        ("2", "no seat"),
    ):
        with pytest.raises(IllegalAction, match=msg):
            ENGINE.apply(st, ANN, {"type": "pick", "rival": rival})
    assert json.dumps(st) == before


def test_timeout_in_turns_keeps():
    """A turn's timeout keeps the card."""
    st = start(["5o", "3c", "7s"])
    assert ENGINE.default_action(st, ANN) == {"type": "keep"}
    with pytest.raises(IllegalAction):
        ENGINE.default_action(st, BEA)


# --------------------------------------------------------------- knowledge
def test_knowledge_follows_passed_cards():
    """Passes are public, so what a player learnt follows the card: Ann gives her 5
    to Bea, then Bea passes it on to Carl; Ann now knows Carl holds her 5, but not
    Bea's new card. Dan learns nothing."""
    st = start(["5o", "Jc", "3s", "7b", "6o"], players=4)
    st, _ = act(st, ANN, "pass")
    st, _ = act(st, BEA, "pass")
    assert st["hands"] == ["Jc", "3s", "5o", "7b"]
    assert ENGINE.view(st, ANN)["cards"] == ["Jc", None, "5o", None]
    assert ENGINE.view(st, BEA)["cards"] == ["Jc", "3s", "5o", None]
    assert ENGINE.view(st, CARL)["cards"] == [None, "3s", "5o", None]
    assert ENGINE.view(st, DAN)["cards"] == [None, None, None, "7b"]
    assert ENGINE.view(st, None)["cards"] == [None] * 4


def test_drawn_card_is_public_and_let_go_card_hidden():
    """The last player's drawn card is shown to all; the card let go is not."""
    st = start(["5o", "Jc", "3s", "6o", "2o"], players=3)
    st, _ = act(st, ANN, "keep")
    st, _ = act(st, BEA, "keep")
    st, ev = act(st, CARL, "pass")
    assert ev[0] == {"type": "draw", "seat": CARL, "card": "6o"}
    assert "3s" not in cards_in(ev)
    for viewer in (None, ANN, BEA, CARL):
        assert "3s" not in cards_in(ENGINE.view(st, viewer))


# --------------------------------------------------------------- Stuck King
def test_standard_mode_kings_are_not_stuck():
    """In standard mode a King is an ordinary card: Ann may pass to Bea's King."""
    st = start(["2o", "Kc", "5s"], mode="standard")
    assert st["stuck"] == [] and ENGINE.legal_actions(st, ANN) == [
        {"type": "keep"},
        {"type": "pass"},
    ]
    assert "Kc" not in cards_in(ENGINE.view(st, None))


def test_stuck_king_refusals_if_ever_asked():
    """A stuck-King holder, or a player whose next player has a stuck King, can only
    keep: asked directly (a crafted state), pass is refused with a clear reason."""
    st = start(["2o", "Kc", "5s"], mode="stuck-king")
    crafted = json.loads(json.dumps(st))
    crafted["position"] = 0
    assert ENGINE.legal_actions(crafted, ANN) == [{"type": "keep"}]
    with pytest.raises(IllegalAction, match="next player has a stuck King"):
        ENGINE.apply(crafted, ANN, {"type": "pass"})
    crafted["position"] = 1
    with pytest.raises(IllegalAction, match="King is stuck"):
        ENGINE.apply(crafted, BEA, {"type": "pass"})


def test_stuck_king_disunyer_comes_first_and_king_does_not_protect():
    """Stuck King: the Disunyer phase is played first; Bea's King is not shown nor
    stuck, and guessing wrong puts her out."""
    st = start(["Ao", "Kc", "5s", "2o", "3o"], players=3, mode="stuck-king")
    assert st["phase"] == "disunyer" and st["stuck"] == []
    assert "Kc" not in cards_in(ENGINE.view(st, None))
    st, _ = act(st, ANN, "pick", rival=BEA)
    st, ev = act(st, BEA, "guess", suit="c")
    assert st["out"] == [0, 1, 0]
    assert "stuck" not in types(ev)[:2]


def test_drawn_king_is_not_stuck_and_ties_a_stuck_king():
    """Stuck King: Carl, last, passes his 3 and draws a King: it is not stuck, it
    is the highest card with Bea's stuck King; Ann's 2 is out."""
    st = start(["2o", "Kc", "3s", "Kb", "4o", "5o"], players=3, mode="stuck-king")
    assert st["stuck"] == [BEA] and ENGINE.to_act(st) == [CARL]
    st, ev = act(st, CARL, "pass")
    assert ev[0] == {"type": "draw", "seat": CARL, "card": "Kb"}
    assert "stuck" not in types(ev[:3])
    assert ev[2] == {"type": "out", "seats": [ANN], "round": 1}
    # Round 2 (Bea 4, Carl 5): no King, nothing stuck.
    assert st["stuck"] == []


def test_last_player_may_pass_even_if_first_player_has_stuck_king():
    """The last player passes to the deck, never to the first player: Ann's stuck
    King does not stop Bea from passing."""
    st = start(["Kc", "3s", "6o"], players=2, mode="stuck-king")
    assert ENGINE.to_act(st) == [BEA]
    assert {"type": "pass"} in ENGINE.legal_actions(st, BEA)


def test_both_finalists_with_kings_tie_and_nobody_wins():
    """Stuck King, two players both dealt Kings: both are stuck, both keep at once,
    they tie and the game ends with no winner straight after the deal."""
    st = start(["Ko", "Kc"], mode="stuck-king")
    assert st["phase"] == "over"
    assert ENGINE.outcome(st) == {"places": [1, 1], "winners": [], "no_winner": True, "rounds": 1}
    assert types(ENGINE.view(st, None)["log"]) == [
        "deal",
        "stuck",
        "stuck",
        "keep",
        "keep",
        "reveal",
        "out",
        "no_winner",
    ]


# --------------------------------------------------------------- views, text
def test_view_fields():
    """The view carries what the contract asks for, and a spectator has no legal
    actions nor hand."""
    st = start(["5o", "Jc", "3s"])
    view = ENGINE.view(st, BEA)
    for key in (
        "game",
        "seat",
        "players",
        "phase",
        "to_act",
        "legal",
        "over",
        "outcome",
        "log",
        "round",
        "order",
        "deck",
        "discard",
        "standing",
        "out_round",
        "last_round",
        "holder",
        "rival",
        "turn",
        "stuck",
        "hand",
    ):
        assert key in view
    assert view["seat"] == BEA and view["hand"] == "Jc" and view["legal"] == []
    assert ENGINE.view(st, ANN)["legal"] == [{"type": "keep"}, {"type": "pass"}]
    spect = ENGINE.view(st, None)
    assert spect["seat"] is None and spect["legal"] == [] and spect["hand"] is None
    assert spect["deck"] + spect["discard"] + 3 == 40
    json.dumps(spect)


def test_event_text_names_seats():
    """Every event has words naming seats as seats (their players' names, once said),
    and cards by the Spanish deck's names; in English they read as these sentences."""
    events = [
        {"type": "deal", "round": 1, "seats": [0, 1]},
        {"type": "reshuffle", "cards": 38},
        {"type": "stuck", "seat": 1, "card": "Kc"},
        {"type": "call", "seat": 0, "rival": 2},
        {"type": "no_call", "seat": 0},
        {
            "type": "guess",
            "seat": 2,
            "holder": 0,
            "suit": "o",
            "ace": "Ao",
            "right": True,
            "out": 0,
        },
        {
            "type": "guess",
            "seat": 2,
            "holder": 0,
            "suit": "c",
            "ace": "Ao",
            "right": False,
            "out": 2,
        },
        {
            "type": "guess",
            "seat": 2,
            "holder": 0,
            "suit": None,
            "ace": "Ao",
            "right": False,
            "out": 2,
        },
        {"type": "keep", "seat": 1},
        {"type": "keep", "seat": 1, "forced": "stuck"},
        {"type": "keep", "seat": 0, "forced": "blocked"},
        {"type": "pass", "seat": 0, "to": 1},
        {"type": "draw", "seat": 3, "card": "6o"},
        {"type": "reveal", "cards": ["Jc", None, "7b"]},
        {"type": "out", "seats": [1]},
        {"type": "out", "seats": [0, 1]},
        {"type": "win", "seat": 2},
        {"type": "no_winner"},
    ]
    words = [event_text(e) for e in events]
    texts = [str(said) for said in words]
    assert texts[0].startswith("Round 1")
    assert texts[3] == "Seat 1 calls \u201cDisunyer!\u201d and challenges Seat 3."
    assert "Ace of coins" in texts[5] and "Seat 1 is out" in texts[5]
    assert texts[11] == "Seat 1 passes to Seat 2: they swap cards."
    assert texts[12] == "Seat 4 passes and draws the 6 of coins from the deck."
    assert texts[13] == "Reveal: Seat 1 Jack of cups, Seat 3 7 of clubs."
    assert texts[15] == "Seat 1 and Seat 2 are out with the lowest card."
    assert all(isinstance(said, Words) for said in words)
    assert event_text({"type": "unknown"}) is None
