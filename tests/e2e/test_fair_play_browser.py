"""Fair play in a real browser, on phones: Ada, who played three of her four games to
the end, sees 75% on her profile and beside her seat at a table she opens for players
of 70% or more; Lev, who left three games in a row, is refused a seat there with the
time left of his wait. Once the game is under way, her seat keeps its badge and no seat
is cut or overlaps another. The same pages in Persian, and on a desktop."""

import re
import subprocess
import sys
import uuid

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import ROOT
from tests.e2e.helpers import DESKTOP, PHONE, add_bots, cut, overlapping, wait_for_htmx
from tests.e2e.test_leaderboard_browser import sign_up


def _create_asking(page, share: str) -> str:
    page.goto("/rooms/new/disunyer/")
    page.locator("input[name=mode]").first.check()
    page.locator("select[name=min_reliability]").select_option(share)
    page.get_by_test_id("create-room").click()
    expect(page).to_have_url(re.compile(r"/rooms/[A-Z]{4}/$"))
    wait_for_htmx(page)
    return page.url.rstrip("/").rsplit("/", 1)[1]


@pytest.mark.parametrize("size, locale", [(PHONE, "en-US"), (PHONE, "fa-IR"), (DESKTOP, "en-US")],
                         ids=["phone", "phone-persian", "desktop"])
def test_reliability_on_a_profile_and_beside_a_seat_and_a_leaver_refused_with_the_time_left(
    new_page, live_env, size, locale
):
    """The profile's figure, the seat's badge (computed when Ada sat down, from the
    table's snapshot) and the refusal, which says the wait's time left in the reader's
    language."""
    ada_name, lev_name = f"ada{uuid.uuid4().hex[:6]}", f"lev{uuid.uuid4().hex[:6]}"
    percent = "%" if locale == "en-US" else "٪"  # Persian's own percent sign
    ada, lev = new_page("/", **size), new_page("/", **size)
    sign_up(ada, ada_name)
    sign_up(lev, lev_name)
    for page in (ada, lev):  # signed up in English, then reading their language
        page.context.add_cookies([{"name": "django_language", "value": locale[:2], "url": page.url}])
    subprocess.run(
        [sys.executable, "-m", "tests.e2e.seed_fair_play", ada_name, lev_name], cwd=ROOT, env=live_env, check=True
    )

    ada.goto(f"/players/{ada_name}/")
    expect(ada.get_by_test_id("profile-reliability")).to_contain_text(f"75{percent}")

    code = _create_asking(ada, "70")
    expect(ada.get_by_test_id("min-reliability")).to_contain_text(f"70{percent}")
    badge = ada.locator('[data-seat="0"]').get_by_test_id("seat-reliability")
    expect(badge).to_contain_text(f"75{percent}")
    assert badge.is_visible()

    lev.goto(f"/rooms/{code}/")
    wait_for_htmx(lev)
    with lev.expect_navigation():
        lev.get_by_test_id("join").click()
    refusal = lev.locator(".messages")
    if locale == "en-US":
        expect(refusal).to_contain_text(
            re.compile(r"You left too many games: you can sit down at a table again in 10\s+minutes\.")
        )
    else:
        expect(refusal).to_contain_text(re.compile(r"(10|۱۰)\s+دقیقه"))  # the time left, in Persian
    expect(lev.get_by_test_id("join")).to_be_visible()  # not seated

    # The game under way: the badge stays beside Ada's seat, and no seat overlaps another
    # or is cut.
    add_bots(ada, 7)
    expect(ada.locator("#table-public .seat-chip")).to_have_count(8)
    mine = ada.locator("#table-public .seat-chip.is-me").get_by_test_id("seat-reliability")
    expect(mine).to_contain_text(f"75{percent}")
    assert overlapping(ada, "#table-public .seat-chip") == []
    cut_seats = cut(ada, "#table-public .seat-chip")
    assert cut_seats == [], cut_seats
