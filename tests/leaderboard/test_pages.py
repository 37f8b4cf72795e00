"""The leaderboard, profile and game-list pages."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from leaderboard.services import void_game
from leaderboard.views import BOARD_PAGE_SIZE
from tests.leaderboard.helpers import BOT, Guest, account, accounts, finish_game

pytestmark = pytest.mark.django_db

BOARD = reverse("leaderboard:board", args=["disunyer"])


def rows_of(html: str) -> list[tuple[str, str, str]]:
    """(rank, username, points) of every board row, in page order."""
    return re.findall(
        r'<td class="num rank">(\d+)</td>\s*<td class="player-name"><a href="[^"]+">([^<]+)</a>.*?'
        r'<td class="num points"[^>]*>(-?\d+)</td>',
        html,
        re.DOTALL,
    )


def ladder(count: int):
    """``count`` accounts, Player01 … at one table of people only where PlayerNN finishes
    NNth: each has a different score, 2 × (count + 1 - NN) (doubled: no bots)."""
    people = [account(f"Player{n:02d}") for n in range(1, count + 1)]
    finish_game(people, list(range(1, count + 1)))
    return people


def test_the_board_paginates_and_ranks_by_points(client):
    """Thirty accounts: page 1 shows the best 25 by points (doubled, no bots) with their
    ranks, page 2 the last 5."""
    ladder(30)
    html = client.get(BOARD).content.decode()
    rows = rows_of(html)
    assert len(rows) == BOARD_PAGE_SIZE == 25
    assert rows[0] == ("1", "Player01", "60") and rows[-1] == ("25", "Player25", "12")
    assert "Page 1 of 2" in html
    second = rows_of(client.get(BOARD, {"page": 2}).content.decode())
    assert [name for _, name, _ in second] == [f"Player{n}" for n in range(26, 31)]
    assert second[0][0] == "26"


def test_your_row_is_highlighted_on_the_page(client):
    """Logged in as Player03, your row on page 1 carries the highlight and nothing is repeated below."""
    people = ladder(30)
    client.force_login(people[2])
    html = client.get(BOARD).content.decode()
    assert html.count('data-testid="my-row"') == 1
    assert re.search(r'class="me"[^>]*>\s*<td class="num rank">3</td>', html)
    assert 'data-testid="own-rank"' not in html


def test_your_rank_is_shown_below_the_table_when_off_the_page(client):
    """Player29 is on page 2: page 1 shows her row, rank 29, below the table, highlighted."""
    people = ladder(30)
    client.force_login(people[28])
    html = client.get(BOARD).content.decode()
    own = html[html.index('data-testid="own-rank"') :]
    assert rows_of(own) == [("29", "Player29", "4")]
    assert 'data-testid="my-row"' in own


def test_equal_points_share_a_rank(client):
    """Ann and Bea tie for 1st with no winner (4 points each), Carl is 3rd: ranks 1, 1, 3."""
    ann, bea, carl = accounts("Ann", "Bea", "Carl")
    finish_game([ann, bea, carl, BOT], [1, 1, 3, 4])
    rows = rows_of(client.get(BOARD).content.decode())
    assert [(rank, name) for rank, name, _ in rows] == [("1", "Ann"), ("1", "Bea"), ("3", "Carl")]


def test_the_board_shows_games_and_wins_per_mode(client):
    """One board for both modes: Ann's row shows 3 games and 2 wins in all, 2 / 1 in
    Standard and 1 / 1 in Stuck King."""
    ann, bea = accounts("Ann", "Bea")
    finish_game([ann, bea], [1, 2], mode="standard")
    finish_game([ann, bea], [2, 1], mode="standard")
    finish_game([ann, bea, BOT], [1, 2, 3], mode="stuck-king")
    html = client.get(BOARD).content.decode()
    ann_row = html[html.index(">Ann</a>") : html.index(">Bea</a>")]
    counts = re.findall(r'<td class="num(?: points)?"[^>]*>(\d+)</td>', ann_row)
    assert counts == ["9", "3", "2"]  # 4 + 2 (doubled: no bots) + 3 points, 3 games, 2 wins
    assert re.findall(r'title="([^"]+)">(\d+) / (\d+)<', ann_row) == [
        ("Standard: 2 played, 1 won", "2", "1"),
        ("Stuck King: 1 played, 1 won", "1", "1"),
    ]


def test_last_30_days_leaves_older_games_out(client):
    """Bea's only game is 31 days old: she is on the all-time board, not on the last-30-days one."""
    ann, bea = accounts("Ann", "Bea")
    finish_game([bea, BOT], [1, 2], finished_at=timezone.now() - timedelta(days=31))
    finish_game([ann, BOT], [2, 1], finished_at=timezone.now() - timedelta(days=29))
    all_time = [name for _, name, _ in rows_of(client.get(BOARD).content.decode())]
    recent = [name for _, name, _ in rows_of(client.get(BOARD, {"period": "30d"}).content.decode())]
    assert all_time == ["Bea", "Ann"] and recent == ["Ann"]


def test_guests_bots_and_voided_games_never_appear_on_the_board(client):
    """A guest and a bot beat Ann: only Ann is on the board; once Carl's game is voided he is gone."""
    ann, carl = accounts("Ann", "Carl")
    finish_game([Guest("Zoe"), BOT, ann], [1, 2, 3])
    voided = finish_game([carl, BOT], [1, 2])
    void_game(voided.pk, "Test")
    html = client.get(BOARD).content.decode()
    assert [name for _, name, _ in rows_of(html)] == ["Ann"]
    assert "Zoe" not in html and "Carl" not in html


def test_guests_are_asked_to_sign_up_and_the_nav_links_the_board(client):
    """A guest sees a sign-up prompt on the board; the nav's Leaderboard link leads to Disunyer's."""
    html = client.get(BOARD).content.decode()
    assert "Sign up</a> to appear on the leaderboard" in html
    assert f'href="{reverse("leaderboard:index")}">Leaderboard</a>' in html
    assert client.get(reverse("leaderboard:index")).url == BOARD


def test_an_unknown_game_has_no_board(client):
    """/leaderboard/<game>/ for a game the club does not offer is a 404."""
    assert client.get("/leaderboard/poker/").status_code == 404


def test_other_games_boards_render_empty(client):
    """Dayous and Court Piece have boards already; with no results they say so."""
    response = client.get(reverse("leaderboard:board", args=["dayous"]))
    assert response.status_code == 200 and "No Dayous games" in response.content.decode()


def test_a_profile_shows_per_mode_stats_and_recent_games_with_their_final_tables(client):
    """Ann's profile: Disunyer games, wins and points per mode and in all, her final ties,
    and her recent games, each with the players' places and points and a link to the final table."""
    ann, bea = accounts("Ann", "Bea")
    finish_game([ann, bea], [1, 2], mode="standard")
    finish_game([ann, bea, Guest("Zoe")], [1, 1, 3], mode="stuck-king")
    last = finish_game([bea, ann, BOT], [1, 2, 3], mode="stuck-king")
    html = client.get(reverse("player_profile", args=["ann"])).content.decode()
    stats = html[html.index('data-testid="stats-disunyer"') : html.index("Recent games")]
    lines = re.findall(
        r'<th scope="row">([^<]+)</th><td class="num">(\d+)</td><td class="num">(\d+)</td><td class="num">(\d+)</td>',
        stats,
    )
    # Standard: 1st of 2, doubled = 4. Stuck King: 1st of 3 in a final tie, doubled (a guest is
    # no bot) = 6, then 2nd of 3 with a bot = 2.
    assert lines == [
        ("Standard", "1", "1", "4"),
        ("Stuck King", "2", "0", "8"),
        ("All modes", "3", "1", "12"),
    ]
    assert "Final ties (no winner): <strong>1</strong>" in stats
    records = html[html.index("Recent games") :]
    assert records.count('data-testid="game-record"') == 3
    assert records.index(f'href="/rooms/{last.code}/"') < records.index("Standard")
    first_record = records[
        : records.index('data-testid="game-record"', records.index('data-testid="game-record"') + 1)
    ]
    assert "<strong>2nd</strong> of 3" in first_record
    assert re.search(r'1st</span>\s*<a href="/players/Bea/">Bea</a>', first_record)
    assert re.search(
        r'3rd</span>\s*<span>Bot 3</span>\s*<span class="tag bot">bot</span>', first_record
    )


def test_profiles_escape_names_and_match_usernames_whatever_their_case(client):
    """A guest named <b>Zoe</b> shows as text; /players/ANN/ is Ann's profile; unknown names are 404."""
    (ann,) = accounts("Ann")
    finish_game([ann, Guest("<b>Zoe</b>")], [1, 2])
    html = client.get("/players/ANN/").content.decode()
    assert "&lt;b&gt;Zoe&lt;/b&gt;" in html and "<b>Zoe</b>" not in html
    assert client.get("/players/nobody/").status_code == 404


def test_my_games_lists_an_accounts_games_with_voided_ones_marked(client):
    """Ann's own list shows every game, the voided one marked; her public profile leaves it out."""
    ann, bea = accounts("Ann", "Bea")
    finish_game([ann, bea], [1, 2])
    voided = finish_game([ann, BOT], [2, 1])
    void_game(voided.pk, "Bug")
    client.force_login(ann)
    mine = client.get(reverse("my_games")).content.decode()
    assert mine.count('data-testid="game-record"') == 2
    assert mine.count('class="tag voided"') == 1
    public = client.get(reverse("player_profile", args=["Ann"])).content.decode()
    assert public.count('data-testid="game-record"') == 1


def test_my_games_paginates(client):
    """Twenty-two games: page 1 shows 20, page 2 the oldest 2."""
    ann = account("Ann")
    for _ in range(22):
        finish_game([ann, BOT], [1, 2])
    client.force_login(ann)
    assert client.get(reverse("my_games")).content.decode().count('data-testid="game-record"') == 20
    assert (
        client.get(reverse("my_games"), {"page": 2})
        .content.decode()
        .count('data-testid="game-record"')
        == 2
    )


def test_guests_are_asked_to_sign_up_to_keep_their_results(client):
    """A guest's /me/games/ lists nothing and asks them to sign up to keep their results."""
    html = client.get(reverse("my_games")).content.decode()
    assert 'data-testid="signup-prompt"' in html and reverse("accounts:signup") in html


@pytest.mark.parametrize("period", ["all", "30d"])
def test_the_board_reads_standings_never_the_results_table(client, period):
    """Both board views are served from the kept standings in a few queries, whatever the
    number of players and games: no query reads the results table."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    people = ladder(30)
    client.force_login(people[28])
    with CaptureQueriesContext(connection) as queries:
        assert client.get(BOARD, {"period": period}).status_code == 200
    sql = [query["sql"] for query in queries.captured_queries]
    assert not any("leaderboard_result" in statement for statement in sql)
    assert len(sql) <= 12
