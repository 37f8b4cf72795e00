"""Between bouts: refills, the trump change, going out, the end, contribution."""

import random

import pytest

from games import core
from games.dayous.bouts import journal_for
from games.dayous.rules import ENGINE

from .helpers import (
    ANN,
    BEA,
    CARL,
    DAN,
    DONE,
    TAKE,
    act,
    attack,
    beat,
    play,
    position,
    transfer,
    types,
)


def _events_of(events, kind):
    return [e for e in events if e["type"] == kind]


# ----------------------------------------------------------------- refill


def test_refill_order_first_attacker_then_play_order_defender_last():
    """Ruling: refill up to a full hand — the bout's first attacker, the others in play
    order, the defender last — while the deck lasts."""
    deck = ["2s", "3s", "5s", "7s", "8s", "9s", "Ts", "Js", "Qs", "Ks"]
    s = position([["5d", "2c", "3c"], ["9d", "4s", "6s"], ["7c", "8c", "Tc"], ["Jc", "Qc", "Kc"]],
                 trump="h", deck=deck)
    s, events = play(s, (ANN, attack("5d")), (BEA, beat("9d", 0)))
    assert _events_of(events, "refill") == [{"type": "refill", "draws": [[ANN, 5], [CARL, 4], [DAN, 1]], "deck": 0}]
    assert s["hands"][ANN] == ["2c", "3c", "2s", "3s", "5s", "7s", "8s"]
    assert s["hands"][CARL] == ["7c", "8c", "Tc", "9s", "Ts", "Js", "Qs"]
    assert s["hands"][DAN] == ["Jc", "Qc", "Kc", "Ks"]
    assert s["hands"][BEA] == ["4s", "6s"]
    assert s["leader"] == BEA and s["defender"] == CARL


def test_with_two_decks_hands_are_refilled_to_ten():
    """Seed: at the end of the round everyone refills to 7 cards — 10 with 2+ decks."""
    deck = ["2s", "3s", "5s", "7s", "8s", "9s", "Ts", "Js", "Qs", "Ks", "As", "2d", "3d", "4d"]
    s = position([["5d", "2c", "3c"], ["9d", "4s", "6s"]], trump="h", deck=deck, decks=2)
    s, events = play(s, (ANN, attack("5d")), (BEA, beat("9d", 0)))
    assert _events_of(events, "refill")[0]["draws"] == [[ANN, 8], [BEA, 6]]
    assert len(s["hands"][ANN]) == 10 and len(s["hands"][BEA]) == 8 and s["deck"] == []


def test_refill_order_counterclockwise():
    """Counterclockwise, play order from Ann is Ann, (Dan defends), Carl, Bea; Dan last."""
    deck = ["2s", "3s", "5s", "7s", "8s", "9s", "Ts", "Js"]
    s = position([["5d", "2c", "3c"], ["Jc", "Qc", "Kc"], ["7c", "8c", "Tc"], ["9d", "4s", "6s"]],
                 trump="h", deck=deck, clockwise=False)
    assert s["defender"] == DAN
    s, events = play(s, (ANN, attack("5d")), (DAN, beat("9d", 0)))
    assert _events_of(events, "refill")[0]["draws"] == [[ANN, 5], [CARL, 3]]


def test_after_a_pass_and_a_pickup_the_passer_refills_before_the_taker():
    """Ruling: refill — first attacker, other attackers in play order, defender (the one
    who took) last; after a pickup the player after the defender attacks."""
    deck = ["2s", "3s", "5s", "8s", "9s", "Ts", "Js", "Qs", "Ks", "As", "2h", "3h"]
    s = position([["7s", "2c", "3c"], ["7d", "Kd", "4c"], ["2d", "3d", "4d", "Ad"], ["5c", "6c", "8c"]],
                 trump="h", deck=deck)
    s, _ = act(s, ANN, attack("7s"))
    s, _ = act(s, BEA, transfer("7d"))
    s, events = act(s, CARL, TAKE)
    while s["phase"] == "bout":
        s, more = act(s, ENGINE.to_act(s)[0], DONE)
        events += more
    assert _events_of(events, "refill")[0]["draws"] == [[ANN, 5], [BEA, 5], [DAN, 2]]
    assert sorted(s["hands"][CARL]) == ["2d", "3d", "4d", "7d", "7s", "Ad"]
    assert s["leader"] == DAN and s["defender"] == ANN


# ----------------------------------------------------------------- trump change


def _two(trump_deck, faceup_below):
    return position([["5d", "2c", "3c", "4c", "6c", "8c", "Tc"], ["9d", "2h", "3h", "4h", "6h", "8h", "Th"]],
                    trump="d", deck=trump_deck, trump_changed=False, faceup_below=faceup_below)


def test_the_trump_changes_once_after_the_refill_that_draws_the_face_up_card():
    """Ruling: the face-up card is drawn like any card; at the end of that refill the top
    card of the deck is turned and its suit is trump for the rest of the game (a joker
    turned up goes to the bottom and the next card is turned). It happens once."""
    s = _two(["Kd", "4s", "XR", "7h", "2s"], faceup_below=4)
    view = ENGINE.view(s, ANN)
    assert view["faceup"] == "Kd" and view["trump"] == "d" and view["trump_change_pending"]
    s, events = play(s, (ANN, attack("5d")), (BEA, beat("9d", 0)))
    assert _events_of(events, "refill")[0]["draws"] == [[ANN, 1], [BEA, 1]]
    assert _events_of(events, "trump") == [{"type": "trump", "suit": "h", "card": "7h", "first": False}]
    assert s["deck"] == ["7h", "2s", "XR"] and s["trump"] == "h" and s["trump_changed"]
    view = ENGINE.view(s, None)
    assert view["faceup"] == "7h" and view["trump"] == "h" and not view["trump_change_pending"]
    # Next bout: hearts are trumps now, Bea leads the 2 of hearts; Ann cannot answer.
    s, events = play(s, (BEA, attack("2h")), (ANN, TAKE))
    assert "took" in types(events)
    assert _events_of(events, "trump") == []
    assert s["trump"] == "h" and ENGINE.view(s, None)["faceup"] is None


def test_an_empty_deck_at_the_trump_change_means_a_random_suit():
    """Ruling: if the deck is empty when the new trump is to be turned, a suit is drawn
    at random (from the game's seed, so replays agree)."""
    s = _two(["Kd"], faceup_below=0)
    expected = core.shuffled(list(core.FRENCH_SUITS), s["seed"], s["stream"])[0]
    s2, events = play(s, (ANN, attack("5d")), (BEA, beat("9d", 0)))
    assert _events_of(events, "trump") == [{"type": "trump", "suit": expected, "card": None, "first": False}]
    assert s2["trump"] == expected and s2["trump_changed"] and s2["stream"] == s["stream"] + 1
    again, _ = play(s, (ANN, attack("5d")), (BEA, beat("9d", 0)))
    assert again == s2


# ----------------------------------------------------------------- going out and the end


def placed(state):
    """The outcome but for the counters."""
    return {key: value for key, value in ENGINE.outcome(state).items() if key != "counters"}


def test_players_go_out_in_order_and_the_last_holder_is_the_dayous():
    """Ruling: with the deck empty a player without cards is out (safe); the game ends
    when at most one player holds cards — the dayous; places follow the order out."""
    s = position([["5s"], ["9s", "2c"], ["3d", "4d"]], trump="h")
    assert s["table"] == [["5s", None]]  # Ann's only card is led at once
    s, events = act(s, BEA, beat("9s", 0))
    assert _events_of(events, "out") == [{"type": "out", "seats": [ANN]}, {"type": "out", "seats": [BEA]}]
    assert events[-1] == {"type": "over", "dayous": CARL, "stuck": []}
    assert placed(s) == {"places": [1, 2, 3], "winners": [ANN], "dayous": CARL}
    assert ENGINE.outcome(s)["counters"][CARL] == {"dayous": 1, "defences": 0, "fees": 0}
    assert ENGINE.to_act(s) == [] and ENGINE.legal_actions(s, CARL) == []
    view = ENGINE.view(s, CARL)
    assert view["over"] and view["outcome"]["dayous"] == CARL and view["out"] == [ANN, BEA]


def test_the_last_two_emptying_at_once_leaves_no_dayous():
    """Ruling: if the last cards go at once there is no dayous; players going out in the
    same bout share the best place of their group."""
    s = position([["5s"], ["9s", "2c"], ["3c"]], trump="h")
    s, _ = act(s, BEA, beat("9s", 0))  # Ann is out; Bea leads her 2 of clubs at once
    assert s["table"] == [["2c", None]] and s["defender"] == CARL
    s, events = act(s, CARL, beat("3c", 0))
    assert _events_of(events, "out") == [{"type": "out", "seats": [BEA, CARL]}]
    assert placed(s) == {"places": [1, 2, 2], "winners": [ANN], "dayous": None}
    two = position([["5s"], ["9s"]], trump="h")
    two, _ = act(two, BEA, beat("9s", 0))
    assert placed(two) == {"places": [1, 1], "winners": [ANN, BEA], "dayous": None}


def test_a_player_holding_only_jokers_cannot_lead_and_is_passed_over():
    """Choice: jokers are never attack cards, so a player holding only jokers cannot lead;
    the next player who can leads."""
    s = position([["XR"], ["5s", "6s"], ["7d", "8d"]], trump="h", leader=ANN)
    assert [e for e in s["log"] if e["type"] in ("skip", "bout")] == [
        {"type": "skip", "seat": ANN}, {"type": "bout", "attacker": BEA, "defender": CARL}]
    assert s["phase"] == "lead" and ENGINE.to_act(s) == [BEA]


def test_nobody_able_to_lead_ends_the_game_without_a_dayous():
    """Choice: if everybody still holding cards holds only jokers, nobody can attack; the
    game ends, those players share the last place and there is no dayous."""
    s = position([["XR"], ["XB"], []], trump="h")
    assert s["phase"] == "over"
    assert placed(s) == {"places": [2, 2, 1], "winners": [CARL], "dayous": None}
    assert s["log"][-1] == {"type": "over", "dayous": None, "stuck": [ANN, BEA]}


def test_jokers_only_player_passed_over_and_joker_back_to_the_leader():
    """Dan leads his only card at Ann, who holds only a joker and cannot send it back
    (Dan has no cards left): she takes. Bea (only jokers) is passed over; Ann leads the
    4 of clubs at Bea, who may now answer with either joker."""
    s = position([["XR"], ["XB", "XR"], [], ["4c"]], trump="h", leader=CARL)
    assert s["phase"] == "bout" and s["leader"] == ANN and s["defender"] == BEA
    assert s["table"] == [["4c", None]] and s["out"] == [[CARL, DAN]]
    assert ENGINE.legal_actions(s, BEA) == [{"type": "joker", "card": "XR"}, {"type": "joker", "card": "XB"}, TAKE]


# ----------------------------------------------------------------- contribution


@pytest.mark.parametrize("cards, journal", [
    (0, None), (1, None), (2, "Journal of Vision"), (3, "Journal of Vision"), (4, "PLoS ONE"),
    (5, "PLoS ONE"), (6, "Cognition"), (7, "Cognition"), (8, "PNAS"), (9, "PNAS"),
    (10, "Science"), (11, "Science"), (12, "Nature"), (20, "Nature"),
])
def test_contribution_journals(cards, journal):
    """Seed: 2 Journal of Vision, 4 PLoS ONE, 6 Cognition, 8 PNAS, 10 Science, 12+ Nature;
    choice: other counts take the highest threshold reached, fewer than 2 none."""
    assert journal_for(cards) == journal


def test_contribution_and_publication_fee_after_a_successful_defence():
    """Seed/ruling: after every successful defence the contribution (cards to the discard
    pile, with its journal) and the publication fee (high cards — J, Q, K, A — and trumps
    used to defend) are shown, and kept per seat as statistics."""
    s = position([["7s", "7c", "7d", "2c"], ["8s", "9h", "Qd", "3c", "Ah"], ["2d", "4c"], ["6d", "5c"]],
                 trump="h")
    s, events = play(s, (ANN, attack("7s", "7c", "7d")), (BEA, beat("8s", 0)), (BEA, beat("9h", 1)),
                     (BEA, beat("Qd", 2)))
    assert {"type": "defended", "seat": BEA, "cards": 6, "journal": "Cognition", "fee": 2} in events
    assert s["stats"][BEA] == {"defences": 1, "journals": {"Cognition": 1}, "best": 6,
                               "best_journal": "Cognition", "fees": 2, "contributed": 6}
    assert sorted(s["discard"]) == sorted(["7s", "7c", "7d", "8s", "9h", "Qd"])
    # Bea leads again (she defended); Carl answers with the Ace of hearts? No: Carl
    # cannot beat the 3 of clubs with ... he holds the 4 of clubs.
    s, events = play(s, (BEA, attack("3c")), (CARL, beat("4c", 0)))
    assert {"type": "defended", "seat": CARL, "cards": 2, "journal": "Journal of Vision", "fee": 0} in events
    assert s["stats"][CARL]["defences"] == 1 and s["stats"][BEA]["defences"] == 1
    assert ENGINE.view(s, None)["stats"][BEA]["best_journal"] == "Cognition"


def test_statistics_accumulate_over_defences():
    """A seat's statistics add up defences by journal, keep the best and total the fees."""
    s = position([["5s", "6c", "2d"], ["9s", "Kc", "Ah", "3d"], ["4d"]], trump="h")
    s, _ = play(s, (ANN, attack("5s")), (BEA, beat("9s", 0)))
    s, _ = play(s, (BEA, attack("3d")), (CARL, beat("4d", 0)))
    assert s["stats"][BEA]["defences"] == 1 and s["stats"][BEA]["fees"] == 0
    assert s["stats"][CARL] == {"defences": 1, "journals": {"Journal of Vision": 1}, "best": 2,
                                "best_journal": "Journal of Vision", "fees": 0, "contributed": 2}


def test_each_seat_keeps_the_total_of_its_contributions():
    """A seeded four-player game of random legal moves: every seat's ``contributed`` is
    the sum of the cards its successful defences sent to the discard pile, as the
    "defended" events said, and every view shows it."""
    rng = random.Random("contributions")
    s = ENGINE.start(4, {}, seed="contributions")
    defended = [0, 0, 0, 0]
    while ENGINE.outcome(s) is None:
        seat = ENGINE.to_act(s)[0]
        s, events = ENGINE.apply(s, seat, rng.choice(ENGINE.legal_actions(s, seat)))
        for event in _events_of(events, "defended"):
            defended[event["seat"]] += event["cards"]
    assert sum(defended) > 0
    for viewer in (None, 0, 1):
        assert [stats["contributed"] for stats in ENGINE.view(s, viewer)["stats"]] == defended
