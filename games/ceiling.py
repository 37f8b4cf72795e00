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
from typing import Any

from games import search

ITERATIONS = 300


def seeing(strong_class: Any, guesser_class: type | None = None) -> type:
    """A kind that searches ``strong_class``'s way over the true state. With
    ``guesser_class``, the guesses (of a hidden card) are that bot's, made from the
    view alone: the suit of a face-down Ace is then as hidden as for anyone else."""

    class Seeing(strong_class):
        def __init__(self, budget: float | None = None, iterations: int | None = ITERATIONS) -> None:
            super().__init__(budget=budget, iterations=iterations)
            self.state: dict | None = None
            self.policy = search.random_policy
            self.determinize = lambda view, rng, memory: self.state
            self.guesser = guesser_class() if guesser_class else None

        def choose_seeing(self, state: dict, view: dict, rng: random.Random) -> dict:
            self.state = state
            if self.guesser is not None:
                self.guesser.memory.update(view)
                if view["legal"] and view["legal"][0]["type"] == "guess":
                    return self.guesser.choose(view, rng)
            return self.choose(view, rng)

    return Seeing

