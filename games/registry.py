"""The games the club offers, in the order the site lists them: each one's definition,
declared in its own package (games/definition.py). Pure Python: the CLI and the web
use it."""

from __future__ import annotations

from types import MappingProxyType

from games.core import Engine
from games.courtpiece import definition as courtpiece
from games.dayous import definition as dayous
from games.definition import GameDefinition
from games.disunyer import definition as disunyer

GAMES: tuple[GameDefinition, ...] = (disunyer.GAME, dayous.GAME, courtpiece.GAME)

# What the tournaments (``python -m tooling simulate --bots``, docs/bots.md) call each level's
# bot: by how it plays.
TOURNAMENT_KINDS = MappingProxyType({"easy": "random", "normal": "rule", "strong": "strong"})


def slugs() -> list[str]:
    return [game.slug for game in GAMES]


def find(slug: str) -> GameDefinition | None:
    """The game called ``slug``, or None."""
    return next((game for game in GAMES if game.slug == slug), None)


def definition(slug: str) -> GameDefinition:
    found = find(slug)
    if found is None:
        raise LookupError(f"There is no game {slug!r}.")
    return found


def engine(slug: str) -> Engine:
    return definition(slug).engine


def bots(slug: str) -> dict[str, type]:
    """The game's bots by their tournament kinds."""
    return {TOURNAMENT_KINDS[level]: bot for level, bot in definition(slug).bots.items()}


def tournament_bots(slug: str) -> dict[str, type]:
    """The site's bots plus the analysis players that see every card (``games/ceiling.py``)."""
    return {**bots(slug), **definition(slug).self_play.seeing}
