"""A player whose phone reads Persian plays a turn of each game: the pages and the
table are right-to-left and in Persian from the first visit (the browser's
Accept-Language), and every move control is in view on a 390×844 phone, without
scrolling."""

import re

import pytest
from playwright.sync_api import expect

from games import registry
from tests.e2e.helpers import PHONE, start, wait_for_htmx

PERSIAN_LETTERS = re.compile(r"[\u0600-\u06FF]{3,}")
MOVES = "#table-private .actions:not(.sent) button:visible"


def _start_with_bots(page) -> None:
    """The host starts the table if it may; else bots fill it, and it starts when full."""
    wait_for_htmx(page)
    if page.get_by_test_id("start").count():
        start(page)
    else:
        with page.expect_navigation():
            page.get_by_test_id("fill-with-bots").click()


def _create_with_defaults(page, game: str) -> None:
    page.goto(f"/rooms/new/{game}/")
    for group in page.locator("fieldset:has(input[type=radio])").all():
        if not group.locator("input[type=radio]:checked").count():
            group.locator("input[type=radio]").first.check()
    page.get_by_test_id("create-room").click()
    expect(page).to_have_url(re.compile(r"/rooms/[A-Z0-9]{4,6}/$"))
    wait_for_htmx(page)


@pytest.mark.parametrize("game", registry.slugs())
def test_a_turn_of_each_game_in_persian_on_a_phone(new_page, game):
    page = new_page("/", locale="fa-IR", **PHONE)
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("html")).to_have_attribute("lang", "fa")
    _create_with_defaults(page, game)
    _start_with_bots(page)
    move = page.locator(MOVES).first
    expect(move).to_be_visible(timeout=30000)
    box = move.evaluate("(control) => control.getBoundingClientRect().toJSON()")  # though a push replaces it next
    assert box and 0 <= box["y"] and box["y"] + box["height"] <= PHONE["viewport"]["height"]
    assert page.evaluate("window.scrollY") == 0
    assert PERSIAN_LETTERS.search(page.locator("#table-private").inner_text())
    assert PERSIAN_LETTERS.search(page.locator("#table-public").inner_text())
    version = page.locator("[data-version]").first.get_attribute("data-version")
    move.click()
    expect(page.locator("[data-version]").first).not_to_have_attribute("data-version", version or "")


def test_a_player_who_switches_to_persian_at_the_table_reads_it_without_a_reload(new_page):
    """On the room page, choosing فارسی in the header's switcher turns the page right to
    left and sends the table again in Persian over the socket: the page is not
    reloaded (a mark left on it stays), and the choice is kept for the next page."""
    page = new_page("/", **PHONE)
    _create_with_defaults(page, registry.slugs()[0])
    _start_with_bots(page)
    expect(page.locator(MOVES).first).to_be_visible(timeout=30000)
    assert not PERSIAN_LETTERS.search(page.locator("#table-public").inner_text())
    page.evaluate("window.notReloaded = true")
    page.get_by_test_id("language").select_option("fa")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("#table-public")).to_contain_text(PERSIAN_LETTERS)
    assert page.evaluate("window.notReloaded") is True
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "fa")
