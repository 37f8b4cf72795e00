"""A bout: leading, beating, throwing in, passing, jokers, taking, closing."""

import pytest

from games.core import IllegalAction
from games.dayous.cards import beats
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
    joker,
    play,
    position,
    throw,
    transfer,
    types,
)

DECK = ["2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc", "Jc", "Qc", "Kc", "Ac",
        "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "Td", "Jd", "Qd", "Kd", "Ad"]


def four(ann, bea, carl, dan, deck=DECK, trump="h", leader=ANN, clockwise=True):
    return position([ann, bea, carl, dan], trump=trump, deck=deck, leader=leader, clockwise=clockwise)


# ----------------------------------------------------------------- ranks and trumps


def test_seed_order_with_diamonds_trump():
    """Seed: with diamonds trump, A♦ > K♦ > … > 2♦ > A♠/♣/♥ > … > 2♠/♣/♥; a card beats
    a lower one of its own suit, any trump beats any non-trump, only a higher trump beats
    a trump, and other suits never beat each other."""
    t = "d"
    assert beats("Kd", "Ad", t) and not beats("Ad", "Kd", t)
    assert beats("As", "2d", t) and beats("Ah", "2d", t) and beats("Ac", "2d", t)
    assert not beats("2d", "As", t)
    assert beats("5s", "9s", t) and not beats("9s", "5s", t)
    assert not beats("5s", "9c", t) and not beats("5s", "9h", t)
    assert not beats("5s", "XR", t) and not beats("XB", "5s", t)


def test_identical_cards_from_two_decks_do_not_beat_each_other():
    """Ruling: identical cards (several decks) do not beat each other — not even trumps."""
    assert not beats("7s", "7s", "h") and not beats("7h", "7h", "h")
    s = position([["7s", "2c", "3c"], ["7s", "Kd", "4c"]], trump="h", decks=2)
    s, _ = act(s, ANN, attack("7s"))
    assert {"type": "beat", "card": "7s", "target": 0} not in ENGINE.legal_actions(s, BEA)
    with pytest.raises(IllegalAction, match="Identical cards"):
        ENGINE.apply(s, BEA, beat("7s", 0))


# ----------------------------------------------------------------- leading


def test_the_attacker_leads_one_or_more_cards_of_one_rank():
    """Seed: the attacker plays 1 or more cards of the same rank against the next player;
    all distinct choices are offered, mixed ranks are refused."""
    s = four(["7s", "7d", "9c", "Ks"], ["2s", "3s", "4s", "8s"], ["2d"], ["3d"])
    legal = ENGINE.legal_actions(s, ANN)
    assert attack("7s") in legal and attack("7s", "7d") in legal and attack("9c") in legal
    assert len(legal) == 5
    with pytest.raises(IllegalAction, match="one rank"):
        ENGINE.apply(s, ANN, attack("7s", "9c"))
    s, events = act(s, ANN, attack("7s", "7d"))
    assert s["table"] == [["7s", None], ["7d", None]]
    assert events[0] == {"type": "attack", "seat": ANN, "cards": ["7s", "7d"], "target": BEA}
    assert s["hands"][ANN] == ["9c", "Ks"]


def test_a_lead_cannot_outnumber_the_defenders_hand():
    """Ruling: the attack never outnumbers the cards the defender held on becoming defender."""
    s = four(["7s", "7d", "7c", "Ks"], ["2s", "3s"], ["2d"], ["3d"])
    assert attack("7s", "7d", "7c") not in ENGINE.legal_actions(s, ANN)
    with pytest.raises(IllegalAction, match="at most 2"):
        ENGINE.apply(s, ANN, attack("7s", "7d", "7c"))


def test_a_single_possible_lead_is_played_at_once():
    """Common ruling: a decision with exactly one legal choice is applied at once — an
    attacker holding one card leads it immediately."""
    s = four(["9c"], ["Tc", "3s"], ["2d"], ["3d"], deck=[])
    assert s["phase"] == "bout" and s["table"] == [["9c", None]]
    assert s["log"][-1]["type"] == "attack"


# ----------------------------------------------------------------- defending and throwing in


def test_seed_example_throw_ins_match_attack_and_defence_ranks():
    """Seed: attacked with the 5 of diamonds and answered with the 9 of diamonds, the
    others may put down 5s and 9s of any suit — and nothing else."""
    s = four(["5d", "Ks", "2c"], ["9d", "2s", "3s", "4s", "6s"], ["5c", "9s", "7c"], ["9c", "Qd"])
    s, _ = act(s, ANN, attack("5d"))
    assert ENGINE.legal_actions(s, CARL) == [throw("5c"), DONE]
    s, _ = act(s, BEA, beat("9d", 0))
    assert ENGINE.legal_actions(s, CARL) == [throw("5c"), throw("9s"), DONE]
    assert ENGINE.legal_actions(s, DAN) == [throw("9c"), DONE]
    with pytest.raises(IllegalAction, match="rank already on the table"):
        ENGINE.apply(s, CARL, throw("7c"))
    s, events = act(s, DAN, throw("9c"))
    assert s["table"][-1] == ["9c", None] and events[0]["type"] == "throw"
    assert DAN in s["attackers"]


def test_several_seats_act_at_once_while_the_defender_defends():
    """Throw-ins happen while the defender defends: both are awaited at the same time."""
    s = four(["5d", "5s", "2c"], ["9d", "2s", "3s", "4s"], ["5c", "7c"], ["3d"])
    s, _ = act(s, ANN, attack("5d"))
    assert ENGINE.to_act(s) == [BEA, ANN, CARL]


def test_beating_needs_a_higher_card_of_the_suit_or_a_trump():
    """Seed: defend with a higher card of the same suit or a trump; a higher trump for a
    trump attack."""
    s = four(["8s", "4h", "2c"], ["7s", "9s", "3h", "6h", "Kd"], ["2d"], ["3d"])
    s, _ = act(s, ANN, attack("8s"))
    legal = ENGINE.legal_actions(s, BEA)
    assert beat("9s", 0) in legal and beat("3h", 0) in legal and beat("6h", 0) in legal
    assert beat("7s", 0) not in legal and beat("Kd", 0) not in legal
    with pytest.raises(IllegalAction, match="does not beat"):
        ENGINE.apply(s, BEA, beat("7s", 0))
    t = four(["4h", "2c"], ["3h", "6h", "As"], ["2d"], ["3d"])
    t, _ = act(t, ANN, attack("4h"))
    assert [a for a in ENGINE.legal_actions(t, BEA) if a["type"] == "beat"] == [beat("6h", 0)]


def test_throw_in_over_the_limit_is_refused():
    """Ruling: attack cards never outnumber the defender's hand when they became
    defender — Bea holds 2, so at most 2 attack cards, even after she beats one."""
    s = four(["5d", "2c", "3c"], ["9d", "Kh"], ["5c", "5s", "5h"], ["3d"])
    s, _ = act(s, ANN, attack("5d"))
    assert s["limit"] == 2
    assert throw("5c", "5s") not in ENGINE.legal_actions(s, CARL)
    with pytest.raises(IllegalAction, match="Only 1 more"):
        ENGINE.apply(s, CARL, throw("5c", "5s"))
    s, _ = act(s, BEA, beat("9d", 0))
    s, _ = act(s, CARL, throw("5c"))
    assert len(s["table"]) == 2
    assert ENGINE.legal_actions(s, CARL) == []
    assert CARL not in ENGINE.to_act(s)
    with pytest.raises(IllegalAction, match="limit has been reached"):
        ENGINE.apply(s, CARL, throw("5s"))


def test_no_further_questions_must_be_said_again_after_the_table_changes():
    """Ruling: the bout closes once everyone who may throw in has said "No further
    questions" since the table last changed."""
    s = four(["5d", "9s", "2c"], ["9d", "Kd", "Tc"], ["9c", "7c"], ["3d"])
    s, _ = act(s, ANN, attack("5d"))
    assert ENGINE.to_act(s) == [BEA]  # nobody holds a 5
    s, _ = act(s, BEA, beat("9d", 0))
    assert ENGINE.to_act(s) == [ANN, CARL]
    s, events = act(s, ANN, DONE)
    assert events == [{"type": "done", "seat": ANN}]
    assert ENGINE.to_act(s) == [CARL]
    s, _ = act(s, CARL, throw("9c"))
    assert ENGINE.to_act(s) == [BEA, ANN]  # the table changed: Ann is asked again
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, CARL, DONE)  # nothing left for Carl to throw


def test_a_successful_defence_discards_the_table_and_the_defender_attacks_next():
    """Seed: a defender who answers everything sends the table to the discard pile and
    becomes the next attacker."""
    s = four(["5d", "2c", "3c"], ["9d", "4s", "6s"], ["7c"], ["3d"], deck=[])
    s, events = play(s, (ANN, attack("5d")), (BEA, beat("9d", 0)))
    assert s["discard"] == ["5d", "9d"]
    assert {"type": "defended", "seat": BEA, "cards": 2, "journal": "Journal of Vision", "fee": 0} in events
    assert s["phase"] == "lead" and s["leader"] == BEA and s["defender"] == CARL


# ----------------------------------------------------------------- passing


def test_passing_hands_the_attack_on_and_the_passer_joins_the_attack():
    """Seed/ruling: the defender passes with cards of the attack's rank; all table cards
    attack the next player; the passer joins the attackers."""
    s = four(["7s", "2c", "3c"], ["7d", "Kd", "4s"], ["2s", "3s", "4d", "9d"], ["3d"])
    s, _ = act(s, ANN, attack("7s"))
    assert transfer("7d") in ENGINE.legal_actions(s, BEA)
    s, events = act(s, BEA, transfer("7d"))
    assert events[0] == {"type": "transfer", "seat": BEA, "cards": ["7d"], "to": CARL}
    assert s["defender"] == CARL and s["table"] == [["7s", None], ["7d", None]]
    assert s["limit"] == 4 and s["attackers"] == [ANN, BEA]
    assert s["hands"][BEA] == ["Kd", "4s"]


def test_a_pass_is_refused_when_the_next_player_holds_too_few_cards():
    """Seed: cards cannot be passed when they would outnumber the next player's hand."""
    s = four(["7s", "7c", "3c"], ["7d", "Kd", "8s"], ["2s", "3s"], ["3d"])
    s, _ = act(s, ANN, attack("7s", "7c"))
    assert not [a for a in ENGINE.legal_actions(s, BEA) if a["type"] == "transfer"]
    with pytest.raises(IllegalAction, match="holds 2 cards, fewer than the 3"):
        ENGINE.apply(s, BEA, transfer("7d"))


def test_no_pass_once_defending_has_started():
    """Seed/ruling: once a card on the table is beaten, passing is no longer allowed."""
    s = four(["7s", "7c", "3c"], ["7d", "8s", "9c"], ["2s", "3s", "4d", "5d"], ["3d"])
    s, _ = act(s, ANN, attack("7s", "7c"))
    s, _ = act(s, BEA, beat("8s", 0))
    with pytest.raises(IllegalAction, match="defending has started"):
        ENGINE.apply(s, BEA, transfer("7d"))


def test_passing_skips_players_who_are_out():
    """The next player is the next one still in the game: out players are skipped."""
    s = position([["7s", "3c"], ["7d", "Kd", "4s"], [], ["2s", "8s", "4d"]], trump="h")
    s, _ = act(s, ANN, attack("7s"))
    s, _events = act(s, BEA, transfer("7d"))
    assert s["defender"] == DAN


# ----------------------------------------------------------------- jokers


def test_a_joker_sends_the_attack_back_and_reverses_the_direction():
    """Seed/ruling: a joker passes the attack back to the player who led the bout and
    reverses the play direction; the joker goes to the discard pile."""
    s = four(["7s", "8s", "3c"], ["7d", "Kd", "4s"], ["XR", "2s", "3s", "4d"], ["3d"])
    s, _ = act(s, ANN, attack("7s"))
    s, _ = act(s, BEA, transfer("7d"))
    assert joker("XR") in ENGINE.legal_actions(s, CARL)
    s, events = act(s, CARL, joker("XR"))
    assert events[0] == {"type": "joker", "seat": CARL, "card": "XR", "to": ANN, "clockwise": False}
    assert s["defender"] == ANN and s["clockwise"] is False
    assert s["discard"] == ["XR"] and "XR" not in s["hands"][CARL]
    assert s["table"] == [["7s", None], ["7d", None]]
    assert s["attackers"] == [ANN, BEA, CARL] and s["limit"] == 2
    # Ann, who led, cannot send it back to herself.
    assert not [a for a in ENGINE.legal_actions(s, ANN) if a["type"] == "joker"]
    # Ann takes; the next attacker is the player after her in the new direction (Dan).
    s, _ = act(s, ANN, TAKE)
    while s["phase"] == "bout":
        s, _ = act(s, ENGINE.to_act(s)[0], DONE)
    assert s["leader"] == DAN and s["defender"] == CARL


def test_a_joker_is_refused_with_two_ranks_on_the_table():
    """Seed: with more than one rank of cards on the table, jokers cannot be used."""
    s = four(["5d", "2c", "3c"], ["9d", "XB", "4s", "6c"], ["5c", "8c"], ["3d"])
    s, _ = act(s, ANN, attack("5d"))
    s, _ = act(s, CARL, throw("5c"))
    s, _ = act(s, BEA, beat("9d", 0))
    assert not [a for a in ENGINE.legal_actions(s, BEA) if a["type"] == "joker"]
    with pytest.raises(IllegalAction, match="more than one rank"):
        ENGINE.apply(s, BEA, joker("XB"))


def test_a_joker_after_beating_with_one_rank_sends_every_table_card_back():
    """Choice: a joker is allowed after beating while only one rank is on the table; all
    the table's cards (beaten ones included) then attack the player who led."""
    s = four(["5d", "2c", "3c", "4c", "6d"], ["5h", "XB", "4s", "6s"], ["5c", "8c"], ["3d"])
    s, _ = act(s, ANN, attack("5d"))
    s, _ = act(s, BEA, beat("5h", 0))  # hearts are trumps
    s, _ = act(s, CARL, throw("5c"))
    s, _ = act(s, BEA, joker("XB"))
    assert s["table"] == [["5d", None], ["5h", None], ["5c", None]]
    assert s["defender"] == ANN and s["limit"] == 4


def test_a_joker_obeys_the_hand_size_limit_of_a_pass():
    """Ruling: a joker obeys the same hand-size limit as a pass — the player who led
    must hold at least as many cards as will be on the table."""
    s = four(["7s", "7c"], ["XR", "Kd", "8s"], ["2s", "3s"], ["3d"])
    s, _ = act(s, ANN, attack("7s", "7c"))
    assert not [a for a in ENGINE.legal_actions(s, BEA) if a["type"] == "joker"]
    with pytest.raises(IllegalAction, match="holds 0 cards, fewer than the 2"):
        ENGINE.apply(s, BEA, joker("XR"))


def test_a_joker_is_never_an_attack_or_defence_card():
    """Ruling: a joker is never an attack or defence card."""
    s = four(["XR", "7s", "2c"], ["XB", "Kd", "4s"], ["XR", "3s"], ["3d"], deck=[])
    assert all("XR" not in a["cards"] for a in ENGINE.legal_actions(s, ANN))
    with pytest.raises(IllegalAction, match="joker"):
        ENGINE.apply(s, ANN, attack("XR"))
    s, _ = act(s, ANN, attack("7s"))
    with pytest.raises(IllegalAction, match="joker"):
        ENGINE.apply(s, BEA, beat("XB", 0))
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, CARL, throw("XR"))


# ----------------------------------------------------------------- taking


def test_taking_after_throw_ins():
    """Ruling: a defender who gives up takes the cards after the others have had their
    chance to throw in (up to the limit); the player after the defender attacks next."""
    s = four(["5d", "2c", "3c"], ["9d", "Ks", "4s", "6c"], ["5c", "9c", "8c"], ["5s", "Qd"])
    s, _ = act(s, ANN, attack("5d"))
    s, _ = act(s, CARL, throw("5c"))
    s, _ = act(s, BEA, beat("9d", 0))
    s, events = act(s, BEA, TAKE)
    assert events == [{"type": "take", "seat": BEA}]
    assert s["taking"] and ENGINE.to_act(s) == [CARL, DAN]
    s, _ = act(s, CARL, throw("9c"))
    s, events = act(s, DAN, throw("5s"))
    # Four attack cards reach Bea's limit of 4: nobody can add more, she takes them all.
    assert types(events) == ["throw", "took", "refill", "bout"]
    assert events[1] == {"type": "took", "seat": BEA, "count": 5}
    assert sorted(s["hands"][BEA][:3]) == ["4s", "6c", "Ks"]
    assert sorted(c for c in s["hands"][BEA] if c[0] in "59") == ["5c", "5d", "5s", "9c", "9d"]
    assert s["leader"] == CARL and s["defender"] == DAN


def test_a_defender_who_cannot_answer_takes_at_once():
    """Common ruling: with one legal choice (take), it is applied at once; the others
    may still throw in."""
    s = four(["Ad", "2c"], ["9d", "2s", "3s"], ["Ac", "Ah"], ["3d"], trump="h", deck=[])
    s, events = act(s, ANN, attack("Ad"))
    assert {"type": "take", "seat": BEA, "forced": True} in events
    assert s["taking"] and ENGINE.to_act(s) == [CARL]
    s, events = act(s, CARL, throw("Ac"))
    assert s["phase"] == "bout" and ENGINE.to_act(s) == [CARL]
    s, events = act(s, CARL, DONE)
    assert "took" in types(events) and sorted(s["hands"][BEA]) == ["2s", "3s", "9d", "Ac", "Ad"]


def test_timeouts():
    """Ruling: an attacker who must lead plays the lowest non-trump (the lowest trump
    when holding only trumps); a defender takes; a thrower-in says No further questions."""
    s = four(["2h", "Ks", "3c", "5s"], ["9d", "Kd", "4s", "6s"], ["Kc", "8c"], ["3d"])
    assert ENGINE.default_action(s, ANN) == attack("3c")
    t = four(["2h", "Kh"], ["9d", "Kd"], ["Kc"], ["3d"])
    assert ENGINE.default_action(t, ANN) == attack("2h")
    s, _ = act(s, ANN, attack("Ks"))
    assert ENGINE.default_action(s, BEA) == TAKE
    assert ENGINE.default_action(s, CARL) == DONE
    with pytest.raises(IllegalAction):
        ENGINE.default_action(s, DAN)
    for seat in ENGINE.to_act(s):
        assert ENGINE.default_action(s, seat) in ENGINE.legal_actions(s, seat)
    assert types([]) == []
