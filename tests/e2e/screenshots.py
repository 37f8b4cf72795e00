"""`make screenshots`: the real browser plays a table of each game against bots and
photographs its key moments, each at phone (390×844) and desktop (1280×800) size, into
docs/screenshots/<game>-<moment>-<size>.jpg. Not a test file (pytest collects it only
when named, as bin/screenshots does); bin/screenshots slows the bots down and keeps the
site's pauses, so each moment stays on the screen long enough to be taken."""

import os
import time
from pathlib import Path

from playwright.sync_api import expect

from tests.e2e.helpers import add_bots, start, take_first_move
from tests.e2e.test_courtpiece_browser import create_table
from tests.e2e.test_dayous_browser import create_room as create_dayous_room
from tests.e2e.test_disunyer_browser import create_room as create_disunyer_room

OUT = Path(os.environ.get("SCREENSHOTS_DIR", Path(__file__).resolve().parents[2] / "docs" / "screenshots"))
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
SETTLE_MS = 450  # the cards' moves last at most 300 ms (static/js/motion.js)
GAME_SECONDS = 420
JPEG_QUALITY = 80  # a tenth of a PNG's size, and the cards still crisp

YOUR_TURN = "!!document.querySelector('[data-testid=\"your-move\"] .actions:not(.sent) button')"
# The results show (after the game's last pause: Disunyer's deciding round stays first).
GAME_OVER = "!!document.querySelector('[data-testid=\"results\"]')"
NEWEST_LOG_LINE = "(document.querySelector('#log li')?.textContent || '')"


def shoot(page, game: str, moment: str) -> None:
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.wait_for_timeout(SETTLE_MS)
        page.screenshot(path=str(OUT / f"{game}-{moment}-{size}.jpg"), quality=JPEG_QUALITY)
    page.set_viewport_size(SIZES["phone"])


def play_and_shoot(page, game: str, moments: dict[str, str], seconds: float = GAME_SECONDS) -> None:
    """Take the first move offered whenever one is, and photograph each moment (a name and
    a JavaScript condition on the page) the first time it shows, until all are taken."""
    OUT.mkdir(parents=True, exist_ok=True)
    waiting = dict(moments)
    deadline = time.monotonic() + seconds
    while waiting:
        assert time.monotonic() < deadline, f"never saw {sorted(waiting)} at the {game} table"
        for moment, condition in list(waiting.items()):
            if page.evaluate(condition):
                shoot(page, game, moment)
                del waiting[moment]
        if "your-turn" not in waiting:
            take_first_move(page)
        page.wait_for_timeout(150)


def test_disunyer(new_page):
    page = new_page("/", viewport=SIZES["phone"])
    create_disunyer_room(page)
    add_bots(page, 7)
    expect(page.locator("#table-public .seat-chip")).to_have_count(8)
    play_and_shoot(page, "disunyer", {
        "your-turn": YOUR_TURN,
        "reveal": "!!document.querySelector('[data-testid=\"last-round\"] .reveal')",
        "game-over": GAME_OVER,
    })


def test_courtpiece(new_page):
    page = new_page("/", viewport=SIZES["phone"])
    create_table(page, game="rung-kaat", clock=30)
    start(page)
    play_and_shoot(page, "courtpiece", {
        "your-turn": YOUR_TURN,
        "trick": "document.querySelectorAll('[data-testid=\"trick\"] .card').length === 4",
        "round-over": "!!document.querySelector('[data-testid=\"round-over\"].felt-panel')",
    })


def test_dayous(new_page):
    page = new_page("/", viewport=SIZES["phone"])
    create_dayous_room(page, players=4)
    start(page)
    play_and_shoot(page, "dayous", {
        "your-turn": YOUR_TURN,
        "pickup": f"/ takes \\d+ cards?\\./.test({NEWEST_LOG_LINE})",
        "game-over": GAME_OVER,
    })


def _in_language(page, language: str) -> None:
    """The page again, read in ``language`` (as its switcher would keep it)."""
    site = page.url.split("/rooms/", 1)[0] + "/"  # the cookie's path is the whole site, sockets included
    page.context.add_cookies([{"name": "django_language", "value": language, "url": site}])
    page.reload()


def test_dayous_in_persian(new_page):
    page = new_page("/", viewport=SIZES["phone"])
    create_dayous_room(page, players=4)
    _in_language(page, "fa")
    start(page)
    play_and_shoot(page, "dayous", {"your-turn-fa": YOUR_TURN})


def test_courtpiece_in_urdu(new_page):
    page = new_page("/", viewport=SIZES["phone"])
    create_table(page, game="rung-kaat", clock=30)
    _in_language(page, "ur")
    start(page)
    play_and_shoot(page, "courtpiece", {"your-turn-ur": YOUR_TURN})
