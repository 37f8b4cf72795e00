"""Every game's engine and bots, by name (pure Python: the CLI and the web use it)."""

import importlib

GAME_NAMES = ("disunyer", "dayous", "courtpiece")


def engine(game: str):
    return importlib.import_module(f"games.{game}.rules").ENGINE


def bots(game: str) -> dict:
    return importlib.import_module(f"games.{game}.bots").BOTS


def tournament_bots(game: str) -> dict:
    """The site's bots plus the analysis players that see every card (``games/ceiling.py``)."""
    from games import ceiling

    return {**bots(game), **ceiling.kinds(game)}
