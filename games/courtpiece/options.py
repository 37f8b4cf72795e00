"""Court Piece's table options: their defaults, choices and bounds, and their checks."""

from __future__ import annotations

from typing import Any

from games import core
from games.cardnames import FRENCH_RANK_NAMES
from games.core import InvalidOptions
from games.courtpiece.cards import PILES, RANK, RANKS
from games.options_schema import Badge, Choice, OptionsSchema, Switch, Value, WholeNumber, either_of
from games.words import Words, plural_wording, wording

MIN_PLAYERS = 4
MAX_PLAYERS = 4

VARIANTS = (
    # Translators: the four games of Court Piece (Rung), named as their players name them.
    Value("ace-rule", wording("Ace Rule")),
    Value("double-sar", wording("Double Sar")),
    # Translators: the game where the caller places the trump face down (Hidden Rung).
    Value("hidden", wording("Hidden")),
    Value("rung-kaat", wording("Rung Kaat")),
)
VARIANT = Choice(
    key="game",
    label=wording("Game"),
    values=VARIANTS,
    default="double-sar",
    buttons=True,
    missing_error=wording("Choose one of the four games."),
    invalid_error=wording("Choose %(games)s.", games=either_of([game.label for game in VARIANTS])),
    badge=Badge("variant", mode=True),
    listed_alone=True,
)
PILE = Choice(
    key="pile",
    label=wording("Pile sizes"),
    # The sizes are figures, the same in every language.
    values=tuple(Value(sizes, Words(sizes)) for sizes in PILES),
    default="3-2-2",
    buttons=True,
    help_text=wording("The least the first pile, then every later pile, must hold to be picked up."),
    missing_error=wording("Choose the pile sizes."),
    invalid_error=wording("The pile sizes are %(sizes)s.", sizes=either_of([Words(sizes) for sizes in PILES])),
)
ACE_CANNOT_WIN_PILE = Switch(
    key="ace_cannot_win_pile",
    label=wording("Ace cannot win the pile"),
    help_text=wording(
        "A trick won with an ace never picks up the pile (the 13th trick still takes what is left)."
    ),
)
# Translators: a card's rank, as the 4-point win's choices name it.
FACE_RANKS = {"J": wording("Jack"), "Q": wording("Queen"), "K": wording("King"), "A": wording("Ace")}


def rank_words(rank: str) -> Words:
    """A rank's name: a face card's in words, another's its figure (the same in every language)."""
    return FACE_RANKS.get(rank) or Words(FRENCH_RANK_NAMES[rank])


FOUR_POINT_RANK = Choice(
    key="four_point_rank",
    label=wording("4-point win"),
    values=(Value(None, wording("Off")), *(Value(rank, rank_words(rank)) for rank in RANKS)),
    default=None,
    help_text=wording("All 13 hands, taking the last trick with a card of this rank."),
    invalid_error=wording("The 4-point win names a card rank from 2 to Ace, or is off."),
)
SIX_POINT = Switch(
    key="six_point",
    label=wording("6-point win"),
    help_text=wording(
        "As for 4 points, and the partner's last card is the same rank in another suit. It needs a 4-point rank."
    ),
    needs=FOUR_POINT_RANK.key,
    needs_error=wording("The 6-point win needs a 4-point rank: choose one first."),
)
WINNING_POINTS = WholeNumber(
    key="winning_points", label=wording("Winning points"), low=10, high=100, default=10,
    unit=lambda count: plural_wording("%(count)s point", "%(count)s points", count),
)
BET = WholeNumber(
    key="bet", label=wording("Bet"), low=25, high=1000, default=100,
    unit=lambda count: plural_wording("%(count)s coin", "%(count)s coins", count),
    help_text=wording(
        "Paid by each loser, to each winner, every round (double for all 13 hands). Sitting down needs twice the bet."
    ),
    badge=Badge("bet", wording("Bet %(value)s coins")),
    lobby=wording("bet %(value)s"),
)
CLOCK = WholeNumber(
    key="clock", label=wording("Seconds per move"), low=5, high=30, default=15,
    unit=lambda count: plural_wording("%(count)s second", "%(count)s seconds", count),
    # Translators: the room header's badge for the time a player has for each move; "s" for seconds.
    badge=Badge("clock", wording("%(value)s s per move")),
)
OPTIONS = OptionsSchema((VARIANT, PILE, ACE_CANNOT_WIN_PILE, FOUR_POINT_RANK, SIX_POINT, WINNING_POINTS, BET, CLOCK))
DEFAULT_OPTIONS: dict[str, Any] = OPTIONS.defaults()


def validate_options(options: dict[str, Any] | None, players: int | None = None) -> dict[str, Any]:
    """The options, normalised with defaults; ``InvalidOptions`` says what is wrong."""
    if players is not None and (not core.is_whole_number(players) or players != MIN_PLAYERS):
        raise InvalidOptions(wording("Court Piece is played by exactly 4 players."))
    out = _with_defaults(options)
    _check_choices(out)
    out["four_point_rank"] = _four_point_rank(out["four_point_rank"])
    if OPTIONS.unmet_need(out):
        raise InvalidOptions(wording("The 6-point win can only be switched on with a 4-point rank."))
    for number in (WINNING_POINTS, BET, CLOCK):
        if not number.accepts(out[number.key]):
            raise InvalidOptions(
                wording(
                    "The option %(key)s must be a whole number from %(low)s to %(high)s.",
                    key=number.key, low=number.low, high=number.high,
                )
            )
    return out


def _with_defaults(options: dict[str, Any] | None) -> dict[str, Any]:
    """The options given (none is none at all), over the defaults; no unknown one."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise InvalidOptions(wording("The table options must be a set of named values."))
    unknown = sorted(str(k) for k in options if k not in DEFAULT_OPTIONS)
    if unknown:
        raise InvalidOptions(wording("Unknown option for Court Piece: %(keys)s.", keys=", ".join(unknown)))
    return {**DEFAULT_OPTIONS, **options}


def _check_choices(options: dict[str, Any]) -> None:
    """The game, the pile and the two switches are among their choices."""
    if not VARIANT.accepts(options["game"]):
        raise InvalidOptions(wording("The game must be one of: %(games)s.", games=", ".join(map(str, VARIANT.choices))))
    if not PILE.accepts(options["pile"]):
        sizes = either_of([Words(f'"{sizes}"') for sizes in PILES])
        raise InvalidOptions(wording("The pile size must be %(sizes)s.", sizes=sizes))
    for switch in (ACE_CANNOT_WIN_PILE, SIX_POINT):
        if not switch.accepts(options[switch.key]):
            raise InvalidOptions(wording("The option %(key)s must be true or false.", key=switch.key))


def _four_point_rank(rank: Any) -> str | None:
    """The 4-point rank as stored (``"10"`` and lower case accepted), or None for none."""
    if rank is None:
        return None
    if rank == "10":
        rank = "T"
    if not isinstance(rank, str) or rank.upper() not in RANK:
        raise InvalidOptions(wording("The 4-point rank must be a card rank from 2 to A (2-9, T or 10, J, Q, K, A)."))
    return rank.upper()


def turn_seconds(options: dict[str, Any]) -> int:
    clock: int = validate_options(options)["clock"]
    return clock
