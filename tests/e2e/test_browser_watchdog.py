"""The browser tests' watchdog (``tests/e2e/watchdog.py``): a Playwright call that
never returns ends in seconds with the line that made it, and the next page opens in a
new browser."""

import time

import pytest
from playwright.sync_api import Error as PlaywrightError

NEVER_SETTLES = "new Promise(() => {})"  # chromium idle, the call pending for ever


def test_a_call_the_browser_never_answers_is_ended_and_the_next_page_opens_in_a_new_browser(
    new_page, browsers, monkeypatch
):
    """A page's script waits on a promise that never settles, with the browser idle (as
    CI saw chromium hang): past the watchdog's limit the browser is killed, the call
    raises, the hang is recorded with this test's line, and the next page works."""
    monkeypatch.setattr(browsers.watchdog, "stuck_seconds", 2)
    page = new_page("/")
    hung_browser = browsers.current()
    hangs_before = len(browsers.watchdog.hangs)
    started = time.monotonic()
    with pytest.raises(PlaywrightError):
        page.evaluate(NEVER_SETTLES)
    assert time.monotonic() - started < 30
    assert len(browsers.watchdog.hangs) == hangs_before + 1
    assert "page.evaluate(NEVER_SETTLES)" in browsers.watchdog.hangs[-1]
    assert "in Playwright's evaluate()" in browsers.watchdog.hangs[-1]
    assert not hung_browser.is_connected()
    again = new_page("/")
    assert again.evaluate("1 + 1") == 2
    assert browsers.current() is not hung_browser
