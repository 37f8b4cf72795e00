"""How far skill can go: tournament players that see every card.

Not bots of the site (rooms never offer them, ``registry.bots`` does not list them):
an analysis device for the figures in ``docs/bots.md``. A seeing player runs its
game's strong search, but each "sampled world" is the true state — every hand and
the deck's order — with random rollouts. If even it cannot reach a score share, no
player that sees only its own view can. ``simulate`` hands it the state
(``choose_seeing``); every other player gets its view only. A game lists its seeing
kinds in its definition (``SelfPlay.seeing``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from games import search

ITERATIONS = 300


class Memory(Protocol):
    def update(self, view: dict[str, Any]) -> None: ...


class Guesser(Protocol):
    """A bot that remembers every view it is shown and guesses from them alone."""

    @property
    def memory(self) -> Memory: ...

    def choose(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any]: ...


class Seeing:
    """A strong search whose every sampled world is the true state, played on by random
    rollouts; with a ``guesser``, the guesses are that bot's."""

    def __init__(self, strong: search.SearchBot, guesser: Guesser | None) -> None:
        self.state: dict[str, Any] | None = None
        self.strong = strong
        self.guesser = guesser
        strong.policy = search.random_policy
        strong.determinize = self._true_state

    def _true_state(self, view: dict[str, Any], rng: random.Random, memory: Any) -> dict[str, Any]:
        assert self.state is not None, "a seeing player is handed the state (choose_seeing)"
        return self.state

    def choose_seeing(self, state: dict[str, Any], view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        self.state = state
        if self.guesser is not None:
            self.guesser.memory.update(view)
            if view["legal"] and view["legal"][0]["type"] == "guess":
                return self.guesser.choose(view, rng)
        return self.strong.choose(view, rng)


def seeing(
    strong_class: Callable[..., search.SearchBot], guesser_class: Callable[[], Guesser] | None = None,
) -> type[Seeing]:
    """A kind that searches ``strong_class``'s way over the true state. With
    ``guesser_class``, the guesses (of a hidden card) are that bot's, made from the
    view alone: the suit of a face-down Ace is then as hidden as for anyone else.
    Like every tournament kind, it takes a ``budget`` and ``iterations``."""

    class SeeingKind(Seeing):
        def __init__(self, budget: float | None = None, iterations: int | None = ITERATIONS) -> None:
            guesser = guesser_class() if guesser_class else None
            super().__init__(strong_class(budget=budget, iterations=iterations), guesser)

    return SeeingKind
