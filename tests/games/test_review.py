"""The strong bot's review of a finished game (games/review.py): positions with a known
best move in each game, a scripted game with planted bad moves, and reproducibility.
Named players: Ann = seat 0, Bea = 1, Carl = 2, Dan = 3."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from games import registry, review
from games.courtpiece.rules import ENGINE as COURTPIECE
from tests.games.courtpiece.helpers import stack as courtpiece_deck
from tests.games.dayous import helpers as dayous
from tests.games.disunyer.helpers import start as disunyer_start

ANN, BEA, CARL, DAN = range(4)
DISUNYER = registry.definition("disunyer")
DAYOUS = registry.definition("dayous")
COURT_PIECE = registry.definition("courtpiece")


def _reviewed(game, start, moves, seat, seed="review-test"):
    """The seat's decisions, by the number of the move."""
    return {found.move: found for found in review.decisions(game, start, moves, seat, seed)}


def _played(found):
    return found.actions[found.played]


def _best(found):
    return found.actions[found.best]


# --------------------------------------------------------------------------- Disunyer
# Round 1: Ann holds the Ace of coins, challenges Dan, who guesses clubs: wrong, he is
# out and the Ace of coins is shown. Round 2: Bea holds the Ace of cups and challenges
# Carl, who saw the Ace of coins go.
SEEN_ACE_DECK = ["Ao", "5c", "7s", "6b", "4c", "Ac", "Jo"]


def _disunyer_guess(suit):
    moves = [
        (ANN, {"type": "pick", "rival": DAN}, False),
        (DAN, {"type": "guess", "suit": "b"}, False),
        (BEA, {"type": "pick", "rival": CARL}, False),
        (CARL, {"type": "guess", "suit": suit}, False),
    ]
    return disunyer_start(SEEN_ACE_DECK, players=4, seed="seen-ace"), moves


def test_disunyer_a_guess_of_an_ace_already_seen_is_a_blunder():
    """Carl saw the Ace of coins shown: guessing coins cannot be right. The review
    finds it a blunder (a third of his chance lost) and prefers another suit; a guess
    of another suit loses nothing worth a mark."""
    start, moves = _disunyer_guess("o")
    found = _reviewed(DISUNYER, start, moves, CARL)[4]
    assert _played(found) == {"type": "guess", "suit": "o"}
    assert found.grade == "blunder" and found.loss >= 0.2
    assert _best(found)["suit"] != "o" and found.values[found.played] == 0.0
    start, moves = _disunyer_guess("s")
    assert _reviewed(DISUNYER, start, moves, CARL)[4].grade is None


def test_disunyer_passing_a_king_is_a_blunder_and_keeping_it_is_not():
    """Ann holds a King, the highest card: keeping it keeps her in the round. Passing it
    away for an unknown card is a blunder; keeping it is the bot's choice, unmarked."""
    deck = ["Ko", "5c", "7s"]
    kept = _reviewed(DISUNYER, disunyer_start(deck), [(ANN, {"type": "keep"}, False)], ANN)[1]
    assert kept.grade is None and kept.loss == 0 and _best(kept) == {"type": "keep"}
    passed = _reviewed(DISUNYER, disunyer_start(deck), [(ANN, {"type": "pass"}, False)], ANN)[1]
    assert passed.grade == "blunder" and _best(passed) == {"type": "keep"}


# --------------------------------------------------------------------------- Dayous
def _dayous_last_cards():
    """Two players, the deck empty: Ann attacks with her 9 of spades, keeping the 4 of
    diamonds; Bea holds only the 10 of spades, which beats it and takes her out."""
    hands = [["9s", "4d"], ["Ts"]]
    start = dayous.position(hands, trump="h", leader=ANN)
    rest = dayous.full_deck()
    for card in hands[0] + hands[1]:
        rest.remove(card)
    return {**start, "discard": rest}


def test_dayous_beating_with_the_last_card_is_best_and_taking_is_a_blunder():
    """Beating goes out safe; taking leaves Bea to be the dayous. The review prefers
    the beat, flags the take as a blunder, and leaves the beat unmarked."""
    start = _dayous_last_cards()
    attack = dayous.attack("9s")
    took = _reviewed(DAYOUS, start, [(ANN, attack, False), (BEA, dayous.TAKE, False)], BEA)[2]
    assert took.grade == "blunder" and _best(took)["type"] == "beat"
    beat = dayous.beat("Ts", 0)
    kept = _reviewed(DAYOUS, start, [(ANN, attack, False), (BEA, beat, False)], BEA)[2]
    assert kept.grade is None and kept.loss == 0


# --------------------------------------------------------------------------- Court Piece
# Ann calls hearts and leads the Ace of diamonds; Bea follows low, Carl has no diamond,
# and Dan, last to play, has no diamond either but holds trumps.
TRUMP_DECK = courtpiece_deck(
    "Ah Kh Qh Jh Th Ad Kd Qd Jd Td 9d 8d 7d",
    "6d 5d 4d 3d 2d As Ks Qs Js Ts 9s 8s 7s",
    "6s 5s 4s 3s 2s Ac Kc Qc Jc Tc 9c 8c 7c",
    "9h 8h 7h 6h 5h 4h 3h 2h 6c 5c 4c 3c 2c",
)


def _trick(*cards):
    return [(seat, {"type": "play", "card": card}, False) for seat, card in zip((ANN, BEA, CARL, DAN), cards)]


def _courtpiece_trick(dan_plays):
    start = COURTPIECE.start(4, {}, seed="trump-it", deck=TRUMP_DECK)
    moves = [
        (ANN, {"type": "call", "suit": "h"}, False),
        *_trick("Ad", "2d", "2s", "2c"),
        *_trick("Kd", "3d", "3s", "3c"),
        *_trick("Qd", "4d", "4s", dan_plays),
    ]
    return start, moves


def test_courtpiece_a_trick_that_must_be_trumped():
    """Ann won the first two tricks and leads a third: winning it, she takes the first
    pile of three. Dan, last to play and void in diamonds, must trump. Throwing a club
    is a blunder (most of a table point lost) and the review prefers a heart; the trump
    is not marked."""
    start, moves = _courtpiece_trick("4c")
    thrown = _reviewed(COURT_PIECE, start, moves, DAN)[13]
    assert thrown.grade == "blunder" and _best(thrown)["card"][1] == "h"
    start, moves = _courtpiece_trick("2h")
    trumped = _reviewed(COURT_PIECE, start, moves, DAN)[13]
    assert trumped.grade is None and trumped.loss == 0


def test_a_scripted_game_flags_its_planted_mistake_and_nothing_else():
    """In the scripted Court Piece game Dan throws clubs on the first two tricks (no pile
    is at stake: fine) and on the third (a blunder); Bea follows low each time. Only the
    third-trick club is marked, and only moves with a choice are reviewed."""
    start, moves = _courtpiece_trick("4c")
    dan = _reviewed(COURT_PIECE, start, moves, DAN)
    assert {number: found.grade for number, found in dan.items()} == {5: None, 9: None, 13: "blunder"}
    bea = _reviewed(COURT_PIECE, start, moves, BEA)
    assert [found.grade for found in bea.values()] == [None, None, None]
    summary = review.summary([found.as_json() for found in dan.values()])
    assert summary["blunder"] == 1 and summary["mistake"] == 0 and summary["decisions"] == 3


def test_a_forced_move_is_not_reviewed():
    """The scripted Court Piece round played on to its end by the defaults: Dan's moves
    with a single legal choice (the last trick's, at least) are no decisions of the
    review; every move of his with a choice is one."""
    engine = COURT_PIECE.engine
    start, moves = _courtpiece_trick("2h")
    state = start
    for seat, action, _ in moves:
        state, _ = engine.apply(state, seat, action)
    while engine.to_act(state) and state["round"] == start["round"]:
        seat = engine.to_act(state)[0]
        moves.append((seat, engine.default_action(state, seat), True))
        state, _ = engine.apply(state, seat, moves[-1][1])
    with_choice, forced = [], []
    state = start
    for number, (seat, action, _) in enumerate(moves, start=1):
        if seat == DAN:
            (with_choice if len(engine.legal_actions(state, seat)) > 1 else forced).append(number)
        state, _ = engine.apply(state, seat, action)
    assert forced and with_choice
    assert [found.move for found in review.decisions(COURT_PIECE, start, moves, DAN, "s")] == with_choice


# --------------------------------------------------------------------------- reproducible
def _as_json(game, start, moves, seat, seed, after=0):
    return [found.as_json() for found in review.decisions(game, start, moves, seat, seed, after=after)]


def test_the_same_review_twice_gives_the_same_result_and_a_resumed_one_too():
    """Two reviews with the same seeds agree exactly; a review resumed after a move gives
    the decisions after it exactly as the whole review does; another seed samples other
    worlds."""
    start, moves = _courtpiece_trick("4c")
    whole = _as_json(COURT_PIECE, start, moves, DAN, "game:one")
    assert whole == _as_json(COURT_PIECE, start, moves, DAN, "game:one")
    assert _as_json(COURT_PIECE, start, moves, DAN, "game:one", after=5) == whole[1:]
    start, moves = _disunyer_guess("s")
    assert _as_json(DISUNYER, start, moves, CARL, "a") != _as_json(DISUNYER, start, moves, CARL, "b")


REVIEW_IN_ANOTHER_PROCESS = """
import json, sys
from tests.games import test_review as t
start, moves = t._disunyer_guess("o")
print(json.dumps(t._as_json(t.DISUNYER, start, moves, t.CARL, "game:one")))
"""


def test_a_review_reproduces_in_another_process_with_other_hashing():
    """A worker is another process: Python's string hashing (sets' order) differs there,
    and the review must not."""
    start, moves = _disunyer_guess("o")
    here = _as_json(DISUNYER, start, moves, CARL, "game:one")
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": str(root)}
    out = subprocess.run([sys.executable, "-c", REVIEW_IN_ANOTHER_PROCESS], capture_output=True, text=True,
                         env=env, cwd=root, check=True).stdout
    assert json.loads(out) == json.loads(json.dumps(here))
