"""Ratings in a real browser: a new account plays a Disunyer game with bots, sees its
rating change in the results, then finds its provisional rating on the rating board and
its history chart on its profile, on a phone and on a desktop screen."""

import re
import uuid

from playwright.sync_api import expect

from tests.e2e.helpers import add_bots
from tests.e2e.test_disunyer_browser import create_room, play_to_the_end
from tests.e2e.test_leaderboard_browser import sign_up

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def fits_the_width(page) -> bool:
    return page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")


def test_after_a_game_the_player_has_a_provisional_rating_and_a_history_chart(new_page):
    name = f"rat{uuid.uuid4().hex[:6]}"
    page = new_page("/", viewport=PHONE)
    sign_up(page, name)
    create_room(page)
    add_bots(page, 7)
    play_to_the_end(page)
    results = page.get_by_test_id("results")
    change = results.locator("tbody tr", has_text=name).get_by_test_id("rating-change")
    expect(change).to_have_text(re.compile(r"^[+−]?\d+$"))
    shown_change = int(change.inner_text().replace("−", "-"))
    expect(results.get_by_test_id("rating-change").filter(has_text="—")).to_have_count(7)  # the bots'

    page.goto("/leaderboard/disunyer/")
    page.get_by_role("link", name="Rating", exact=True).click()
    expect(page).to_have_url(re.compile("/leaderboard/disunyer/rating/$"))
    row = page.get_by_test_id("my-row")
    expect(row.locator(".player-name")).to_contain_text(name)
    expect(row.locator(".rating")).to_have_text(re.compile(r"^\d+\?$"))  # one game: provisional
    assert int(row.locator(".rating").inner_text().rstrip("?")) == 1000 + shown_change  # from a new account's 1000
    expect(row.locator("td").nth(3)).to_have_text("1")
    assert fits_the_width(page)

    page.get_by_role("link", name="Your profile").click()
    rating = page.get_by_test_id("rating-disunyer")
    expect(rating.locator(".rating")).to_have_text(re.compile(r"^\d+\?$"))
    expect(rating).to_contain_text("1 rated game")
    expect(rating).to_contain_text("provisional for 9 more")
    chart = rating.locator("svg.rating-chart")
    expect(chart).to_be_visible()
    expect(chart.locator("polyline")).to_have_count(1)
    box = chart.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert fits_the_width(page)

    page.set_viewport_size(DESKTOP)
    expect(chart).to_be_visible()
    assert chart.bounding_box()["width"] <= 32 * 16  # the chart's max-width: 32rem
    assert fits_the_width(page)
