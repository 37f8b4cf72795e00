"""Migration 0009 rates the games recorded before ratings existed."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from leaderboard import ratings

BEFORE = [("leaderboard", "0007_board_stamps")]
AFTER = [("leaderboard", "0009_ratings_from_results")]


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_bot_results_their_level_and_rates_every_recorded_game():
    """A game recorded before ratings: Ann 1st, a strong bot 2nd, Bea 3rd. After the
    migration the bot's result has its seat's level, and Ann and Bea have the ratings
    that game gives, against the strong level's fixed rating."""
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    user = old.get_model("accounts", "User")
    ann, bea = user.objects.create(username="Ann"), user.objects.create(username="Bea")
    room = old.get_model("rooms", "Room").objects.create(code="OLD1", game="disunyer", status="finished")
    seat, result = old.get_model("rooms", "Seat"), old.get_model("leaderboard", "Result")
    now = timezone.now()
    for index, (who, place) in enumerate([(ann, 1), (None, 2), (bea, 3)]):
        seat.objects.create(room=room, index=index, user=who, bot_level="" if who else "strong")
        result.objects.create(
            room=room, seat=index, user=who, name=who.username if who else "Strong bot", is_bot=who is None,
            game="disunyer", place=place, points=4 - place, won=place == 1, had_bots=True, finished_at=now,
        )

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    levels = new.get_model("leaderboard", "Result").objects.order_by("seat").values_list("bot_level", flat=True)
    assert list(levels) == ["", "strong", ""]
    rating = new.get_model("leaderboard", "Rating")
    seats = [ratings.Seat(0, 1, user_id=ann.pk), ratings.Seat(1, 2, bot_level="strong", is_bot=True),
             ratings.Seat(2, 3, user_id=bea.pk)]
    expected = ratings.rate("disunyer", seats, {ann.pk: ratings.NEW, bea.pk: ratings.NEW})
    for who in (ann, bea):
        row = rating.objects.get(user_id=who.pk, game="disunyer")
        assert (row.mu, row.sigma, row.games) == (expected[who.pk].mu, expected[who.pk].sigma, 1)
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
