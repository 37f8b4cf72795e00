import json
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games import registry
from games.core import Engine, InvalidOptions
from games.definition import GameDefinition
from games.options_schema import AnyOption, Choice, either
from games.simulate import simulate


class Command(BaseCommand):
    help = "Play games between bots and print one JSON summary on stdout."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("game", choices=registry.slugs())
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--players", type=int, help="seats at the table (default: the game's most)")
        parser.add_argument("--mode", help=_modes_help())
        parser.add_argument("--option", action="append", default=[], metavar="KEY=JSON",
                            help="any other game option, e.g. --option decks=2")
        parser.add_argument("--bots", default="random",
                            help="bot kinds, comma-separated, e.g. strong,rule: repeated round the table and "
                                 "rotated over the seats (each deal is replayed once per rotation)")
        parser.add_argument("--budget", type=float, default=None,
                            help="seconds per decision for search bots (default: theirs, 0.8)")
        parser.add_argument("--iterations", type=int, default=None,
                            help="search bots: a fixed number of iterations per decision instead of a time budget")
        parser.add_argument("--max-decisions", type=int, default=None,
                            help="stop a game after this many decisions (counted unfinished)")

    def handle(
        self, *args: Any, game: str, games: int, seed: int, players: int | None, mode: str | None, option: list[str],
        bots: str, budget: float | None = None, iterations: int | None = None, max_decisions: int | None = None,
        **kwargs: Any,
    ) -> None:
        if games < 1:
            raise CommandError("--games must be at least 1.")
        engine = registry.engine(game)
        options = _options(registry.definition(game), mode, option)
        kinds = [kind.strip() for kind in bots.split(",") if kind.strip()]
        unknown = [kind for kind in kinds if kind not in registry.tournament_bots(game)]
        if unknown or not kinds:
            raise CommandError(f"Unknown bot kind {unknown}: choose from {sorted(registry.tournament_bots(game))}.")
        try:
            summary = simulate(
                game, games, seed, players or _most_players(engine, options), options, kinds,
                budget=budget, iterations=iterations, max_decisions=max_decisions,
            )
        except InvalidOptions as error:
            raise CommandError(str(error)) from None
        self.stdout.write(json.dumps(summary))


def _most_players(engine: Engine, options: dict[str, Any]) -> int:
    """The most players the options allow (fewer cards may seat fewer)."""
    for players in range(engine.max_players, engine.min_players - 1, -1):
        try:
            engine.validate_options(options, players)
        except InvalidOptions:
            continue
        return players
    return engine.max_players


def _mode_option(game: GameDefinition) -> AnyOption | None:
    """The option whose value is the table's mode (the room header shows it as such)."""
    return next((option for option in game.options.options if option.badge and option.badge.mode), None)


def _modes_help() -> str:
    modes = [
        f"{game.title}: {either([str(choice) for choice in option.choices])}"
        for game in registry.GAMES
        if isinstance(option := _mode_option(game), Choice)
    ]
    return "; ".join(modes)


def _options(game: GameDefinition, mode: str | None, pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if mode:
        option = _mode_option(game)
        if option is None:
            raise CommandError(f"{game.title} has no --mode: give its options with --option.")
        options[option.key] = mode
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep:
            raise CommandError(f"--option {pair!r} must look like KEY=VALUE.")
        try:
            options[key] = json.loads(raw)
        except ValueError:
            options[key] = raw
    return options
