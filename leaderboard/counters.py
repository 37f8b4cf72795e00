"""Per-game counters kept next to games, wins and points in every standing.

Counters are sums, so that voiding a game can take them away again exactly. They come
from two places:

* ``place_counters``: what follows from one seat's place alone (its place, whether it
  won and the table size) — Disunyer's final ties. Computed again whenever needed.
* ``recorded_counters``: what the game's end tells about a seat (the outcome and the
  final engine state) — Dayous's publication record and the times a seat was the
  dayous, Court Piece's rounds won, Courts and Goon Courts. Stored on the seat's
  ``Result.counters`` when the game is recorded, so a void (or a recount) reads them
  back from the result alone.

Derived figures are computed from the sums when shown: Dayous's best journal is the
highest journal with at least one successful defence.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from games.dayous.bouts import JOURNALS as DAYOUS_JOURNALS


@dataclass(frozen=True)
class Counter:
    key: str
    label: str
    column: str = ""  # heading of the counter's column on the board; "" = profile only


@dataclass(frozen=True)
class Journal:
    key: str
    name: str
    cards: int  # the smallest contribution published there


# Lowest first. Keys are short and fixed; names come from the Dayous engine.
JOURNALS = tuple(
    Journal(f"journal_{cards}", name, cards) for cards, name in sorted(DAYOUS_JOURNALS)
)
JOURNAL_KEY = {journal.name: journal.key for journal in JOURNALS}

COUNTERS: dict[str, tuple[Counter, ...]] = {
    "disunyer": (Counter("final_ties", "Final ties (no winner)"),),
    "dayous": (
        Counter("dayous", "Times the dayous", "Dayous"),
        Counter("defences", "Successful defences", "Defences"),
        Counter("fees", "Total publication fees", "Fees"),
    ),
    "courtpiece": (
        Counter("rounds_won", "Rounds won", "Rounds won"),
        Counter("courts", "Courts", "Courts"),
        Counter("goon_courts", "Goon Courts", "Goon Courts"),
    ),
}


def place_counters(game: str, place: int, won: bool, players: int) -> dict[str, int]:
    """The counters that follow from a seat's place alone, e.g. ``{"final_ties": 1}``."""
    if game == "disunyer":
        # Finalists who tied share 1st place without winning.
        return {"final_ties": 1} if place == 1 and not won else {}
    return {}


def recorded_counters(game: str, seat: int, outcome: Mapping, state: Mapping | None) -> dict[str, int]:
    """The counters the end of a game gives ``seat`` (kept on its result); zeros left out."""
    state = state or {}
    counters: dict[str, int] = {}
    if game == "dayous":
        if outcome.get("dayous") is not None and outcome["dayous"] == seat:
            counters["dayous"] = 1
        all_stats = state.get("stats") or []
        stats = all_stats[seat] if seat < len(all_stats) else {}
        counters["defences"] = int(stats.get("defences", 0))
        counters["fees"] = int(stats.get("fees", 0))
        for name, count in (stats.get("journals") or {}).items():
            if name in JOURNAL_KEY:
                counters[JOURNAL_KEY[name]] = int(count)
    elif game == "courtpiece":
        stats = outcome.get("stats") or state.get("stats") or {}
        team = seat % 2
        for key in ("rounds_won", "courts", "goon_courts"):
            values = stats.get(key) or [0, 0]
            counters[key] = int(values[team])
    return {key: value for key, value in counters.items() if value}


def counters_for(
    game: str,
    place: int,
    won: bool,
    players: int,
    seat: int = 0,
    outcome: Mapping | None = None,
    state: Mapping | None = None,
) -> dict[str, int]:
    """Every counter one seat's result adds: from its place and from the game's end."""
    counters = dict(place_counters(game, place, won, players))
    if outcome is not None:
        for key, value in recorded_counters(game, seat, outcome, state).items():
            counters[key] = counters.get(key, 0) + value
    return counters


def labelled(game: str, counters: Mapping[str, int]) -> list[tuple[str, int]]:
    """A game's counters as (label, value), every one shown, zeros included."""
    return [(counter.label, counters.get(counter.key, 0)) for counter in COUNTERS.get(game, ())]


def board_columns(game: str) -> tuple[Counter, ...]:
    """The counters shown as columns of the game's board."""
    return tuple(counter for counter in COUNTERS.get(game, ()) if counter.column)


def journal_record(counters: Mapping[str, int]) -> list[tuple[str, int]]:
    """Dayous successful defences by journal, (name, count), the most prestigious first."""
    return [(journal.name, counters.get(journal.key, 0)) for journal in reversed(JOURNALS)]


def best_journal(counters: Mapping[str, int]) -> str | None:
    """The most prestigious journal with at least one publication, or None."""
    return next(
        (journal.name for journal in reversed(JOURNALS) if counters.get(journal.key, 0) > 0), None
    )


@dataclass(frozen=True)
class Column:
    heading: str
    title: str  # the heading's tooltip


BEST_JOURNAL = Column("Best journal", "The most prestigious journal of a successful defence")


def columns(game: str) -> list[Column]:
    """The game's counter columns on its board, in order."""
    shown = [Column(counter.column, counter.label) for counter in board_columns(game)]
    if game == "dayous":
        shown.insert(2, BEST_JOURNAL)  # Dayous, Defences, Best journal, Fees
    return shown


def column_values(game: str, counters: Mapping[str, int]) -> list:
    """One board row's values for ``columns(game)``."""
    values: list = [counters.get(counter.key, 0) for counter in board_columns(game)]
    if game == "dayous":
        values.insert(2, best_journal(counters) or "—")
    return values
