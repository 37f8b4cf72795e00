"""Dayous table options: the number of decks and the clock, and the tables they can deal."""

from __future__ import annotations

from typing import Any

from games import core
from games.core import InvalidOptions

DEFAULT_OPTIONS = {"decks": 1, "clock": 30}
MIN_PLAYERS = 2
MAX_PLAYERS = 8
DECKS_RANGE = (1, 3)
CLOCK_RANGE = (10, 60)
CARDS_PER_DECK = 54  # 52 cards and 2 jokers
CARDS_LEFT = 2  # at least this many must remain after the deal


def hand_size(decks: int) -> int:
    """Cards in a full hand: 7 with one deck, 10 with two or more."""
    return 7 if decks == 1 else 10


def max_players_for(decks: int) -> int:
    """Most players a table of ``decks`` decks can deal (a full hand each, 2 cards left)."""
    return min(MAX_PLAYERS, (CARDS_PER_DECK * decks - CARDS_LEFT) // hand_size(decks))


def _in_range(value: Any, bounds: tuple[int, int]) -> bool:
    return core.is_whole_number(value) and bounds[0] <= value <= bounds[1]


def validate_options(options: dict[str, Any], players: int | None = None) -> dict[str, Any]:
    """The options with defaults filled in; ``InvalidOptions`` says what is wrong."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise InvalidOptions("Options must be a mapping of names to values.")
    unknown = sorted(set(options) - set(DEFAULT_OPTIONS))
    if unknown:
        raise InvalidOptions(
            f"Unknown option {unknown[0]!r}: Dayous takes only 'decks' ({DECKS_RANGE[0]} to {DECKS_RANGE[1]}) "
            f"and 'clock' ({CLOCK_RANGE[0]} to {CLOCK_RANGE[1]} seconds)."
        )
    out = dict(DEFAULT_OPTIONS)
    out.update(options)
    if not _in_range(out["decks"], DECKS_RANGE):
        raise InvalidOptions(f"The number of decks must be a whole number from {DECKS_RANGE[0]} to {DECKS_RANGE[1]}.")
    if not _in_range(out["clock"], CLOCK_RANGE):
        raise InvalidOptions(
            f"The clock must be a whole number of seconds from {CLOCK_RANGE[0]} to {CLOCK_RANGE[1]}."
        )
    if players is not None:
        _check_players(players, out["decks"])
    return out


def _check_players(players: Any, decks: int) -> None:
    if not core.is_whole_number(players):
        raise InvalidOptions("The number of players must be a whole number.")
    most = max_players_for(decks)
    if not MIN_PLAYERS <= players <= most:
        plural = "deck" if decks == 1 else "decks"
        raise InvalidOptions(
            f"Dayous with {decks} {plural} is for {MIN_PLAYERS} to {most} players "
            f"(each needs a hand of {hand_size(decks)} and {CARDS_LEFT} cards must be left); "
            f"{players} cannot be dealt."
        )


def turn_seconds(options: dict[str, Any]) -> int:
    """How long a seat has for each decision: the clock."""
    return validate_options(options)["clock"]
