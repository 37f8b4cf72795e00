"""Points for a place, per game (see the seed's "Accounts and leaderboard")."""

from games.core import place_points


def disunyer_points(place: int, players: int, had_bots: bool) -> int:
    """``N + 1 - place``, doubled when no seat was a bot when the game started."""
    points = place_points(place, players)
    return points if had_bots else points * 2


def points_for(game: str, place: int, players: int, had_bots: bool) -> int:
    """Disunyer: the place formula, doubled without bots. Dayous and Court Piece: the
    same place formula ``N + 1 - place`` with no doubling (Dayous: the first group out
    gets N, the dayous 1; Court Piece: the winning team's two seats 4, the others 2)."""
    if game == "disunyer":
        return disunyer_points(place, players, had_bots)
    return place_points(place, players)
