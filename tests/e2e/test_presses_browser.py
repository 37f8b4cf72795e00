"""A press that a push interrupts, in a real browser: Zed watches a Court Piece table where
Ann and three bots play, and pushes replace the table under his pointer. A mouse button
that goes down on a control and comes up on the same control of the new table still
clicks it, and so does Space held on a focused control across a push."""

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.e2e.helpers import DESKTOP, PHONE, start, take_first_move
from tests.e2e.test_courtpiece_browser import create_table


def watched_table(new_page):
    """Ann's Double Sar table against three bots, and Zed watching it on a desktop."""
    ann = new_page("/", **PHONE)
    code = create_table(ann, game="double-sar", clock=30, bet=25)
    start(ann)
    return ann, new_page(f"/rooms/{code}/", **DESKTOP)


RECORD_PRESSES = """['pointerdown', 'keydown'].forEach((type) => document.addEventListener(type, (event) => {
  window.pressed = type === 'keydown' ? document.activeElement : event.target;
}, true))"""


# The control scrolled into view (and given the focus, for a key), and where it is then.
PLACED = """(control, focus) => {
  control.scrollIntoView({block: 'center'});
  if (focus) control.focus();
  const box = control.getBoundingClientRect();
  return {x: box.x, y: box.y, width: box.width, height: box.height};
}"""


def press_through_a_push(ann, zed, control, key: str | None = None) -> None:
    """Zed presses the mouse button on ``control`` (or, with the focus on it, ``key``)
    and lets it go only once a push has replaced the element he pressed (Ann plays until
    one has)."""
    zed.evaluate(RECORD_PRESSES)
    box = None
    for _ in range(30):
        try:  # in one script, so that no push replaces the control between the steps
            box = control.evaluate(PLACED, key is not None, timeout=1000)
            break
        except PlaywrightError:
            pass  # a push replaced it while it was looked for: look again
    assert box is not None, "the control did not stay on the page long enough to be pressed"
    if key:
        zed.keyboard.down(key)
    else:
        zed.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        zed.mouse.down()
    pressed = zed.evaluate_handle("window.pressed")
    for _ in range(300):
        if not pressed.evaluate("(el) => el.isConnected"):
            break
        take_first_move(ann)
        ann.wait_for_timeout(100)
    assert not pressed.evaluate("(el) => el.isConnected"), "no push replaced the control within 30 s"
    if key:
        zed.keyboard.up(key)
    else:
        zed.mouse.up()


def test_the_score_sheet_opens_though_a_push_replaced_it_while_pressed(new_page):
    ann, zed = watched_table(new_page)
    sheet = zed.locator("#scores")
    press_through_a_push(ann, zed, sheet.locator("summary"))
    expect(sheet).to_have_attribute("open", "")


def test_a_heart_is_sent_though_a_push_replaced_it_while_pressed(new_page):
    ann, zed = watched_table(new_page)
    press_through_a_push(ann, zed, zed.get_by_test_id("heart"))
    expect(ann.locator("#reactions .reaction")).to_contain_text("❤️")


def test_a_heart_is_sent_by_space_though_a_push_replaced_it_while_held(new_page):
    ann, zed = watched_table(new_page)
    press_through_a_push(ann, zed, zed.get_by_test_id("heart"), key=" ")
    expect(ann.locator("#reactions .reaction")).to_contain_text("❤️")
