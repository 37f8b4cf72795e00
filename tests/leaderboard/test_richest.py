"""Court Piece's richest players: every account's coins (accounts.models.Wallet)."""

import re

import pytest
from django.urls import reverse

from accounts.models import Wallet
from tests.leaderboard.helpers import account

pytestmark = pytest.mark.django_db

RICHEST = reverse("leaderboard:richest")


def with_coins(name: str, balance: int):
    user = account(name)
    Wallet.objects.update_or_create(user=user, defaults={"balance": balance})
    return user


def rows_of(html: str) -> list[tuple[str, str, str]]:
    """(rank, username, coins) of every row, in page order."""
    return re.findall(
        r'<td class="num rank">(\d+)</td>\s*<td class="player-name"><a href="[^"]+">([^<]+)</a>.*?'
        r'<td class="num coins">(\d+)</td>',
        html,
        re.DOTALL,
    )


def test_the_richest_board_orders_by_coins_and_paginates(client):
    """Thirty accounts, Rich01 the richest: page 1 shows the 25 richest with their coins,
    page 2 the last 5; a deactivated account is left out."""
    for n in range(1, 31):
        with_coins(f"Rich{n:02d}", 10_000 - n * 100)
    gone = with_coins("Gone", 1_000_000)
    gone.is_active = False
    gone.save()
    html = client.get(RICHEST).content.decode()
    rows = rows_of(html)
    assert len(rows) == 25
    assert rows[0] == ("1", "Rich01", "9900") and rows[-1] == ("25", "Rich25", "7500")
    assert "Gone" not in html and "Page 1 of 2" in html
    assert [name for _, name, _ in rows_of(client.get(RICHEST, {"page": 2}).content.decode())] == [
        f"Rich{n}" for n in range(26, 31)
    ]


def test_equal_balances_share_a_rank(client):
    """Bea and Ann hold 2,000 coins each, Carl 500: ranks 1, 1, 3 (the earlier account,
    Bea, is listed first)."""
    with_coins("Bea", 2000)
    with_coins("Ann", 2000)
    with_coins("Carl", 500)
    assert rows_of(client.get(RICHEST).content.decode()) == [
        ("1", "Bea", "2000"),
        ("1", "Ann", "2000"),
        ("3", "Carl", "500"),
    ]


def test_your_row_is_highlighted_on_the_page_or_shown_below(client):
    """Logged in, your row is highlighted on page 1; when you are on page 2 it is shown
    below the table with your rank."""
    people = [with_coins(f"Rich{n:02d}", 10_000 - n * 100) for n in range(1, 31)]
    client.force_login(people[2])
    html = client.get(RICHEST).content.decode()
    assert html.count('data-testid="my-row"') == 1 and 'data-testid="own-rank"' not in html
    assert re.search(r'class="me"[^>]*>\s*<td class="num rank">3</td>', html)
    client.force_login(people[27])
    html = client.get(RICHEST).content.decode()
    own = html[html.index('data-testid="own-rank"') :]
    assert rows_of(own) == [("28", "Rich28", "7200")] and 'data-testid="my-row"' in own


def test_the_court_piece_board_links_the_richest_players(client):
    """The Court Piece board links its richest-players board; the others do not."""
    courtpiece = client.get(reverse("leaderboard:board", args=["courtpiece"])).content.decode()
    assert f'href="{RICHEST}">Richest players</a>' in courtpiece
    assert RICHEST not in client.get(reverse("leaderboard:board", args=["disunyer"])).content.decode()


def test_the_richest_board_reads_a_few_queries_and_no_results(client):
    """Served from the wallets in a few queries, never from the results table."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    people = [with_coins(f"Rich{n:02d}", 10_000 - n * 100) for n in range(1, 31)]
    client.force_login(people[28])
    with CaptureQueriesContext(connection) as queries:
        assert client.get(RICHEST).status_code == 200
    sql = [query["sql"] for query in queries.captured_queries]
    assert not any("leaderboard_result" in statement for statement in sql)
    assert len(sql) <= 10
