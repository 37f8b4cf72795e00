"""A waiting room nobody can start, in a real browser on a 390×844 phone: its host's page
is closed and five minutes go by (the test moves the room's times back, as the clock
would). Whoever is there is made the host and can start; with nobody there the room
closes and says so; a waiting room nobody is in is not listed in the lobby."""

import subprocess
import sys

from playwright.sync_api import expect

from tests.e2e.conftest import ROOT
from tests.e2e.helpers import PHONE
from tests.e2e.test_courtpiece_browser import create_table

TAKEN_BY_THE_SWEEP = 10_000  # ms: the beat's sweep runs every second


def host_away_five_minutes(live_env, code: str) -> None:
    """As if the host of room ``code`` had last been seen six minutes ago."""
    script = (
        "from datetime import timedelta; from django.utils import timezone; from rooms.models import Room; "
        f"now = timezone.now(); Room.objects.filter(code='{code}')"
        ".update(host_seen_at=now - timedelta(minutes=6), host_check_at=now)"
    )
    subprocess.run([sys.executable, "manage.py", "shell", "-c", script], cwd=ROOT, env=live_env, check=True)


def leave_the_page(page) -> None:
    """The person closes the page (their browser keeps their session)."""
    page.close()


def test_a_host_away_five_minutes_hands_the_room_to_the_player_waiting_in_it(new_page, live_env):
    """Ann creates a Court Piece table and closes her page; Bea sits down and waits. Five
    minutes later Bea's page, without a reload, says Ann was away and Bea is the host
    now, and shows her the Start button. Ann comes back: she is told the same, keeps her
    seat and has no Start button. Bea starts the game."""
    ann = new_page("/", **PHONE)
    code = create_table(ann)
    bea = new_page(f"/rooms/{code}/", **PHONE)
    bea.get_by_test_id("join").click()
    expect(bea.locator("#table-private")).to_contain_text("You are seated")
    expect(bea.get_by_test_id("start")).to_have_count(0)
    ann_name, bea_name = seat_name(bea, 0), seat_name(bea, 2)  # the first to join sits opposite
    leave_the_page(ann)
    host_away_five_minutes(live_env, code)
    expect(bea.get_by_test_id("host-passed")).to_have_text(
        f"{ann_name}, the host, was away for 5 minutes: {bea_name} is the host now.", timeout=TAKEN_BY_THE_SWEEP
    )
    expect(bea.get_by_test_id("start")).to_be_visible()
    assert bea.evaluate("document.documentElement.scrollWidth") <= 390
    ann_again = ann.context.new_page()
    ann_again.goto(f"/rooms/{code}/")
    expect(ann_again.get_by_test_id("host-passed")).to_have_text(
        f"{ann_name}, the host, was away for 5 minutes: {bea_name} is the host now."
    )
    expect(ann_again.locator("#table-private")).to_contain_text("You are seated")
    expect(ann_again.get_by_test_id("start")).to_have_count(0)
    bea.get_by_test_id("start").click()
    expect(bea.locator("#table-public.table.courtpiece")).to_be_visible()


def seat_name(page, seat: int) -> str:
    return page.locator(f".seat-list li[data-seat='{seat}'] .name").inner_text()


def test_a_newcomer_who_sits_down_in_an_abandoned_room_hosts_it_at_once(new_page, live_env):
    """Ann's room has been without her for five minutes while Bea watched it: when Bea
    takes a seat she is the host at once, with the Start button."""
    ann = new_page("/", **PHONE)
    code = create_table(ann)
    ann_name = seat_name(ann, 0)
    leave_the_page(ann)
    bea = new_page(f"/rooms/{code}/", **PHONE)
    host_away_five_minutes(live_env, code)
    bea.wait_for_timeout(2000)  # a sweep or two: a room someone watches stays open
    bea.get_by_test_id("join").click()
    expect(bea.get_by_test_id("host-passed")).to_contain_text(f"{ann_name}, the host, was away for 5 minutes")
    expect(bea.get_by_test_id("start")).to_be_visible()


def test_a_room_left_by_everyone_leaves_the_lobby_and_closes(new_page, live_env):
    """Ann creates a public table and closes her page: the lobby no longer lists it.
    Five minutes later it is closed; its link then shows a page that says it closed and
    why, and offers no seat."""
    ann = new_page("/", **PHONE)
    code = create_table(ann)
    ann_name = seat_name(ann, 0)
    lobby = new_page("/rooms/", **PHONE)
    expect(lobby.get_by_role("link", name=code)).to_be_visible()
    leave_the_page(ann)
    lobby_refreshes = 8000  # ms: the lobby's list is fetched again every 5 s
    expect(lobby.get_by_role("link", name=code)).to_have_count(0, timeout=lobby_refreshes)
    host_away_five_minutes(live_env, code)
    closed = f"This room was closed. Its host, {ann_name}, was away for 5 minutes and nobody else was here."
    for _ in range(TAKEN_BY_THE_SWEEP // 250):  # read without a socket: nobody is made present
        if closed in lobby.request.get(f"/rooms/{code}/").text():
            break
        lobby.wait_for_timeout(250)
    back = new_page(f"/rooms/{code}/", **PHONE)
    expect(back.get_by_test_id("room-closed")).to_have_text(closed)
    expect(back.get_by_test_id("join")).to_have_count(0)
