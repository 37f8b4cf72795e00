"""Fit a bot level's fixed rating from bot tournaments (``manage.py fit_bot_ratings``).

The tournament is played like ``python -m tooling simulate`` (games/simulate.py: duplicate
deals, every rotation of the kinds over the seats) and keeps each game's places. The
level's mu is then the maximum a posteriori of the Plackett–Luce likelihood that
OpenSkill's updates approximate — the same team strengths ``mu / c``, the same ``c``
and the same handling of shared places (each rank's term divided by how many teams
share it) — with the anchor level's mu fixed, every bot's sigma ``BOT_SIGMA``, and a
new account's prior on the fitted mu (so that a level that wins every game still gets
a finite rating). Its ± is the posterior's standard deviation (Laplace approximation).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from games import registry
from games.simulate import MAX_DECISIONS, make_bot, play_game, rotations
from leaderboard.ratings import BOT_SIGMA, MODEL, NEW_MU, NEW_SIGMA, team_of

INVERSE_GOLDEN = (math.sqrt(5) - 1) / 2


@dataclass(frozen=True)
class Game:
    """One tournament game: the kind and place of every seat."""

    kinds: tuple[str, ...]
    places: tuple[int, ...]


@dataclass(frozen=True)
class Fit:
    mu: float
    sd: float
    games: int
    unfinished: int


def tournament(
    game: str, kinds: list[str], games: int, seed: int, players: int, options: dict | None = None,
    budget: float | None = None,
) -> tuple[list[Game], int]:
    """Play ``games`` games as ``simulate`` does; the finished ones' places, and how many did not finish."""
    engine = registry.engine(game)
    options = engine.validate_options(options or {}, players)
    classes = registry.tournament_bots(game)
    seatings = rotations(kinds, players)
    rng = random.Random(seed)
    played, unfinished = [], 0
    for number in range(games):
        deal, turn = divmod(number, len(seatings))
        seating = seatings[turn]
        bots = [make_bot(classes, kind, budget) for kind in seating]
        outcome, _ = play_game(engine, bots, players, options, f"{seed}:{deal}", rng, MAX_DECISIONS.get(game))
        if outcome is None:
            unfinished += 1
            continue
        played.append(Game(tuple(seating), tuple(outcome["places"])))
    return played, unfinished


def log_likelihood(game: str, played: list[Game], mus: dict[str, float]) -> float:
    """The Plackett–Luce log-likelihood of the places, with OpenSkill's ``c`` and shared ranks."""
    total = 0.0
    for one in played:
        teams: dict[int, list[int]] = {}
        for seat in range(len(one.kinds)):
            teams.setdefault(team_of(game, seat), []).append(seat)
        strength, rank, variance = [], [], 0.0
        for seats in teams.values():
            strength.append(sum(mus[one.kinds[seat]] for seat in seats))
            rank.append(min(one.places[seat] for seat in seats))
            # rate() widens every sigma by tau before the update.
            variance += len(seats) * (BOT_SIGMA**2 + MODEL.tau**2) + MODEL.beta**2
        c = math.sqrt(variance)
        for q, rank_q in enumerate(rank):
            shared = sum(1 for r in rank if r == rank_q)
            below = sum(math.exp(strength[s] / c) for s, r in enumerate(rank) if r >= rank_q)
            total += (strength[q] / c - math.log(below)) / shared
    return total


def fit(game: str, played: list[Game], kind: str, anchors: dict[str, float], unfinished: int = 0) -> Fit:
    """The MAP mu of ``kind`` given the other kinds' fixed mus, and its ± (posterior sd)."""

    def log_posterior(mu: float) -> float:
        prior = -0.5 * ((mu - NEW_MU) / NEW_SIGMA) ** 2
        return prior + log_likelihood(game, played, {**anchors, kind: mu})

    low, high = NEW_MU - 6 * NEW_SIGMA, NEW_MU + 6 * NEW_SIGMA
    for _ in range(80):  # golden-section search: the log posterior is concave in mu
        a, b = high - (high - low) * INVERSE_GOLDEN, low + (high - low) * INVERSE_GOLDEN
        if log_posterior(a) < log_posterior(b):
            low = a
        else:
            high = b
    mu = (low + high) / 2
    step = 0.01
    curvature = (log_posterior(mu + step) - 2 * log_posterior(mu) + log_posterior(mu - step)) / step**2
    return Fit(mu, 1 / math.sqrt(-curvature) if curvature < 0 else float("inf"), len(played), unfinished)
