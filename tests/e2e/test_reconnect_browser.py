"""A table page whose server was down for a while is back within seconds of the
server's return, however many reconnects failed meanwhile."""

import re
import time

from playwright.sync_api import expect

COUNT_SOCKET_OPENS = (
    "window.socketOpens = 0;"
    " document.addEventListener('htmx:wsOpen', () => window.socketOpens++);"
)
DOWN_SECONDS = 12
BACK_WITHIN_SECONDS = 5.5  # the longest wait between reconnects is 4 s


def test_a_page_reconnects_soon_after_a_long_outage(new_page, restart_web_server):
    page = new_page("/")
    page.add_init_script(COUNT_SOCKET_OPENS)
    page.goto("/rooms/new/disunyer/")
    page.get_by_test_id("create-room").click()
    expect(page).to_have_url(re.compile(r"/rooms/[A-Z]{4}/$"))
    expect(page.locator("#table-public")).to_be_visible()
    opened_by = time.monotonic() + 15
    while page.evaluate("window.socketOpens") < 1 and time.monotonic() < opened_by:
        page.wait_for_timeout(100)
    assert page.evaluate("window.socketOpens") == 1

    restart_web_server(down_seconds=DOWN_SECONDS)
    back_at = time.monotonic()
    while page.evaluate("window.socketOpens") < 2 and time.monotonic() - back_at < 30:
        page.wait_for_timeout(100)
    assert time.monotonic() - back_at < BACK_WITHIN_SECONDS, "the page came back too late"
    expect(page.locator("#table-public")).to_be_visible()
