"""Dayous table options: the number of decks and the clock, and the tables they can deal."""

from __future__ import annotations

from typing import Any

from games import core
from games.core import InvalidOptions
from games.options_schema import Badge, Choice, OptionsSchema, PlayerCount, Value, WholeNumber

MIN_PLAYERS = 2
MAX_PLAYERS = 8
DECK_COUNTS = range(1, 4)
CARDS_PER_DECK = 54  # 52 cards and 2 jokers
CARDS_LEFT = 2  # at least this many must remain after the deal


def hand_size(decks: int) -> int:
    """Cards in a full hand: 7 with one deck, 10 with two or more."""
    return 7 if decks == 1 else 10


def max_players_for(decks: int) -> int:
    """Most players a table of ``decks`` decks can deal (a full hand each, 2 cards left)."""
    return min(MAX_PLAYERS, (CARDS_PER_DECK * decks - CARDS_LEFT) // hand_size(decks))


def decks_words(decks: int) -> str:
    return "1 deck" if decks == 1 else f"{decks} decks"


DECKS = Choice(
    key="decks",
    label="Decks",
    values=tuple(Value(n, f"{decks_words(n)} (hands of {hand_size(n)})", decks_words(n)) for n in DECK_COUNTS),
    default=1,
    badge=Badge("decks"),
    lobby="{}",
)
CLOCK = WholeNumber(
    key="clock", label="Seconds per move", low=10, high=60, default=30, unit="seconds",
    badge=Badge("clock", "{} s per move"),
)
OPTIONS = OptionsSchema(
    (DECKS, CLOCK),
    players=PlayerCount(
        low=MIN_PLAYERS, high=MAX_PLAYERS, default=4,
        help_text="One deck seats 2 to 7 players; two or three decks up to 8.",
    ),
)
DEFAULT_OPTIONS = OPTIONS.defaults()


def validate_options(options: dict[str, Any], players: int | None = None) -> dict[str, Any]:
    """The options with defaults filled in; ``InvalidOptions`` says what is wrong."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise InvalidOptions("Options must be a mapping of names to values.")
    unknown = sorted(set(options) - set(DEFAULT_OPTIONS))
    if unknown:
        raise InvalidOptions(
            f"Unknown option {unknown[0]!r}: Dayous takes only 'decks' ({DECK_COUNTS[0]} to {DECK_COUNTS[-1]}) "
            f"and 'clock' ({CLOCK.low} to {CLOCK.high} seconds)."
        )
    out = dict(DEFAULT_OPTIONS)
    out.update(options)
    if not DECKS.accepts(out["decks"]):
        raise InvalidOptions(
            f"The number of decks must be a whole number from {DECK_COUNTS[0]} to {DECK_COUNTS[-1]}."
        )
    if not CLOCK.accepts(out["clock"]):
        raise InvalidOptions(f"The clock must be a whole number of seconds from {CLOCK.low} to {CLOCK.high}.")
    if players is not None:
        _check_players(players, out["decks"])
    return out


def _check_players(players: Any, decks: int) -> None:
    if not core.is_whole_number(players):
        raise InvalidOptions("The number of players must be a whole number.")
    most = max_players_for(decks)
    if not MIN_PLAYERS <= players <= most:
        raise InvalidOptions(
            f"Dayous with {decks_words(decks)} is for {MIN_PLAYERS} to {most} players "
            f"(each needs a hand of {hand_size(decks)} and {CARDS_LEFT} cards must be left); "
            f"{players} cannot be dealt."
        )


def turn_seconds(options: dict[str, Any]) -> int:
    """How long a seat has for each decision: the clock."""
    clock: int = validate_options(options)["clock"]
    return clock
