"""A game's tutorial, as its own package scripts it (``games/<game>/tutorial.py``):
lessons played on the real engine from stacked decks, with bots whose every move is
written down, and steps that say what to look at and what to do.

The script is plain data: the site's runner (``rooms/tutorials/``) starts each lesson's
game from its deck, plays the bots' written moves (and every decision with a single
legal choice, as a table does) until the learner's seat is awaited or the lesson has
nothing left for the bots to play, and checks each of the learner's moves against the
step's. A move the step does not want is refused with the step's explanation, and
nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from games.core import Action, State
from games.words import Words


@dataclass(frozen=True)
class Step:
    """One thing to learn: what to look at, and what to do."""

    look: Words  # what to look at on the table
    do: Words  # what to do now
    # The learner's moves this step takes (each as the engine's action); None: no move
    # is awaited here, a "Continue" button moves on; () : any legal move is right.
    moves: tuple[Action, ...] | None = None
    wrong: Words | None = None  # why another legal move is not the one to make here


@dataclass(frozen=True)
class Lesson:
    """A game of its own, dealt from ``deck`` (the engine's stacked deck), with the
    learner at ``seat``. ``bots`` are the other seats' moves in the order they are
    awaited (each played by the first bot awaited that may play it, so that a bot's
    answer need not know which rival the learner picked); ``steps`` are the learner's."""

    players: int
    seat: int
    deck: tuple[str, ...]
    steps: tuple[Step, ...]
    bots: tuple[Action, ...] = ()
    options: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    title: Words | None = None  # shown above the lesson's steps
    # The dealt game made into a later moment of one (a game near its end, say), by the
    # game's own pure function: every card kept, only moved. None: the deal as it is.
    arranged: Callable[[State], State] | None = None


@dataclass(frozen=True)
class Tutorial:
    """A game's tutorial: its lessons, and the options of the practice game at its end
    (the most relaxed clock the game's options allow)."""

    lessons: tuple[Lesson, ...]
    practice_options: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    practice_players: int | None = None  # the seats of the practice table, where the host chooses

    @property
    def step_count(self) -> int:
        return sum(len(lesson.steps) for lesson in self.lessons)
