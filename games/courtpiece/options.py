"""Court Piece's table options: their defaults, choices and bounds, and their checks."""

from __future__ import annotations

from typing import Any

from games import core
from games.core import InvalidOptions
from games.courtpiece.cards import PILES, RANK, RANKS
from games.options_schema import Badge, Choice, OptionsSchema, Switch, Value, WholeNumber, either

MIN_PLAYERS = 4
MAX_PLAYERS = 4

VARIANTS = (
    Value("ace-rule", "Ace Rule"),
    Value("double-sar", "Double Sar"),
    Value("hidden", "Hidden"),
    Value("rung-kaat", "Rung Kaat"),
)
VARIANT = Choice(
    key="game",
    label="Game",
    values=VARIANTS,
    default="double-sar",
    buttons=True,
    missing_error="Choose one of the four games.",
    invalid_error=f"Choose {either([game.label for game in VARIANTS])}.",
    badge=Badge("variant", mode=True),
    lobby="{}",
)
PILE = Choice(
    key="pile",
    label="Pile sizes",
    values=tuple(Value(sizes, sizes) for sizes in PILES),
    default="3-2-2",
    buttons=True,
    help_text="The least the first pile, then every later pile, must hold to be picked up.",
    missing_error="Choose the pile sizes.",
    invalid_error=f"The pile sizes are {either(list(PILES))}.",
)
ACE_CANNOT_WIN_PILE = Switch(
    key="ace_cannot_win_pile",
    label="Ace cannot win the pile",
    help_text="A trick won with an ace never picks up the pile (the 13th trick still takes what is left).",
)
FOUR_POINT_RANK = Choice(
    key="four_point_rank",
    label="4-point win",
    values=(Value(None, "Off"), *(Value(rank, core.FRENCH_RANK_NAMES[rank]) for rank in RANKS)),
    default=None,
    help_text="All 13 hands, taking the last trick with a card of this rank.",
    invalid_error="The 4-point win names a card rank from 2 to Ace, or is off.",
)
SIX_POINT = Switch(
    key="six_point",
    label="6-point win",
    help_text="As for 4 points, and the partner's last card is the same rank in another suit. "
              "It needs a 4-point rank.",
    needs=FOUR_POINT_RANK.key,
    needs_error="The 6-point win needs a 4-point rank: choose one first.",
)
WINNING_POINTS = WholeNumber(key="winning_points", label="Winning points", low=10, high=100, default=10, unit="points")
BET = WholeNumber(
    key="bet", label="Bet", low=25, high=1000, default=100, unit="coins",
    help_text="Paid by each loser, to each winner, every round (double for all 13 hands). "
              "Sitting down needs twice the bet.",
    badge=Badge("bet", "Bet {} coins"),
    lobby="bet {}",
)
CLOCK = WholeNumber(
    key="clock", label="Seconds per move", low=5, high=30, default=15, unit="seconds",
    badge=Badge("clock", "{} s per move"),
)
OPTIONS = OptionsSchema((VARIANT, PILE, ACE_CANNOT_WIN_PILE, FOUR_POINT_RANK, SIX_POINT, WINNING_POINTS, BET, CLOCK))
DEFAULT_OPTIONS: dict[str, Any] = OPTIONS.defaults()


def validate_options(options: dict[str, Any] | None, players: int | None = None) -> dict[str, Any]:
    """The options, normalised with defaults; ``InvalidOptions`` says what is wrong."""
    if players is not None and (not core.is_whole_number(players) or players != MIN_PLAYERS):
        raise InvalidOptions("Court Piece is played by exactly 4 players.")
    out = _with_defaults(options)
    _check_choices(out)
    out["four_point_rank"] = _four_point_rank(out["four_point_rank"])
    if OPTIONS.unmet_need(out):
        raise InvalidOptions("The 6-point win can only be switched on with a 4-point rank.")
    for number in (WINNING_POINTS, BET, CLOCK):
        if not number.accepts(out[number.key]):
            raise InvalidOptions(f"The option {number.key} must be a whole number from {number.low} to {number.high}.")
    return out


def _with_defaults(options: dict[str, Any] | None) -> dict[str, Any]:
    """The options given (none is none at all), over the defaults; no unknown one."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise InvalidOptions("The table options must be a set of named values.")
    unknown = sorted(str(k) for k in options if k not in DEFAULT_OPTIONS)
    if unknown:
        raise InvalidOptions(f"Unknown option for Court Piece: {', '.join(unknown)}.")
    return {**DEFAULT_OPTIONS, **options}


def _check_choices(options: dict[str, Any]) -> None:
    """The game, the pile and the two switches are among their choices."""
    if not VARIANT.accepts(options["game"]):
        raise InvalidOptions(f"The game must be one of: {', '.join(map(str, VARIANT.choices))}.")
    if not PILE.accepts(options["pile"]):
        sizes = either([f'"{sizes}"' for sizes in PILES])
        raise InvalidOptions(f"The pile size must be {sizes}.")
    for switch in (ACE_CANNOT_WIN_PILE, SIX_POINT):
        if not switch.accepts(options[switch.key]):
            raise InvalidOptions(f"The option {switch.key} must be true or false.")


def _four_point_rank(rank: Any) -> str | None:
    """The 4-point rank as stored (``"10"`` and lower case accepted), or None for none."""
    if rank is None:
        return None
    if rank == "10":
        rank = "T"
    if not isinstance(rank, str) or rank.upper() not in RANK:
        raise InvalidOptions(
            "The 4-point rank must be a card rank from 2 to A (2-9, T or 10, J, Q, K, A)."
        )
    return rank.upper()


def turn_seconds(options: dict[str, Any]) -> int:
    clock: int = validate_options(options)["clock"]
    return clock
