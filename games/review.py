"""The strong bot's review of a finished game, decision by decision (pure Python, no
Django; docs/review.md).

For one seat, at each of its moves that had more than one legal choice, the strong
bot's search (``games/search.py``) estimates the moves from the seat's view at that
moment, ``engine.view(state, seat)``: what the player could know then, never the hidden
cards. The bot's memory is fed every view the seat was shown since the deal, as a player
at the table sees every move. Every move is tried in the same sampled worlds with the
same rollout dice (``SearchBot.estimate``), for a fixed number of worlds per decision
(the game's ``Review.rounds``), with a random stream seeded from the game's seed, the
review's own seed and the move's number: the same review gives the same result on any
machine, at any speed, in any order of its decisions.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from games.core import Action, Event
from games.definition import GameDefinition

GRADES = ("inaccuracy", "mistake", "blunder")  # from the least loss to the most

# One recorded move: (the seat that made it, the action, whether a timeout made it).
Move = tuple[int, Action, bool]


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: the moves estimated (the search's candidates
    and the move played), each one's estimate in the game's measure, and the grade of
    the loss (None: no more than an inaccuracy's threshold lost)."""

    move: int  # the recorded move's number: 1 is the game's first move
    actions: tuple[Action, ...]
    events: tuple[Event, ...]  # each action's own public event (the first it causes): its words
    values: tuple[float, ...]
    played: int  # index in ``actions``
    best: int
    grade: str | None
    timeout: bool

    @property
    def loss(self) -> float:
        return round(self.values[self.best] - self.values[self.played], 4)

    def as_json(self) -> dict[str, Any]:
        return {
            "move": self.move,
            "actions": list(self.actions),
            "events": list(self.events),
            "values": list(self.values),
            "played": self.played,
            "best": self.best,
            "loss": self.loss,
            "grade": self.grade,
            "timeout": self.timeout,
        }


def grade(loss: float, thresholds: Sequence[float]) -> str | None:
    """The worst grade whose threshold ``loss`` reaches, or None."""
    reached = [name for name, least in zip(GRADES, thresholds) if loss >= least]
    return reached[-1] if reached else None


def decisions(
    game: GameDefinition, start: Any, moves: Sequence[Move], seat: int, seed: str, *, after: int = 0,
) -> Iterator[Decision]:
    """The reviewed decisions of ``seat`` in the game that ``moves`` played from the state
    ``start`` (``engine.start``: a game's seed or a stacked deck), in order. ``seed``: the
    review's randomness, made of the game's seed and the review's own. The decisions up to
    move ``after`` are passed over (a review resumed), though the bot still remembers them."""
    bot = game.bots["strong"](budget=None, iterations=1)
    for number, state, view, action, timeout in _seat_decisions(game, start, moves, seat, bot.memory):
        if number > after:
            rng = random.Random(f"{seed}:{number}")
            found = _decision(game, bot, state, view, action, rng, number, timeout)
            if found is not None:
                yield found


def decision_count(game: GameDefinition, start: Any, moves: Sequence[Move], seat: int) -> int:
    """How many decisions of ``seat`` a review estimates (its moves with a choice)."""
    return sum(1 for _ in _seat_decisions(game, start, moves, seat, None))


def _seat_decisions(
    game: GameDefinition, start: Any, moves: Sequence[Move], seat: int, memory: Any,
) -> Iterator[tuple[int, Any, dict[str, Any], Action, bool]]:
    """(number, the state and the seat's view just before, action, made by a timeout) for
    each move of ``seat`` that had more than one legal choice; ``memory`` (or None) is
    shown every view the seat saw, after the deal and after every move."""
    engine = game.engine
    state = start
    view = engine.view(state, seat)
    for number, (mover, action, timeout) in enumerate(moves, start=1):
        if memory is not None:
            memory.update(view)
        if mover == seat and len(view["legal"]) > 1:
            yield number, state, view, action, timeout
        state, _ = engine.apply(state, mover, action, timeout=timeout)
        view = engine.view(state, seat)


def _decision(
    game: GameDefinition, bot: Any, state: Any, view: dict[str, Any], action: Action, rng: random.Random,
    number: int, timeout: bool,
) -> Decision | None:
    """The played move and the search's candidates, estimated from the view; None if no
    world could be sampled (which should not happen). The real ``state`` only words the
    moves: each one's own public event, as the table's log would have told it."""
    legal: list[Action] = view["legal"]
    indices, _ = bot.candidates(view, rng)
    actions = [legal[i] for i in indices]
    played = _index_of(actions, action)
    if played is None:
        actions.append(action)
        played = len(actions) - 1
    raw = bot.estimate(view, rng, actions, game.review.rounds)
    if any(value is None for value in raw):
        return None
    review = game.review
    values = tuple(round((value - review.offset) / review.scale, 4) for value in raw)
    # On a tie the move played is as good as the best.
    best = max(range(len(actions)), key=lambda i: (values[i], i == played))
    loss = values[best] - values[played]
    told = tuple(game.engine.apply(state, view["seat"], move)[1][0] for move in actions)
    return Decision(number, tuple(actions), told, values, played, best, grade(loss, review.thresholds), timeout)


def _index_of(actions: list[Action], action: Action) -> int | None:
    """Where ``action`` is among ``actions``, its cards in any order."""
    wanted = _canonical(action)
    return next((i for i, candidate in enumerate(actions) if _canonical(candidate) == wanted), None)


def _canonical(action: Action) -> str:
    return json.dumps({key: sorted(value) if isinstance(value, list) else value for key, value in action.items()},
                      sort_keys=True)


def summary(found: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """A seat's review in figures, from its decisions as stored (``Decision.as_json``):
    how many of each grade, the decisions reviewed and the average loss."""
    counts = {name: sum(1 for decision in found if decision["grade"] == name) for name in GRADES}
    average = sum(decision["loss"] for decision in found) / len(found) if found else 0.0
    return {**counts, "decisions": len(found), "average_loss": round(average, 4)}
