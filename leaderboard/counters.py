"""Per-game counters kept next to games, wins and points in every standing.

A counter must follow from one seat's result alone (its place, whether it won and
the table size), so that voiding a game can take it away again exactly.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Counter:
    key: str
    label: str


COUNTERS = {
    "disunyer": (Counter("final_ties", "Final ties (no winner)"),),
}


def counters_for(game: str, place: int, won: bool, players: int) -> dict[str, int]:
    """The counters one seat's result adds, e.g. ``{"final_ties": 1}``."""
    if game == "disunyer":
        # Finalists who tied share 1st place without winning.
        return {"final_ties": 1} if place == 1 and not won else {}
    return {}


def labelled(game: str, counters: dict[str, int]) -> list[tuple[str, int]]:
    """A game's counters as (label, value), every one shown, zeros included."""
    return [(counter.label, counters.get(counter.key, 0)) for counter in COUNTERS.get(game, ())]
