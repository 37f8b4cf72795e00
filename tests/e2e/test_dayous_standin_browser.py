"""A Dayous player who idles, in a real browser on a 390×844 phone: after three timeouts
in a row a stand-in bot plays their seat, everyone sees it on the seat, the log marks
the moves their timeouts made, and their next move takes the seat back."""

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.e2e.helpers import PHONE, add_bots
from tests.e2e.test_dayous_browser import create_room

CLOCK = 10  # seconds: the shortest a Dayous table allows
THREE_TIMEOUTS_MS = (3 * CLOCK + 30) * 1000


def test_an_idle_player_gets_a_stand_in_after_three_timeouts_and_takes_the_seat_back(new_page):
    """Ann starts a three-player table with two bots and does nothing. Three timeouts
    later her seat says "bot playing", her bar tells her a bot plays for her and any move
    takes the seat back, and the log marks her timed-out moves. She makes a move: the
    seat is hers again."""
    ann = new_page("/", **PHONE)
    create_room(ann, players=3, decks=1, clock=CLOCK)
    add_bots(ann, 2)  # the room is full: the game starts by itself
    my_seat = ann.locator("#table-public .player[data-seat='0']")
    expect(my_seat.get_by_test_id("standin")).to_have_text("bot playing", timeout=THREE_TIMEOUTS_MS)
    notice = ann.get_by_test_id("standin-notice")
    expect(notice).to_have_text("A bot is playing for you after 3 timeouts — make any move to take your seat back.")
    ann.locator(".log-toggle").click()
    expect(ann.locator("#log li .tag.timeout").first).to_have_text("time ran out")
    ann.locator(".log-close").click()
    assert ann.evaluate("document.documentElement.scrollWidth") <= 390

    # The stand-in moves at a bot's pace: Ann's click on a move offered to her may come
    # after the bot's move (then it is refused as too late); she tries until one counts.
    for _ in range(200):
        if not notice.count():
            break
        move = ann.locator("[data-testid='your-move'] .actions:not(.sent) button")
        try:
            move.first.click(timeout=500)
        except PlaywrightError:
            pass  # no move offered now, or the table changed under the click
    expect(notice).to_have_count(0)
    expect(my_seat.get_by_test_id("standin")).to_have_count(0)
