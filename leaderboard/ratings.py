"""The rating rules: OpenSkill's Plackett–Luce model, one rating per game and account.

Pure functions on plain numbers (no database): leaderboard/rating_services.py keeps the
ratings, docs/ratings.md explains them.

* A game without teams is rated as free-for-all by place: every seat is a team of
  one, seats sharing a place share the rank. A game with teams (its definition's
  ``teams``) is rated by team, ranked by the team's place.
* Every seat of the table takes part. An account brings its own rating; a bot brings
  its level's fixed rating (the game's definition's ``bot_ratings``, fitted from bot
  tournaments); a guest the rating of a new account. Only the accounts' ratings change.
* A rating is shown as its ordinal ``mu - 3 sigma`` scaled (``display``), marked
  provisional ("?") until the account has played ``PROVISIONAL_GAMES`` rated games.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from games import registry

MODEL = PlackettLuce()
# A new account's rating, and the rating a guest plays with.
NEW_MU, NEW_SIGMA = MODEL.mu, MODEL.sigma
PROVISIONAL_GAMES = 10
# Shown rating = SCALE * (mu - 3 sigma) + OFFSET: a new account shows 1000.
SCALE, OFFSET = 40, 1000
# A bot level's rating is known well: its sigma is that of a settled player, and it never moves.
BOT_SIGMA = 1.0
# The anchor level: its bot plays at a new account's mu, and the others' mus are fitted
# against it (manage.py fit_bot_ratings, docs/ratings.md, "Bot levels"). A bot seat
# recorded without its level (results from before levels were kept) plays as this one.
DEFAULT_BOT_LEVEL = "normal"


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def display(self) -> int:
        return display(self.mu, self.sigma)


NEW = Skill(NEW_MU, NEW_SIGMA)


@dataclass(frozen=True)
class Seat:
    """One seat of a finished game as the rating sees it: its place and who played it
    (``user_id`` for an account, ``bot_level`` for a bot, neither for a guest)."""

    index: int
    place: int
    user_id: int | None = None
    bot_level: str = ""
    is_bot: bool = False

    @property
    def is_rated(self) -> bool:
        """Only accounts have ratings; bots and guests play with fixed ones."""
        return self.user_id is not None and not self.is_bot

    @property
    def rated_user_id(self) -> int:
        """The account's user id, asked of a rated seat only."""
        if self.user_id is None or self.is_bot:
            raise ValueError(f"seat {self.index} is not an account's")
        return self.user_id


def display(mu: float, sigma: float) -> int:
    """The rating people see: the ordinal mu - 3 sigma, scaled and rounded (OpenSkill's
    ``ordinal(alpha=SCALE, target=OFFSET)``, without making a rating object: each one
    draws a random id, which cost more than a profile's chart)."""
    return round(SCALE * (mu - 3 * sigma) + OFFSET)


def is_provisional(games: int) -> bool:
    return games < PROVISIONAL_GAMES


def bot_skill(game: str, level: str) -> Skill:
    """A bot level's fixed rating: the game's fitted mu for it, else the anchor's (a new
    account's mu: a game without fitted ratings has every level there)."""
    fitted = registry.definition(game).bot_ratings
    return Skill(fitted.get(level, fitted.get(DEFAULT_BOT_LEVEL, NEW_MU)), BOT_SIGMA)


def team_of(game: str, seat: int) -> int:
    """The seat's team in the game (its definition's ``teams``); without teams each seat is its own."""
    return registry.definition(game).team_of(seat)


def fixed_skill(game: str, seat: Seat) -> Skill:
    """What a seat that is not an account plays with: its bot level's rating, or a new account's (a guest)."""
    return bot_skill(game, seat.bot_level) if seat.is_bot else NEW


def teams_of(game: str, seats: Sequence[Seat]) -> list[list[Seat]]:
    teams: dict[int, list[Seat]] = {}
    for seat in seats:
        teams.setdefault(team_of(game, seat.index), []).append(seat)
    return list(teams.values())


def rated_accounts(game: str, seats: Sequence[Seat]) -> list[int]:
    """The accounts a game rates: every account at the table, if the table had two teams or more."""
    if len(teams_of(game, seats)) < 2:
        return []
    return [seat.rated_user_id for seat in seats if seat.is_rated]


def rate(game: str, seats: Sequence[Seat], skills: dict[int, Skill]) -> dict[int, Skill]:
    """The accounts' new ratings after one game: ``skills`` holds each account's rating
    before it (by user id); returns the new ones by user id (empty when the game rates
    nobody: ``rated_accounts``)."""
    if not rated_accounts(game, seats):
        return {}
    order = teams_of(game, seats)
    ratings = [
        [MODEL.rating(*_skill_of(game, seat, skills)) for seat in team]
        for team in order
    ]
    ranks: list[float] = [min(seat.place for seat in team) for team in order]
    new = MODEL.rate(ratings, ranks=ranks)
    skills_after = {
        seat.rated_user_id: Skill(player.mu, player.sigma)
        for team, players in zip(order, new)
        for seat, player in zip(team, players)
        if seat.is_rated
    }
    for number, team in enumerate(order):
        # A seat placed below its own side (a player who left: leaderboard.services'
        # record_results) is rated as if its side had come last.
        below = [position for position, seat in enumerate(team) if seat.is_rated and seat.place > ranks[number]]
        if below:
            as_last = MODEL.rate(ratings, ranks=[*ranks[:number], max(ranks) + 1, *ranks[number + 1 :]])
            for position in below:
                player = as_last[number][position]
                skills_after[team[position].rated_user_id] = Skill(player.mu, player.sigma)
    return skills_after


def _skill_of(game: str, seat: Seat, skills: dict[int, Skill]) -> tuple[float, float]:
    skill = skills[seat.rated_user_id] if seat.is_rated else fixed_skill(game, seat)
    return skill.mu, skill.sigma
