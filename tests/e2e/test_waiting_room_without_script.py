"""The room's buttons that post (the waiting room's, "Play again") work as plain forms:
before the page's scripts have loaded (a slow phone network) or with scripts off, in a
real browser with JavaScript disabled."""

import re

from playwright.sync_api import expect

from tests.e2e.helpers import PHONE, add_bots
from tests.e2e.test_disunyer_browser import create_room, play_to_the_end

NO_SCRIPT = {**PHONE, "java_script_enabled": False}


def press(page, control) -> None:
    with page.expect_navigation():
        control.click()


def test_with_scripts_off_a_host_adds_and_removes_bots_a_guest_sits_and_leaves_and_the_room_fills(new_page):
    """Ann hosts a Disunyer room with scripts off: she adds an easy bot and removes it;
    Bea, scripts off too, takes a seat and leaves it; Ann then fills the empty seats
    with strong bots, and the full room starts with Ann dealt her card."""
    ann = new_page("/", **NO_SCRIPT)
    code = create_room(ann)
    seated = ann.locator(".seat-list li:not(.empty)")
    expect(seated).to_have_count(1)

    ann.get_by_label("Bot level").select_option("easy")
    press(ann, ann.get_by_test_id("add-bot"))
    expect(seated).to_have_count(2)
    bot = seated.nth(1).locator(".name").inner_text()
    press(ann, ann.get_by_role("button", name=f"Remove {bot}"))
    expect(seated).to_have_count(1)

    bea = new_page(f"/rooms/{code}/", **NO_SCRIPT)
    press(bea, bea.get_by_test_id("join"))
    expect(bea.locator("#table-private")).to_contain_text("You are seated")
    press(bea, bea.get_by_test_id("leave"))
    expect(bea.get_by_test_id("join")).to_be_visible()

    ann.reload()
    ann.get_by_label("Bot level").select_option("strong")
    press(ann, ann.get_by_test_id("fill-with-bots"))
    expect(ann.locator("#table-public .player")).to_have_count(8)
    expect(ann.locator("#table-public .player").filter(has_text="Strong bot")).to_have_count(7)
    expect(ann.get_by_test_id("my-card").locator(".card")).to_be_visible()


def test_with_scripts_off_play_again_moves_the_player_to_the_next_room(new_page):
    """Ann plays a Disunyer game to its end, then opens the finished table again with
    scripts off (a reload on a slow network): "Play again" takes her to the next room."""
    ann = new_page("/", **PHONE)
    code = create_room(ann)
    add_bots(ann, 7)
    play_to_the_end(ann)
    again = new_page(f"/rooms/{code}/", storage_state=ann.context.storage_state(), **NO_SCRIPT)
    press(again, again.get_by_test_id("play-again"))
    expect(again).to_have_url(re.compile(r"/rooms/[A-Z]{4}/$"))
    expect(again).not_to_have_url(re.compile(f"/rooms/{code}/$"))
    # The old game's bots came along: the room is full (and its game may have started).
    expect(again.locator(".seat-list li:not(.empty), #table-public .player")).to_have_count(8)
