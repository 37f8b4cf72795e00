"""What a new user found on the site's pages, in a real browser on a 390×844 phone (and a
desktop): the create form's boxes, labels and coins, the 6-point win that needs a
4-point rank, the invite link's share and copy button, and leaderboards that fit."""

import re
import subprocess
import sys

from playwright.sync_api import expect

from tests.e2e.conftest import ROOT
from tests.e2e.helpers import DESKTOP, PHONE, add_bots, start
from tests.e2e.seed_boards import WIDE
from tests.e2e.test_disunyer_browser import create_room

BOARD_PASSWORD = "l-Strong-pass-61"

# Every control of the form: its box, the box of its label's words, and the viewport.
FORM_LAYOUT = """() => [...document.querySelectorAll('main form :is(input:not([type=hidden]), select)')]
  .map((control) => {
    const label = control.closest('label') || document.querySelector(`label[for="${control.id}"]`);
    const words = document.createRange();
    words.selectNodeContents(label);
    return {name: control.name, type: control.type, box: control.getBoundingClientRect().toJSON(),
            words: words.getBoundingClientRect().toJSON(), width: innerWidth};
  })"""


def test_the_create_form_on_a_phone_has_roomy_boxes_labelled_checkboxes_and_the_bet_beside_the_coins(new_page):
    """On a phone, the Court Piece form's number boxes are at least 6rem wide and 44 px
    high with their unit beside them and their range under them; each checkbox has its
    words on its own line, right beside it; the bet shows the guest's 1,000 coins; and
    nothing reaches past the screen's edge."""
    page = new_page("/rooms/new/courtpiece/", **PHONE)
    layout = page.evaluate(FORM_LAYOUT)
    numbers = [control for control in layout if control["type"] == "number"]
    assert [control["name"] for control in numbers] == ["winning_points", "bet", "clock"]
    for control in numbers:
        assert control["box"]["width"] >= 96 and control["box"]["height"] >= 44, control
    for control in layout:
        assert control["box"]["right"] <= control["width"] and control["words"]["right"] <= control["width"], control
    for control in (control for control in layout if control["type"] == "checkbox"):
        box, words = control["box"], control["words"]
        assert words["left"] <= box["left"] and box["right"] < words["right"], control  # the words run on beside it
        assert words["top"] <= box["top"] + box["height"] / 2 <= words["bottom"], control  # on the same line
    for sentence in ("From 10 to 100 points.", "From 25 to 1,000 coins.", "From 5 to 30 seconds."):
        expect(page.get_by_text(sentence)).to_be_visible()
    expect(page.get_by_test_id("beside-bet")).to_have_text("You have 1,000 coins: enough for a bet of up to 500.")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["viewport"]["width"]


def test_the_6_point_win_can_be_on_only_with_a_4_point_rank(new_page):
    """While the 4-point win says "Off", the 6-point win is off and cannot be ticked;
    choosing Queen lets Ann tick it; going back to "Off" unticks it again. With Queen and
    the 6-point win she creates the room."""
    page = new_page("/rooms/new/courtpiece/", **PHONE)
    four, six = page.get_by_label("4-point win"), page.get_by_label("6-point win")
    expect(four).to_have_value("")
    expect(six).to_be_disabled()
    expect(six).not_to_be_checked()
    four.select_option("Q")
    expect(six).to_be_enabled()
    six.check()
    four.select_option("")
    expect(six).to_be_disabled()
    expect(six).not_to_be_checked()
    four.select_option("Q")
    six.check()
    page.get_by_test_id("create-room").click()
    expect(page).to_have_url(re.compile(r"/rooms/\d{6}/$"))


def test_the_form_shown_again_from_the_history_keeps_the_6_point_rule(new_page):
    """How a room with the 6-point win came from a form showing the 4-point win "Off":
    Ann creates a room with Queen and the 6-point win, then goes back. The browser shows
    the form from its history as she left it; she turns the 4-point win off and sends
    it. Before, the 6-point box stayed ticked: the form refused it, and one step back
    in the history stood the form showing "Off" and the 6-point win ticked, one step
    further the room made with both. Now the box is unticked and disabled as the page
    comes back, and the room made is the one the form shows: no 4-point, no 6-point."""
    page = new_page("/rooms/new/courtpiece/", **PHONE)
    four, six = page.get_by_label("4-point win"), page.get_by_label("6-point win")
    four.select_option("Q")
    six.check()
    page.get_by_test_id("create-room").click()
    expect(page).to_have_url(re.compile(r"/rooms/\d{6}/$"))
    first_room = page.url
    start(page)
    expect(page.locator(".cp-rules")).to_contain_text("4 points: Queen · 6 points: pair")
    page.go_back()
    expect(page).to_have_url(re.compile(r"/rooms/new/courtpiece/$"))
    four.select_option("")
    expect(six).to_be_disabled()
    expect(six).not_to_be_checked()
    page.get_by_test_id("create-room").click()
    expect(page).to_have_url(re.compile(r"/rooms/\d{6}/$"))
    assert page.url != first_room
    start(page)
    expect(page.locator(".cp-rules")).to_have_text("Pile 3-2-2")


# The Web Share API, as a phone's browser has it (this headless Chromium has none): what
# was shared is kept for the test to read.
PHONE_SHARE_SHEET = """navigator.share = (data) => { window.sharedInvites = [...(window.sharedInvites || []), data];
                                                 return Promise.resolve(); };"""


def test_on_a_desktop_the_invite_button_copies_the_link_and_says_copied(new_page, live_site):
    """Ann hosts a room on a desktop: "Copy link" puts the room's whole address on the
    clipboard and "Copied" shows beside it; after a push (a bot sits down) the button
    copies again."""
    page = new_page("/", **DESKTOP)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_site)
    code = create_room(page)
    button = page.get_by_test_id("share-invite")
    expect(button).to_have_text("Copy link", use_inner_text=True)
    button.click()
    expect(page.get_by_test_id("invite-status")).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == f"{live_site}/rooms/{code}/"
    page.evaluate("navigator.clipboard.writeText('')")
    add_bots(page, 1)
    page.get_by_test_id("share-invite").click()
    expect(page.get_by_test_id("invite-status")).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == f"{live_site}/rooms/{code}/"


def test_on_a_phone_the_invite_button_opens_the_share_sheet_with_the_link(new_page, live_site):
    """On a phone whose browser can share, the button says "Share link" and hands the
    room's address to the phone's share sheet; it stays within the screen."""
    page = new_page("/", **PHONE)
    page.context.add_init_script(PHONE_SHARE_SHEET)
    code = create_room(page)
    button = page.get_by_test_id("share-invite")
    expect(button).to_have_text("Share link", use_inner_text=True)
    # Retried: a push may be replacing the waiting room's fragment just then.
    expect(button).to_be_in_viewport(ratio=1)
    button.click()
    page.wait_for_function("() => window.sharedInvites && window.sharedInvites.length === 1")
    assert page.evaluate("window.sharedInvites[0].url") == f"{live_site}/rooms/{code}/"


LEADERBOARD_PAGES = (
    "/leaderboard/disunyer/", "/leaderboard/dayous/", "/leaderboard/courtpiece/",
    "/leaderboard/disunyer/rating/", "/leaderboard/dayous/rating/", "/leaderboard/courtpiece/rating/",
    "/leaderboard/courtpiece/richest/", f"/players/{WIDE}/", "/me/games/",
)

# What reaches past the page's width: the page itself, each table (wider than its box,
# so columns hide behind a sideways scroll), and each cell or heading out of the page.
CLIPPED = """(width) => ({
  page: document.scrollingElement.scrollWidth,
  tables: [...document.querySelectorAll('main table')]
    .filter((table) => table.scrollWidth > table.parentElement.clientWidth)
    .map((table) => [table.className, table.scrollWidth, table.parentElement.clientWidth]),
  outside: [...document.querySelectorAll('main :is(h1, h2, td, th, li, a)')]
    .filter((el) => el.checkVisibility())
    .filter((el) => el.getBoundingClientRect().left < 0 || el.getBoundingClientRect().right > width)
    .map((el) => el.textContent.trim().slice(0, 30)).slice(0, 5),
})"""


def test_every_leaderboard_page_shows_all_its_columns_within_a_phones_width(new_page, live_env):
    """A club whose names are as wide as a username can be (20 W's): on a 390 px phone,
    the three points boards, the rating boards, the richest players, a profile and "Your
    games" show every column without a sideways scroll and nothing past the screen's
    edge; on the points boards each stat is named beside its value and the player's own
    row, below the first page, shows the same way. On a desktop the boards stay tables."""
    subprocess.run([sys.executable, "-m", "tests.e2e.seed_boards", BOARD_PASSWORD], cwd=ROOT, env=live_env,
                   check=True, capture_output=True)
    page = new_page("/accounts/login/", **PHONE)
    page.get_by_label("Username").fill(WIDE)
    page.get_by_label("Password").fill(BOARD_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_test_id("who")).to_have_text(WIDE)
    width = PHONE["viewport"]["width"]
    for path in LEADERBOARD_PAGES:
        page.goto(path)
        assert page.evaluate(CLIPPED, width) == {"page": width, "tables": [], "outside": []}, path
    page.goto("/leaderboard/dayous/")
    own = page.get_by_test_id("own-rank").get_by_test_id("my-row")
    expect(own.locator("td[data-label='Defences']")).to_be_visible()
    assert own.locator("td[data-label='Defences']").evaluate("td => getComputedStyle(td, '::before').content") \
        == '"Defences "'
    page.set_viewport_size(DESKTOP["viewport"])
    expect(page.get_by_role("columnheader", name="Defences")).to_be_visible()
    assert page.evaluate(CLIPPED, DESKTOP["viewport"]["width"])["tables"] == []
