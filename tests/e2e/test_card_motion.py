"""Cards move at the table (static/js/motion.js): in a real browser, a Court Piece round
with bots shows a played card sliding, new cards fading in and a finished trick fading
out, each within 400 ms; under prefers-reduced-motion nothing moves."""

from playwright.sync_api import expect

from tests.e2e.helpers import PHONE, play_until, start
from tests.e2e.test_courtpiece_browser import create_table

# After each push, the card animations running: what moves (a transition's property
# or an animation's name) and for how long.
RECORD_MOTION = """() => {
  window.cardMotions = [];
  document.addEventListener('htmx:wsAfterMessage', () => setTimeout(() => {
    for (const motion of document.getAnimations()) {
      if (!motion.effect.target.matches('.card')) continue;
      window.cardMotions.push({
        what: motion.transitionProperty || motion.animationName,
        ms: motion.effect.getTiming().duration,
      });
    }
  }));
}"""


def play_a_round_watching_cards(page) -> list[dict]:
    create_table(page, clock=30)
    start(page)
    page.evaluate(RECORD_MOTION)
    play_until(page, "round-over", "game-over", seconds=90)
    expect(page.get_by_test_id("round-over")).to_be_visible()
    return page.evaluate("window.cardMotions")


def test_cards_slide_to_the_trick_arrive_and_leave_within_400_ms(new_page):
    motions = play_a_round_watching_cards(new_page("/", **PHONE))
    kinds = {motion["what"] for motion in motions}
    assert {"transform", "card-arrives", "card-leaves"} <= kinds, kinds
    assert all(0 < motion["ms"] <= 400 for motion in motions), motions


def test_nothing_moves_under_reduced_motion(new_page):
    motions = play_a_round_watching_cards(new_page("/", reduced_motion="reduce", **PHONE))
    assert motions == []
