"""The score sheets in a real browser: anyone at the table, players and spectators, opens
the sheet at any time; it fills in with each push and stays open (or closed) as its
viewer left it."""

import re
import time

from playwright.sync_api import expect

from tests.e2e.helpers import DESKTOP, PHONE, start, take_first_move
from tests.e2e.test_courtpiece_browser import create_table
from tests.e2e.test_dayous_browser import create_room as create_dayous_room
from tests.e2e.test_disunyer_browser import create_room as create_disunyer_room

HANDS = re.compile(r"^\d{1,2}–\d{1,2}$")
COINS = re.compile(r"^[+−]\d+$")
CARD = re.compile(r"^((Ace|2|3|4|5|6|7|Jack|Knight|King) of (coins|cups|swords|clubs)|not shown)$")
LAST_ROUND = "#scores tbody td:first-child"
SHEET_ROWS = "document.querySelectorAll('#scores tbody tr td:nth-child(2)').length"
# The Dayous sheet's rows (each player's name and defences) and the log, oldest line last.
SHEET_AND_LOG = """() => [
  [...document.querySelectorAll('#scores tbody tr')].map((row) => [row.cells[0].textContent, row.cells[1].textContent]),
  [...document.querySelectorAll('#log li')].map((li) => li.textContent),
]"""


def play_until_true(page, condition: str, seconds: float) -> None:
    """Take the first move offered whenever one is, until ``condition`` (JavaScript on
    the page) holds."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(condition):
        assert time.monotonic() < deadline, f"{condition} did not come true within {seconds} s"
        take_first_move(page)
        page.wait_for_timeout(100)


def open_sheet(page):
    sheet = page.locator("#scores")
    expect(sheet).not_to_have_attribute("open", "")
    sheet.locator("summary").click()
    expect(sheet).to_have_attribute("open", "")
    return sheet


def test_court_piece_sheet_fills_round_by_round_and_stays_open_across_pushes(new_page):
    """Ann hosts a Double Sar table on a phone against three bots while Zed watches on a
    desktop. Zed opens the sheet before any round is over: it says so. Ann plays; after
    every push of the round Zed's sheet is still open, and once the round is over it
    holds round 1 with its caller, trump, hands and points and Ann's coins. Ann opens
    hers too and plays on with it open: her moves stay on the screen, and after round 2
    both sheets, still open, hold two rounds. Ann closes hers; it stays closed."""
    ann = new_page("/", **PHONE)
    code = create_table(ann, game="double-sar", clock=30, bet=25)
    start(ann)
    zed = new_page(f"/rooms/{code}/", **DESKTOP)
    zed_sheet = open_sheet(zed)
    expect(zed_sheet.locator("tbody")).to_have_text("No round finished yet.")
    heads = zed_sheet.locator("thead th")
    expect(heads).to_have_count(6)  # and one column of coins: Ann's (bots neither pay nor are paid)
    expect(heads.nth(4)).to_have_text("Points")

    play_until_true(ann, f"{SHEET_ROWS} >= 1", seconds=180)
    expect(zed_sheet).to_have_attribute("open", "")
    first = zed_sheet.locator("tbody tr").first
    expect(first.locator("td").first).to_have_text("1")
    expect(first.locator("td").nth(3)).to_have_text(HANDS)
    expect(first.locator("td").nth(5)).to_have_text(COINS)

    ann_sheet = open_sheet(ann)
    expect(ann_sheet.locator("tbody tr")).to_have_count(1)
    expect(ann.locator("#table-private")).to_be_in_viewport()
    play_until_true(ann, f"{SHEET_ROWS} >= 2", seconds=180)
    for sheet in (ann_sheet, zed_sheet):
        expect(sheet).to_have_attribute("open", "")
        expect(sheet.locator("tbody tr")).to_have_count(2)
    ann_sheet.locator("summary").click()
    version = ann.locator("#table-public").get_attribute("data-version")
    play_until_true(ann, f"document.getElementById('table-public').dataset.version > {version} + 2", seconds=60)
    expect(ann_sheet).not_to_have_attribute("open", "")


# Zed opens the sheet and, before the browser has fired its "toggle" event (a task of its
# own, run later), a push lands: htmx's events around the swap of a fresh copy of the sheet,
# closed as the server renders it. Returns whether the sheet is open after the push.
OPEN_AS_A_PUSH_LANDS = """() => {
  const sheet = document.getElementById("scores");
  const template = document.createElement("template");
  template.innerHTML = sheet.outerHTML;
  sheet.querySelector("summary").click();
  document.body.dispatchEvent(new CustomEvent("htmx:wsBeforeMessage", { bubbles: true }));
  sheet.replaceWith(template.content.firstElementChild);
  document.body.dispatchEvent(new CustomEvent("htmx:wsAfterMessage", { bubbles: true }));
  return document.getElementById("scores").open;
}"""


def test_a_sheet_opened_as_a_push_lands_stays_open(new_page):
    """Zed, watching, opens the score sheet at the moment a push replaces it: the new
    sheet is open, and still open once the browser's toggle event for the old one has
    come and gone."""
    ann = new_page("/", **PHONE)
    code = create_table(ann, game="double-sar", clock=30, bet=25)
    start(ann)
    zed = new_page(f"/rooms/{code}/", **DESKTOP)
    expect(zed.locator("#scores")).not_to_have_attribute("open", "")

    assert zed.evaluate(OPEN_AS_A_PUSH_LANDS) is True
    zed.wait_for_timeout(200)
    expect(zed.locator("#scores")).to_have_attribute("open", "")


def test_dayous_sheet_shows_each_players_contributions_for_a_spectator(new_page):
    """Ann hosts four-player Dayous against bots on a phone; Zed watches on a desktop with
    the sheet open. It lists the four players in seat order, each with as many defences
    as the log tells of (the bots may have played a bout already); after the first
    successful defence, its defender's row counts it, and the sheet is still open."""
    ann = new_page("/", **PHONE)
    code = create_dayous_room(ann, players=4)
    start(ann)
    zed = new_page(f"/rooms/{code}/", **DESKTOP)
    sheet = open_sheet(zed)
    expect(sheet.locator("thead th")).to_have_text(["Player", "Defences", "Cards", "Best", "Fees"])
    expect(sheet.locator("tbody tr")).to_have_count(4)
    rows, log = zed.evaluate(SHEET_AND_LOG)  # in one moment: a push may land between two reads
    assert " are trumps." in log[-1], log  # the log still holds the whole game
    for name, defences in rows:
        assert int(defences) == sum(line.startswith(f"{name} defended: ") for line in log), (rows, log)
    play_until_true(ann, "!!document.querySelector('[data-testid=\"contribution\"]')", seconds=120)
    expect(sheet).to_have_attribute("open", "")
    defender = zed.get_by_test_id("contribution").locator("b").first.text_content()
    row = sheet.locator("tbody tr").filter(has_text=defender)
    expect(row.locator("td").nth(1)).not_to_have_text("0")
    expect(row.locator("td").nth(2)).not_to_have_text("0")


def test_disunyer_sheet_names_who_went_out_and_with_which_card_on_a_phone(new_page):
    """Ann fills a Disunyer room with bots and plays on a phone with the sheet open: as
    rounds end it stays open, and names who went out in round 1 and with which card (or,
    after a Disunyer a rival lost, that the card was not shown), then the later rounds."""
    ann = new_page("/", **PHONE)
    create_disunyer_room(ann)
    with ann.expect_navigation():
        ann.get_by_test_id("fill-with-bots").click()
    sheet = open_sheet(ann)
    play_until_true(ann, f"Number([...document.querySelectorAll('{LAST_ROUND}')].pop().textContent) >= 2", seconds=120)
    expect(sheet).to_have_attribute("open", "")
    first = sheet.locator("tbody tr").first
    expect(first.locator("td").first).to_have_text("1")
    expect(first.locator("td").nth(2)).to_have_text(CARD)
    rounds = [int(text) for text in sheet.locator("tbody tr td:first-child").all_text_contents()]
    assert rounds == sorted(rounds) and rounds[-1] >= 2

