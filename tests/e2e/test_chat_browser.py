"""The table's chat in a real browser, on phones: two accounts and a guest at a
waiting table and a spectator. The accounts chat, the guest sends a quick phrase, a
spectator's line shows only in the spectators' channel, a closed drawer counts the
lines that came, and a mute hides a player's lines from the muting viewer alone. The
drawer never covers the action bar."""

import re
import uuid

from playwright.sync_api import expect

from tests.e2e.helpers import PHONE, name_guest, wait_for_htmx
from tests.e2e.test_disunyer_browser import create_room
from tests.e2e.test_leaderboard_browser import sign_up


def _sit_down(page, code: str) -> None:
    page.goto(f"/rooms/{code}/")
    wait_for_htmx(page)
    with page.expect_navigation():
        page.get_by_test_id("join").click()


def _open_chat(page):
    page.get_by_test_id("chat-toggle").click()
    chat = page.get_by_test_id("chat")
    expect(chat).to_be_visible()
    return chat


def _panel(page, channel: str):
    return page.locator(f"#chat-{channel}")


def test_accounts_chat_a_guest_sends_a_phrase_and_a_spectator_writes_in_their_own_channel(new_page):
    ada_name, bob_name = f"ada{uuid.uuid4().hex[:5]}", f"bob{uuid.uuid4().hex[:5]}"
    ada = new_page("/", **PHONE)
    sign_up(ada, ada_name)
    code = create_room(ada)
    bob = new_page("/", **PHONE)
    sign_up(bob, bob_name)
    _sit_down(bob, code)
    bea = new_page("/", **PHONE)
    name_guest(bea, "Bea")
    _sit_down(bea, code)
    zed = new_page(f"/rooms/{code}/", **PHONE)
    wait_for_htmx(zed)

    chat = _open_chat(ada)
    expect(chat.get_by_test_id("chat-tab-players")).to_have_attribute("aria-selected", "true")
    chat.locator("#chat-panel-players").get_by_test_id("chat-text").fill("hello <b>table</b> https://example.com")
    chat.locator("#chat-panel-players").get_by_test_id("chat-send").click()
    line = _panel(ada, "players").locator(".chat-line").last
    expect(line).to_contain_text(f"{ada_name} hello <b>table</b> https://example.com")
    expect(line.locator("a")).to_have_count(0)
    expect(chat.locator("#chat-panel-players").get_by_test_id("chat-text")).to_have_value("")

    expect(bob.get_by_test_id("chat-unread")).to_have_text("1")
    _open_chat(bob)
    expect(bob.get_by_test_id("chat-unread")).to_be_hidden()
    expect(_panel(bob, "players")).to_contain_text("hello <b>table</b>")
    bob.locator("#chat-panel-players").get_by_test_id("chat-text").fill("hi ada")
    bob.locator("#chat-panel-players").get_by_test_id("chat-text").press("Enter")
    expect(_panel(ada, "players")).to_contain_text(f"{bob_name} hi ada")

    guest_chat = _open_chat(bea)
    expect(guest_chat.get_by_test_id("chat-text")).to_have_count(0)
    guest_chat.locator("#chat-panel-players").get_by_role("button", name="Good game").click()
    expect(_panel(ada, "players").locator(".chat-line").last).to_contain_text("Bea Good game")

    watcher_chat = _open_chat(zed)
    expect(watcher_chat.get_by_test_id("chat-tab-spectators")).to_have_attribute("aria-selected", "true")
    expect(_panel(zed, "players")).to_contain_text("hi ada")  # spectators read the table's channel
    watcher_chat.locator("#chat-panel-spectators").get_by_role("button", name="Well played").click()
    expect(_panel(zed, "spectators")).to_contain_text("Well played")
    expect(_panel(ada, "spectators")).to_contain_text("Well played")
    expect(_panel(ada, "players")).not_to_contain_text("Well played")

    drawer, bar = ada.get_by_test_id("chat").bounding_box(), ada.locator("#table-private").bounding_box()
    assert drawer["y"] + drawer["height"] <= bar["y"] + 1


    # Ada mutes Bob: his lines leave her chat, and his next one reaches Bea alone.
    bob_line = _panel(ada, "players").locator(".chat-line", has_text="hi ada")
    bob_line.get_by_test_id("chat-mute").click()
    expect(_panel(ada, "players")).not_to_contain_text("hi ada")
    bob.locator("#chat-panel-players").get_by_test_id("chat-text").fill("can you hear me")
    bob.locator("#chat-panel-players").get_by_test_id("chat-send").click()
    expect(_panel(bea, "players")).to_contain_text("can you hear me")
    expect(_panel(ada, "players")).to_contain_text("Bea Good game")
    expect(_panel(ada, "players")).not_to_contain_text("can you hear me")


def test_a_court_piece_host_lets_partners_write_only_in_a_private_room(new_page):
    """On the phone's create form the box is off and greyed while the room is public; once
    the room is private the host ticks it, and the room is made with it."""
    host = new_page("/rooms/new/courtpiece/", **PHONE)
    partners = host.get_by_label("Partners may write to each other during hands")
    expect(partners).to_be_disabled()
    host.get_by_label("Private: by code or link only").check()
    expect(partners).to_be_enabled()
    partners.check()
    host.get_by_label("Public: listed in the lobby").check()
    expect(partners).not_to_be_checked()
    expect(partners).to_be_disabled()
    host.get_by_label("Private: by code or link only").check()
    partners.check()
    host.get_by_test_id("create-room").click()
    expect(host).to_have_url(re.compile(r"/rooms/\d{6}/$"))
    wait_for_htmx(host)
    _open_chat(host)
    rule = host.get_by_test_id("chat-hand-rule")
    expect(rule).to_have_text("The host lets partners write to each other during hands.")
