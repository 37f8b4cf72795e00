"""A game-independent search bot over the engine contract (pure Python, no Django).

Determinized search ("perfect-information Monte Carlo" with UCB1 at the root):
every iteration samples one full engine state consistent with what the deciding
seat's *view* shows (``determinize(view, rng, memory)``, written per game), gives
one of the seat's legal actions to that sampled world (chosen by UCB1 over the
root actions), plays the world on with a cheap rollout policy, and scores the end
position from the seat's point of view (``evaluate``). The action with the best
mean score is played.

The bot only ever receives views. The states it simulates are its own guesses,
with a fresh secret seed drawn from its rng (never the real one), so nothing about
the real hidden cards can leak into its decisions.

Budget: ``budget`` seconds of wall clock per decision (default 0.8 s; the loop
stops as soon as it is spent, overshooting by at most one rollout), or a fixed
number of ``iterations`` — then the decision depends only on the view and the rng
(deterministic, as the tests need).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from games.core import Engine, IllegalAction

DEFAULT_BUDGET = 0.8

Determinize = Callable[[dict[str, Any], random.Random, Any], dict[str, Any]]
Policy = Callable[[Any, dict[str, Any], int, random.Random], dict[str, Any]]
Evaluate = Callable[[Any, dict[str, Any], int, dict[str, Any]], float]
# A part of a deal for ``fill_slots``: (key, how many cards, the cards it may hold or None).
Slot = tuple[Any, int, Callable[[str], bool] | None]


def fresh_seed(rng: random.Random) -> str:
    """A new secret seed for a sampled world (drawn from the bot's rng, never the game's)."""
    return f"w{rng.getrandbits(128):032x}"


class SearchBot:
    """Determinized Monte Carlo search with UCB1 over the root actions.

    * ``engine``: the game's ``rules.ENGINE``.
    * ``determinize(view, rng, memory) -> state``: a world consistent with the view.
    * ``policy(engine, state, seat, rng) -> action``: the rollout policy (None for a bot
      whose own ``_simulate`` plays the rollouts).
    * ``evaluate(engine, state, seat, root_info) -> float``: the end position's value
      for ``seat`` (higher is better, roughly in [0, 1]).
    * ``stop(engine, state, root_info) -> bool``: where a rollout ends (default: game over).
    * ``memory``: an object with ``update(view)`` that remembers what past views showed
      (cards played, voids, ...); handed to ``determinize``.
    """

    def __init__(
        self,
        engine: Engine,
        determinize: Determinize,
        policy: Policy | None,
        evaluate: Evaluate,
        *,
        stop: Callable[[Any, dict[str, Any], dict[str, Any]], bool] | None = None,
        memory: Any = None,
        budget: float | None = DEFAULT_BUDGET,
        iterations: int | None = None,
        max_steps: int = 400,
        exploration: float = 0.6,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.engine = engine
        self.determinize = determinize
        self.policy = policy
        self.evaluate = evaluate
        self.stop = stop
        self.memory = memory
        self.budget = budget
        self.iterations = iterations
        self.max_steps = max_steps
        self.exploration = exploration
        self.clock = clock
        self.last_stats: dict[str, Any] = {}

    # ------------------------------------------------------------------ public
    def choose(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        started = self.clock()
        if self.memory is not None:
            self.memory.update(view)
        legal: list[dict[str, Any]] = view["legal"]
        if len(legal) <= 1:
            self.last_stats = {"iterations": 0, "seconds": self.clock() - started}
            return legal[0]
        seat = view["seat"]
        count = len(legal)
        visits = [0] * count
        totals = [0.0] * count
        deadline = None if self.budget is None else started + self.budget
        limit = self.iterations
        done = 0
        failures = 0
        while True:
            if limit is not None and done >= limit:
                break
            if deadline is not None and self.clock() >= deadline:
                break
            if limit is None and deadline is None and done >= 200:
                break
            done += 1
            index = self._select(visits, totals, done)
            try:
                world = self.determinize(view, rng, self.memory)
                value = self._simulate(world, seat, legal[index], rng)
            except (IllegalAction, ValueError, KeyError, IndexError):
                # A sampled world the action does not fit (should not happen): skip it.
                failures += 1
                if failures > 50 and not any(visits):
                    break
                continue
            visits[index] += 1
            totals[index] += value
        best = max(
            range(count),
            key=lambda i: (totals[i] / visits[i] if visits[i] else -math.inf, visits[i], -i),
        )
        self.last_stats = {
            "iterations": done,
            "failures": failures,
            "seconds": self.clock() - started,
            "visits": visits,
            "means": [round(t / v, 3) if v else None for t, v in zip(totals, visits)],
        }
        return legal[best]

    def candidates(self, view: dict[str, Any], rng: random.Random) -> tuple[list[int], int | None]:
        """The indices of the legal actions worth comparing, and the one preferred (or None)."""
        return list(range(len(view["legal"]))), None

    def estimate(
        self, view: dict[str, Any], rng: random.Random, actions: list[dict[str, Any]], rounds: int
    ) -> list[float | None]:
        """Each of ``actions``' mean value for the view's seat over ``rounds`` sampled
        worlds, every action played in each world with the same rollout dice (None if no
        world could be sampled). Depends only on the view, the memory and ``rng``: the
        review of a finished game (games/review.py) reads it."""
        totals, done, _, _ = self._paired(view, rng, actions, None, rounds * len(actions))
        return [total / done if done else None for total in totals]

    # ---------------------------------------------------------------- internals
    def _paired(
        self, view: dict[str, Any], rng: random.Random, actions: list[dict[str, Any]],
        deadline: float | None, limit: int | None,
    ) -> tuple[list[float], int, int, int]:
        """Rounds of one sampled world each, every one of ``actions`` played in it with the
        same dice, until ``deadline`` or ``limit`` rollouts (a round cut short is dropped,
        never the first): (total value per action, complete rounds, rollouts, failed samples)."""
        seat = view["seat"]
        totals = [0.0] * len(actions)
        rounds = rollouts = failures = 0
        while failures <= 50:
            values: list[float] = []
            try:
                world = self.determinize(view, rng, self.memory)
                dice = rng.getrandbits(64)
                for action in actions:
                    spent = deadline is not None and self.clock() >= deadline
                    if rounds and (spent or (limit is not None and rollouts >= limit)):
                        return totals, rounds, rollouts, failures
                    values.append(self._simulate(world, seat, action, random.Random(dice)))
                    rollouts += 1
            except (IllegalAction, ValueError, KeyError, IndexError):
                # A sampled world an action does not fit (should not happen): drop the round.
                failures += 1
                continue
            rounds += 1
            for i, value in enumerate(values):
                totals[i] += value
        return totals, rounds, rollouts, failures

    def _select(self, visits: list[int], totals: list[float], step: int) -> int:
        for i, v in enumerate(visits):
            if v == 0:
                return i
        log_n = math.log(sum(visits))
        c = self.exploration
        return max(
            range(len(visits)),
            key=lambda i: totals[i] / visits[i] + c * math.sqrt(log_n / visits[i]),
        )

    def _simulate(self, world: dict[str, Any], seat: int, action: dict[str, Any], rng: random.Random) -> float:
        engine, policy = self.engine, self.policy
        assert policy is not None, "a search bot without a rollout policy overrides _simulate"
        root_info = {"seat": seat, "start": world}
        state, _ = engine.apply(world, seat, action)
        stop = self.stop
        steps = 0
        while steps < self.max_steps:
            if stop is not None and stop(engine, state, root_info):
                break
            to_act = engine.to_act(state)
            if not to_act:
                break
            actor = to_act[0]
            state, _ = engine.apply(state, actor, policy(engine, state, actor, rng))
            steps += 1
        return self.evaluate(engine, state, seat, root_info)


class PairedSearchBot(SearchBot):
    """Determinized search with common random numbers: each round samples one world and
    plays every candidate root action in it with the same rollout dice, so the actions
    are compared on equal cards and most of the luck cancels out; a round cut short by
    the budget is dropped (never the first). The best mean wins; ``preference`` is added
    to the preferred action's mean (``candidates``), so near ties go its way."""

    preference = 0.0

    def choose(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        started = self.clock()
        self.memory.update(view)
        legal: list[dict[str, Any]] = view["legal"]
        if len(legal) <= 1:
            self.last_stats = {"iterations": 0, "seconds": self.clock() - started}
            return legal[0]
        candidates, preferred = self.candidates(view, rng)
        deadline = None if self.budget is None else started + self.budget
        limit = self.iterations if self.iterations is not None else (None if deadline else 200)
        totals, rounds, rollouts, failures = self._paired(view, rng, [legal[i] for i in candidates], deadline, limit)
        means = {i: total / rounds for i, total in zip(candidates, totals)} if rounds else {}

        def merit(i: int) -> float:
            return means[i] + (self.preference if i == preferred else 0.0)

        fallback = candidates[0] if preferred is None else preferred
        best = max(candidates, key=merit) if rounds else fallback
        self.last_stats = {
            "iterations": rollouts,
            "rounds": rounds,
            "failures": failures,
            "seconds": self.clock() - started,
            "visits": [rounds if i in means else 0 for i in range(len(legal))],
            "means": [round(means[i], 3) if i in means else None for i in range(len(legal))],
        }
        return legal[best]


def random_policy(engine: Engine, state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """Uniform over the legal actions."""
    legal: list[dict[str, Any]] = engine.legal_actions(state, seat)
    return rng.choice(legal)


def view_policy(bot_factory: Callable[[], Any], epsilon: float = 0.1) -> Policy:
    """A rollout policy that asks a view-based bot (e.g. RuleBot) at every decision,
    playing a random legal action with probability ``epsilon`` for variety."""

    def policy(engine: Engine, state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
        view = engine.view(state, seat)
        legal: list[dict[str, Any]] = view["legal"]
        if len(legal) == 1:
            return legal[0]
        if rng.random() < epsilon:
            return rng.choice(legal)
        action: dict[str, Any] = bot_factory().choose(view, rng)
        return action

    return policy


def sample_without(pool: list[str], remove: list[str]) -> list[str] | None:
    """``pool`` minus the multiset ``remove`` (a new list), or ``None`` if one is missing."""
    rest = list(pool)
    for card in remove:
        try:
            rest.remove(card)
        except ValueError:
            return None
    return rest


def fill_slots(
    pool: list[str],
    slots: list[Slot],
    rng: random.Random,
    tries: int = 20,
) -> dict[Any, list[str]] | None:
    """Deal ``pool`` at random into ``slots`` = [(key, size, allowed or None), ...].

    Constrained slots (with an ``allowed(card)`` test) are filled first, the most
    constrained first, from the cards they may hold; unconstrained slots take the
    rest. Returns ``{key: cards}``, or ``None`` if the constraints cannot be met
    within ``tries`` random attempts (or the sizes do not add up).
    """
    if sum(size for _, size, _ in slots) != len(pool):
        return None
    constrained = [(key, size, allowed) for key, size, allowed in slots if allowed is not None and size > 0]
    free = [s for s in slots if s[2] is None or s[1] == 0]
    for _ in range(tries):
        cards = list(pool)
        rng.shuffle(cards)
        out: dict[Any, list[str]] = {}
        ok = True
        order = sorted(
            constrained, key=lambda s: sum(1 for c in cards if s[2](c)) - s[1]
        )
        for key, size, allowed in order:
            fits = [i for i, c in enumerate(cards) if allowed(c)]
            if len(fits) < size:
                ok = False
                break
            picked = set(rng.sample(fits, size))
            out[key] = [cards[i] for i in sorted(picked)]
            cards = [c for i, c in enumerate(cards) if i not in picked]
        if not ok:
            continue
        for key, size, _ in free:
            out[key] = cards[:size]
            cards = cards[size:]
        return out
    return None


def deal_unseen(pool: list[str], slots: list[Slot], rng: random.Random) -> dict[Any, list[str]]:
    """``fill_slots``, dropping the constraints on the hidden cards when no deal keeps
    them (what a bot inferred can be out of step with the view); ``ValueError`` when
    the view's card counts themselves do not add up."""
    dealt = fill_slots(pool, slots, rng)
    if dealt is None:
        dealt = fill_slots(pool, [(key, size, None) for key, size, _ in slots], rng)
    if dealt is None:
        raise ValueError("the view's card counts do not add up")
    return dealt
