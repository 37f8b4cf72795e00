"""Disunyer played with the keyboard only, in a real browser on a 390×844 phone: K keeps,
P passes, the digits challenge a rival in the order the buttons show them, the suits'
letters guess; "?" lists the keys and Escape closes the list; no key acts while Ctrl is
held or the focus is in a field.

``play_by_keyboard`` drives any game's table with ``page.keyboard.press`` alone; the
Dayous and Court Piece keyboard tests use it too."""

import random
import re
import time

from django.utils.html import strip_tags
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from games.disunyer.rules import ENGINE
from rooms.rendering import render_private
from rooms.store.presence import NOBODY
from tests.e2e.helpers import PHONE, add_bots
from tests.e2e.test_disunyer_browser import create_room
from tests.rooms.presenting import seat, snapshot

# The viewer's decision as the keyboard sees it: the keys its controls name, the card
# moves, what the arrows go through (a folded list of card moves by its summary, as
# null), and which control has the focus.
# ``swaps`` counts the action bars the page has had (BAR_SWAPS).
DECISION = """() => {
  const version = Number(document.getElementById('table-private')?.dataset.version);
  const swaps = window.barSwaps ? window.barSwaps.count : 0;
  if (document.querySelector('[data-testid="game-over"]')) return {over: true, version, swaps};
  const bar = document.querySelector('[data-testid="your-move"]');
  if (!bar || bar.querySelector('.actions.sent')) return {over: false, version, swaps, keys: null};
  const shown = (el) => el.checkVisibility({visibilityProperty: true});
  const focused = document.activeElement;
  return {
    over: false, version, swaps,
    keys: [...bar.querySelectorAll('[aria-keyshortcuts]')].filter(shown)
      .map((el) => el.getAttribute('aria-keyshortcuts')),
    cards: [...bar.querySelectorAll('[data-card-move]')].filter(shown).map((el) => el.getAttribute('aria-label')),
    ring: [...bar.querySelectorAll('[data-card-move], details:not([open]) > summary')].filter(shown)
      .filter((el) => !el.matches('summary') || el.parentElement.querySelector('[data-card-move]'))
      .map((el) => el.matches('summary') ? null : el.getAttribute('aria-label')),
    focused: bar.contains(focused) ? focused.getAttribute('aria-label') || focused.textContent.trim() : null,
  };
}"""
# Counts every push that replaced the action bar, whether or not its version changed.
BAR_SWAPS = """() => {
  if (window.barSwaps) return;
  window.barSwaps = {count: 0, bar: document.getElementById('table-private')};
  document.addEventListener('htmx:wsAfterMessage', () => {
    const bar = document.getElementById('table-private');
    if (bar !== window.barSwaps.bar) { window.barSwaps.count += 1; window.barSwaps.bar = bar; }
  });
}"""
GAMES_UNTIL_A_DECISION = 3
KEYED_BUTTON = re.compile(r'<button [^>]*aria-keyshortcuts="([^"]+)"[^>]*>(.*?)</button>', re.S)
LABELS = re.compile(r'<button [^>]*data-action="pick"[^>]*aria-label="([^"]+)"')
# Whether the move was sent (the bar waits for the table's answer) or the table moved on.
SENT_OR_MOVED = """(version) => Boolean(document.querySelector('#table-private .actions.sent'))
  || Number(document.getElementById('table-private')?.dataset.version) !== version"""


def play_by_keyboard(page, choose, seconds: float) -> list[dict]:
    """Play the viewer's seat to the end of the game with key presses only: at each
    decision ``choose(decision)`` gives the keys to press, and each decision's last key
    must send a move (or the table moved on meanwhile). Each decision met, with the keys
    pressed, the name of the control that had the focus before the last one, and whether
    a push replaced the action bar with other cards while the keys were pressed
    (``cards_changed``: the arrows then counted on two different rows of cards)."""
    deadline = time.monotonic() + seconds
    met: list[dict] = []
    missed = set()
    page.evaluate(BAR_SWAPS)
    while True:
        assert time.monotonic() < deadline, f"the game did not end within {seconds} s ({len(met)} decisions)"
        decision = page.evaluate(DECISION)
        if decision["over"]:
            return met
        if decision["keys"] is None:
            page.wait_for_timeout(50)
            continue
        *first, last = choose(decision)
        for key in first:
            page.keyboard.press(key)
        before_last = page.evaluate(DECISION)
        page.keyboard.press(last)
        try:
            page.wait_for_function(SENT_OR_MOVED, arg=decision["version"], timeout=5000)
        except PlaywrightError as error:
            now = page.evaluate(DECISION)
            # A busy browser can lose a key of a long run: the viewer starts the
            # decision again from the top, but only once on the same table.
            if decision["version"] in missed:
                raise AssertionError(f"{[*first, last]} sent nothing at {decision}; now {now}") from error
            missed.add(decision["version"])
            page.evaluate("document.activeElement && document.activeElement.blur()")
            continue
        met.append({**decision, "pressed": [*first, last], "focused_last": before_last.get("focused"),
                    "cards_changed": before_last.get("cards") != decision["cards"],
                    "before_last": {name: before_last.get(name) for name in ("version", "swaps", "cards")}})


def keys_in_help(page) -> set[str]:
    """Open the help with "?", read the keys it lists, close it with Escape."""
    help_dialog = page.get_by_test_id("keys-help")
    page.keyboard.press("?")
    expect(help_dialog).to_be_visible()
    listed = set(help_dialog.locator("kbd").all_inner_texts())
    page.keyboard.press("Escape")
    expect(help_dialog).to_be_hidden()
    return listed


def choose_disunyer(rng):
    def choose(decision):
        return [rng.choice(decision["keys"])]
    return choose


def seat_up(page, mode: str) -> None:
    create_room(page, mode=mode)
    add_bots(page, 7)
    expect(page.locator("#table-public .seat-chip")).to_have_count(8)


def test_whole_games_of_both_modes_are_played_with_the_keyboard_alone(new_page):
    """Ann plays a Standard and then a Stuck King room against seven bots on a phone,
    pressing a key the action bar offers at each of her decisions (K, P, a digit or a
    suit's letter) and never clicking: every press sends her move, both games end, and
    the help lists every key she was offered."""
    ann = new_page("/", **PHONE)
    rng = random.Random(15)
    offered = set()
    for mode in ("standard", "stuck-king"):
        met = []
        # A deal can leave Ann no decision of her own (forced keeps, then out in the
        # first round), or only a guess (challenged in the first round, and wrong): she
        # plays another game of the mode until she has had one, and a keep-or-pass.
        for _ in range(GAMES_UNTIL_A_DECISION):
            seat_up(ann, mode)
            met = play_by_keyboard(ann, choose_disunyer(rng), seconds=150)
            expect(ann.get_by_test_id("results").locator("tbody tr")).to_have_count(8)
            offered.update(key for decision in met for key in decision["keys"])
            if met and "K" in offered:
                break
        assert met, f"Ann had no decision in {GAMES_UNTIL_A_DECISION} {mode} games"
    assert "K" in offered
    listed = keys_in_help(ann)
    digits = {key for key in offered if key.isdigit()}
    assert offered - digits <= listed, (offered, listed)
    assert not digits or {"1", "9"} <= listed


def test_the_picker_numbers_the_rivals_and_the_guesses_name_the_suits():
    """The controls carry their keys in the markup Ann is sent: dealt the Ace of coins,
    her rivals' buttons are numbered 1, 2, 3 in the order they show, each named
    "Challenge …"; Bea, challenged, has O (coins), C (cups), S (swords) and B (clubs)
    on her guesses."""
    state = ENGINE.start(4, {}, deck=["Ao", "2c", "3s", "4b", "5o", "6c", "7s", "Jb"])
    table = snapshot("disunyer", [seat(0, "Ann"), seat(1, "Bea"), seat(2, "Cid"), seat(3, "Dee")], state=state)
    html = render_private(table, NOBODY, 0)
    assert KEYED_BUTTON.findall(html) == [("1", "Bea"), ("2", "Cid"), ("3", "Dee")]
    assert LABELS.findall(html) == ["Challenge Bea", "Challenge Cid", "Challenge Dee"]
    state, _ = ENGINE.apply(state, 0, {"type": "pick", "rival": 1})
    table = snapshot("disunyer", table.seats, state=state)
    guesses = [(key, strip_tags(text).strip()) for key, text in KEYED_BUTTON.findall(render_private(table, NOBODY, 1))]
    assert guesses == [("O", "Coins"), ("C", "Cups"), ("S", "Swords"), ("B", "Clubs")]


def test_keys_wait_while_ctrl_is_held_or_a_field_has_the_focus_and_the_help_opens_and_closes(new_page):
    """At Ann's turn, Ctrl+K and a K typed with the focus on a settings box send
    nothing; "?" (or the "?" button) opens the list of Disunyer's keys, Escape closes it
    and K then keeps."""
    ann = new_page("/", **PHONE)
    seat_up(ann, "standard")
    bar = ann.locator('[data-testid="your-move"]')
    deadline = time.monotonic() + 240
    while not bar.locator('button[aria-keyshortcuts="K"]').count():
        assert time.monotonic() < deadline, "Ann never had a turn"
        if ann.get_by_test_id("game-over").count():  # she was out before her first turn
            seat_up(ann, "standard")
        decision = ann.evaluate(DECISION)
        if decision.get("keys"):
            ann.keyboard.press(decision["keys"][0])  # a challenge or a guess first
        ann.wait_for_timeout(50)
    version = ann.locator("#table-private").get_attribute("data-version")
    ann.keyboard.press("Control+k")
    ann.get_by_test_id("settings").focus()
    ann.keyboard.press("Enter")  # opens the settings
    ann.get_by_test_id("setting-sound").focus()
    ann.keyboard.press("k")
    ann.wait_for_timeout(300)
    expect(ann.locator("#table-private .actions.sent")).to_have_count(0)
    expect(ann.locator("#table-private")).to_have_attribute("data-version", version)
    ann.get_by_test_id("settings").focus()
    ann.keyboard.press("Enter")  # and closes them

    help_dialog = ann.get_by_test_id("keys-help")
    expect(ann.get_by_test_id("keys-help-open")).to_be_in_viewport()
    ann.keyboard.press("?")
    expect(help_dialog).to_be_visible()
    expect(help_dialog).to_contain_text("Keep your card")
    expect(help_dialog).to_contain_text("Guess coins")
    ann.keyboard.press("k")  # the dialog has the keys while it is open
    expect(ann.locator("#table-private .actions.sent")).to_have_count(0)
    ann.keyboard.press("Escape")
    expect(help_dialog).to_be_hidden()
    ann.keyboard.press("k")
    ann.wait_for_function(SENT_OR_MOVED, arg=int(version))
