"""What a person does at any table, shared by the browser tests."""

import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect


def wait_for_htmx(page) -> None:
    """The page has loaded and its deferred scripts (htmx, the table's) have run: a
    button then posts through htmx, as a person's click on a loaded page does (before
    that it posts as a plain form: tests/e2e/test_waiting_room_without_script.py)."""
    page.wait_for_load_state()


def add_bots(page, count: int) -> None:
    wait_for_htmx(page)
    for _ in range(count):
        button = page.get_by_test_id("add-bot")
        expect(button).to_be_visible()
        with page.expect_navigation():
            button.click()


def start(page) -> None:
    wait_for_htmx(page)
    button = page.get_by_test_id("start")
    expect(button).to_be_visible()
    with page.expect_navigation():
        button.click()


def take_first_move(page) -> bool:
    """Click the first move offered, if one is; whether a move was made."""
    buttons = page.locator("#table-private .actions:not(.sent) button:visible")
    if not buttons.count():
        return False
    try:
        buttons.first.click(timeout=1000)
        return True
    except PlaywrightError:
        return False  # the table was replaced by a push meanwhile: look again


def play_until(page, *test_ids: str, seconds: float) -> int:
    """Take the first move offered whenever one is, until an element with one of
    ``test_ids`` shows; the number of moves made."""
    deadline = time.monotonic() + seconds
    moves = 0
    while time.monotonic() < deadline:
        if any(page.get_by_test_id(test_id).count() for test_id in test_ids):
            return moves
        moves += take_first_move(page)
        page.wait_for_timeout(100)
    raise AssertionError(f"None of {test_ids} showed within {seconds} s.")


# ------------------------------------------------------------ the table on a phone

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}

# Where the viewer's move sits: the viewport, how far the page can scroll, and every
# control of the action bar that shows (a folded list's cards do not) lying outside the
# viewport or under something else. Then, if asked, the first move is clicked.
MOVE_LAYOUT = """(play) => {
  // A card still sliding or fading (static/js/motion.js) may pass over a control: look
  // again once the cards are still.
  if (document.getAnimations().some((motion) => motion.effect?.target?.matches('.card'))) return {settling: true};
  const bar = document.querySelector('[data-testid="your-move"]');
  const page = document.scrollingElement;
  const controls = bar ? [...bar.querySelectorAll('button, summary, select, input:not([type=hidden])')]
    .filter((el) => el.checkVisibility({visibilityProperty: true})) : [];
  const name = (el) => el.textContent.trim().slice(0, 40) || el.getAttribute('aria-label');
  const onTop = (el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return Boolean(top && el.contains(top));
  };
  const move = bar && bar.querySelector('.actions:not(.sent) button');
  const layout = {
    version: Number(document.getElementById('table-private')?.dataset.version),
    over: Boolean(document.querySelector('[data-testid="game-over"]')),
    decision: Boolean(move),
    width: innerWidth, height: innerHeight, scrollX, scrollY,
    scrollWidth: page.scrollWidth, scrollHeight: page.scrollHeight,
    moves: document.querySelectorAll('input[name="action"]').length,
    movesInBar: bar ? bar.querySelectorAll('input[name="action"]').length : 0,
    outside: controls.map((el) => [name(el), el.getBoundingClientRect().toJSON()])
      .filter(([, r]) => r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight),
    covered: controls.filter((el) => !onTop(el)).map(name),
  };
  if (play && move) move.click();
  return layout;
}"""


# The boxes of every element matching each selector, measured in one moment: a push that
# replaces the table between two measurements would leave the second one without a box,
# or measure two different tables.
BOXES = """(selectors) => selectors.map(
  (selector) => [...document.querySelectorAll(selector)].map((el) => el.getBoundingClientRect().toJSON()))"""


def boxes(page, *selectors: str) -> list[list[dict]]:
    """The bounding boxes of the elements matching each of ``selectors``, all measured in
    one moment; each selector matches at least one element."""
    found = page.evaluate(BOXES, list(selectors))
    assert all(found), dict(zip(selectors, found))
    return found


def assert_move_fits(layout: dict) -> None:
    """The viewer's decision is all in the action bar, inside the viewport and on top,
    and the page itself cannot scroll (so no push can move it)."""
    assert layout["moves"] == layout["movesInBar"] > 0, layout
    assert layout["outside"] == [], f"controls outside the {layout['width']}×{layout['height']} viewport: {layout}"
    assert layout["covered"] == [], f"controls under something else: {layout}"
    assert (layout["scrollX"], layout["scrollY"]) == (0, 0), layout
    assert layout["scrollHeight"] <= layout["height"] and layout["scrollWidth"] <= layout["width"], layout


def play_whole_games(pages, seconds: float) -> list[int]:
    """Play every page's seat to the end of its game, taking the first move offered each
    time, after checking, at every one of the viewer's decisions, that the whole move
    fits the screen (``assert_move_fits``); the games run side by side. The number of
    decisions each page met."""
    deadline = time.monotonic() + seconds
    decisions = [0] * len(pages)
    done = [False] * len(pages)
    while not all(done):
        assert time.monotonic() < deadline, f"the games did not end within {seconds} s ({decisions} decisions)"
        for i, page in enumerate(pages):
            if done[i]:
                continue
            layout = page.evaluate(MOVE_LAYOUT, True)
            if layout.get("settling"):
                continue
            done[i] = layout["over"]
            if layout["decision"]:
                assert_move_fits(layout)
                decisions[i] += 1
        pages[0].wait_for_timeout(50)
    return decisions


def name_guest(page, name: str) -> None:
    """The page's guest takes ``name`` at the tables (their account page's form)."""
    page.goto("/accounts/me/")
    page.locator("#guest-name").fill(name)
    page.get_by_role("button", name="Change name").click()
    expect(page.get_by_test_id("who")).to_contain_text(name)


def _labelled(found: list[list[dict]], selectors) -> list[tuple[str, dict]]:
    return [(f"{selector}[{i}]", box) for selector, group in zip(selectors, found) for i, box in enumerate(group)]


def _overlap(a: dict, b: dict, touch: float = 1.0) -> bool:
    """Whether two boxes share more than a line ``touch`` pixels wide (borders and rounding)."""
    return (a["left"] < b["right"] - touch and b["left"] < a["right"] - touch
            and a["top"] < b["bottom"] - touch and b["top"] < a["bottom"] - touch)


def overlapping(page, *selectors: str) -> list[tuple[str, str]]:
    """The pairs of elements, among every match of ``selectors`` (all measured in one
    moment), whose boxes overlap."""
    labelled = _labelled(boxes(page, *selectors), selectors)
    return [(a, b) for i, (a, box) in enumerate(labelled) for b, other in labelled[i + 1:] if _overlap(box, other)]


# The elements matching each selector that do not show whole: their content cut by their
# own box (an ellipsis, a hidden or scrolled overflow), or their box reaching out of the
# viewport or out of the element ``within`` names (which hides what overflows it).
# Measured once no card is sliding or fading in (static/js/motion.js: a moving card
# leaves its seat for 300 ms by design), waiting a second at most. The wait and the
# measure are one script, so that no push lands between them.
CUT = """async ([selectors, within]) => {
  const settled = performance.now() + 1000;
  while (document.querySelector(".card-moving, .card-arrives") && performance.now() < settled) {
    await new Promise((done) => requestAnimationFrame(done));
  }
  const screen = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
  const frame = within ? document.querySelector(within).getBoundingClientRect() : null;
  const outside = (r, f) => r.left < f.left - .5 || r.top < f.top - .5
    || r.right > f.right + .5 || r.bottom > f.bottom + .5;
  const cut = [];
  for (const selector of selectors) {
    document.querySelectorAll(selector).forEach((el, i) => {
      const r = el.getBoundingClientRect();
      const label = `${selector}[${i}] "${el.textContent.trim().slice(0, 40)}"`;
      const overflows = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      if (overflows) cut.push([label, 'content cut']);
      if (outside(r, screen)) cut.push([label, 'off the screen']);
      if (frame && outside(r, frame)) cut.push([label, `out of ${within}`]);
    });
  }
  return cut;
}"""


def cut(page, *selectors: str, within: str | None = None) -> list[list[str]]:
    """The elements matching ``selectors`` that do not show whole once the cards have
    stopped moving (``CUT``), each with why."""
    return page.evaluate(CUT, [list(selectors), within])
