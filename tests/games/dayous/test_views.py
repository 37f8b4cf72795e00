"""What each viewer may know, and the log's sentences."""

import json

from games.dayous.rules import ENGINE
from games.dayous.text import event_text

from .helpers import ANN, BEA, CARL, DAN, DONE, attack, beat, english, game, play, position, throw


def _real_game():
    hands = [["9c", "2s", "3s", "4s", "5s", "6s", "7s"],
             ["3c", "2d", "3d", "4d", "5d", "6d", "7d"],
             ["5c", "2h", "3h", "4h", "5h", "6h", "7h"],
             ["8s", "9s", "Ts", "Js", "Qs", "8d", "9d"]]
    return game(hands, faceup="Ac")


def test_a_seat_sees_its_own_hand_and_only_counts_of_the_others():
    """A player's view holds their own hand; other hands only as counts; the deck as a
    count plus its face-up card; a spectator sees no hand and has no legal actions."""
    s = _real_game()
    view = ENGINE.view(s, BEA)
    assert sorted(view["hand"]) == sorted(s["hands"][BEA])
    assert view["hand_counts"] == [7, 7, 7, 7] and view["deck"] == 26 and view["faceup"] == "Ac"
    assert view["legal"] == ENGINE.legal_actions(s, BEA) and view["to_act"] == [BEA]
    text = json.dumps({k: v for k, v in view.items() if k != "hand"})
    for seat in (ANN, CARL, DAN):
        for card in s["hands"][seat]:
            assert f'"{card}"' not in text
    hidden_deck = [c for c in s["deck"] if c != "Ac"]
    assert not any(f'"{c}"' in text for c in hidden_deck)
    spectator = ENGINE.view(s, None)
    assert spectator["hand"] is None and spectator["legal"] == [] and spectator["seat"] is None
    assert spectator["game"] == "dayous" and spectator["players"] == 4 and not spectator["over"]
    assert spectator["outcome"] is None and spectator["phase"] == "direction"


def test_the_view_shows_roles_table_trump_direction_and_discard():
    """Views show the current trump and whether the change is still to come, the
    direction, the roles (leader, defender, attackers, throwers-in, out), the table as
    attack/defence pairs and the discard count."""
    s = position([["5d", "2c", "3c"], ["9d", "Ks", "4s", "6c"], ["5c", "9c", "8c"], ["5s", "Qd"]], trump="h",
                 deck=["2s", "3s"], faceup_below=0, trump_changed=False)
    s, _ = play(s, (ANN, attack("5d")), (BEA, beat("9d", 0)), (CARL, throw("5c")))
    view = ENGINE.view(s, DAN)
    assert view["table"] == [["5d", "9d"], ["5c", None]]
    assert view["leader"] == ANN and view["defender"] == BEA and view["attackers"] == [ANN, CARL]
    assert view["throwers"] == [ANN, CARL, DAN] and view["out"] == []
    assert view["trump"] == "h" and view["trump_change_pending"] and view["faceup"] == "3s"
    assert view["clockwise"] is True and view["discard"] == 0 and view["limit"] == 4
    assert view["to_act"] == [BEA, CARL, DAN] and view["legal"] == [throw("5s"), DONE]
    assert [e["type"] for e in view["log"]][-3:] == ["attack", "beat", "throw"]


def test_event_sentences_use_seat_tokens():
    """Every public event reads as a short sentence naming seats as {seatN} tokens, but
    the start of a bout, which its lead tells: one line per action in the log."""
    s = position([["5d", "2c", "3c"], ["9d", "Ks", "4s", "6c"], ["5c", "9c", "8c"], ["5s", "Qd"]], trump="h")
    s, _events = play(s, (ANN, attack("5d")), (BEA, beat("9d", 0)), (CARL, DONE), (DAN, DONE))
    texts = [english(said) for said in map(event_text, s["log"]) if said is not None]
    assert "{seat0} attacks {seat1} with the 5 of diamonds." in texts
    assert [t for t in texts if "attacks" in t] == ["{seat0} attacks {seat1} with the 5 of diamonds."]
    assert event_text({"type": "bout", "attacker": 1, "defender": 2}) is None
    assert "{seat1} beats the 5 of diamonds with the 9 of diamonds." in texts
    assert '{seat2}: "No further questions."' in texts
    assert ("{seat1} defended: 2 cards to the discard pile — published in Journal of Vision, "
            "publication fee 0.") in texts
    samples = [
        {"type": "trump", "suit": "c", "card": "Ac", "first": True},
        {"type": "trump", "suit": "s", "card": None, "first": False},
        {"type": "first", "seat": 2, "drawn": True},
        {"type": "direction", "seat": 2, "clockwise": False},
        {"type": "throw", "seat": 3, "cards": ["5s", "5h"]},
        {"type": "transfer", "seat": 1, "cards": ["7d"], "to": 2},
        {"type": "joker", "seat": 2, "card": "XR", "to": 0, "clockwise": False},
        {"type": "take", "seat": 1}, {"type": "take", "seat": 1, "forced": True},
        {"type": "took", "seat": 1, "count": 4},
        {"type": "refill", "draws": [[0, 2], [1, 1]], "deck": 3},
        {"type": "out", "seats": [0, 2]}, {"type": "skip", "seat": 1},
        {"type": "over", "dayous": 3, "stuck": []}, {"type": "over", "dayous": None, "stuck": []},
        {"type": "over", "dayous": None, "stuck": [0, 1]},
    ]
    for event in samples:
        text = english(event_text(event))
        assert text.endswith(".") and "Seat " not in text
    assert english(event_text(samples[4])) == "{seat3} asks a further question: the 5 of spades and 5 of hearts."
    assert english(event_text(samples[6])) == ("{seat2} plays the red joker: the attack goes back to {seat0}, "
                                               "play now goes counterclockwise.")
