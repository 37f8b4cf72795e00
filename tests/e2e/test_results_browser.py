"""The results at a game's end, in a real browser on a 390×844 phone: they cover the
table until the viewer closes them, a push leaves them closed, and the action bar opens
them again; the cards that leave the table as they appear fade out under them, never
over their rows."""

import time

from playwright.sync_api import expect

from tests.e2e.helpers import PHONE, add_bots, take_first_move
from tests.e2e.test_disunyer_browser import create_room

# After each push (motion.js has laid out the cards that left by then, as this listener
# runs after its own): any of the results' rows covered, at one of nine points along its
# middle, by something other than the results, a card fading out say (taps go through
# those: for the moment of the measure they are made to catch them, so that what is drawn
# on top is found).
RECORD_COVERED_ROWS = """() => {
  window.coveredRows = [];
  document.addEventListener("htmx:wsAfterMessage", () => {
    const results = document.querySelector(".results-panel");
    if (!results) return;
    const ghosts = [...document.querySelectorAll(".card-ghost")];
    ghosts.forEach((ghost) => { ghost.style.pointerEvents = "auto"; });
    document.querySelectorAll('[data-testid="results"] tbody tr').forEach((row) => {
      const r = row.getBoundingClientRect();
      for (let point = 1; point <= 9; point++) {
        const top = document.elementFromPoint(r.left + r.width * point / 10, r.top + r.height / 2);
        if (top && !results.contains(top)) window.coveredRows.push(`${row.textContent} under ${top.className}`);
      }
    });
    ghosts.forEach((ghost) => { ghost.style.pointerEvents = ""; });
  });
}"""
# The middle of every seat the results leave uncovered: what a tap there reaches.
SEAT_UNDER_THE_RESULTS = """() => [...document.querySelectorAll('#table-public .seat-chip')].map((seat) => {
  const r = seat.getBoundingClientRect();
  return seat.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
})"""


def play_to_the_end(pages, seconds: float = 180) -> None:
    deadline = time.monotonic() + seconds
    while not all(page.get_by_test_id("game-over").count() for page in pages):
        assert time.monotonic() < deadline, "the game did not end"
        for page in pages:
            take_first_move(page)
        pages[0].wait_for_timeout(100)


def test_the_results_close_to_show_the_table_and_open_again_from_the_action_bar(new_page):
    """Ann and Bea (guests) play Disunyer with six bots to the end on their phones. As the
    results appear, no card leaving the table is drawn over their rows. They cover the
    table, with a close button: Ann closes them and every seat is there to see and touch.
    Bea asks for another game, and the push that tells Ann leaves her results closed; the
    action bar's "Results" opens them again (and says so), and closes them."""
    ann = new_page("/", **PHONE)
    code = create_room(ann)
    bea = new_page(f"/rooms/{code}/", **PHONE)
    bea.get_by_test_id("join").click()
    expect(bea.locator("#table-private")).to_contain_text("You are seated")
    add_bots(ann, 6)  # the room is full: the game starts
    ann.evaluate(RECORD_COVERED_ROWS)
    play_to_the_end([ann, bea])

    results = ann.get_by_test_id("results")
    expect(results.locator("tbody tr")).to_have_count(8)
    expect(ann.locator(".card-ghost")).to_have_count(0)  # every card that left has faded out
    assert ann.evaluate("window.coveredRows") == []
    toggle = ann.get_by_test_id("results-toggle")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    assert not all(ann.evaluate(SEAT_UNDER_THE_RESULTS))

    ann.get_by_test_id("results-close").click()
    expect(results).to_be_hidden()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    assert all(ann.evaluate(SEAT_UNDER_THE_RESULTS))

    bea.get_by_test_id("play-again").click()
    expect(ann.get_by_test_id("next-room")).to_be_visible()
    expect(results).to_be_hidden()
    toggle.click()
    expect(results).to_be_visible()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    toggle.click()
    expect(results).to_be_hidden()
