"""The strong Court Piece bot: its fast playout plays by the engine's rules (same legal
moves, same winner of every trick, same hands picked up, same round result), and its
search plays every sampled world with every legal action."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from games.core import Action
from games.courtpiece.bots import StrongBot
from games.courtpiece.cards import CARD, NAME, RANKS, SUITS
from games.courtpiece.playout import ASK, Playout
from games.courtpiece.rules import ENGINE
from games.courtpiece.state import CourtPieceState

OPTIONS: list[dict[str, Any]] = [
    {"game": "ace-rule"},
    {"game": "ace-rule", "pile": "5-3-3", "four_point_rank": "2"},
    {"game": "double-sar", "ace_cannot_win_pile": True},
    {"game": "double-sar", "four_point_rank": "A", "six_point": True},
    {"game": "hidden"},
    {"game": "hidden", "pile": "5-3-3", "ace_cannot_win_pile": True},
    {"game": "rung-kaat"},
    {"game": "rung-kaat", "four_point_rank": "K", "six_point": True},
]


def _action(move: int) -> Action:
    return {"type": "ask"} if move == ASK else {"type": "play", "card": NAME[move]}


def _engine_moves(state: CourtPieceState) -> list[int]:
    """The engine's legal actions for the seat to play, as playout moves (``show`` aside)."""
    seat = ENGINE.to_act(state)[0]
    moves = []
    for action in ENGINE.legal_actions(state, seat):
        if action["type"] == "play":
            moves.append(CARD[action["card"]])
        elif action["type"] == "ask":
            moves.append(ASK)
    return moves


def _random_move(state: CourtPieceState, seat: int, rng: random.Random) -> Action:
    """One of ``seat``'s legal moves, as a client sends it (the engine takes any action)."""
    return cast(Action, rng.choice(ENGINE.legal_actions(state, seat)))


def _play_into_round(options: dict[str, Any], seed: str, rng: random.Random) -> CourtPieceState:
    """A table after the call and a random number of random moves (``show`` included),
    still inside its first round."""
    state = ENGINE.start(4, options, seed=seed)
    for _ in range(rng.randrange(40)):
        seat = ENGINE.to_act(state)[0]
        following, _ = ENGINE.apply(state, seat, _random_move(state, seat, rng))
        if following["round"] != 1:
            break
        state = following
    if state["phase"] == "call":
        seat = ENGINE.to_act(state)[0]
        state, _ = ENGINE.apply(state, seat, _random_move(state, seat, rng))
    return state


def _check_round(state: CourtPieceState, rng: random.Random, epsilon: float) -> tuple[int, int, list[int]]:
    """Drive the engine and a playout with the same moves to the end of the round."""
    playout = Playout.from_state(state)
    while playout.result is None:
        assert sorted(playout.legal()) == sorted(_engine_moves(state))
        move = playout.choose(rng, epsilon)
        seat = ENGINE.to_act(state)[0]
        state, events = ENGINE.apply(state, seat, _action(move))
        if move == ASK:
            playout.ask()
        else:
            playout.play(move)
        if state["round"] == 1:
            assert playout.won == state["won"]
            assert playout.turn == state["turn"]
            assert playout.power == state["power"]
    last = state["history"][-1]
    assert state["round"] == 2 or state["phase"] == "over"
    assert playout.result == (last["winning_team"], last["points"], last["hands"])
    return playout.result


@pytest.mark.parametrize("options", OPTIONS, ids=["-".join(str(v) for v in o.values()) for o in OPTIONS])
@pytest.mark.parametrize("epsilon", [0.0, 0.3, 1.0])
def test_playout_agrees_with_the_engine(options, epsilon):
    rng = random.Random(f"{options}-{epsilon}")
    for deal in range(60):
        state = _play_into_round(options, f"deal-{deal}", rng)
        _check_round(state, rng, epsilon)


def test_playout_scores_all_hands_won_with_the_chosen_pair():
    """Seat 0 holds every spade and calls them: holding only trumps it leads them from the
    two up, so its team takes all 13 hands, the last trick with the ace of spades and the
    partner's last heart, the ace: 6 points."""
    deck = [r + s for s in SUITS for r in RANKS]  # seat s holds suit s
    state = ENGINE.start(4, {"game": "double-sar", "four_point_rank": "A", "six_point": True}, seed="x", deck=deck)
    state, _ = ENGINE.apply(state, 0, {"type": "call", "suit": "s"})
    assert _check_round(state, random.Random(0), 0.0) == (0, 6, [13, 0])


def test_playout_uses_the_shown_voids():
    """A seat leads away from the suits an opponent has shown void in."""
    state = ENGINE.start(4, {"game": "double-sar"}, seed="voids")
    state, _ = ENGINE.apply(state, state["turn"], ENGINE.legal_actions(state, state["turn"])[0])
    seat = state["turn"]
    hand_suits = {c[1] for c in state["hands"][seat]}
    plain = [s for s in SUITS if s in hand_suits and s != state["trump"]]
    voids: list[set[str]] = [set(), set(), set(), set()]
    voids[(seat + 1) % 4] = set(plain[:-1])
    lead = Playout.from_state(state, voids).choose(random.Random(0), 0.0)
    assert NAME[lead][1] not in voids[(seat + 1) % 4]


def test_search_compares_the_actions_on_the_same_worlds():
    """With 3 worlds' worth of iterations every legal action is played 3 times."""
    state = ENGINE.start(4, {"game": "double-sar"}, seed="real")
    state, _ = ENGINE.apply(state, state["turn"], ENGINE.legal_actions(state, state["turn"])[0])
    view = ENGINE.view(state, state["turn"])
    legal = view["legal"]
    bot = StrongBot(budget=None, iterations=3 * len(legal))
    assert bot.choose(view, random.Random(1)) in legal
    assert bot.last_stats["visits"] == [3] * len(legal)
