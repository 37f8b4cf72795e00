"""The waiting room's buttons post as plain forms: they work before the page's scripts
have loaded (a slow phone network) or with scripts off, in a real browser with
JavaScript disabled."""

from playwright.sync_api import expect

from tests.e2e.helpers import PHONE
from tests.e2e.test_disunyer_browser import create_room

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
