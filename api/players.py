"""A player's profile as the API gives it: what the profile page shows (leaderboard/views.py
``profile``), as data: per game, its totals and each mode's, its counters and its rating."""

from collections import defaultdict

from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils.http import urlencode

from games import registry
from games.definition import GameDefinition
from leaderboard.models import Rating, Standing
from leaderboard.ratings import is_provisional


def account(username: str):
    """The active account ``username`` names (in any case), else None."""
    user = get_user_model().objects.by_username(username)
    return user if user is not None and user.is_active else None


def profile(user) -> dict:
    standings: defaultdict[str, dict[str, Standing]] = defaultdict(dict)
    for standing in Standing.objects.filter(user=user, games__gt=0):
        standings[standing.game][standing.mode] = standing
    ratings = {rating.game: rating for rating in Rating.objects.filter(user=user)}
    return {
        "username": user.username,
        "member_since": user.date_joined.date().isoformat(),
        "games": [
            _game(game, standings[game.slug], ratings.get(game.slug))
            for game in registry.GAMES
            if standings.get(game.slug)
        ],
        "games_played": reverse("api:games") + "?" + urlencode({"player": user.username}),
    }


def _game(game: GameDefinition, by_mode: dict[str, Standing], rating: Rating | None) -> dict:
    total = by_mode.get("")
    return {
        "game": game.slug,
        **_totals(total),
        "modes": [{"mode": mode.slug, **_totals(by_mode.get(mode.slug))} for mode in game.leaderboard.modes],
        "counters": total.counters if total else {},
        "rating": None if rating is None else {
            "rating": rating.display, "provisional": is_provisional(rating.games), "rated_games": rating.games,
        },
    }


def _totals(standing: Standing | None) -> dict:
    if standing is None:
        return {"games": 0, "wins": 0, "points": 0}
    return {"games": standing.games, "wins": standing.wins, "points": standing.points}
