"""The registry lists every game's definition, each declared once in its own package."""

import importlib

import pytest

from games import registry
from rooms.gamerules import BOT_LEVELS, rules_for


def test_every_game_is_listed_once_and_found_by_its_slug():
    assert registry.slugs() == ["disunyer", "dayous", "courtpiece"]
    for game in registry.GAMES:
        assert registry.definition(game.slug) is game
        assert registry.engine(game.slug) is game.engine and game.engine.name == game.slug
    assert registry.find("poker") is None
    with pytest.raises(LookupError):
        registry.definition("poker")


@pytest.mark.parametrize("game", registry.GAMES, ids=lambda game: game.slug)
def test_a_games_bots_are_the_ones_its_rooms_and_its_tournaments_know(game):
    """By level, as the rooms offer them; by kind ("random", "rule", "strong"), as the
    tournaments call them."""
    assert tuple(game.bots) == BOT_LEVELS
    assert dict(game.bots) == rules_for(game.slug).bots
    module = importlib.import_module(f"games.{game.slug}.bots")
    assert registry.bots(game.slug) == {"random": module.RandomBot, "rule": module.RuleBot, "strong": module.StrongBot}


@pytest.mark.parametrize("game", registry.GAMES, ids=lambda game: game.slug)
def test_only_fitted_levels_have_a_rating_of_their_own(game):
    """The normal bot is the anchor (a new account's rating): it is never fitted."""
    assert set(game.bot_ratings) <= set(game.bots) - {"normal"}
