"""The modes each game's leaderboard and profiles show separately, and which mode a
room's options make.

* Disunyer: its ``mode`` option (Standard, Stuck King).
* Dayous: the number of decks (``decks`` option, 1 by default): "1 deck", "2 decks",
  "3 decks" — the hand size and the table size change with it.
* Court Piece: its ``game`` option (Ace Rule, Double Sar — the default —, Hidden,
  Rung Kaat).
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Mode:
    slug: str
    label: str


MODES = {
    "disunyer": (Mode("standard", "Standard"), Mode("stuck-king", "Stuck King")),
    "dayous": (Mode("1-deck", "1 deck"), Mode("2-decks", "2 decks"), Mode("3-decks", "3 decks")),
    "courtpiece": (
        Mode("ace-rule", "Ace Rule"),
        Mode("double-sar", "Double Sar"),
        Mode("hidden", "Hidden"),
        Mode("rung-kaat", "Rung Kaat"),
    ),
}


def modes_of(game: str) -> tuple[Mode, ...]:
    return MODES.get(game, ())


def mode_label(game: str, slug: str) -> str:
    return next((mode.label for mode in modes_of(game) if mode.slug == slug), slug)


def dayous_mode(decks) -> str:
    decks = decks if isinstance(decks, int) and not isinstance(decks, bool) else 1
    return "1-deck" if decks == 1 else f"{decks}-decks"


def mode_of(game: str, options: dict) -> str:
    """The mode a room of ``game`` with ``options`` is played in ("" when the game has none)."""
    options = options or {}
    if game == "disunyer":
        return options.get("mode", "standard")
    if game == "dayous":
        return dayous_mode(options.get("decks", 1))
    if game == "courtpiece":
        return options.get("game", "double-sar")
    return options.get("mode", "")
