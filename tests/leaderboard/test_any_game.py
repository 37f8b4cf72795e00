"""The leaderboard takes any game of the registry: High Card (tests/highcard.py), which
declares nothing but its definition's defaults (no modes, no counters, no fitted bot
ratings), is recorded, rated, ranked and shown like the club's own games."""

import pytest
from django.urls import reverse

from leaderboard import ratings
from leaderboard.counters import columns, counters_for
from leaderboard.models import Rating, Result, Standing
from leaderboard.modes import mode_of, modes_of
from leaderboard.points import points_for
from leaderboard.rating_boards import Badge, table_badges
from rooms.models import Seat
from tests.highcard import ENGINE
from tests.leaderboard.helpers import Bot, Guest, account, accounts, finish_engine_game

pytestmark = pytest.mark.django_db

NEW_BOT = Badge(ratings.display(ratings.NEW_MU, ratings.BOT_SIGMA), False)


def test_its_bots_play_at_a_new_accounts_rating_at_every_level(high_card):
    """No fitted ratings: every level's bot sits down at the anchor's (a new account's mu)."""
    bots = [Seat(index=index, bot_level=level) for index, level in enumerate(high_card.bots, 1)]
    seats = [Seat(index=0, user=account("Ann")), *bots]
    assert table_badges("highcard", seats) == [Badge(1000, True), NEW_BOT, NEW_BOT, NEW_BOT]
    assert ratings.bot_skill("highcard", "") == ratings.bot_skill("highcard", "strong")


def test_its_rules_for_the_leaderboard_are_the_defaults(high_card):
    """The place formula, never doubled; one mode (none); no counters and no columns."""
    assert [points_for("highcard", place, 3, had_bots=False) for place in (1, 2, 3)] == [3, 2, 1]
    assert (modes_of("highcard"), mode_of("highcard", {}), columns("highcard")) == ((), "", [])
    assert counters_for("highcard", 1, False, 3, seat=0, outcome={"places": [1, 1, 3]}) == {}


def test_a_finished_game_is_recorded_rated_and_shown(high_card, client):
    """Ann, Bea, a guest and a strong bot play it out: results, standings and ratings are
    kept, and the boards, the rating board and Ann's profile show the game."""
    ann, bea = accounts("Ann", "Bea")
    room, state = finish_engine_game("highcard", ENGINE, [ann, bea, Guest("Zoe"), Bot(level="strong")], {}, "high-1")
    places = ENGINE.outcome(state)["places"]
    results = Result.objects.filter(room=room).order_by("seat")
    assert [(r.place, r.points, r.mode, r.counters) for r in results] == [(p, 5 - p, "", {}) for p in places]
    assert Standing.objects.filter(game="highcard", mode="").count() == 2
    assert Rating.objects.filter(game="highcard").count() == 2

    board = client.get(reverse("leaderboard:board", args=["highcard"])).content.decode()
    assert "High Card leaderboard" in board and ">Ann<" in board and ">Bea<" in board
    assert 'href="/rules/highcard/">High Card rules</a>' in board  # the footer lists every game
    assert "Richest players" not in board  # it is not played for coins
    rating_board = client.get(reverse("leaderboard:rating_board", args=["highcard"])).content.decode()
    assert ">Ann<" in rating_board and ">Games<" in rating_board
    profile = client.get(reverse("player_profile", args=["Ann"])).content.decode()
    assert 'data-testid="stats-highcard"' in profile and 'data-testid="rating-highcard"' in profile

