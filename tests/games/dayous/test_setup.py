"""Options, dealing, the first trump, the first attacker and the direction."""

import pytest

from games import core
from games.core import InvalidOptions
from games.dayous.rules import ENGINE

from .helpers import ANN, BEA, CARL, CCW, CW, DAN, act, full_deck, game, stack

# ----------------------------------------------------------------- options


def test_defaults_and_contract_attributes():
    """The engine is called dayous, seats 2 to 8, defaults to 1 deck and a 30 s clock."""
    assert ENGINE.name == "dayous"
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 8)
    assert ENGINE.validate_options({}) == {"decks": 1, "clock": 30}
    assert ENGINE.validate_options({"decks": 3, "clock": 10}, players=8) == {"decks": 3, "clock": 10}
    assert ENGINE.turn_seconds({"clock": 45}) == 45
    assert ENGINE.turn_seconds({}) == 30


@pytest.mark.parametrize("options, fragment", [
    ({"decks": 0}, "1 to 3"),
    ({"decks": 4}, "1 to 3"),
    ({"decks": "2"}, "1 to 3"),
    ({"decks": True}, "1 to 3"),
    ({"decks": 1.0}, "1 to 3"),
    ({"clock": 9}, "10 to 60"),
    ({"clock": 61}, "10 to 60"),
    ({"clock": None}, "10 to 60"),
    ({"speed": 2}, "Unknown option"),
])
def test_bad_options_are_refused_with_a_sentence(options, fragment):
    """Every bad value, type or unknown key is refused with a clear sentence."""
    with pytest.raises(InvalidOptions, match=fragment):
        ENGINE.validate_options(options)


def test_options_must_be_a_mapping():
    """Options that are not a dict are refused."""
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options(["decks", 1])


@pytest.mark.parametrize("decks, players, ok", [
    (1, 1, False), (1, 2, True), (1, 7, True), (1, 8, False),
    (2, 8, True), (2, 9, False), (3, 8, True), (3, 9, False),
])
def test_player_counts_that_cannot_be_dealt_are_refused(decks, players, ok):
    """A table is valid only if every player gets a full hand and 2 cards remain
    (one deck: 2 to 7 players; two or three: up to 8); the refusal names the limits."""
    if ok:
        ENGINE.validate_options({"decks": decks}, players)
        ENGINE.start(players, {"decks": decks}, seed="x")
    else:
        with pytest.raises(InvalidOptions, match=r"is for 2 to \d players"):
            ENGINE.validate_options({"decks": decks}, players)
        with pytest.raises(InvalidOptions):
            ENGINE.start(players, {"decks": decks}, seed="x")


def test_a_stacked_deck_must_be_the_full_deck():
    """A stacked deck has to hold exactly the cards of the table's decks (jokers included)."""
    with pytest.raises(InvalidOptions):
        ENGINE.start(2, {}, seed="x", deck=full_deck(1)[:-1])
    with pytest.raises(InvalidOptions):
        ENGINE.start(2, {}, seed="x", deck=full_deck(1)[:-1] + ["As"])


# ----------------------------------------------------------------- dealing


@pytest.mark.parametrize("decks, players, hand", [(1, 4, 7), (1, 7, 7), (2, 5, 10), (3, 8, 10)])
def test_each_player_gets_7_cards_with_one_deck_and_10_with_more(decks, players, hand):
    """Seed: 7 cards each with 1 deck, 10 with 2 or more; the rest forms the deck; a deck
    is 52 cards plus 2 jokers."""
    s = ENGINE.start(players, {"decks": decks}, seed="deal")
    assert [len(h) for h in s["hands"]] == [hand] * players
    assert len(s["deck"]) == 54 * decks - hand * players
    assert s["seed"] == "deal"


def test_start_without_seed_draws_a_fresh_seed_and_the_seed_replays():
    """No seed: a new secret seed is stored; the same seed deals the same game."""
    a = ENGINE.start(4, {}, seed=None)
    assert isinstance(a["seed"], str) and len(a["seed"]) >= 16
    b = ENGINE.start(4, {}, seed=a["seed"])
    assert a == b
    assert core.shuffled(full_deck(1), a["seed"], 0)[:4] == [a["hands"][s][0] for s in range(4)]


def test_cards_are_dealt_one_at_a_time_from_the_top():
    """The stacked deck is dealt round the table one card at a time, starting with Ann."""
    deck = full_deck(1)
    s = ENGINE.start(3, {}, seed="x", deck=deck)
    assert s["hands"][ANN] == deck[0:21:3]
    assert s["hands"][BEA] == deck[1:21:3]
    assert s["hands"][CARL] == deck[2:21:3]


def test_the_rest_splits_in_two_and_the_lower_half_top_card_is_the_trump():
    """Ruling: the upper half gets the smaller half; the top card of the lower half is
    turned face up (its suit is trump) and the lower half goes under the upper one."""
    # 3 players: 54 - 21 = 33 left: upper 16, lower 17.
    hands = [["2s", "3s", "4s", "5s", "6s", "7s", "8s"],
             ["2d", "3d", "4d", "5d", "6d", "7d", "8d"],
             ["2c", "3c", "4c", "5c", "6c", "7c", "8c"]]
    s = game(hands, faceup="Kh")
    assert len(s["deck"]) == 33
    assert s["deck"][16] == "Kh"
    assert s["faceup_below"] == 16
    assert s["trump"] == "h"
    view = ENGINE.view(s, ANN)
    assert view["faceup"] == "Kh" and view["trump"] == "h" and view["deck"] == 33
    assert view["trump_change_pending"] is True
    assert s["log"][0] == {"type": "trump", "suit": "h", "card": "Kh", "first": True}


def test_a_joker_turned_up_goes_to_the_bottom_and_the_next_card_is_turned():
    """Ruling: a joker turned up at set-up goes to the bottom of the deck; the next card
    is turned."""
    hands = [["2s", "3s", "4s", "5s", "6s", "7s", "8s"],
             ["2d", "3d", "4d", "5d", "6d", "7d", "8d"]]
    # 2 players: 40 left, upper 20, lower 20 starting XR, XB, 9c.
    s = game(hands, faceup="XR", lower=("XB", "9c"))
    assert s["trump"] == "c"
    assert s["deck"][20] == "9c"
    assert s["deck"][-2:] == ["XR", "XB"]
    assert s["faceup_below"] == 19
    assert ENGINE.view(s, None)["faceup"] == "9c"


# ----------------------------------------------------------------- first attacker


def _hands_with_clubs(ann, bea, carl, dan):
    fillers = [
        ["2s", "3s", "4s", "5s", "6s", "7s", "8s"],
        ["2d", "3d", "4d", "5d", "6d", "7d", "8d"],
        ["2h", "3h", "4h", "5h", "6h", "7h", "8h"],
        ["9s", "Ts", "Js", "Qs", "9d", "Td", "Jd"],
    ]
    hands = []
    for clubs, filler in zip((ann, bea, carl, dan), fillers):
        hands.append(list(clubs) + filler[: 7 - len(clubs)])
    return hands


def test_the_lowest_trump_starts_and_chooses_the_direction():
    """Seed: the player with the lowest trump starts and sets the direction (clubs trump:
    Bea's 3 of clubs is lowest)."""
    s = game(_hands_with_clubs(["9c"], ["3c", "Kc"], ["5c"], []), faceup="Ac")
    assert s["phase"] == "direction" and s["leader"] == BEA
    assert ENGINE.to_act(s) == [BEA]
    assert ENGINE.legal_actions(s, BEA) == [CW, CCW]
    assert ENGINE.legal_actions(s, ANN) == []
    assert s["log"][-1] == {"type": "first", "seat": BEA, "drawn": False}


def test_counterclockwise_direction_makes_the_previous_seat_defend():
    """The first attacker chooses counterclockwise: the seat before them defends."""
    s = game(_hands_with_clubs(["9c"], ["3c"], ["5c"], []), faceup="Ac")
    s, events = act(s, BEA, CCW)
    assert s["phase"] == "lead" and s["leader"] == BEA and s["defender"] == ANN
    assert events[0] == {"type": "direction", "seat": BEA, "clockwise": False}
    s2, _ = act(game(_hands_with_clubs(["9c"], ["3c"], ["5c"], []), faceup="Ac"), BEA, CW)
    assert s2["defender"] == CARL


def test_equal_lowest_trumps_are_settled_by_the_next_lowest():
    """Ruling (several decks): among equal lowest trumps, compare the next-lowest trumps."""
    hands = [["3c", "9c"] + ["2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s"],
             ["3c", "6c"] + ["2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d"],
             ["5c"] + ["2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h", "Th"]]
    s = game(hands, faceup="Ac", decks=2)
    assert s["leader"] == BEA


def test_a_player_with_no_next_trump_counts_as_lower():
    """Choice: with equal lowest trumps, a player who has no further trump is lower."""
    hands = [["3c", "9c"] + ["2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s"],
             ["3c"] + ["2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "Td"]]
    s = game(hands, faceup="Ac", decks=2)
    assert s["leader"] == BEA


def test_a_full_tie_is_drawn_at_random_from_the_seed():
    """Ruling: a tie that the next trumps do not settle is drawn at random (reproducibly)."""
    hands = [["3c", "6c"] + ["2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s"],
             ["3c", "6c"] + ["2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d"],
             ["Kc"] + ["2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h", "Th"]]
    leaders = set()
    for seed in range(12):
        s = game(hands, faceup="Ac", decks=2, seed=f"tie{seed}")
        assert s["leader"] in (ANN, BEA)
        assert s["log"][-1]["drawn"] is True
        assert game(hands, faceup="Ac", decks=2, seed=f"tie{seed}")["leader"] == s["leader"]
        leaders.add(s["leader"])
    assert leaders == {ANN, BEA}


def test_nobody_holding_a_trump_means_a_random_first_attacker():
    """Ruling: when nobody holds a trump, the first attacker is drawn at random."""
    hands = [["2s", "3s", "4s", "5s", "6s", "7s", "8s"],
             ["2d", "3d", "4d", "5d", "6d", "7d", "8d"]]
    seen = set()
    for seed in range(10):
        s = game(hands, faceup="Ac", seed=f"none{seed}")
        assert s["log"][-1] == {"type": "first", "seat": s["leader"], "drawn": True}
        seen.add(s["leader"])
    assert seen == {ANN, BEA}


def test_direction_timeout_is_clockwise():
    """Ruling: a first attacker who lets the clock run out plays clockwise."""
    s = game(_hands_with_clubs(["9c"], ["3c"], ["5c"], []), faceup="Ac")
    assert ENGINE.default_action(s, BEA) == CW
    assert ENGINE.turn_seconds({"decks": 2, "clock": 12}) == 12


def test_stack_helper_matches_the_engine_layout():
    """(Helper check) the stacked deck puts the face-up card at the top of the lower half."""
    deck = stack([["2s"], ["3s"]], faceup="Kd")
    assert len(deck) == 54 and deck.index("Kd") == 14 + 20
    assert DAN == 3
