"""Every game's table on a 390×844 phone, in a real browser: the room's bar shows each of
the room's settings whole; people's names, up to a guest's 24 characters, show whole at
their seats (and in Court Piece's team boxes), the seats apart from one another; guests
are marked, at their seats and in the results; and the viewer's move still fits the
screen."""

import time

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import (
    MOVE_LAYOUT,
    PHONE,
    add_bots,
    assert_move_fits,
    cut,
    name_guest,
    overlapping,
    start,
)
from tests.e2e.staging import LONG_NAMES, dealt, disunyer_ace_to_the_first_seat, played_to_the_end, stage
from tests.e2e.test_courtpiece_browser import create_table
from tests.e2e.test_dayous_browser import create_room as create_dayous_room
from tests.e2e.test_disunyer_browser import create_room as create_disunyer_room


def _disunyer(page) -> str:
    code = create_disunyer_room(page, private=True)
    add_bots(page, 7)
    return code


def _dayous(page) -> str:
    code = create_dayous_room(page, players=8, decks=3, clock=30)
    start(page)
    return code


def _courtpiece(page) -> str:
    code = create_table(page, game="double-sar", clock=30, bet=50)
    start(page)
    return code


# Each game: how Ann sits down with bots at a full table, its seats, its options (as the
# engine fills them in), the settings its room's bar shows (one person watching), and
# what lies in the middle of its table, which no seat may cover.
TABLES = {
    "disunyer": (_disunyer, 8, {"mode": "standard"}, ["Standard", "Private", "1 watching"], ".deck-pile"),
    "dayous": (_dayous, 8, {"decks": 3}, ["3 decks", "30 s per move", "Public", "1 watching"], ".table-centre"),
    "courtpiece": (_courtpiece, 4, {"game": "double-sar"},
                   ["Double Sar", "Bet 50 coins", "30 s per move", "Public", "1 watching"], ".cp-pile"),
}
FELT = '[data-testid="felt"]'


def first_decision(page, seconds: float = 60) -> dict | None:
    """The viewer's move layout at their first decision, once the cards are still; None if
    the game ends (or they are out) without one."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        layout = page.evaluate(MOVE_LAYOUT, False)
        if layout.get("decision") and not layout.get("settling"):
            return layout
        if layout.get("over"):
            return None
        page.wait_for_timeout(100)
    raise AssertionError(f"no decision of the viewer's within {seconds} s")


@pytest.mark.parametrize("game", sorted(TABLES))
def test_the_room_bar_shows_every_setting_whole_and_the_move_still_fits(new_page, game):
    """Ann sits down with bots and Zed watches: on Ann's phone the room's bar shows each
    setting (the variant or mode, the decks, the bet, the clock, public or private, "1
    watching") whole — none cut, scrolled away or under the score sheet's button or the
    page's own buttons — and her first move fits the screen without scrolling."""
    seat_up, _, _, settings, _ = TABLES[game]
    ann = new_page("/", **PHONE)
    code = seat_up(ann)
    new_page(f"/rooms/{code}/", **PHONE)
    expect(ann.locator(".room-meta > *")).to_have_text(settings)
    assert cut(ann, ".room-meta", ".room-meta > *", ".room-header .code", within=".room-header") == []
    assert overlapping(ann, ".room-meta > *", ".room-header .code", ".room-tools > *", "#scores > summary") == []
    layout = first_decision(ann)
    if layout is not None:  # a Disunyer seat may be out before its first decision
        assert_move_fits(layout)


@pytest.mark.parametrize("game", sorted(TABLES))
def test_long_names_show_whole_and_apart_and_guests_are_marked(new_page, live_env, game):
    """Ann, a guest with a name of 24 characters (the longest a guest may choose), sits
    down with bots; the game is dealt again with half the other seats taken by guests
    with names as long, one without a space. On her phone every name shows whole at its seat (and in Court Piece's team
    boxes), no two seats overlap nor a seat and the status lines or the middle of the
    table, and the guests' seats carry the guest mark while the bots' do not. In the
    results, the guests are marked too."""
    seat_up, seats, options, _, middle = TABLES[game]
    ann = new_page("/", **PHONE)
    name_guest(ann, LONG_NAMES[0])
    code = seat_up(ann)
    guests = {seat: LONG_NAMES[seat % len(LONG_NAMES)] for seat in range(1, seats, 2)}
    stage(live_env, code, dealt(game, seats, options), names=guests)
    for seat, name in {0: LONG_NAMES[0], **guests}.items():
        expect(ann.locator(f'#table-public .seat-chip[data-seat="{seat}"] .name')).to_contain_text(name)
    assert cut(ann, ".seat-chip .name", ".seat-chip", ".cp-team-names", within=FELT) == []
    assert overlapping(ann, ".seat-chip", ".table-status", middle) == []
    marked = ann.locator('#table-public .seat-chip:has([data-testid="guest"])')
    expect(marked).to_have_count(len(guests) + 1)
    assert {int(seat) for seat in marked.evaluate_all("chips => chips.map((chip) => chip.dataset.seat)")} == {
        0, *guests}

    stage(live_env, code, played_to_the_end(game, seats, options), status="finished")
    rows = ann.get_by_test_id("results").locator("tbody tr")
    expect(rows).to_have_count(seats)
    guest_rows = rows.filter(has=ann.get_by_test_id("guest"))
    expect(guest_rows).to_have_count(len(guests) + 1)
    assert {int(seat) for seat in guest_rows.evaluate_all("rows => rows.map((row) => row.dataset.seat)")} == {
        0, *guests}


def test_picking_among_seven_rivals_leaves_the_seats_apart(new_page, live_env):
    """Ann, dealt an Ace at a Disunyer table of eight with long names, picks a rival: the
    seven rivals' buttons, each named "Challenge …" and showing the rival's whole name,
    fit the screen, and the felt keeps room for every seat, apart from the others, the
    status lines and the deck."""
    ann = new_page("/", **PHONE)
    name_guest(ann, LONG_NAMES[0])
    code = _disunyer(ann)
    guests = {seat: LONG_NAMES[seat % len(LONG_NAMES)] for seat in range(1, 8, 2)}
    stage(live_env, code, disunyer_ace_to_the_first_seat(8), names=guests)
    rivals = ann.locator('[data-testid="your-move"] [data-action="pick"]')
    expect(rivals).to_have_count(7)
    shown = rivals.evaluate_all("buttons => buttons.map((b) => [+b.dataset.rival, b.textContent.trim(), b.ariaLabel])")
    assert all(label == f"Challenge {name}" for _, name, label in shown), shown
    assert {rival: name for rival, name, _ in shown if rival in guests} == guests
    assert_move_fits(first_decision(ann))
    assert cut(ann, '[data-action="pick"]') == []
    assert cut(ann, ".seat-chip .name", ".seat-chip", within=FELT) == []
    assert overlapping(ann, ".seat-chip", ".table-status", ".deck-pile") == []
