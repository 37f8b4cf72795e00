"""Friends in a real browser, on phones: two accounts follow each other from their
profiles and become friends; each sees the other online on the friends page; one opens
a table and invites the other from it; the invite appears live on the page the other
has open (the lobby), and its "Join" takes them to the table. The friends page reads
in English and in Persian (right to left)."""

import re
import uuid

from playwright.sync_api import expect

from tests.e2e.helpers import PHONE, wait_for_htmx
from tests.e2e.test_disunyer_browser import create_room
from tests.e2e.test_leaderboard_browser import sign_up


def _follow(page, name: str) -> None:
    page.goto(f"/players/{name}/")
    page.get_by_test_id("follow").click()
    expect(page.get_by_test_id("unfollow")).to_be_visible()


def _online(page) -> None:
    """The page's socket to the site is open: its player is online for their friends."""
    expect(page.locator("#invites[data-connected]")).to_have_count(1)


def _friends_page(page) -> None:
    page.get_by_test_id("friends-link").click()  # one tap, from the header
    expect(page).to_have_url(re.compile(r"/me/friends/$"))


def test_friends_see_each_other_online_and_an_invite_arrives_live_and_joins_the_table(new_page):
    ada_name, bob_name = f"ada{uuid.uuid4().hex[:5]}", f"bob{uuid.uuid4().hex[:5]}"
    ada = new_page("/", **PHONE)
    sign_up(ada, ada_name)
    bob = new_page("/", **PHONE)
    sign_up(bob, bob_name)
    _follow(ada, bob_name)
    _follow(bob, ada_name)
    expect(bob.get_by_test_id("are-friends")).to_be_visible()

    bob.goto("/rooms/")
    _online(bob)
    _friends_page(ada)
    friend = ada.get_by_test_id("friend")
    expect(friend).to_contain_text(bob_name)
    expect(friend.get_by_test_id("online")).to_be_visible()

    code = create_room(ada)
    ada.get_by_test_id("invite-friends-open").click()
    ada.get_by_test_id("invite-friend").filter(has_text=bob_name).click()
    expect(ada.locator(".toast")).to_contain_text("Invite sent.")

    card = bob.get_by_test_id("live-invites").get_by_test_id("invite")
    expect(card).to_contain_text(f"{ada_name} invites you to their Disunyer table {code}.")
    box, viewport = card.bounding_box(), bob.viewport_size
    assert box and viewport and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]

    other = new_page("/", **PHONE)  # a third page of Bob's: the friends page, in English and Persian
    other.context.add_cookies(bob.context.cookies())
    other.goto("/me/friends/")
    expect(other.get_by_test_id("pending-invites")).to_contain_text(ada_name)
    expect(other.get_by_test_id("friend-table")).to_contain_text(code)  # Ada at her public table
    other.context.add_cookies([{"name": "django_language", "value": "fa", "url": other.url}])
    other.reload()
    expect(other.locator("html")).to_have_attribute("dir", "rtl")

    with bob.expect_navigation():
        card.get_by_test_id("invite-join").click()
    expect(bob).to_have_url(re.compile(rf"/rooms/{code}/$"))
    wait_for_htmx(bob)
    with bob.expect_navigation():
        bob.get_by_test_id("join").click()
    expect(bob.locator(".seat", has_text=bob_name).first).to_be_visible()


def test_a_dismissed_invite_leaves_the_page_and_the_pending_list(new_page):
    ada_name, bob_name = f"ada{uuid.uuid4().hex[:5]}", f"bob{uuid.uuid4().hex[:5]}"
    ada = new_page("/", viewport={"width": 1280, "height": 800})
    sign_up(ada, ada_name)
    bob = new_page("/", viewport={"width": 1280, "height": 800})
    sign_up(bob, bob_name)
    _follow(ada, bob_name)
    _follow(bob, ada_name)
    bob.goto("/leaderboard/")
    _online(bob)
    ada.goto("/me/friends/")
    expect(ada.get_by_test_id("online")).to_be_visible()
    create_room(ada)
    ada.get_by_test_id("invite-friends-open").click()
    ada.get_by_test_id("invite-friend").click()
    card = bob.get_by_test_id("live-invites").get_by_test_id("invite")
    expect(card).to_be_visible()
    card.get_by_test_id("invite-dismiss").click()
    expect(card).to_have_count(0)
    bob.goto("/me/friends/")
    expect(bob.get_by_test_id("pending-invites")).to_have_count(0)
