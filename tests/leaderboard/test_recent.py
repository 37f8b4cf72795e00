"""The last-30-days standings: kept with the daily ones, moved on as days pass, and
the boards' copy of an account's active flag."""

import random
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from leaderboard.models import DailyStanding, RecentStanding, RecentWindow, Result, Standing
from leaderboard.services import STANDING_KEY, roll_recent_window, void_game, window_start
from tests.leaderboard.helpers import BOT, Guest, accounts, finish_game
from tests.leaderboard.test_standings import kept, random_places

pytestmark = pytest.mark.django_db

BOARD = reverse("leaderboard:board", args=["disunyer"])


def summed_days(start) -> dict:
    """The daily standings from ``start`` on, summed per account, game and mode."""
    totals: dict[tuple[int, str, str], tuple[int, int, int, dict[str, int]]] = {}
    for row in DailyStanding.objects.filter(day__gte=start):
        key = (row.user_id, row.game, row.mode)
        games, wins, points, counters = totals.get(key, (0, 0, 0, {}))
        merged = dict(counters)
        for name, value in row.counters.items():
            merged[name] = merged.get(name, 0) + value
        totals[key] = (games + row.games, wins + row.wins, points + row.points, dict(sorted(merged.items())))
    return totals


def play_days(people, rng, days_ago_range, count=30):
    now = timezone.now()
    rooms = []
    for number in range(count):
        size = rng.randint(2, 6)
        seated = rng.sample(people, min(size, rng.randint(1, len(people))))
        players = seated + [rng.choice([BOT, Guest(f"G{number}-{i}")]) for i in range(size - len(seated))]
        rng.shuffle(players)
        rooms.append(
            finish_game(
                players,
                random_places(rng, size),
                mode=rng.choice(["standard", "stuck-king"]),
                finished_at=now - timedelta(days=rng.randint(*days_ago_range), minutes=rng.randint(0, 60)),
            )
        )
    return rooms


def test_recent_standings_equal_the_daily_standings_of_the_window():
    """Forty random games over 45 days: the recent standings are the sum of the daily
    standings from the window's first day (29 days ago) on, final ties included."""
    rng = random.Random(3)
    people = accounts("Ann", "Bea", "Carl", "Dora")
    play_days(people, rng, (0, 45), count=40)
    assert RecentWindow.objects.get().start == window_start()
    assert kept(RecentStanding, STANDING_KEY) == summed_days(window_start())


def test_the_window_moves_on_and_old_days_leave_it():
    """Ten days later (asked of roll_recent_window), the days that left the window are
    subtracted; rolling again changes nothing; later games and voids keep it exact."""
    rng = random.Random(5)
    people = accounts("Ann", "Bea", "Carl")
    rooms = play_days(people, rng, (0, 29), count=30)
    later = timezone.localdate() + timedelta(days=10)
    assert roll_recent_window(later) > 0
    assert RecentWindow.objects.get().start == window_start(later)
    assert kept(RecentStanding, STANDING_KEY) == summed_days(window_start(later))
    assert roll_recent_window(later) == 0
    void_game(rooms[0].pk, "Test")  # maybe in the window, maybe not: either way exact
    void_game(rooms[-1].pk, "Test")
    assert kept(RecentStanding, STANDING_KEY) == summed_days(window_start(later))


def test_a_void_outside_the_window_leaves_the_recent_standings_alone():
    """Ann's game of 40 days ago is voided: all-time changes, the last 30 days do not."""
    ann, bea = accounts("Ann", "Bea")
    old = finish_game([ann, bea], [1, 2], finished_at=timezone.now() - timedelta(days=40))
    finish_game([ann, bea], [2, 1])
    before = kept(RecentStanding, STANDING_KEY)
    void_game(old.pk, "Test")
    assert kept(RecentStanding, STANDING_KEY) == before
    assert Standing.objects.get(user=ann, mode="").games == 1


def test_a_deactivated_account_leaves_both_boards_and_comes_back(client):
    """Staff deactivate Bea: she is on neither board; activated again, she is back."""
    ann, bea = accounts("Ann", "Bea")
    finish_game([ann, bea, BOT], [2, 1, 3])

    def names(period):
        html = client.get(BOARD, {"period": period}).content.decode()
        return [name for name in ("Ann", "Bea") if f">{name}</a>" in html]

    bea.is_active = False
    bea.save()
    assert names("all") == names("30d") == ["Ann"]
    assert not RecentStanding.objects.filter(user=bea, active=True).exists()
    bea.is_active = True
    bea.save(update_fields=["is_active"])
    assert names("all") == names("30d") == ["Ann", "Bea"]


def test_equal_points_wins_and_games_go_to_the_earlier_account(client):
    """Bea signed up before Ann; they tie on points, wins and games: Bea is listed first
    (both rank 1)."""
    bea, ann = accounts("Bea", "Ann")
    finish_game([ann, bea], [1, 1])
    html = client.get(BOARD).content.decode()
    assert html.index(">Bea</a>") < html.index(">Ann</a>")
    assert Result.objects.count() == 2


def test_a_board_read_a_moment_ago_hides_no_row(client):
    """The board's shape is cached once read; a player who finishes a first game right
    after is on the page at once."""
    ann, bea, carl = accounts("Ann", "Bea", "Carl")
    finish_game([ann, BOT], [1, 2])
    assert ">Bea</a>" not in client.get(BOARD).content.decode()
    finish_game([bea, carl], [1, 2])
    html = client.get(BOARD).content.decode()
    assert ">Bea</a>" in html and ">Carl</a>" in html and ">Ann</a>" in html
