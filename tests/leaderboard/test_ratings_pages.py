"""Ratings on the pages: the rating board, profiles with their history chart, the
ratings next to names at a table, and the bot levels' fitted ratings."""

import re

import pytest
from django.urls import reverse

from games.registry import GAMES
from leaderboard import botfit, rating_boards, ratings, shapes
from leaderboard.charts import rating_chart, tick_step
from leaderboard.models import Rating
from leaderboard.rating_boards import Badge, table_badges
from leaderboard.rating_services import rating_board as rating_board_name
from leaderboard.services import void_game
from leaderboard.shapes import Shape
from leaderboard.stamps import board_stamp
from rooms.models import Seat
from tests.leaderboard.helpers import BOT, Bot, Guest, account, accounts, finish_game

pytestmark = pytest.mark.django_db


def board_rows(html: str) -> list[tuple[str, str, str]]:
    """(rank, player, rating) of every row of the rating board, own row included."""
    return re.findall(
        r'<td class="num rank">(\d+)</td>\s*<td class="player-name"><a href="[^"]+">([^<]+)</a>.*?</td>\s*'
        r'<td class="num rating">(.*?)</td>',
        html,
        flags=re.S,
    )


def chart_points(html: str) -> list[str]:
    """The points of the first rating chart in ``html``."""
    chart = re.search(r'<svg class="rating-chart".*?<polyline points="([^"]+)"', html, flags=re.S)
    assert chart is not None, "no rating chart"
    return chart.group(1).split()


def test_the_rating_board_ranks_accounts_by_shown_rating_and_marks_provisional_ones(client):
    """Ann beats Bea ten times (a bot between them): both are settled, Ann above Bea;
    Carl, with one game, is marked "?". The rows come in rating order, Bea's highlighted."""
    ann, bea, carl = accounts("Ann", "Bea", "Carl")
    for _ in range(ratings.PROVISIONAL_GAMES):
        finish_game([ann, bea, BOT], [1, 3, 2])
    finish_game([carl, BOT], [1, 2])
    client.force_login(bea)
    response = client.get(reverse("leaderboard:rating_board", args=["disunyer"]))
    assert response.status_code == 200
    rows = board_rows(response.content.decode())
    shown = {name: rating for _, name, rating in rows}
    assert [name for _, name, _ in rows] == [
        row.user.username for row in Rating.objects.filter(game="disunyer").order_by("-display", "user_id")
    ]
    assert shown["Ann"] == str(Rating.objects.get(user=ann).display)
    assert shown["Carl"].startswith(str(Rating.objects.get(user=carl).display)) and "?" in shown["Carl"]
    assert "?" not in shown["Bea"]
    assert int(shown["Ann"]) > int(shown["Bea"])
    my_row = r'<tr class="me"[^>]*>\s*<td class="num rank">\d+</td>\s*<td class="player-name"><a href="[^"]+">Bea<'
    assert re.search(my_row, response.content.decode())


def test_equal_ratings_share_a_rank_and_the_viewers_row_shows_off_its_page(client):
    """Twenty-eight accounts, each with one win over a bot (equal ratings: one shared
    rank) and Zed, who lost: Zed's own row is shown below page one, with the last rank."""
    people = accounts(*[f"P{number:02d}" for number in range(28)])
    for person in people:
        finish_game([person, BOT], [1, 2])
    zed = account("Zed")
    finish_game([BOT, zed], [1, 2])
    client.force_login(zed)
    html = client.get(reverse("leaderboard:rating_board", args=["disunyer"])).content.decode()
    rows = board_rows(html)
    assert [rank for rank, _, _ in rows] == ["1"] * 25 + ["29"]
    assert rows[-1][1] == "Zed" and 'data-testid="own-rank"' in html
    assert "Page 1 of 2" in html


def recounted(game: str) -> tuple:
    """The rating board's shape counted from the ratings, as (displays, accounts ahead, total)."""
    counts: dict[int, int] = {}
    for display in Rating.objects.filter(game=game, active=True).values_list("display", flat=True):
        counts[display] = counts.get(display, 0) + 1
    shape = Shape.of(sorted(counts.items(), reverse=True))
    return shape.points, shape.ahead, shape.total


def test_a_game_carries_the_rating_boards_shape_and_a_void_has_it_counted_again(
    client, django_capture_on_commit_callbacks
):
    """The board's shape (ranks, pages) is cached under its stamp: each game renews the
    stamp and carries the shape over with the accounts' moves — it equals a recount, and
    the board shows the new ranks at once; a void renews the stamp without a carry."""
    people = accounts("Ann", "Bea", "Carl", "Dora")
    finish_game(people[:2], [1, 2])
    client.get(reverse("leaderboard:rating_board", args=["disunyer"]))  # counted and cached
    stamp = board_stamp(rating_board_name("disunyer"))
    with django_capture_on_commit_callbacks(execute=True):
        room = finish_game([people[2], people[0], people[3]], [1, 3, 2])
    new_stamp = board_stamp(rating_board_name("disunyer"))
    assert new_stamp != stamp
    carried = shapes.read(rating_board_name("disunyer"), new_stamp)
    assert carried is not None and (carried.points, carried.ahead, carried.total) == recounted("disunyer")
    rows = board_rows(client.get(reverse("leaderboard:rating_board", args=["disunyer"])).content.decode())
    assert [name for _, name, _ in rows] == [
        row.user.username for row in Rating.objects.filter(game="disunyer").order_by("-display", "user_id")
    ]
    void_game(room.pk, "Test")
    assert shapes.read(rating_board_name("disunyer"), board_stamp(rating_board_name("disunyer"))) is None
    assert rating_boards.shape("disunyer").total == 2


def test_the_rating_board_reads_a_fixed_number_of_queries(client, django_assert_max_num_queries):
    """However many rows, a page costs the same few queries (no query per row)."""
    people = accounts(*[f"P{number:02d}" for number in range(12)])
    for first, second in zip(people[::2], people[1::2]):
        finish_game([first, second, Guest("Zoe")], [1, 2, 3])
    client.force_login(people[0])
    with django_assert_max_num_queries(8):
        assert client.get(reverse("leaderboard:rating_board", args=["disunyer"])).status_code == 200


def test_every_points_board_links_to_the_rating_board_and_back(client):
    """The points boards and the richest players link to the game's rating board; an unknown game is not found."""
    for url in (reverse("leaderboard:board", args=["dayous"]), reverse("leaderboard:richest")):
        html = client.get(url).content.decode()
        game = "dayous" if "dayous" in url else "courtpiece"
        assert reverse("leaderboard:rating_board", args=[game]) in html
    html = client.get(reverse("leaderboard:rating_board", args=["dayous"])).content.decode()
    assert reverse("leaderboard:board", args=["dayous"]) in html
    assert "No Dayous game has been rated yet." in html and "you have no rating" in html
    assert client.get(reverse("leaderboard:rating_board", args=["chess"])).status_code == 404


def test_a_profile_shows_each_games_rating_and_its_history_as_an_svg_chart(client):
    """Ann played three rated Disunyer games and one Court Piece table: her profile shows
    both ratings, provisional, with how many games remain, and each history's chart: a
    point for the start and one for each game."""
    ann, bea, carl, dora = accounts("Ann", "Bea", "Carl", "Dora")
    for places in ([1, 2], [2, 1], [1, 2]):
        finish_game([ann, bea], places)
    finish_game([ann, bea, carl, dora], [1, 3, 1, 3], game="courtpiece", mode="", options={}, winners=[0, 2])
    html = client.get(reverse("player_profile", args=["ann"])).content.decode()
    disunyer = html[html.index('data-testid="rating-disunyer"'):html.index('data-testid="stats-courtpiece"')]
    courtpiece = html[html.index('data-testid="rating-courtpiece"'):]
    shown = Rating.objects.get(user=ann, game="disunyer").display
    assert f'<strong class="rating">{shown}<abbr class="provisional"' in disunyer
    assert "3 rated games" in disunyer and "provisional for 7 more" in disunyer
    assert len(chart_points(disunyer)) == 4
    assert "<script" not in disunyer and "style=" not in disunyer
    assert "1 rated table " in courtpiece and len(chart_points(courtpiece)) == 2


def test_a_voided_game_leaves_the_profile_chart(client):
    """Voiding one of Ann's two games leaves one step: one rated game, a chart of two points."""
    ann, bea = accounts("Ann", "Bea")
    finish_game([ann, bea], [1, 2])
    second = finish_game([ann, bea], [1, 2])
    void_game(second.pk, "Replayed")
    html = client.get(reverse("player_profile", args=["Ann"])).content.decode()
    assert "1 rated game " in html and len(chart_points(html)) == 2


def test_the_chart_marks_round_steps_and_the_provisional_games():
    """A chart from 1000 to 1180 over three games: grid lines every 50, the provisional
    games shaded, the last point marked; every number in it is ours (nothing escaped away)."""
    svg = str(rating_chart([1000, 1060, 1120, 1180], 0, 10))
    assert tick_step(1000, 1180) == 50
    assert [int(value) for value in re.findall(r'text-anchor="end" fill="[^"]+">(\d+)<', svg)] == [
        1000, 1050, 1100, 1150, 1200
    ]
    assert "provisional" in svg and svg.count("<circle") == 1
    assert svg.startswith('<svg class="rating-chart"') and svg.endswith("</svg>")
    assert "provisional" not in str(rating_chart([1500, 1510], 40, 10))


def test_the_ratings_next_to_names_at_a_table(django_assert_num_queries):
    """At a table: Ann's rating (settled), a new account's provisional 1000?, a bot level's
    fixed rating, nothing for a guest or an empty seat — in one query."""
    ann, bea, new = accounts("Ann", "Bea", "New")
    for _ in range(ratings.PROVISIONAL_GAMES):
        finish_game([ann, bea], [1, 2])
    seats = [
        Seat(index=0, user=ann), Seat(index=1, user=new), Seat(index=2, bot_level="strong"),
        Seat(index=3, guest_id="g-zoe"), Seat(index=4),
    ]
    with django_assert_num_queries(1):
        badges = table_badges("disunyer", seats)
    settled = Rating.objects.get(user=ann, game="disunyer")
    assert badges == [
        Badge(settled.display, False),
        Badge(1000, True),
        Badge(ratings.bot_skill("disunyer", "strong").display, False),
        None,
        None,
    ]
    assert [str(badge) for badge in badges[:3]] == [str(settled.display), "1000?", str(badges[2].display)]


def test_bot_levels_are_ordered_in_every_game():
    """The fitted levels: easy below normal in every game, strong above it in Dayous and
    Court Piece and within the fit's reach of it in Disunyer (docs/ratings.md)."""
    mu = {game.slug: {level: ratings.bot_skill(game.slug, level).mu for level in game.bots} for game in GAMES}
    for game, levels in mu.items():
        assert levels["easy"] < levels["normal"] == ratings.NEW_MU
        assert levels["strong"] > levels["normal"] - 1, game
    assert mu["dayous"]["strong"] > ratings.NEW_MU + 3 < mu["courtpiece"]["strong"]


def test_the_fit_finds_the_stronger_level_above_the_anchor_and_a_tie_at_it():
    """Hand-made tournaments: a kind that always beats the anchor is fitted above it (and
    more so with more games, with a smaller ±); a kind that wins half is fitted at it."""
    always = [botfit.Game(("strong", "rule"), (1, 2)), botfit.Game(("rule", "strong"), (2, 1))]
    half = [botfit.Game(("strong", "rule"), (1, 2)), botfit.Game(("rule", "strong"), (1, 2))]
    few = botfit.fit("disunyer", always * 3, "strong", {"rule": 25})
    many = botfit.fit("disunyer", always * 30, "strong", {"rule": 25})
    even = botfit.fit("disunyer", half * 30, "strong", {"rule": 25})
    assert 25 < few.mu < many.mu and many.sd < few.sd
    assert even.mu == pytest.approx(25, abs=0.01)
    teams = botfit.fit("courtpiece", [botfit.Game(("strong", "rule") * 2, (1, 3, 1, 3))] * 5, "strong", {"rule": 25})
    assert teams.mu > 25


def test_a_game_against_bots_uses_the_level_each_seat_had():
    """The result keeps each bot seat's level: what a replay rates it with."""
    (ann,) = accounts("Ann")
    room = finish_game([ann, Bot(level="easy"), Bot(level="strong")], [3, 2, 1])
    assert list(room.results.order_by("seat").values_list("bot_level", flat=True)) == ["", "easy", "strong"]
