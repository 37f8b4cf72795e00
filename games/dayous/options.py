"""Dayous table options: the number of decks and the clock, and the tables they can deal."""

from __future__ import annotations

from typing import Any

from games import core
from games.core import InvalidOptions
from games.options_schema import Badge, Choice, OptionsSchema, PlayerCount, Value, WholeNumber
from games.words import Words, plural_wording, wording

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


def decks_words(decks: int) -> Words:
    return plural_wording("%(count)s deck", "%(count)s decks", decks)


def _deck_value(decks: int) -> Value:
    label = plural_wording(
        "%(count)s deck (hands of %(hand)s)", "%(count)s decks (hands of %(hand)s)", decks, hand=hand_size(decks)
    )
    return Value(decks, label, decks_words(decks))


DECKS = Choice(
    key="decks",
    label=wording("Decks"),
    values=tuple(_deck_value(n) for n in DECK_COUNTS),
    default=1,
    badge=Badge("decks"),
    listed_alone=True,
)
CLOCK = WholeNumber(
    key="clock", label=wording("Seconds per move"), low=10, high=60, default=30,
    unit=lambda count: plural_wording("%(count)s second", "%(count)s seconds", count),
    # Translators: a badge of a Dayous table, "s" short for seconds.
    badge=Badge("clock", wording("%(value)s s per move")),
)
OPTIONS = OptionsSchema(
    (DECKS, CLOCK),
    players=PlayerCount(
        low=MIN_PLAYERS, high=MAX_PLAYERS, default=4,
        help_text=wording(
            "One deck seats %(low)s to %(one_deck)s players; two or three decks up to %(high)s.",
            low=MIN_PLAYERS, one_deck=max_players_for(1), high=MAX_PLAYERS,
        ),
    ),
)
DEFAULT_OPTIONS = OPTIONS.defaults()


def validate_options(options: dict[str, Any], players: int | None = None) -> dict[str, Any]:
    """The options with defaults filled in; ``InvalidOptions`` says what is wrong."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise InvalidOptions(wording("Options must be a mapping of names to values."))
    unknown = sorted(set(options) - set(DEFAULT_OPTIONS))
    if unknown:
        # Translators: the options' names ('decks', 'clock') are as the code writes them.
        raise InvalidOptions(wording(
            "Unknown option %(name)s: Dayous takes only %(decks)s (%(fewest)s to %(most)s) "
            "and %(clock)s (%(low)s to %(high)s seconds).",
            name=repr(unknown[0]), decks=repr(DECKS.key), fewest=DECK_COUNTS[0], most=DECK_COUNTS[-1],
            clock=repr(CLOCK.key), low=CLOCK.low, high=CLOCK.high,
        ))
    out = dict(DEFAULT_OPTIONS)
    out.update(options)
    if not DECKS.accepts(out["decks"]):
        raise InvalidOptions(wording(
            "The number of decks must be a whole number from %(fewest)s to %(most)s.",
            fewest=DECK_COUNTS[0], most=DECK_COUNTS[-1],
        ))
    if not CLOCK.accepts(out["clock"]):
        raise InvalidOptions(wording(
            "The clock must be a whole number of seconds from %(low)s to %(high)s.", low=CLOCK.low, high=CLOCK.high
        ))
    if players is not None:
        _check_players(players, out["decks"])
    return out


def _check_players(players: Any, decks: int) -> None:
    if not core.is_whole_number(players):
        raise InvalidOptions(wording("The number of players must be a whole number."))
    most = max_players_for(decks)
    if not MIN_PLAYERS <= players <= most:
        raise InvalidOptions(plural_wording(
            "Dayous with %(count)s deck is for %(low)s to %(high)s players (each needs a hand of %(hand)s "
            "and %(left)s cards must be left); %(players)s cannot be dealt.",
            "Dayous with %(count)s decks is for %(low)s to %(high)s players (each needs a hand of %(hand)s "
            "and %(left)s cards must be left); %(players)s cannot be dealt.",
            decks, low=MIN_PLAYERS, high=most, hand=hand_size(decks), left=CARDS_LEFT, players=players,
        ))


def turn_seconds(options: dict[str, Any]) -> int:
    """How long a seat has for each decision: the clock."""
    clock: int = validate_options(options)["clock"]
    return clock
