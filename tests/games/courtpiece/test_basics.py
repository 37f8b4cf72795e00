"""Court Piece: options, the deal and the call, tricks, piles, the ace rules."""

import json

import pytest

from games import core
from games.courtpiece.rules import ENGINE

from .helpers import ANN, BANDS, BEA, CARL, DAN, LADDER, SUITS, Table, stack, text


# ---------------------------------------------------------------- options
def test_options_defaults():
    """No options gives Double Sar, 3-2-2, no extras, 10 points, a 100 bet, 15 s."""
    assert ENGINE.validate_options({}) == {
        "game": "double-sar",
        "pile": "3-2-2",
        "ace_cannot_win_pile": False,
        "four_point_rank": None,
        "six_point": False,
        "winning_points": 10,
        "bet": 100,
        "clock": 15,
    }
    assert ENGINE.turn_seconds({"clock": 7}) == 7
    assert ENGINE.name == "courtpiece" and ENGINE.min_players == ENGINE.max_players == 4


def test_options_normalised():
    """A 4-point rank of "10" or lower case is normalised; 6 points need the 4-point rank."""
    assert ENGINE.validate_options({"four_point_rank": "10"})["four_point_rank"] == "T"
    assert (
        ENGINE.validate_options({"four_point_rank": "a", "six_point": True})["four_point_rank"]
        == "A"
    )
    for game in ("ace-rule", "double-sar", "hidden", "rung-kaat"):
        assert ENGINE.validate_options({"game": game, "pile": "5-3-3"}, 4)["game"] == game


@pytest.mark.parametrize(
    "options",
    [
        {"game": "poker"},
        {"game": ["hidden"]},
        {"pile": "4-4-4"},
        {"pile": ["3-2-2"]},
        {"ace_cannot_win_pile": 1},
        {"ace_cannot_win_pile": "yes"},
        {"six_point": True},
        {"four_point_rank": "1"},
        {"four_point_rank": 5},
        {"four_point_rank": "AA"},
        {"winning_points": 9},
        {"winning_points": 101},
        {"winning_points": "10"},
        {"winning_points": True},
        {"winning_points": 10.0},
        {"bet": 24},
        {"bet": 1001},
        {"clock": 4},
        {"clock": 31},
        {"colour": "red"},
        "double-sar",
        None.__class__,
    ],
)
def test_bad_options_refused(options):
    """Every bad value, type or unknown key raises InvalidOptions with a sentence."""
    with pytest.raises(core.InvalidOptions) as err:
        ENGINE.validate_options(options)
    assert str(err.value).endswith(".")


@pytest.mark.parametrize("players", [3, 5, 0, "4", True])
def test_only_four_players(players):
    """Court Piece needs exactly four players."""
    with pytest.raises(core.InvalidOptions):
        ENGINE.validate_options({}, players)
    with pytest.raises(core.InvalidOptions):
        ENGINE.start(players, {})


def test_bad_stacked_deck_refused():
    """A stacked deck must be whole 52-card decks."""
    with pytest.raises(core.InvalidOptions):
        ENGINE.start(4, {}, deck=SUITS[:51])
    with pytest.raises(core.InvalidOptions):
        ENGINE.start(4, {}, deck=SUITS[:51] + ["As"])


# ---------------------------------------------------------------- deal and call
def test_deal_from_stacked_deck_and_call():
    """Ann (seat 0) calls first with a stacked deck; she alone sees deck[0:5] while calling.

    Nobody else holds cards yet in their view. After she calls, seat k holds
    deck[13k:13k+13] and Ann leads.
    """
    t = Table(LADDER)
    assert t.s["phase"] == "call" and ENGINE.to_act(t.s) == [ANN]
    v = t.view(ANN)
    assert v["hand"] == sorted(
        LADDER[:5], key=lambda c: ("shdc".index(c[1]), "23456789TJQKA".index(c[0]))
    )
    assert v["hand_counts"] == [5, 0, 0, 0] and v["caller"] == ANN and v["trump"] == "none yet"
    assert {a["suit"] for a in v["legal"]} == {"s", "h", "d", "c"}
    for seat in (BEA, CARL, DAN, None):
        assert t.view(seat)["hand"] == [] and t.view(seat)["legal"] == []
    events = t.call("s")
    assert events == [{"type": "call", "seat": ANN, "suit": "s"}]
    assert text(events[0]) == "{seat0} called spades as trump."
    for seat in range(4):
        assert sorted(t.view(seat)["hand"]) == sorted(LADDER[13 * seat : 13 * seat + 13])
        assert t.view(seat)["trump"] == "s"
    assert ENGINE.to_act(t.s) == [ANN] and t.s["phase"] == "play"


def test_call_only_a_suit_among_first_five():
    """The trump is chosen from the first five: a suit not among them is refused."""
    t = Table(BANDS)  # first five Ad As Ac Ks Kc: no heart
    assert [a["suit"] for a in t.legal()] == ["s", "d", "c"]
    with pytest.raises(core.IllegalAction):
        t.call("h")


def test_first_caller_drawn_from_seed():
    """Without a stacked deck the first caller is drawn from the seed: same seed, same caller."""
    callers = {ENGINE.start(4, {}, seed=f"s{i}")["caller"] for i in range(40)}
    assert callers == {0, 1, 2, 3}
    a = ENGINE.start(4, {}, seed="same")
    b = ENGINE.start(4, {}, seed="same")
    assert a == b and a["seed"] == "same"
    assert ENGINE.start(4, {})["seed"]  # a fresh seed is stored


def test_caller_is_dealt_from_seat_of_caller():
    """With a seeded deal the caller's hand is the first 13 cards of the shuffle."""
    s = ENGINE.start(4, {}, seed="xyz")
    deck = core.shuffled(core.french_deck(), "xyz", 1)
    c = s["caller"]
    for k in range(4):
        assert sorted(s["hands"][(c + k) % 4]) == sorted(deck[13 * k : 13 * k + 13])
    assert s["five"] == deck[:5]


def test_call_timeout_most_held_suit_then_higher_top_card():
    """Timeout call: the suit held most in the first five; a tie goes to the higher top card."""
    deck = stack(
        "As 2s Kh Qh 3d Ks Qs Js Ts 9s 8s 7s 6s",
        "Ah Jh Th 9h 8h 7h 6h 5h 4h 3h 2h 5s 4s",
        "Ad Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 2d 3s",
        "Ac Kc Qc Jc Tc 9c 8c 7c 6c 5c 4c 3c 2c",
    )
    t = Table(deck)
    assert ENGINE.default_action(t.s, ANN) == {"type": "call", "suit": "s"}  # As beats Kh
    deck2 = stack(
        "Ks 2s Ah Qh 3d As Qs Js Ts 9s 8s 7s 6s",
        "Kh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h 5s 4s",
        "Ad Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 2d 3s",
        "Ac Kc Qc Jc Tc 9c 8c 7c 6c 5c 4c 3c 2c",
    )
    assert ENGINE.default_action(Table(deck2).s, ANN) == {"type": "call", "suit": "h"}
    deck3 = stack(
        "Ks 2s 3s Qh Ah As Qs Js Ts 9s 8s 7s 6s",
        "Kh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h 5s 4s",
        "Ad Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 2d 3d",
        "Ac Kc Qc Jc Tc 9c 8c 7c 6c 5c 4c 3c 2c",
    )
    assert ENGINE.default_action(Table(deck3).s, ANN) == {"type": "call", "suit": "s"}  # 3 spades


# ---------------------------------------------------------------- tricks
def test_follow_suit_and_highest_card_wins():
    """You must follow suit; a void player may play anything; the highest of the suit led wins.

    The winner leads the next trick.
    """
    t = Table(LADDER)
    t.call("s")
    t.play("2h")  # Ann leads a heart
    assert {a["card"] for a in t.legal()} == {"Ah", "Kh", "Qh"}  # Bea must follow
    with pytest.raises(core.IllegalAction, match="follow suit"):
        t.play("Js")
    events = t.play("Qh", "9h", "6h")
    assert events[-1] == {"type": "trick", "number": 1, "seat": BEA, "card": "Qh", "pile": 1}
    assert text(events[-1]) == "{seat1} won trick 1 with the Queen of hearts."
    assert ENGINE.to_act(t.s) == [BEA]


def test_highest_trump_wins():
    """A void player's trump beats the suit led; the highest trump wins the trick."""
    t = Table(SUITS)  # Ann holds only spades and calls spades
    t.call("s")
    t.play("2s")  # Bea, Carl, Dan are void
    assert len(t.legal()) == 13
    events = t.play("Ah", "Ad", "Ac")
    assert events[-1]["seat"] == ANN and events[-1]["card"] == "2s"


# ---------------------------------------------------------------- piles
def test_winning_second_and_third_tricks_picks_up_all_three():
    """3-2-2: Bea wins trick 1, Ann wins tricks 2 and 3 and picks up all three."""
    t = Table(LADDER)
    t.call("s")
    t.lead("h")
    assert t.s["streak_winner"] == BEA
    t.lead("s")
    assert t.s["pile"] == 2 and t.s["won"] == [0, 0]
    events = t.lead("s")
    assert t.of_type("pickup", events) == [
        {"type": "pickup", "seat": ANN, "team": 0, "tricks": 3, "hands": [3, 0]}
    ]
    assert text(t.of_type("pickup", events)[0]) == (
        "{seat0} picked up the 3 hands on the table: {seat0} and {seat2} now have 3 hands, {seat1} and {seat3} 0."
    )
    assert t.s["pile"] == 0 and t.view(None)["hands"] == [3, 0]


def test_first_pile_needs_three_in_3_2_2():
    """Winning tricks 1 and 2 is not enough for the first pile in 3-2-2; trick 3 picks up."""
    t = Table(LADDER)
    t.call("s")
    t.lead("s")
    t.lead("s")
    assert t.s["won"] == [0, 0] and t.s["pile"] == 2
    t.lead("s")
    assert t.s["won"] == [3, 0]


def test_partner_win_does_not_count_and_later_piles_need_two():
    """Ann, Ann, then Carl: no pick-up (a partner's win does not count); Carl's next win
    picks up all four. Later piles need two: Dan picks up with his second win in a row.
    """
    t = Table(LADDER)
    t.call("s")
    t.lead("s")
    t.lead("s")
    t.lead("d")  # Carl wins
    assert t.s["won"] == [0, 0] and t.s["pile"] == 3
    t.lead("d")  # Carl again
    assert t.s["won"] == [4, 0]
    t.lead("d")  # Carl, pile 1
    assert t.s["won"] == [4, 0]
    t.lead("c")  # Dan, pile 2
    assert t.s["won"] == [4, 0]
    t.lead("c")  # Dan again, pile 3 >= 2
    assert t.s["won"] == [4, 3]
    assert t.view(None)["pile_needed"] == 2


def test_5_3_3_piles():
    """5-3-3: the first pile needs five tricks, later piles three."""
    t = Table(BANDS, pile="5-3-3")
    t.call("d")
    for suit, hands in [
        ("s", 0),
        ("s", 0),
        ("s", 0),
        ("h", 0),
        ("h", 5),
        ("h", 5),
        ("c", 5),
        ("c", 8),
    ]:
        t.lead(suit)
        assert t.s["won"] == [hands, 0]
    assert all(e["seat"] == ANN for e in t.of_type("trick"))


def test_last_trick_takes_what_is_left():
    """The winner of the 13th trick takes the pile even without the trick before.

    Trump hearts: Dan wins trick 12, Ann trumps trick 13 and takes both.
    Hands 7 to 6: Ann's team wins a normal round (1 point) and Ann calls again. The
    result carries that last trick, to show beside it after the next deal.
    """
    t = Table(LADDER)
    t.call("h")
    for suit in "hssshhdddccc":
        t.lead(suit)
    assert t.s["won"] == [5, 6] and t.s["pile"] == 1 and t.s["streak_winner"] == DAN
    events = t.default(4)
    assert t.of_type("trick", events)[0]["seat"] == ANN
    assert t.of_type("pickup", events)[0]["tricks"] == 2
    over = t.of_type("round_over", events)[0]
    assert over == {
        "type": "round_over",
        "round": 1,
        "winning_team": 0,
        "points": 1,
        "kind": "normal",
        "all_hands": False,
        "hands": [7, 6],
        "caller": ANN,
        "trump": "h",
        "tricks": 13,
        "team_points": [1, 0],
        "next": ANN,
        "last_trick": {"winner": ANN, "lead": DAN, "cards": [
            {"seat": DAN, "card": "5s"}, {"seat": ANN, "card": "5h"},
            {"seat": BEA, "card": "5d"}, {"seat": CARL, "card": "5c"},
        ]},
    }
    assert t.s["round"] == 2 and t.s["caller"] == ANN and t.s["phase"] == "call"
    assert t.s["points"] == [1, 0]
    assert text(over) == (
        "{seat0} and {seat2} win round 1, 7 hands to 6: 1 point. They now have 1 point, {seat1} and {seat3} 0."
    )


# ---------------------------------------------------------------- the ace rules
def test_ace_rule_ace_on_ace_blocked_then_picked_up_with_another_card():
    """Ace Rule: Ks, As (pile 2), Ac on the As: blocked with 3 in the pile; Kc then picks up 4.

    A single ace after a non-ace win picks up as usual (Qs then Ah).
    """
    t = Table(BANDS, game="ace-rule")
    t.call("d")
    t.play("Ks")
    t.default(3)
    t.play("As")
    t.default(3)
    events = t.play("Ac")
    events += t.default(3)
    assert t.of_type("pile_blocked", events) == [
        {"type": "pile_blocked", "seat": ANN, "reason": "ace_on_ace"}
    ]
    assert (
        text(t.of_type("pile_blocked", events)[0])
        == "The pile stays: {seat0} won with an ace on an ace."
    )
    assert t.s["won"] == [0, 0] and t.s["pile"] == 3
    t.play("Kc")
    t.default(3)
    assert t.s["won"] == [4, 0]
    t.play("Qs")
    t.default(3)
    t.play("Ah")
    t.default(3)
    assert t.s["won"] == [6, 0]


def test_double_sar_has_no_ace_rule():
    """Double Sar: the same ace on ace picks up at once."""
    t = Table(BANDS)
    t.call("d")
    t.play("Ks")
    t.default(3)
    t.play("As")
    t.default(3)
    t.play("Ac")
    t.default(3)
    assert t.s["won"] == [3, 0]


def test_ace_cannot_win_the_pile_seed_example():
    """ "Ace cannot win the pile": Ac, As, then Kc, and the king picks up all three.

    Later, Qs then Ah with two in the pile: the ace is blocked; Kh picks up all three.
    """
    t = Table(BANDS, ace_cannot_win_pile=True)
    t.call("d")
    for card in ("Ac", "As"):
        t.play(card)
        t.default(3)
    assert t.s["won"] == [0, 0]
    t.play("Kc")
    t.default(3)
    assert t.s["won"] == [3, 0]
    t.play("Qs")
    t.default(3)
    events = t.play("Ah") + t.default(3)
    assert t.of_type("pile_blocked", events) == [
        {"type": "pile_blocked", "seat": ANN, "reason": "ace"}
    ]
    assert t.s["won"] == [3, 0] and t.s["pile"] == 2
    t.play("Kh")
    t.default(3)
    assert t.s["won"] == [6, 0]


ACE_LAST = stack(
    "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s Ah",
    "Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h 2s",
    "Ad Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 3d 2d",
    "Ac Kc Qc Jc Tc 9c 8c 7c 6c 5c 4c 3c 2c",
)


@pytest.mark.parametrize(
    "options",
    [
        {"game": "ace-rule"},
        {"ace_cannot_win_pile": True},
        {"game": "ace-rule", "ace_cannot_win_pile": True},
    ],
)
def test_ace_rules_never_block_the_last_trick(options):
    """Ann wins trick 12 with As and trick 13 with Ah: she takes what is left all the same."""
    t = Table(ACE_LAST, **options)
    t.call("s")
    for card in ["3s", "4s", "5s", "6s", "7s", "8s", "9s", "Ts", "Js", "Qs", "Ks"]:
        t.play(card)
        t.default(3)
    t.play("As")
    t.default(3)
    assert t.s["pile"] == 1 and t.s["won"] == [11, 0]
    events = t.play("Ah") + t.default(3)
    assert t.of_type("pile_blocked", events) == []
    assert t.of_type("round_over", events)[0]["hands"] == [13, 0]


# ---------------------------------------------------------------- views and texts
def test_views_show_the_table():
    """A view holds the viewer's hand, the trick, pile, team hands, score, caller, log."""
    t = Table(LADDER)
    t.call("s")
    t.play("2h", "Qh")
    v = t.view(CARL)
    assert v["game"] == "courtpiece" and v["seat"] == CARL and v["players"] == 4
    assert v["phase"] == "play" and v["to_act"] == [CARL] and not v["over"] and v["outcome"] is None
    assert [a["card"] for a in v["legal"]] == ["9h", "Th", "Jh"]  # Carl's hearts, low to high
    assert v["trick"] == [{"seat": ANN, "card": "2h"}, {"seat": BEA, "card": "Qh"}]
    assert (
        v["lead_suit"] == "h" and v["pile"] == 0 and v["hands"] == [0, 0] and v["score"] == [0, 0]
    )
    assert v["caller"] == ANN and v["trump"] == "s" and v["trump_power"] is True
    assert [e["type"] for e in v["log"]] == ["deal", "call", "play", "play"]
    assert t.view(BEA)["legal"] == [] and t.view(None)["hand"] == []
    json.dumps(v)


def test_event_texts_use_seat_tokens():
    """Every event of a few full tables has a sentence naming its players by seat."""
    for game in ("ace-rule", "hidden", "rung-kaat"):
        t = Table(seed="texts", game=game, ace_cannot_win_pile=True)
        while not t.s["result"]:
            t.default()
        for e in t.events:
            sentence = text(e)
            assert sentence and sentence[-1] in ".!" and sentence != e["type"], e
            assert "seat" not in sentence.replace("{seat", "")
