"""The Dayous table, phone first, in a real browser: a whole four-player game on a
390×844 phone with every move on the screen; every table from 2 to 8 players at its
fullest, apart and whole on a phone; the log, a closed drawer on a phone that a push
neither closes nor scrolls, beside the table on a desktop; the turn's sound and
vibration, off until switched on and remembered by the browser."""

import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.e2e.helpers import (
    DESKTOP,
    MOVE_LAYOUT,
    PHONE,
    assert_move_fits,
    boxes,
    cut,
    name_guest,
    overlapping,
    play_whole_games,
    start,
)
from tests.e2e.staging import LONG_NAMES, STAGED_CLOCK_SECONDS, dayous_fullest_bout, played_to_the_end, stage
from tests.e2e.test_dayous_browser import create_room

# Stands in for the browser's vibration, to count what the page asks of it.
# The log's position as each message arrives, which the page keeps through the message: the
# bots may move more than once before the test looks.
RECORD_LOG_POSITIONS = """() => {
  window.logPositions = [];
  document.addEventListener("htmx:wsBeforeMessage", () => {
    const log = document.querySelector("#log");
    window.logPositions.push(log ? log.scrollTop : null);
  });
}"""
# And the turns of the viewer's that pushes begin (the action bar appears), which alone
# may vibrate: loading the page is none.
RECORD_VIBRATIONS = """
window.vibrations = [];
navigator.vibrate = (pattern) => window.vibrations.push(pattern) > 0;
window.turnsBegun = 0;
document.addEventListener("DOMContentLoaded", () => {
  const isMine = () => document.querySelector('#table-private[data-testid="your-move"]') !== null;
  let was = isMine();
  document.addEventListener("htmx:wsAfterMessage", () => {
    const now = isMine();
    if (now && !was) window.turnsBegun += 1;
    was = now;
  });
});
"""


def sit_down_with_bots(page, players: int) -> None:
    create_room(page, players=players, decks=1, clock=30)
    start(page)  # the host starts alone: bots take the empty seats
    expect(page.locator("#table-public .seat-chip")).to_have_count(players)


def play_a_move(page) -> bool:
    """The first move offered, if the viewer has one now."""
    try:
        page.locator('[data-testid="your-move"] .actions:not(.sent) button:visible').first.click(timeout=500)
        return True
    except PlaywrightError:
        return False  # no move now, or the table was replaced by a push meanwhile


def test_a_whole_four_player_game_keeps_every_move_on_a_phone_screen(new_page):
    """Ann plays a four-player Dayous game against three bots to the end on a 390×844
    phone: at every one of her decisions (direction, leads, beats, throw-ins, passes,
    taking) the action bar holds every legal move, each control inside the screen, and
    the page never scrolls; at the end the results and "Play again" are on the screen,
    and the log's first line is the newest: the game is over."""
    ann = new_page("/", **PHONE)
    sit_down_with_bots(ann, 4)
    [decisions] = play_whole_games([ann], seconds=200)
    assert decisions > 0
    expect(ann.get_by_test_id("results").locator("tbody tr")).to_have_count(4)
    expect(ann.get_by_test_id("play-again")).to_be_in_viewport()
    expect(ann.locator("#log li").first).to_contain_text("Game over")


# What must not overlap on the table, and what must show whole.
APART = ("#table-public .seat-chip", "#table-public .dy-table", "#table-public .table-status", "#scores > summary")
WHOLE = ("#table-public .seat-chip .name", "#table-public .seat-chip", "#table-public .dy-facts",
         "#table-public .dy-facts > *", "#table-public .dy-limit", "#table-public .dy-table")
# The results' headings and cells cut, or reaching out of their panel sideways (its rows
# may scroll up and down in it), and whether the table scrolls sideways.
RESULTS_CUT = """() => {
  const panel = document.querySelector('.results-panel').getBoundingClientRect();
  const cut = [...document.querySelectorAll('[data-testid="results"] :is(th, td)')].filter((cell) => {
    const r = cell.getBoundingClientRect();
    return r.left < panel.left - .5 || r.right > panel.right + .5 || cell.scrollWidth > cell.clientWidth + 1;
  }).map((cell) => cell.textContent);
  const scroll = document.querySelector('.results-panel .table-scroll');
  return [cut, scroll.scrollWidth > scroll.clientWidth];
}"""


def wait_still(page) -> dict:
    """The viewer's move layout once the cards have stopped moving (a card fading in
    still rises into its place)."""
    while (layout := page.evaluate(MOVE_LAYOUT, False)).get("settling"):
        page.wait_for_timeout(50)
    return layout


def test_every_player_count_at_its_fullest_fits_a_phone_apart_and_whole(new_page, live_env):
    """On a 390×844 phone, Dayous tables of 2 to 8 players (two decks, and three at 8),
    every seat named with 24 characters, in a bout at its fullest (the attack cards at the
    defender's limit, then one and four short of it with the others' clocks running; Ann
    defends):
    no two seats overlap, nor a seat and the bout (its cards and its count), the status
    lines or the score sheet's button; every name, the facts line (trump, direction, the
    deck with its face-up card, the discard, the trump-change note) and the count of
    attack cards show whole; and Ann's every move fits the screen. At the end of the game
    the results table shows every column whole, names and journals included, inside its
    panel."""
    ann = new_page("/", **PHONE)
    name_guest(ann, LONG_NAMES[0])
    for players, decks in [(n, 2) for n in range(2, 9)] + [(8, 3)]:
        code = create_room(ann, players=players, decks=decks, clock=STAGED_CLOCK_SECONDS)
        start(ann)
        names = {seat: LONG_NAMES[seat % len(LONG_NAMES)] for seat in range(1, players)}
        for short in (0, 1, 4):
            state = dayous_fullest_bout(players, decks, short=short)
            stage(live_env, code, state, names)
            expect(ann.locator("#table-public .dy-pair")).to_have_count(len(state["table"]))
            expect(ann.locator("#table-public .seat-chip .name").last).to_have_text(names[players - 1])
            table = f"{players} players, {decks} decks, {len(state['table'])} attack cards"
            layout = wait_still(ann)
            assert overlapping(ann, *APART) == [], table
            assert cut(ann, *WHOLE, within='[data-testid="felt"]') == [], table
            assert_move_fits(layout)
        stage(live_env, code, played_to_the_end("dayous", players, {"decks": decks}), status="finished")
        expect(ann.get_by_test_id("results").locator("tbody tr")).to_have_count(players)
        assert ann.evaluate(RESULTS_CUT) == [[], False], f"{players} players' results"


def test_the_log_is_a_drawer_on_a_phone_that_pushes_leave_open_and_where_they_were(new_page):
    """On a phone the log is closed; "Log" opens it over the table, one line per action
    (a new bout is not told twice, only its lead). Scrolled down, it stays open and
    scrolled as the game goes on. On a desktop the log is beside the table, not over it."""
    ann = new_page("/", **PHONE)
    sit_down_with_bots(ann, 3)
    log = ann.locator("#log")
    expect(log).to_be_hidden()
    ann.get_by_test_id("log-toggle").click()
    expect(log).to_be_visible()
    expect(ann.get_by_test_id("log-toggle")).to_have_attribute("aria-expanded", "true")
    deadline = time.monotonic() + 90
    _play_until_the_log_scrolls(ann, log, deadline)
    names = ann.locator("#table-public .seat-chip .name").all_inner_texts()
    bouts = {f"{a} attacks {b}." for a in names for b in names}
    lines = log.locator("li").all_inner_texts()
    assert any(" attacks " in line and " with " in line for line in lines), lines
    assert bouts.isdisjoint(lines), lines
    ann.evaluate(RECORD_LOG_POSITIONS)
    while True:  # a push that leaves the log long enough keeps its position
        # In one script on the page: a locator's element can be replaced by a push between
        # its lookup and its script, and a detached log scrolls nowhere.
        ann.evaluate("() => { document.querySelector('#log').scrollTop = 120; window.logPositions = []; }")
        _play_until_a_push(ann, deadline)
        expect(log).to_be_visible()
        top, bottom = _settled_scroll(log)
        if bottom >= 120 and set(ann.evaluate("window.logPositions")) == {120}:
            assert top == 120, (top, bottom)
            break
        # Too short now, or meanwhile, to hold the position (a new deal starts a new log,
        # and the browser holds a log that a push shortened at its end): play on.
        _play_until_the_log_scrolls(ann, log, deadline)
    assert ann.evaluate("[scrollX, scrollY]") == [0, 0]
    ann.locator("#log .log-close").click()
    expect(log).to_be_hidden()

    desk = new_page(ann.url, **DESKTOP)
    expect(desk.locator("#log")).to_be_visible()
    expect(desk.get_by_test_id("log-toggle")).to_be_hidden()
    [felt], [side] = boxes(desk, '[data-testid="felt"]', "#log")
    assert side["left"] >= felt["right"], "the log covers the table on a desktop"


def test_the_turn_sound_and_vibration_are_off_until_switched_on_and_then_remembered(new_page):
    """Ann's turns make no sound and no vibration at first. She switches both on in the
    table's settings; after a reload they are still on, and the next turn of hers that
    begins while she looks vibrates the phone."""
    ann = new_page("about:blank", **PHONE)
    ann.context.add_init_script(RECORD_VIBRATIONS)
    ann.goto("/")
    sit_down_with_bots(ann, 3)
    deadline = time.monotonic() + 60
    while not play_a_move(ann):  # a first turn of Ann's, silent
        assert time.monotonic() < deadline, "Ann never had a move"
        ann.wait_for_timeout(100)
    assert ann.evaluate("window.vibrations") == []
    ann.get_by_test_id("settings").click()
    sound, vibrate = ann.get_by_test_id("setting-sound"), ann.get_by_test_id("setting-vibrate")
    expect(sound).not_to_be_checked()
    expect(vibrate).not_to_be_checked()
    sound.check()
    vibrate.check()
    ann.reload()
    ann.get_by_test_id("settings").click()
    expect(ann.get_by_test_id("setting-sound")).to_be_checked()
    expect(ann.get_by_test_id("setting-vibrate")).to_be_checked()
    ann.get_by_test_id("settings").click()
    # Loading the page is no new turn; the bots may have begun one of Ann's since.
    vibrations, turns_begun = ann.evaluate("[window.vibrations.length, window.turnsBegun]")
    assert vibrations == turns_begun
    while not ann.evaluate("window.vibrations"):
        assert time.monotonic() < deadline + 60, "no turn of Ann's began"
        play_a_move(ann)
        ann.wait_for_timeout(100)
    vibrations = ann.evaluate("window.vibrations")
    assert vibrations and all(pattern == [120, 60, 120] for pattern in vibrations), vibrations


def _play_until_the_log_scrolls(page, log, deadline: float) -> None:
    while log.evaluate("el => el.scrollHeight - el.clientHeight") < 150:
        assert time.monotonic() < deadline, "the log did not grow"
        play_a_move(page)  # the action bar stays free with the log open
        page.wait_for_timeout(100)


def _play_until_a_push(page, deadline: float) -> None:
    version = page.locator("#table-private").get_attribute("data-version")
    while page.locator("#table-private").get_attribute("data-version") == version:
        assert time.monotonic() < deadline, "nothing happened at the table"
        play_a_move(page)
        page.wait_for_timeout(100)


def _settled_scroll(log, seconds: float = 2.0) -> tuple[int, int]:
    """The log's scroll position, and the furthest it can scroll, once the push that just
    landed has been laid out. The log keeps the last actions only, and some make no line,
    so a push can leave it shorter: the browser then holds the position at its end."""
    deadline = time.monotonic() + seconds
    while True:
        top, bottom = log.evaluate("el => [el.scrollTop, el.scrollHeight - el.clientHeight]")
        if top == min(120, bottom) or time.monotonic() > deadline:
            return top, bottom
        log.page.wait_for_timeout(50)


