"""Bot self-play and tournaments: many games, one summary. Pure Python, used by
`python -m tooling simulate` and `python -m tooling bench`.

Tournaments are played as *duplicate deals*: every deal (seed) is replayed once per
rotation of the bot kinds over the seats, so each kind sits in every position with
the same cards and the luck of the deal cancels out. Each kind's score share is
measured per deal and reported with a 95% confidence interval over the deals.

Scores are each game's own (``SelfPlay.scores`` in its definition): place points
(N + 1 - place) unless it says otherwise. When its ``SelfPlay.tally`` names an outcome
key, say ``loser``, each kind's ``times_loser`` counts the games that key named its seat.
"""

from __future__ import annotations

import functools
import inspect
import math
import random
import time
from collections.abc import Mapping
from statistics import mean
from types import MappingProxyType
from typing import Any

from games import registry
from games.core import Engine

# Each game's decisions after which it counts as unfinished (``SelfPlay.max_decisions``).
MAX_DECISIONS = MappingProxyType({game.slug: game.self_play.max_decisions for game in registry.GAMES})


def play_game(
    engine: Engine, bots: list[Any], players: int, options: dict[str, Any], seed: str, rng: random.Random,
    max_decisions: int | None = None, timings: list[list[float]] | None = None,
) -> tuple[dict[str, Any] | None, int]:
    """One full game; returns its outcome (``None`` if stopped unfinished) and the
    number of decisions taken. ``timings`` (one list per seat) collects each
    decision's wall-clock seconds."""
    state = engine.start(players, options, seed=seed)
    decisions = 0
    while (to_act := engine.to_act(state)):
        if max_decisions is not None and decisions >= max_decisions:
            return None, decisions
        seat = to_act[0]
        view = engine.view(state, seat)
        started = time.perf_counter()
        bot = bots[seat]
        action = bot.choose_seeing(state, view, rng) if hasattr(bot, "choose_seeing") else bot.choose(view, rng)
        if timings is not None:
            timings[seat].append(time.perf_counter() - started)
        state, _ = engine.apply(state, seat, action)
        decisions += 1
    return engine.outcome(state), decisions


def seat_scores(game: str, outcome: Mapping[str, Any] | None, players: int) -> list[float]:
    """Each seat's tournament score for one game (see the module docstring)."""
    return registry.definition(game).self_play.scores(outcome, players)


def rotations(kinds: list[str], players: int) -> list[list[str]]:
    """The distinct seatings obtained by rotating the kinds (repeated round the table)."""
    out: list[list[str]] = []
    for shift in range(players):
        seating = [kinds[(seat + shift) % len(kinds)] for seat in range(players)]
        if seating not in out:
            out.append(seating)
    return out


@functools.cache
def _parameters(cls: type) -> frozenset[str]:
    try:
        return frozenset(inspect.signature(cls).parameters)
    except (TypeError, ValueError):
        return frozenset()


def make_bot(classes: Mapping[str, type], kind: str, budget: float | None = None, iterations: int | None = None) -> Any:
    """A fresh bot (bots may remember a game); search bots get the budget or iterations."""
    cls = classes[kind]
    params = _parameters(cls)
    kwargs: dict[str, float | int | None] = {}
    if budget is not None and "budget" in params:
        kwargs["budget"] = budget
    if iterations is not None and "iterations" in params:
        kwargs["iterations"] = iterations
        if "budget" in params and budget is None:
            kwargs["budget"] = None
    return cls(**kwargs)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[index]


def _ci95(samples: list[float]) -> list[float] | None:
    if len(samples) < 2:
        return None
    m = mean(samples)
    sd = math.sqrt(sum((x - m) ** 2 for x in samples) / (len(samples) - 1))
    half = 1.96 * sd / math.sqrt(len(samples))
    return [round(m - half, 4), round(m + half, 4)]


def simulate(
    game: str, games: int, seed: int, players: int, options: dict[str, Any], bot_kinds: list[str],
    budget: float | None = None, iterations: int | None = None, max_decisions: int | None = None,
) -> dict[str, Any]:
    """Play ``games`` games: deal ``d`` = game // R is replayed for each of the R
    seat rotations of ``bot_kinds``. Returns the summary (see ``docs/bots.md``)."""
    engine = registry.engine(game)
    self_play = registry.definition(game).self_play
    options = engine.validate_options(options, players)
    classes = registry.tournament_bots(game)
    seatings = rotations(bot_kinds, players)
    per_deal = len(seatings)
    cap = max_decisions if max_decisions is not None else self_play.max_decisions
    rng = random.Random(seed)
    wins = [0] * players
    rounds: list[int] = []
    no_winner, decisions, unfinished = 0, 0, 0
    kinds = list(dict.fromkeys(bot_kinds))
    totals = {kind: 0.0 for kind in kinds}
    tallied = {kind: 0 for kind in kinds}
    times: dict[str, list[float]] = {kind: [] for kind in kinds}
    deal_scores: dict[int, dict[str, float]] = {}
    deal_games: dict[int, int] = {}
    started = time.perf_counter()
    for number in range(games):
        deal, turn = divmod(number, per_deal)
        seating = seatings[turn]
        bots = [make_bot(classes, kind, budget, iterations) for kind in seating]
        timings: list[list[float]] = [[] for _ in range(players)]
        outcome, taken = play_game(
            engine, bots, players, options, f"{seed}:{deal}", rng, cap, timings,
        )
        decisions += taken
        if outcome is None:
            unfinished += 1
            no_winner += 1
        else:
            for seat in outcome["winners"]:
                wins[seat] += 1
            no_winner += not outcome["winners"]
            rounds.append(outcome.get("rounds", 1))
        scores = self_play.scores(outcome, players)
        bucket = deal_scores.setdefault(deal, {kind: 0.0 for kind in kinds})
        deal_games[deal] = deal_games.get(deal, 0) + 1
        named = outcome.get(self_play.tally) if outcome is not None and self_play.tally else None
        if named is not None:
            tallied[seating[named]] += 1
        for seat, kind in enumerate(seating):
            bucket[kind] += scores[seat]
            totals[kind] += scores[seat]
            times[kind].extend(timings[seat])
    elapsed = time.perf_counter() - started
    complete = [deal for deal, count in deal_games.items() if count == per_deal]
    grand = sum(totals.values())
    by_kind: dict[str, dict[str, Any]] = {}
    for kind in kinds:
        shares: list[float] = []
        for deal in complete:
            total = sum(deal_scores[deal].values())
            if total:
                shares.append(deal_scores[deal][kind] / total)
        ms = [t * 1000 for t in times[kind]]
        by_kind[kind] = {
            "seats_per_game": seatings[0].count(kind),
            "score": round(totals[kind], 3),
            "share": round(totals[kind] / grand, 4) if grand else None,
            "share_mean_per_deal": round(mean(shares), 4) if shares else None,
            "ci95": _ci95(shares),
            "decisions": len(ms),
            "decision_ms": {
                "p50": round(_percentile(ms, 0.5), 3),
                "p95": round(_percentile(ms, 0.95), 3),
                "max": round(max(ms), 3) if ms else 0.0,
            },
        }
        if self_play.tally:
            by_kind[kind][f"times_{self_play.tally}"] = tallied[kind]
    return {
        "game": game,
        "options": options,
        "players": players,
        "bots": seatings[0],
        "games": games,
        "deals": len(deal_games),
        "rotations": per_deal,
        "rounds_per_game": round(mean(rounds), 3) if rounds else 0,
        "wins_per_seat": wins,
        "no_winner": no_winner,
        "unfinished": unfinished,
        "decisions": decisions,
        "games_per_second": round(games / elapsed, 3) if elapsed else None,
        "seconds": round(elapsed, 1),
        "budget_seconds": budget,
        "iterations": iterations,
        "kinds": by_kind,
    }
