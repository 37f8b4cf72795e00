"""The table's live region in a real browser: hidden from sight but there for screen
readers, it says "Your turn" when Ann's decision appears and each new line of the log
as it arrives, and nothing the page does not show."""

import re
import time

from playwright.sync_api import expect

from tests.e2e.helpers import PHONE
from tests.e2e.test_keyboard_disunyer import DECISION, seat_up

TURN = "Your turn"
GAME_ENDS = re.compile(r"wins!|the game ends with no winner")
# Every line the log has shown, kept by the page after each push (a log can start afresh).
RECORD_LOG = """window.logLines = new Set();
document.addEventListener("htmx:wsAfterMessage", () => {
  document.querySelectorAll("#log ol > li").forEach((li) => window.logLines.add(li.textContent.trim()));
});"""


def test_the_live_region_says_your_turn_and_each_new_log_line(new_page):
    """Ann plays a Disunyer room against seven bots with the keyboard: the region is
    polite and visually hidden; whenever she has a decision it has said "Your turn";
    what it says is always "Your turn" or a line of the log; after her keep, the log's
    new line about it is said."""
    ann = new_page("about:blank", **PHONE)
    ann.context.add_init_script(RECORD_LOG)
    ann.goto("/")
    seat_up(ann, "standard")
    region = ann.get_by_test_id("live-region")
    expect(region).to_have_attribute("aria-live", "polite")
    box = region.bounding_box()
    assert box is None or box["width"] <= 1 and box["height"] <= 1, box
    turns = 0
    deadline = time.monotonic() + 150
    while not ann.get_by_test_id("game-over").count():
        assert time.monotonic() < deadline, "the game did not end"
        decision = ann.evaluate(DECISION)
        if decision.get("keys"):
            expect(region.locator("p").last).to_have_text(TURN)
            turns += 1
            ann.keyboard.press(decision["keys"][0])
            if decision["keys"][0] == "K":
                name = ann.locator("#table-public .seat-chip.is-me .name").inner_text()
                expect(region).to_contain_text(f"{name} keeps")
        said = region.locator("p").all_inner_texts()
        log = set(ann.evaluate("[...window.logLines]"))
        assert all(line == TURN or line in log for line in said), (said, log)
        ann.wait_for_timeout(50)
    assert turns > 0
    # The game's last line: a winner, or everyone still in knocked out together.
    expect(region).to_contain_text(GAME_ENDS)
