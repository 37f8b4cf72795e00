"""What a new user ran into, in a real browser on a 390×844 phone: a guest's coins
after a Court Piece round, on the table and in the header without a reload; ten quick
reaction taps; a mistyped room address."""

import re

from playwright.sync_api import expect

from tests.e2e.helpers import PHONE, start
from tests.e2e.test_courtpiece_browser import create_table, play_a_round

EASY_THERE = "Easy there — one reaction every couple of seconds."


def test_a_guests_coins_move_after_a_round_on_the_table_and_in_the_header(new_page):
    """A guest starts a Court Piece table at a 50 bet with bots and plays a round: the
    table's "Your coins" moves off 1,000 by the round's amount, and the header's count
    shows the same new balance without a reload."""
    page = new_page("/", **PHONE)
    create_table(page, bet=50)
    start(page)
    expect(page.get_by_test_id("my-coins")).to_have_text("1000")
    play_a_round(page)
    expect(page.get_by_test_id("round-over")).to_be_visible()
    mine = int(page.get_by_test_id("my-coins").inner_text())
    assert mine in (900, 950, 1050, 1100)
    expect(page.get_by_test_id("coins")).to_have_text(f"🪙 {mine:,}")
    expect(page.get_by_test_id("round-coins").locator("li[data-seat='0'] b")).to_have_text(
        f"+{mine - 1000}" if mine > 1000 else f"−{1000 - mine}"
    )


def test_ten_quick_reaction_taps_show_one_toast_at_a_time(new_page):
    """A player taps an emoji ten times quickly: one reaction goes out and the nine taps
    refused by the rate limit show a single "Easy there" toast, never a stack of them."""
    page = new_page("/", **PHONE)
    create_table(page)
    emoji = page.locator("#table-private .reaction-bar button").first
    emoji.click()
    expect(page.locator("#reactions .reaction")).to_have_count(1)
    for _ in range(9):
        emoji.click()
    expect(page.locator(".toast")).to_have_text(EASY_THERE)
    page.wait_for_timeout(1500)  # every refusal has arrived by now
    assert page.locator(".toast").all_inner_texts() == [EASY_THERE]
    assert page.locator(".toast:visible").count() == 1


def test_a_bad_room_address_shows_the_sites_page_and_the_way_back(browser, live_site):
    """/rooms/QQQQ/ answers 404 with the site's header and stylesheet, says there is no
    room with that code, fits the phone, and "Go to the lobby" leads to the lobby. The
    console reports nothing but the 404 itself (no Content-Security-Policy violation)."""
    context = browser.new_context(base_url=live_site, **PHONE)
    page = context.new_page()
    errors = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    try:
        response = page.goto("/rooms/QQQQ/")
        assert response.status == 404
        expect(page.get_by_role("heading", name="Not found")).to_be_visible()
        expect(page.get_by_test_id("error-page")).to_contain_text("There is no room with that code.")
        header = page.locator(".site-header")
        assert header.evaluate("el => getComputedStyle(el).backgroundColor") == "rgb(10, 54, 34)"
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.get_by_test_id("to-lobby").click()
        expect(page).to_have_url(re.compile(r"/rooms/$"))
    finally:
        context.close()
    assert [error for error in errors if "status of 404" not in error] == []
