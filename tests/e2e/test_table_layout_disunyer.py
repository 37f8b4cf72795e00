"""The Disunyer table, phone first, in a real browser: whole games of both modes on a
390×844 phone with every move on the screen; the viewer's own card on their seat at the
bottom of the table; "your turn" in the page title while the tab is hidden."""

import re
import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.e2e.helpers import PHONE, add_bots, boxes, play_whole_games
from tests.e2e.test_disunyer_browser import create_room

TURN_TITLE = "● Your turn · Card Club"


def seat_up(page, mode="standard") -> str:
    code = create_room(page, mode=mode)
    add_bots(page, 7)
    expect(page.locator("#table-public .seat-chip")).to_have_count(8)
    return code


def set_hidden(page, hidden: bool) -> None:
    """The tab goes to the background (or comes back), as the browser tells the page."""
    page.evaluate("""(hidden) => {
      const state = hidden ? "hidden" : "visible";
      Object.defineProperty(document, "visibilityState", {configurable: true, get: () => state});
      Object.defineProperty(document, "hidden", {configurable: true, get: () => hidden});
      document.dispatchEvent(new Event("visibilitychange"));
    }""", hidden)


def test_whole_games_of_both_modes_keep_every_move_on_a_phone_screen(new_page):
    """Ann plays a Standard room and Bea a Stuck King room, each against seven bots, to
    the end on a 390×844 phone: at every one of their decisions the action bar holds
    every legal move, each control inside the screen, and the page never scrolls; at
    the end "Play again" is on the screen too, and the log's first line is the newest:
    who won."""
    pages = [new_page("/", **PHONE), new_page("/", **PHONE)]
    seat_up(pages[0], "standard")
    seat_up(pages[1], "stuck-king")
    decisions = play_whole_games(pages, seconds=150)
    assert sum(decisions) > 0
    for page in pages:
        expect(page.get_by_test_id("results").locator("tbody tr")).to_have_count(8)
        expect(page.get_by_test_id("play-again")).to_be_in_viewport()
        expect(page.locator("#log li").first).to_contain_text(re.compile(r"wins!|no winner"))


# Ann's own card in her action bar, and the card her seat on the table shows.
OWN_AND_SHOWN_CARD = """() => [
  '[data-testid="my-card"] [data-card]', '#table-public .seat-chip.is-me .seat-card [data-card]',
].map((selector) => document.querySelector(selector)?.dataset.card ?? null)"""


def test_the_viewer_sits_at_the_bottom_and_their_seat_shows_their_own_card(new_page):
    """Ann's seat is turned to the bottom middle of the table (no seat lower, the corners'
    beside it) and shows her own card, the
    one in her action bar. A spectator's table, the same shared public part, shows a card
    back on Ann's seat (nobody else knows her card before she acts)."""
    ann = new_page("/", **PHONE)
    code = seat_up(ann)
    spectator = new_page(f"/rooms/{code}/", **PHONE)
    mine = ann.locator("#table-public .seat-chip.is-me")
    expect(mine).to_have_count(1)
    own, shown = ann.evaluate(OWN_AND_SHOWN_CARD)  # in one moment: a pass to Ann swaps her card
    assert own and shown == own, (own, shown)
    [me], others = boxes(ann, "#table-public .seat-chip.is-me", "#table-public .seat-chip:not(.is-me)")
    assert all(me["bottom"] >= box["bottom"] - 1 for box in others), "Ann's seat is not at the bottom"
    assert abs(me["x"] + me["width"] / 2 - PHONE["viewport"]["width"] / 2) < 2, "Ann's seat is off the middle"
    seat = mine.get_attribute("data-seat")
    expect(spectator.locator(f'#table-public .seat-chip[data-seat="{seat}"] .seat-card .card.back')).to_be_visible()
    expect(spectator.locator("#table-public .seat-chip.is-me")).to_have_count(0)


# Ann's tab, as she would see its title, and whether it is her turn, in one moment.
TITLE_AND_TURN = """() => [
  document.title, Boolean(document.querySelector('#table-private[data-testid="your-move"]')),
]"""
# Back to the tab and away again in one moment (no push in between): the titles shown.
TITLES_VISIBLE_THEN_HIDDEN = """() => {
  const show = (hidden) => {
    Object.defineProperty(document, "visibilityState", {configurable: true, get: () => hidden ? "hidden" : "visible"});
    document.dispatchEvent(new Event("visibilitychange"));
    return document.title;
  };
  return [show(false), show(true)];
}"""


def test_your_turn_shows_in_the_title_while_the_tab_is_hidden(new_page):
    """Ann plays with her tab in the background: whenever it is her turn the page title
    is "● Your turn · Card Club", and otherwise the room's title; coming back to the tab
    during her turn gives the room's title back at once."""
    ann = new_page("/", **PHONE)
    seat_up(ann)
    title = ann.title()
    assert title.endswith("· Card Club") and title != TURN_TITLE
    set_hidden(ann, True)
    seen = []
    deadline = time.monotonic() + 150
    while True:  # her turn, then the others' for a while or until the game ends without her
        assert time.monotonic() < deadline, seen
        over = ann.get_by_test_id("game-over").count()
        if True in seen and (over or seen.count(False) >= 20):
            break
        assert not over, f"the game ended before her turn: {seen}"
        shown, my_turn = ann.evaluate(TITLE_AND_TURN)
        assert shown == (TURN_TITLE if my_turn else title)
        if not seen or seen[-1] != my_turn or not my_turn:
            seen.append(my_turn)
        if my_turn:
            assert ann.evaluate(TITLES_VISIBLE_THEN_HIDDEN) in ([title, TURN_TITLE], [title, title])
            try:
                ann.locator('[data-testid="your-move"] .actions:not(.sent) button').first.click(timeout=1000)
            except PlaywrightError:
                pass  # the table was replaced by a push meanwhile
        ann.wait_for_timeout(50)
