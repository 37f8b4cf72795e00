"""Bot self-play: many games, one summary. Pure Python, used by `manage.py simulate`
and `manage.py bench`."""

import random
import time
from statistics import mean

from games import registry


def play_game(engine, bots: list, players: int, options: dict, seed: str, rng: random.Random) -> tuple[dict, int]:
    """One full game; returns its outcome and the number of decisions taken."""
    state = engine.start(players, options, seed=seed)
    decisions = 0
    while (to_act := engine.to_act(state)):
        seat = to_act[0]
        action = bots[seat].choose(engine.view(state, seat), rng)
        state, _ = engine.apply(state, seat, action)
        decisions += 1
    return engine.outcome(state), decisions


def simulate(game: str, games: int, seed: int, players: int, options: dict, bot_kinds: list[str]) -> dict:
    engine = registry.engine(game)
    options = engine.validate_options(options, players)
    bot_classes = registry.bots(game)
    kinds = [bot_kinds[i % len(bot_kinds)] for i in range(players)]
    bots = [bot_classes[kind]() for kind in kinds]
    rng = random.Random(seed)
    wins = [0] * players
    rounds, no_winner, decisions = [], 0, 0
    started = time.perf_counter()
    for number in range(games):
        outcome, taken = play_game(engine, bots, players, options, f"{seed}:{number}", rng)
        decisions += taken
        for seat in outcome["winners"]:
            wins[seat] += 1
        no_winner += not outcome["winners"]
        rounds.append(outcome.get("rounds", 1))
    elapsed = time.perf_counter() - started
    return {
        "game": game,
        "options": options,
        "players": players,
        "bots": kinds,
        "games": games,
        "rounds_per_game": round(mean(rounds), 3) if rounds else 0,
        "wins_per_seat": wins,
        "no_winner": no_winner,
        "decisions": decisions,
        "games_per_second": round(games / elapsed, 1) if elapsed else None,
    }
