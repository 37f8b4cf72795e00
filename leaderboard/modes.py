"""The modes each game's leaderboard and profiles show separately (its definition's
``leaderboard.modes``), and which mode a room's options make."""

from games import registry
from games.definition import Mode
from games.words import Said


def modes_of(game: str) -> tuple[Mode, ...]:
    return registry.definition(game).leaderboard.modes


def mode_label(game: str, slug: str) -> Said:
    return next((mode.label for mode in modes_of(game) if mode.slug == slug), slug)


def mode_of(game: str, options: dict) -> str:
    """The mode a room of ``game`` with ``options`` is played in ("" when the game has none)."""
    return registry.definition(game).leaderboard.mode_of(options or {})
