"""Points for a place: ``N + 1 - place`` at a table of N, doubled when the game's
definition says so and no seat was a bot when the game started."""

from games import registry
from games.core import place_points


def points_for(game: str, place: int, players: int, had_bots: bool) -> int:
    points = place_points(place, players)
    doubled = registry.definition(game).leaderboard.doubled_without_bots and not had_bots
    return points * 2 if doubled else points
