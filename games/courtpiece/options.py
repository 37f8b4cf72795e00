"""Court Piece's table options: their defaults, choices and bounds, and their checks."""

from __future__ import annotations

from typing import Any

from games import core
from games.core import InvalidOptions
from games.courtpiece.cards import PILES, RANK

MIN_PLAYERS = 4
MAX_PLAYERS = 4
GAME_CHOICES = ("ace-rule", "double-sar", "hidden", "rung-kaat")
PILE_CHOICES = tuple(PILES)
WINNING_POINTS_RANGE = (10, 100)
BET_RANGE = (25, 1000)
CLOCK_RANGE = (5, 30)
DEFAULT_OPTIONS: dict[str, Any] = {
    "game": "double-sar",
    "pile": "3-2-2",
    "ace_cannot_win_pile": False,
    "four_point_rank": None,
    "six_point": False,
    "winning_points": 10,
    "bet": 100,
    "clock": 15,
}
_WHOLE_NUMBER_RANGES = {"winning_points": WINNING_POINTS_RANGE, "bet": BET_RANGE, "clock": CLOCK_RANGE}
_SWITCHES = ("ace_cannot_win_pile", "six_point")


def validate_options(options: dict[str, Any] | None, players: int | None = None) -> dict[str, Any]:
    """The options, normalised with defaults; ``InvalidOptions`` says what is wrong."""
    if players is not None and (not core.is_whole_number(players) or players != MIN_PLAYERS):
        raise InvalidOptions("Court Piece is played by exactly 4 players.")
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise InvalidOptions("The table options must be a set of named values.")
    unknown = sorted(str(k) for k in options if k not in DEFAULT_OPTIONS)
    if unknown:
        raise InvalidOptions(f"Unknown option for Court Piece: {', '.join(unknown)}.")
    out = dict(DEFAULT_OPTIONS)
    out.update(options)
    _check_choices(out)
    for key in _SWITCHES:
        if type(out[key]) is not bool:
            raise InvalidOptions(f"The option {key} must be true or false.")
    out["four_point_rank"] = _four_point_rank(out["four_point_rank"])
    if out["six_point"] and out["four_point_rank"] is None:
        raise InvalidOptions("The 6-point win can only be switched on with a 4-point rank.")
    for key, (lo, hi) in _WHOLE_NUMBER_RANGES.items():
        value = out[key]
        if not core.is_whole_number(value) or not lo <= value <= hi:
            raise InvalidOptions(f"The option {key} must be a whole number from {lo} to {hi}.")
    return out


def _check_choices(options: dict[str, Any]) -> None:
    if not isinstance(options["game"], str) or options["game"] not in GAME_CHOICES:
        raise InvalidOptions("The game must be one of: ace-rule, double-sar, hidden, rung-kaat.")
    if not isinstance(options["pile"], str) or options["pile"] not in PILE_CHOICES:
        raise InvalidOptions('The pile size must be "3-2-2" or "5-3-3".')


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
    return validate_options(options)["clock"]
