"""Reports and staff's queue in a real browser: on a phone, Ada reports Bob from one of
his chat lines (a seat's flag opens the same form); staff find the report in the admin's
queue, with the chat lines, and give Bob a 15-minute chat timeout; Bob's next line is
refused, saying until when."""

import re
import uuid

from django.conf import settings
from playwright.sync_api import expect

from tests.e2e.helpers import PHONE
from tests.e2e.test_chat_browser import _open_chat, _panel, _sit_down
from tests.e2e.test_csp_browser import log_in, staff_name  # noqa: F401  (a fixture)
from tests.e2e.test_disunyer_browser import create_room
from tests.e2e.test_leaderboard_browser import sign_up


def test_ada_reports_bob_from_a_chat_line_and_staff_give_him_a_timeout(new_page, staff_name):  # noqa: F811
    ada_name, bob_name = f"ada{uuid.uuid4().hex[:5]}", f"bob{uuid.uuid4().hex[:5]}"
    ada = new_page("/", **PHONE)
    sign_up(ada, ada_name)
    code = create_room(ada)
    bob = new_page("/", **PHONE)
    sign_up(bob, bob_name)
    _sit_down(bob, code)

    bob_chat = _open_chat(bob)
    bob_chat.locator("#chat-panel-players").get_by_test_id("chat-text").fill("you all play like bots")
    bob_chat.locator("#chat-panel-players").get_by_test_id("chat-send").click()
    _open_chat(ada)
    line = _panel(ada, "players").locator(".chat-line", has_text="you all play like bots")
    expect(line.get_by_test_id("chat-report")).to_be_visible()
    expect(_panel(bob, "players").get_by_test_id("chat-report")).to_have_count(0)  # not one's own line

    line.get_by_test_id("chat-report").click()
    dialog = ada.get_by_test_id("report-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(bob_name)
    dialog.get_by_test_id("report-send").click()  # no reason chosen: the browser asks for one
    expect(dialog).to_be_visible()
    dialog.get_by_label("Abusive chat").check()
    dialog.get_by_test_id("report-note").fill("Rude <b>again</b>")
    dialog.get_by_test_id("report-send").click()
    expect(dialog).to_be_hidden()
    expect(ada.locator(".toast")).to_contain_text(f"your report about {bob_name} has reached the moderators")

    # A seat's flag opens the same form for whoever sits there; a player's own seat has none.
    ada.get_by_test_id("chat-toggle").click()
    expect(ada.locator('#table-public [data-seat="0"] [data-testid="seat-report"]')).to_be_hidden()
    ada.locator('#table-public [data-seat="1"]').get_by_test_id("seat-report").click()
    expect(dialog).to_contain_text(bob_name)
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()

    staff = new_page("/")
    log_in(staff, staff_name)
    staff.goto("/" + settings.ADMIN_URL + "rooms/report/?status__exact=open")
    row = staff.locator("#result_list tbody tr", has_text=bob_name)
    expect(row).to_have_count(1)
    row.locator("a").first.click()
    expect(staff.locator("body")).to_contain_text("you all play like bots")
    expect(staff.locator("body")).to_contain_text("Rude <b>again</b>")
    staff.go_back()
    staff.locator("#result_list tbody tr", has_text=bob_name).locator("input.action-select").check()
    staff.locator("select[name=action]").select_option("timeout_15m")
    staff.get_by_role("button", name="Go").click()
    staff.get_by_label("Reason").fill("Insults at the table.")
    staff.get_by_test_id("moderation-apply").click()
    done = re.compile(f"{bob_name}: Chat timeout, 15 minutes.", re.IGNORECASE)
    expect(staff.locator(".messagelist")).to_contain_text(done)
    staff.goto("/" + settings.ADMIN_URL + "rooms/moderationaction/")
    expect(staff.locator("#result_list")).to_contain_text("Insults at the table.")

    bob_chat.locator("#chat-panel-players").get_by_test_id("chat-text").fill("what did I do")
    bob_chat.locator("#chat-panel-players").get_by_test_id("chat-send").click()
    expect(bob.locator(".toast")).to_contain_text("You are in a chat timeout for 15 more minutes.")
    expect(_panel(ada, "players")).not_to_contain_text("what did I do")
