"""What a person does at any table, shared by the browser tests."""

import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect


def add_bots(page, count: int) -> None:
    for _ in range(count):
        button = page.get_by_test_id("add-bot")
        expect(button).to_be_visible()
        with page.expect_navigation():
            button.click()


def start(page) -> None:
    button = page.get_by_test_id("start")
    expect(button).to_be_visible()
    with page.expect_navigation():
        button.click()


def play_until(page, *test_ids: str, seconds: float) -> int:
    """Click the first offered move whenever one is offered, until an element with one of
    ``test_ids`` shows; the number of moves made."""
    deadline = time.monotonic() + seconds
    moves = 0
    while time.monotonic() < deadline:
        if any(page.get_by_test_id(test_id).count() for test_id in test_ids):
            return moves
        buttons = page.locator("#table-private .actions:not(.sent) button:visible")
        if buttons.count():
            try:
                buttons.first.click(timeout=1000)
                moves += 1
            except PlaywrightError:
                pass  # the table was replaced by a push meanwhile: look again
        page.wait_for_timeout(100)
    raise AssertionError(f"None of {test_ids} showed within {seconds} s.")
