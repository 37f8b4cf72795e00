"""Court Piece in a real browser when a player can no longer cover the bet: Cal and Dan
(accounts) sit on opposite teams at a 50 bet, with nothing left to bet; whoever loses
the first round is played by a stand-in bot from then on, and sees it on a phone and on
a desktop: the seat's badge inside the seat, an action bar that never waits for
themselves, and rounds that move none of their coins."""

import re
import subprocess
import sys
import time
import uuid

from playwright.sync_api import expect

from tests.e2e.conftest import ROOT
from tests.e2e.helpers import DESKTOP, PHONE, add_bots, boxes, start, take_first_move
from tests.e2e.test_courtpiece_browser import create_table
from tests.e2e.test_csp_browser import PASSWORD, log_in

ROUND_SECONDS = 90

MAKE_ACCOUNTS = """
from accounts.models import User
for name in {names!r}:
    User.objects.create_user(name, password={password!r})
"""

# Staff take every coin the accounts have, as the admin's "Take coins" does.
NOTHING_LEFT = """
from accounts import coins
from accounts.identity import Player
from accounts.models import User
staff, _ = User.objects.get_or_create(username="e2e-staff", defaults={{"is_staff": True}})
for name in {names!r}:
    user = User.objects.get(username=name)
    have = coins.balance_of(Player(name=name, user_id=user.pk))
    if have:
        coins.take(user, have, "Test: nothing left to bet", staff)
"""

# From now on, the action bar's top line whenever the felt shows it is the viewer's
# seat's turn (a bot's turn lasts a tenth of a second or so: sampled every 5 ms).
WATCH_BAR_AT_OWN_TURN = """(seat) => {
  window.barsAtOwnTurn = [];
  setInterval(() => {
    const version = (id) => document.getElementById(id)?.dataset.version;
    const acting = document.querySelector(`#table-public .cp-seat.acting[data-seat="${seat}"]`);
    if (acting && version('table-public') === version('table-private')) {
      const bar = document.querySelector('#table-private .bar-top');
      window.barsAtOwnTurn.push(bar.textContent.replace(/\\s+/g, ' ').trim());
    }
  }, 5);
}"""


def manage_shell(live_env, code: str) -> None:
    subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code], cwd=ROOT, env=live_env, check=True, capture_output=True
    )


def broke_table(new_page, live_env, **context_options) -> dict:
    """Cal hosts a Double Sar table at a 50 bet with a bot as partner; Dan joins as his
    opponent; staff take all their coins; Cal starts (a bot takes the last seat) and both
    play until the first round is over. Their pages and names by seat (0 Cal, 1 Dan)."""
    suffix = uuid.uuid4().hex[:5]
    names = {0: f"cal{suffix}", 1: f"dan{suffix}"}
    manage_shell(live_env, MAKE_ACCOUNTS.format(names=list(names.values()), password=PASSWORD))
    pages = {seat: new_page("/", **context_options) for seat in names}
    for seat, page in pages.items():
        log_in(page, names[seat])
    code = create_table(pages[0], bet=50, clock=30)
    add_bots(pages[0], 1)
    pages[1].goto(f"/rooms/{code}/")
    pages[1].get_by_test_id("join").click()
    expect(pages[0].locator(".seat-list li[data-seat='1']")).to_contain_text(names[1])
    manage_shell(live_env, NOTHING_LEFT.format(names=list(names.values())))
    start(pages[0])
    deadline = time.monotonic() + ROUND_SECONDS
    while not all(page.get_by_test_id("round-over").count() for page in pages.values()):
        assert time.monotonic() < deadline, "the first round did not end"
        for page in pages.values():
            take_first_move(page)
        pages[0].wait_for_timeout(100)
    return {"pages": pages, "names": names}


def loser_of(table: dict) -> int:
    """The seat told it can no longer cover the bet (the first round's loser)."""
    pages = table["pages"]
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        for seat, page in pages.items():
            if page.get_by_test_id("cannot-cover-notice").count():
                return seat
        pages[0].wait_for_timeout(100)
    raise AssertionError("nobody was told they cannot cover the bet")


def bars_at_own_turn(table: dict, seat: int) -> list[str]:
    """What the action bar of ``seat``'s page says while a bot plays that seat's turn (the
    other person plays on meanwhile)."""
    pages = table["pages"]
    pages[seat].evaluate(WATCH_BAR_AT_OWN_TURN, seat)
    deadline = time.monotonic() + ROUND_SECONDS
    while not (bars := pages[seat].evaluate("window.barsAtOwnTurn")):
        assert time.monotonic() < deadline, f"seat {seat} never had the turn"
        take_first_move(pages[1 - seat])
        pages[seat].wait_for_timeout(50)
    return bars


def assert_inside(inner: dict, outer: dict) -> None:
    assert inner["x"] >= outer["x"] - 0.5 and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5, (
        inner, outer)
    assert inner["y"] >= outer["y"] - 0.5 and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5, (
        inner, outer)


def test_a_player_who_cannot_cover_the_bet_sees_the_bot_play_their_seat_for_no_coins(new_page, live_env):
    """Cal and Dan, with no coins left, play the first round at a 50 bet on a 390×844
    phone. The loser is told they can't cover the bet; on both phones and at desktop size
    their seat's "bot: can't cover" badge lies inside the seat, and when
    the bot plays their turn their action bar says so and never "Waiting for" their own
    name. In the second round the bot plays their seat for no coins: their coins stay 0
    and the score sheet shows 0 for them, while the winner's coins move by the bet."""
    table = broke_table(new_page, live_env, **PHONE)
    pages, names = table["pages"], table["names"]
    loser = loser_of(table)
    winner = 1 - loser
    seat = f'#table-public .cp-seat[data-seat="{loser}"]'
    for viewer, size in ((loser, PHONE), (winner, PHONE), (loser, DESKTOP)):
        page = pages[viewer]
        page.set_viewport_size(size["viewport"])
        expect(page.locator(f"{seat} .tag.standin")).to_have_text("bot: can't cover")
        [chip], [badge] = boxes(page, seat, f"{seat} .tag.standin")
        assert_inside(badge, chip)
    for bar in bars_at_own_turn(table, loser):
        assert f"Waiting for {names[loser]}" not in bar and "A bot plays your seat" in bar, bar

    sheet = pages[loser].locator("#scores tbody tr")
    deadline = time.monotonic() + ROUND_SECONDS
    while sheet.count() < 2:
        assert time.monotonic() < deadline, "the second round did not end"
        take_first_move(pages[winner])
        pages[winner].wait_for_timeout(100)
    second = sheet.nth(1).locator("td")  # the people's coins follow five columns: Cal's, then Dan's
    expect(second.first).to_have_text("2")
    expect(second.nth(5 + loser)).to_have_text("0")
    expect(second.nth(5 + winner)).to_have_text(re.compile(r"^[+−](50|100)$"))
    expect(pages[loser].get_by_test_id("my-coins")).to_have_text("0")
