"""`python manage.py fit_bot_ratings`: the bot levels' fixed ratings, fitted from tournaments.

For each game it plays the normal (rule) bot against the easy (random) one and against
the strong (search) one, as ``python -m tooling simulate`` does, and prints each level's fitted
mu and ± as JSON (leaderboard/botfit.py); the mus go into the game's definition
(games/<game>/definition.py, ``bot_ratings``). See docs/ratings.md for the runs behind
the figures there.
"""

import json
import time

from django.core.management.base import BaseCommand, CommandError

from games import registry
from leaderboard import botfit
from leaderboard.ratings import DEFAULT_BOT_LEVEL, NEW_MU


class Command(BaseCommand):
    help = "Fit the bot levels' fixed ratings from bot tournaments and print them as JSON."

    def add_arguments(self, parser):
        parser.add_argument("game", choices=registry.slugs())
        levels = [level for level in registry.TOURNAMENT_KINDS if level != DEFAULT_BOT_LEVEL]
        parser.add_argument("--level", choices=levels, required=True, help="the level fitted against the normal bot")
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--players", type=int, default=4)
        parser.add_argument("--budget", type=float, default=None,
                            help="seconds per decision for the strong bot (default: its own, 0.8)")

    def handle(self, *args, game, level, games, seed, players, budget, **kwargs):
        if games < 1:
            raise CommandError("--games must be at least 1.")
        fitted, anchor = registry.TOURNAMENT_KINDS[level], registry.TOURNAMENT_KINDS[DEFAULT_BOT_LEVEL]
        started = time.perf_counter()
        played, unfinished = botfit.tournament(game, [fitted, anchor], games, seed, players, budget=budget)
        if not played:
            raise CommandError("No game finished: nothing to fit.")
        result = botfit.fit(game, played, fitted, {anchor: NEW_MU}, unfinished)
        self.stdout.write(json.dumps({
            "game": game,
            "level": level,
            "against": DEFAULT_BOT_LEVEL,
            "players": players,
            "games": result.games,
            "unfinished": result.unfinished,
            "seed": seed,
            "budget_seconds": budget,
            "mu": round(result.mu, 2),
            "sd": round(result.sd, 2),
            "anchor_mu": NEW_MU,
            "seconds": round(time.perf_counter() - started, 1),
        }))
