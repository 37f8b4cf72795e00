"""Standings: kept game by game in the transaction that records the results."""

import random
from datetime import timedelta

import pytest
from django.db.models import Count, Q, Sum
from django.utils import timezone

from leaderboard.models import DailyStanding, Result, Standing
from leaderboard.services import DAILY_KEY, STANDING_KEY, recount
from rooms.store.snapshots import load_snapshot
from tests.leaderboard.helpers import BOT, Guest, account, accounts, finish_game

pytestmark = pytest.mark.django_db


def kept(model, key_fields) -> dict:
    """The kept rows as {key: (games, wins, points, counters)}."""
    return {
        tuple(getattr(row, name) for name in key_fields): (
            row.games,
            row.wins,
            row.points,
            row.counters,
        )
        for row in model.objects.all()
    }


def recounted(totals: dict) -> dict:
    return {
        key: (
            delta.games,
            delta.wins,
            delta.points,
            {k: v for k, v in sorted(delta.counters.items()) if v},
        )
        for key, delta in totals.items()
        if delta.games
    }


def counted_by_the_database() -> dict:
    """All-time standings aggregated straight from the results table, independently of the service."""
    counted = Result.objects.filter(user__isnull=False, is_bot=False, voided=False)
    totals = {}
    for modes in (("user_id", "game", "mode"), ("user_id", "game")):
        for row in (
            counted.values(*modes)
            .annotate(n=Count("id"), w=Count("id", filter=Q(won=True)), p=Sum("points"))
            .order_by()
        ):
            key = (row["user_id"], row["game"], row.get("mode", ""))
            totals[key] = (row["n"], row["w"], row["p"])
    return totals


def test_one_game_adds_to_the_all_modes_and_the_mode_standing():
    """Ann wins a Stuck King game against Bea and a bot: each account gets one row for every
    mode ("") and one for Stuck King, with games, wins and points."""
    ann, bea = accounts("Ann", "Bea")
    finish_game([ann, bea, BOT], [1, 2, 3], mode="stuck-king")
    assert kept(Standing, STANDING_KEY) == {
        (ann.pk, "disunyer", ""): (1, 1, 3, {}),
        (ann.pk, "disunyer", "stuck-king"): (1, 1, 3, {}),
        (bea.pk, "disunyer", ""): (1, 0, 2, {}),
        (bea.pk, "disunyer", "stuck-king"): (1, 0, 2, {}),
    }


def test_a_final_tie_counts_in_the_disunyer_counter():
    """Ann and Bea tie in the final: no win for either, and each standing counts one final tie."""
    ann, bea = accounts("Ann", "Bea")
    finish_game([ann, bea], [1, 1])
    assert Standing.objects.get(user=ann, mode="").counters == {"final_ties": 1}
    assert Standing.objects.get(user=bea, mode="standard").wins == 0


def test_guests_and_bots_never_get_standings():
    """Only accounts have standings: a guest's and a bot's results are recorded, not standings."""
    ann = account("Ann")
    finish_game([Guest("Zoe"), BOT, ann], [1, 3, 2])
    assert Result.objects.count() == 3
    assert set(Standing.objects.values_list("user_id", flat=True)) == {ann.pk}
    assert set(DailyStanding.objects.values_list("user_id", flat=True)) == {ann.pk}


def test_standings_after_many_games_equal_a_recount_from_the_results():
    """Sixty random games (both modes, accounts, guests and bots, tables of 2 to 8, ties
    and no-winner finals, over 40 days): the kept standings and daily standings equal a
    recount of the raw results, and an aggregate of the results table made by the database."""
    rng = random.Random(7)
    people = accounts("Ann", "Bea", "Carl", "Dora", "Eve", "Finn")
    now = timezone.now()
    for game_number in range(60):
        size = rng.randint(2, 8)
        seated = rng.sample(people, min(size, rng.randint(1, len(people))))
        others = [
            rng.choice([BOT, Guest(f"Guest{game_number}-{i}")]) for i in range(size - len(seated))
        ]
        players = seated + others
        rng.shuffle(players)
        finish_game(
            players,
            random_places(rng, size),
            mode=rng.choice(["standard", "stuck-king"]),
            finished_at=now - timedelta(days=rng.randint(0, 40), minutes=rng.randint(0, 600)),
        )
    standing, daily = recount(Result.objects.all())
    assert kept(Standing, STANDING_KEY) == recounted(standing)
    assert kept(DailyStanding, DAILY_KEY) == recounted(daily)
    by_database = {key: value[:3] for key, value in kept(Standing, STANDING_KEY).items()}
    assert by_database == counted_by_the_database()


def random_places(rng: random.Random, size: int) -> list[int]:
    """Places as a Disunyer game gives them: groups knocked out together share the best place;
    sometimes the last group ties for 1st with no winner."""
    seats = list(range(size))
    rng.shuffle(seats)
    groups, rest = [], seats
    while rest:
        take = min(len(rest), rng.choice([1, 1, 1, 2, 3]))
        groups.append(rest[:take])
        rest = rest[take:]
    if len(groups[-1]) > 1 and rng.random() < 0.5:
        groups.append([groups[-1].pop()])  # a single winner instead of a final tie
    places, next_place = [0] * size, 1
    for group in reversed(groups):
        for seat in group:
            places[seat] = next_place
        next_place += len(group)
    return places


def test_a_game_played_through_the_rooms_service_updates_the_standings():
    """Ann and Bea (accounts) play a whole game with a guest and bots through rooms.actions
    (timeouts for the people): when it ends, exactly Ann and Bea have standings, equal to
    their results."""
    from accounts.identity import Player
    from rooms.actions import lifecycle, play, seating
    from rooms.models import Room
    from tests.rooms.helpers import actor, fresh, overdue

    ann, bea = accounts("Ann", "Bea")
    people = [
        Player(name="Ann", user_id=ann.pk),
        Player(name="Bea", user_id=bea.pk),
        Player(name="Zoe", guest_id="zoe"),
    ]
    room = lifecycle.do_create_room(people[0], "disunyer", {"mode": "stuck-king"}, True)
    for person in people[1:]:
        seating.do_join(room.pk, person)
    for _ in range(5):
        seating.do_add_bot(room.pk, people[0], "easy")
    for _ in range(3000):
        room = fresh(room)
        if room.status != Room.Status.PLAYING:
            break
        seat = actor(room)
        if room.seats.get(index=seat).is_bot:
            play.do_bot_move(room.pk, room.version, seat, play.choose_bot_move(load_snapshot(room.pk), seat))
        else:
            overdue(room)
            play.do_timeout(room.pk, room.version)
    assert fresh(room).status == Room.Status.FINISHED
    for user in (ann, bea):
        result = Result.objects.get(room=room, user=user)
        for mode in ("", "stuck-king"):
            standing = Standing.objects.get(user=user, game="disunyer", mode=mode)
            assert (standing.games, standing.wins, standing.points) == (
                1,
                int(result.won),
                result.points,
            )
    assert set(Standing.objects.values_list("user_id", flat=True)) == {ann.pk, bea.pk}
