"""Disunyer's table options: the mode (standard or Stuck King) and the table size."""

from __future__ import annotations

from typing import Any

from games import core
from games.core import InvalidOptions
from games.options_schema import Badge, Choice, OptionsSchema, Value, either
from games.words import wording

MODE = Choice(
    key="mode",
    label=wording("Mode"),
    values=(
        Value("standard", wording("Standard"), listed=False),
        # Translators: Disunyer's mode in which a King dealt is shown and stays with its holder.
        Value("stuck-king", wording("Stuck King")),
    ),
    default="standard",
    buttons=True,
    help_text=wording("Stuck King: Kings dealt are shown and can't be passed or taken."),
    badge=Badge("mode", mode=True),
    listed_alone=True,
)
OPTIONS = OptionsSchema((MODE,))
DEFAULT_OPTIONS: dict[str, Any] = OPTIONS.defaults()
MIN_PLAYERS = 2
MAX_PLAYERS = 8
TURN_SECONDS = 10


def validate_options(options: dict[str, Any], players: int | None = None) -> dict[str, Any]:
    """The options with their defaults; ``InvalidOptions`` says what is wrong."""
    if not isinstance(options, dict):
        raise InvalidOptions(wording('Options must be a dictionary such as {"mode": "standard"}.'))
    unknown = sorted(str(k) for k in options if k not in DEFAULT_OPTIONS)
    if unknown:
        raise InvalidOptions(
            wording('Unknown option %(options)s: Disunyer only has the option "mode".', options=", ".join(unknown))
        )
    mode = options.get("mode", MODE.default)
    if not MODE.accepts(mode):
        modes = either([f'"{choice}"' for choice in MODE.choices])
        raise InvalidOptions(wording("The mode must be %(modes)s, not %(mode)s.", modes=modes, mode=repr(mode)))
    if players is not None and (
        not core.is_whole_number(players) or not (MIN_PLAYERS <= players <= MAX_PLAYERS)
    ):
        raise InvalidOptions(
            wording(
                "Disunyer is played by %(low)s to %(high)s players, not %(players)s.",
                low=MIN_PLAYERS, high=MAX_PLAYERS, players=repr(players),
            )
        )
    return {"mode": mode}


def turn_seconds(options: dict[str, Any]) -> int:
    """Every decision has the same time, whatever the options."""
    return TURN_SECONDS
