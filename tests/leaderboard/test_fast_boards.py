"""What makes the big boards fast changes nothing a player sees: every page, rank and
page count equals a recount, and a game, a void or a deactivation shows at once even
though the boards' shapes are cached."""

import random
import re
from collections import Counter
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from accounts import coins
from accounts.models import Wallet
from leaderboard import boards, shapes
from leaderboard.models import BoardStamp, RecentStanding, Standing
from leaderboard.services import roll_recent_window, set_active, void_game
from leaderboard.shapes import Shape
from leaderboard.views import BOARD_PAGE_SIZE
from tests.leaderboard.helpers import BOT, account, accounts, finish_game
from tests.leaderboard.test_pages import rows_of

pytestmark = pytest.mark.django_db

BOARD = reverse("leaderboard:board", args=["disunyer"])
RICHEST = reverse("leaderboard:richest")


def recounted_board(model) -> list[tuple[str, str, str]]:
    """(rank, username, points) of the whole Disunyer board, worked out from the standings
    here: points, wins, fewer games, the earlier account; rank = 1 + accounts with more points."""
    rows = sorted(
        model.objects.filter(game="disunyer", mode="", active=True).select_related("user"),
        key=lambda row: (-row.points, -row.wins, row.games, row.user_id),
    )
    return [
        (str(1 + sum(other.points > row.points for other in rows)), row.user.username, str(row.points))
        for row in rows
    ]


def board_pages(client, period: str) -> tuple[list, list[str]]:
    """Every row of every page of the board, and each page's "Page N of M"."""
    shown, headers, number = [], [], 1
    while True:
        html = client.get(BOARD, {"period": period, "page": number}).content.decode()
        shown += rows_of(html[: html.index("</tbody>")]) if "</tbody>" in html else []
        headers += re.findall(r"Page \d+ of \d+", html)
        if 'rel="next"' not in html:
            return shown, headers
        number += 1


def a_club_with_ties(rng, people: int = 70, games: int = 60):
    """``people`` accounts who played ``games`` small Disunyer tables over 40 days: many of
    them end on the same points."""
    players = accounts(*[f"P{n:02d}" for n in range(people)])
    now = timezone.now()
    for _ in range(games):
        size = rng.randint(2, 4)
        seated = rng.sample(players, size - 1) + [rng.choice([BOT, rng.choice(players)])]
        seated = list(dict.fromkeys(seated))  # nobody sits twice
        places = list(range(1, len(seated) + 1))
        rng.shuffle(places)
        finish_game(seated, places, finished_at=now - timedelta(days=rng.randint(0, 40), minutes=rng.randint(0, 60)))
    return players


@pytest.mark.parametrize("period, model", [("all", Standing), ("30d", RecentStanding)])
def test_every_page_of_a_board_with_ties_equals_a_recount(client, period, model):
    """Seventy players, many tied on points: read page by page, the board lists everyone
    once, in order, with the ranks a recount gives (ties straddling pages included), and
    every page says how many pages there are."""
    a_club_with_ties(random.Random(1))
    expected = recounted_board(model)
    boundaries = range(BOARD_PAGE_SIZE, len(expected), BOARD_PAGE_SIZE)
    assert any(expected[first - 1][0] == expected[first][0] for first in boundaries)  # a tie across pages
    shown, headers = board_pages(client, period)
    assert shown == expected
    pages = -(-len(expected) // BOARD_PAGE_SIZE)
    assert headers == [f"Page {number} of {pages}" for number in range(1, pages + 1)]


def test_your_rank_and_the_page_count_change_at_once_after_a_game_and_a_void(client):
    """Player29 looks at the board (its shape is now cached), wins a game, looks again:
    her new points and rank show at once, and so does a 31st player's extra page row;
    once that game is voided she is back where she was."""
    people = [account(f"Player{n:02d}") for n in range(1, 31)]
    finish_game(people, list(range(1, 31)))
    client.force_login(people[28])

    def own_row():
        html = client.get(BOARD).content.decode()
        return rows_of(html[html.index('data-testid="own-rank"') :]), re.search(r"Page \d+ of \d+", html)[0]

    assert own_row() == ([("29", "Player29", "4")], "Page 1 of 2")
    newcomer = account("Zed")
    won = finish_game([people[28], newcomer], [1, 2])  # 4 more points: 8, shared with Player27
    assert own_row() == ([("27", "Player29", "8")], "Page 1 of 2")
    assert "Zed" in client.get(BOARD, {"page": 2}).content.decode()
    void_game(won.pk, "Test")
    assert own_row() == ([("29", "Player29", "4")], "Page 1 of 2")


def test_every_change_of_a_board_renews_its_stamp():
    """A game, a void, a deactivation and the 30-day window moving on each give the boards
    they change a new stamp (so no shape cached before is read again); a save that leaves
    the account active changes nothing."""

    def stamps():
        return dict(BoardStamp.objects.values_list("board", "stamp"))

    ann, bea = accounts("Ann", "Bea")
    finish_game([ann, bea], [1, 2], finished_at=timezone.now() - timedelta(days=29))
    first = stamps()
    assert set(first) == {"disunyer:all", "disunyer:30d", "disunyer:rating"}
    room = finish_game([ann, bea], [2, 1])
    after_game = stamps()
    assert all(after_game[board] != first[board] for board in first)
    void_game(room.pk, "Test")
    after_void = stamps()
    assert all(after_void[board] != after_game[board] for board in after_void)
    bea.last_name = "B."
    bea.save()
    assert stamps() == after_void
    bea.is_active = False
    bea.save()
    deactivated = stamps()
    assert all(deactivated[board] != after_void[board] for board in deactivated)
    assert roll_recent_window(timezone.localdate() + timedelta(days=2)) > 0
    rolled = stamps()
    assert rolled["disunyer:30d"] != deactivated["disunyer:30d"]
    assert rolled["disunyer:all"] == deactivated["disunyer:all"]
    assert rolled["disunyer:rating"] == deactivated["disunyer:rating"]


@override_settings(CACHES={"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}})
def test_without_a_cache_the_board_is_counted_on_every_view(client):
    """With no cache at all (or a cache that is down) every view counts the board itself."""
    people = [account(f"Player{n:02d}") for n in range(1, 31)]
    finish_game(people, list(range(1, 31)))
    html = client.get(BOARD, {"page": 2}).content.decode()
    assert [rank for rank, _, _ in rows_of(html)] == ["26", "27", "28", "29", "30"]
    assert "Page 2 of 2" in html


def test_a_shape_ranks_and_locates_rows():
    """Points 10 (2 accounts), 7 (3), 3 (1): ranks 1, 3, 6; row 4 (0 first) has 7 points
    and 2 of the 7-point rows before it."""
    shape = Shape.of([(10, 2), (7, 3), (3, 1)])
    assert shape.total == 6
    assert [shape.rank(points) for points in (11, 10, 8, 7, 3, 0)] == [1, 1, 3, 3, 6, 7]
    assert [shape.locate(position) for position in range(6)] == [(10, 0), (10, 1), (7, 0), (7, 1), (7, 2), (3, 0)]


def test_shapes_are_cached_under_the_boards_stamp(client):
    """The board's shape is read from the cache under the board's current stamp."""
    (ann,) = accounts("Ann")
    finish_game([ann, BOT], [1, 2])
    client.get(BOARD)
    assert shapes.read("disunyer:all", stamp_of("disunyer:all")) == Shape((2,), (0,), 1)


def stamp_of(board: str) -> int:
    return BoardStamp.objects.get(board=board).stamp


def counted(board: str) -> Shape:
    """The board's shape, counted here from the standings."""
    game, period = board.split(":")
    model = RecentStanding if period == "30d" else Standing
    points = model.objects.filter(game=game, mode="", active=True, games__gt=0).values_list("points", flat=True)
    return Shape.of(sorted(Counter(points).items(), reverse=True))


def test_games_and_voids_carry_the_cached_shapes_to_the_new_stamps(client, django_capture_on_commit_callbacks):
    """Once the boards have been read, forty random games (some more than 30 days old,
    some voided) each leave under the boards' new stamps a shape equal to a recount,
    carried over rather than counted again: the next view of the board counts nothing.
    A deactivation is not carried over: the next views count the boards again, and the
    games after it are carried from there."""
    rng = random.Random(5)
    people = accounts(*[f"P{n:02d}" for n in range(12)])
    finish_game(people[:3], [1, 2, 3])
    for period in ("all", "30d"):
        client.get(BOARD, {"period": period})
    rooms = []
    for number in range(40):
        if number == 20:
            people[0].is_active = False
            people[0].save()
            for period in ("all", "30d"):
                client.get(BOARD, {"period": period})
        with django_capture_on_commit_callbacks(execute=True):
            if number % 7 == 6:
                void_game(rooms.pop(rng.randrange(len(rooms))).pk, "Test")
            else:
                seated = rng.sample(people, rng.randint(2, 5))
                places = rng.sample(range(1, len(seated) + 1), len(seated))
                days_ago = rng.choice([0, 3, 45])
                rooms.append(finish_game(seated, places, finished_at=timezone.now() - timedelta(days=days_ago)))
        for board in ("disunyer:all", "disunyer:30d"):
            assert shapes.read(board, stamp_of(board)) == counted(board), (number, board)
    with CaptureQueriesContext(connection) as queries:
        client.get(BOARD)
    assert not any("GROUP BY" in query["sql"] for query in queries.captured_queries)


def test_the_30_day_window_moving_on_carries_the_shape(client, django_capture_on_commit_callbacks):
    """Games of 29 and 28 days ago and of today; two days later the first two leave the
    window: the 30-day shape under the new stamp equals a recount."""
    ann, bea, carl = accounts("Ann", "Bea", "Carl")
    for days_ago, players in ((29, [ann, bea]), (28, [bea, carl]), (0, [carl, ann])):
        finish_game(players, [1, 2], finished_at=timezone.now() - timedelta(days=days_ago))
    client.get(BOARD, {"period": "30d"})
    with django_capture_on_commit_callbacks(execute=True):
        assert roll_recent_window(timezone.localdate() + timedelta(days=2)) > 0
    carried = shapes.read("disunyer:30d", stamp_of("disunyer:30d"))
    assert carried == counted("disunyer:30d") == Shape.of([(4, 1), (2, 1)])  # Carl 4, Ann 2: today's game


def test_a_shape_counted_while_the_board_changed_is_not_kept(monkeypatch):
    """If the board's stamp changed while its shape was counted, that count is used for
    the page but not cached under the old stamp (a later carry would build on it)."""
    (ann,) = accounts("Ann")
    finish_game([ann, BOT], [1, 2])
    stamps = iter([111, 222])
    monkeypatch.setattr(boards, "board_stamp", lambda board: next(stamps))
    assert boards.shape("disunyer", "all") == Shape((2,), (0,), 1)
    assert shapes.read("disunyer:all", 111) is None and shapes.read("disunyer:all", 222) is None


def test_moving_accounts_changes_a_shape_like_a_recount():
    """Points 10 (2 accounts), 7 (3): one 10 leaves the board, a 7 moves to 12, a newcomer
    comes in with 7: 12 (1), 10 (1), 7 (3)."""
    moved = Shape.of([(10, 2), (7, 3)]).moved([(10, None), (7, 12), (None, 7)])
    assert moved == Shape.of([(12, 1), (10, 1), (7, 3)])


# ----------------------------------------------------------------------------- richest


def with_coins(name: str, balance: int):
    user = account(name)
    Wallet.objects.update_or_create(user=user, defaults={"balance": balance})
    return user


def test_the_richest_ranks_ties_straddling_a_page_like_a_recount(client):
    """24 players with more coins than the last six, who hold 100 each (positions 25 to
    30): page 1 ends with rank 25, page 2 shows rank 25 five times; Tie6, on page 2, sees
    her row there, and from page 1 below the table."""
    for n in range(1, 25):
        with_coins(f"Rich{n:02d}", 10_000 - n)
    ties = [with_coins(f"Tie{n}", 100) for n in range(1, 7)]
    first = rows_of_richest(client.get(RICHEST).content.decode())
    assert first[-1] == ("25", "Tie1", "100")
    second = rows_of_richest(client.get(RICHEST, {"page": 2}).content.decode())
    assert second == [("25", f"Tie{n}", "100") for n in range(2, 7)]
    client.force_login(ties[5])
    html = client.get(RICHEST).content.decode()
    assert rows_of_richest(html[html.index('data-testid="own-rank"') :]) == [("25", "Tie6", "100")]


def rows_of_richest(html: str) -> list[tuple[str, str, str]]:
    return re.findall(
        r'<td class="num rank">(\d+)</td>\s*<td class="player-name"><a href="[^"]+">([^<]+)</a>.*?'
        r'<td class="num coins">(\d+)</td>',
        html,
        re.DOTALL,
    )


def test_inactive_accounts_are_hidden_from_the_richest_players(client):
    """An account created inactive (its wallet opened by staff's coins), one deactivated
    and one switched off in bulk (with ``set_active``, as signals are bypassed) are not
    listed; activated again, one is back."""
    with_coins("Ann", 500)
    made_inactive = get_user_model().objects.create_user(username="Ghost", password=None, is_active=False)
    staff = get_user_model().objects.create_user(username="Sam", password=None, is_staff=True)
    coins.grant(made_inactive, 8_000, "Test: a rich ghost", staff)
    gone = with_coins("Gone", 8_000)
    gone.is_active = False
    gone.save()
    bulk = with_coins("Bulk", 7_000)
    get_user_model().objects.filter(pk=bulk.pk).update(is_active=False)
    set_active(bulk.pk, False)
    assert [name for _, name, _ in rows_of_richest(client.get(RICHEST).content.decode())] == ["Ann"]
    gone.is_active = True
    gone.save(update_fields=["is_active"])
    assert [name for _, name, _ in rows_of_richest(client.get(RICHEST).content.decode())] == ["Gone", "Ann"]


def test_profile_links_are_the_urls_django_reverses(client):
    """Usernames with characters that URLs keep or quote link to their own profiles, on
    the board and in a game's table."""
    names = ["a+b@c.d", "José_ü-1"]
    players = accounts(*names)
    finish_game([*players, BOT], [1, 2, 3])
    for page in (client.get(BOARD), client.get(reverse("player_profile", args=[names[0]]))):
        html = page.content.decode()
        for name in names:
            assert f'<a href="{reverse("player_profile", args=[name])}">{name}</a>' in html
