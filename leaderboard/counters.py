"""Per-game counters kept next to games, wins and points in every standing: each game's
definition (``leaderboard.counters``) says which.

Counters are sums, so that voiding a game can take them away again exactly. They come
from two places:

* ``place_counters``: what follows from one seat's place alone (its place, whether it
  won and the table size). Computed again whenever needed.
* ``recorded_counters``: what the game's end tells about a seat, as the engine's
  outcome gives it (``outcome["counters"]``). Stored on the seat's ``Result.counters``
  when the game is recorded, so a void (or a recount) reads them back from the result
  alone.

Derived figures are computed from the sums when shown: a game's ladder (its
definition's ``leaderboard.ladder``) shows the best step with at least one count.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from games import registry
from games.definition import Counter, Ladder
from games.words import Said


def place_counters(game: str, place: int, won: bool, players: int) -> dict[str, int]:
    """The counters that follow from a seat's place alone, e.g. ``{"final_ties": 1}``."""
    return registry.definition(game).leaderboard.place_counters(place, won, players)


def recorded_counters(seat: int, outcome: Mapping) -> dict[str, int]:
    """The counters the end of a game gives ``seat`` (kept on its result); zeros left out."""
    counters = outcome.get("counters") or ()
    return {key: value for key, value in counters[seat].items() if value} if counters else {}


def counters_for(
    game: str,
    place: int,
    won: bool,
    players: int,
    seat: int = 0,
    outcome: Mapping | None = None,
) -> dict[str, int]:
    """Every counter one seat's result adds: from its place and from the game's end."""
    counters = dict(place_counters(game, place, won, players))
    if outcome is not None:
        for key, value in recorded_counters(seat, outcome).items():
            counters[key] = counters.get(key, 0) + value
    return counters


def labelled(game: str, counters: Mapping[str, int]) -> list[tuple[Said, int]]:
    """A game's counters as (label, value), every one shown, zeros included."""
    return [(counter.label, counters.get(counter.key, 0)) for counter in _counters(game)]


def tags(game: str, counters: Mapping[str, int]) -> list[Said]:
    """The tags of the counters one result counts (a past game's record shows them)."""
    return [counter.tag for counter in _counters(game) if counter.tag and counters.get(counter.key)]


def board_columns(game: str) -> tuple[Counter, ...]:
    """The counters shown as columns of the game's board."""
    return tuple(counter for counter in _counters(game) if counter.column)


def ladder_of(game: str) -> Ladder | None:
    return registry.definition(game).leaderboard.ladder


def ladder_record(ladder: Ladder, counters: Mapping[str, int]) -> list[tuple[Said, int]]:
    """Each step's count, (label, count), the most prestigious first."""
    return [(step.label, counters.get(step.key, 0)) for step in reversed(ladder.steps)]


def best_step(ladder: Ladder, counters: Mapping[str, int]) -> Said | None:
    """The most prestigious step with at least one count, or None."""
    return next((step.label for step in reversed(ladder.steps) if counters.get(step.key, 0) > 0), None)


@dataclass(frozen=True)
class Column:
    heading: Said
    title: Said  # the heading's tooltip


def columns(game: str) -> list[Column]:
    """The game's counter columns on its board, in order."""
    shown = [Column(counter.column, counter.label) for counter in board_columns(game) if counter.column]
    ladder = ladder_of(game)
    if ladder is not None:
        shown.insert(ladder.column, Column(ladder.best, ladder.best_help))
    return shown


def column_values(game: str, counters: Mapping[str, int]) -> list:
    """One board row's values for ``columns(game)``."""
    values: list = [counters.get(counter.key, 0) for counter in board_columns(game)]
    ladder = ladder_of(game)
    if ladder is not None:
        values.insert(ladder.column, best_step(ladder, counters) or "—")
    return values


def _counters(game: str) -> tuple[Counter, ...]:
    return registry.definition(game).leaderboard.counters
