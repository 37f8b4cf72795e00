"""`python -m tooling review_bench GAME`: how long the bot's review of one seat takes
(docs/review.md). Rule bots play ``--games`` seeded games; every seat of each is
reviewed with the game's own budget (``Review.rounds``); one JSON summary: decisions
and processor and wall seconds per seat (median and most), and per decision."""

import json
import random
import statistics
import time
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games import registry, review
from games.core import InvalidOptions
from games.definition import GameDefinition
from tooling.commands.simulate import _most_players, _options


class Command(BaseCommand):
    help = "Time the bot's review of every seat of games the rule bots play; one JSON summary on stdout."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("game", choices=registry.slugs())
        parser.add_argument("--games", type=int, default=3)
        parser.add_argument("--players", type=int, help="seats at the table (default: the game's most)")
        parser.add_argument("--option", action="append", default=[], metavar="KEY=JSON",
                            help="any other game option, e.g. --option decks=2")

    def handle(self, *args: Any, game: str, games: int, players: int | None, option: list[str], **kwargs: Any) -> None:
        if games < 1:
            raise CommandError("--games must be at least 1.")
        definition = registry.definition(game)
        options = _options(definition, None, option)
        players = players or _most_players(definition.engine, options)
        try:
            seats = [
                timed
                for number in range(games)
                for timed in _review_every_seat(definition, players, options, f"bench{number}")
            ]
        except InvalidOptions as error:
            raise CommandError(str(error)) from None
        self.stdout.write(json.dumps(_summary(game, players, options, games, seats)))


def _rule_game(definition: GameDefinition, players: int, options: dict[str, Any], seed: str) -> list[review.Move]:
    """The moves of a game the rule bots play from ``seed`` (stopped at the game's
    ``SelfPlay.max_decisions``)."""
    engine = definition.engine
    bots = [definition.bots["normal"]() for _ in range(players)]
    rng = random.Random(seed)
    state = engine.start(players, options, seed=seed)
    moves: list[review.Move] = []
    while (to_act := engine.to_act(state)) and len(moves) < definition.self_play.max_decisions:
        seat = to_act[0]
        action = bots[seat].choose(engine.view(state, seat), rng)
        moves.append((seat, action, False))
        state, _ = engine.apply(state, seat, action)
    return moves


def _review_every_seat(
    definition: GameDefinition, players: int, options: dict[str, Any], seed: str
) -> list[tuple[int, float, float]]:
    """(decisions, processor seconds, wall seconds) of each seat's review."""
    moves = _rule_game(definition, players, options, seed)
    timed = []
    for seat in range(players):
        start = definition.engine.start(players, options, seed=seed)
        processor, wall = time.process_time(), time.perf_counter()
        decisions = sum(1 for _ in review.decisions(definition, start, moves, seat, f"{seed}:review"))
        timed.append((decisions, time.process_time() - processor, time.perf_counter() - wall))
    return timed


def _spread(values: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(values), 2), "max": round(max(values), 2)}


def _summary(game: str, players: int, options: dict[str, Any], games: int, seats: list[tuple[int, float, float]]):
    decisions = [seat[0] for seat in seats]
    processor = [seat[1] for seat in seats]
    return {
        "game": game,
        "players": players,
        "options": options,
        "games": games,
        "seats": len(seats),
        "decisions_per_seat": _spread([float(count) for count in decisions]),
        "processor_seconds_per_seat": _spread(processor),
        "wall_seconds_per_seat": _spread([seat[2] for seat in seats]),
        "processor_ms_per_decision": round(1000 * sum(processor) / max(1, sum(decisions))),
    }
