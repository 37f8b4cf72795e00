"""The bot's review of a finished game in a real browser, on a phone: a player signs up,
plays a Disunyer game with bots, opens its replay, asks the bot to review their seat, and
sees the review appear (the worker computes it on the strong bots' queue); a reviewed
move takes them to its step, the panel closed to show the table."""

import re
import uuid

from playwright.sync_api import expect

from tests.e2e.helpers import PHONE, add_bots
from tests.e2e.test_disunyer_browser import create_room, play_to_the_end
from tests.e2e.test_leaderboard_browser import sign_up

REVIEW_SECONDS = 60_000


def test_a_player_asks_for_a_review_of_their_finished_game_and_sees_it_appear(new_page):
    page = new_page("/", **PHONE)
    sign_up(page, f"rev{uuid.uuid4().hex[:6]}")
    code = create_room(page)
    add_bots(page, 7)
    play_to_the_end(page)

    page.goto(f"/rooms/{code}/replay/")
    page.get_by_test_id("review-toggle").click()
    mine = page.locator('[data-testid="review-seat"][data-seat="0"]')
    mine.get_by_test_id("ask-review").click()
    summary = mine.get_by_test_id("review-summary")
    expect(summary).to_be_visible(timeout=REVIEW_SECONDS)
    expect(page.get_by_test_id("review-panel")).not_to_have_attribute("data-running", "true")
    other = page.locator('[data-testid="review-seat"][data-seat="1"]')
    expect(other.get_by_test_id("ask-review")).to_be_visible()
    decisions = mine.get_by_test_id("review-decision")
    if decisions.count():  # a seat put out before any choice has nothing to review
        if decisions.count() > 1:  # a chart needs two estimates
            expect(mine.get_by_test_id("review-chart")).to_be_visible()
        move = decisions.first.get_attribute("data-move")
        decisions.first.locator("a").click()
        expect(page.get_by_test_id("replay-info")).to_have_attribute("data-step", move)
        expect(page).to_have_url(re.compile(rf"[?&]step={move}(&|$)"))
        expect(page.get_by_test_id("step-review")).to_be_visible()  # the panel closed to show the table
