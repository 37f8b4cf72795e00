"""The account page and the password change, as a person uses them on a phone and a
desktop."""

import re
import uuid

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import DESKTOP, PHONE
from tests.e2e.test_leaderboard_browser import sign_up

PASSWORD, NEW_PASSWORD = "a-Strong-pass-93", "n-Stronger-pass-17"
FITS_THE_WIDTH = "document.scrollingElement.scrollWidth <= window.innerWidth"


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_ann_finds_her_profile_and_games_and_changes_her_password(new_page, size):
    """From her account page Ann reaches her public profile and her games; she changes
    her password there and is back on her account page, told so; the page fits the
    screen throughout."""
    name = f"ann{uuid.uuid4().hex[:6]}"
    page = new_page("/", **size)
    sign_up(page, name, PASSWORD)
    page.goto("/accounts/me/")
    links = page.locator(".account-links a")
    expect(links).to_have_text(["Your public profile", "My games", "Change password"])
    for link in links.all():
        expect(link).to_be_in_viewport()
    assert page.evaluate(FITS_THE_WIDTH)

    links.get_by_text("Your public profile").click()
    expect(page).to_have_url(re.compile(f"/players/{name}/$"))
    expect(page.get_by_role("heading", level=1)).to_contain_text(name)
    page.go_back()
    page.locator(".account-links").get_by_text("My games").click()
    expect(page).to_have_url(re.compile("/me/games/$"))
    page.go_back()

    page.locator(".account-links").get_by_text("Change password").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Change your password")
    assert page.evaluate(FITS_THE_WIDTH)
    page.get_by_label("Old password").fill("not-my-password")
    page.get_by_label("New password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("New password confirmation").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Change password").click()
    expect(page.locator(".field .error")).to_contain_text("Your old password was entered incorrectly")

    page.get_by_label("Old password").fill(PASSWORD)
    page.get_by_label("New password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("New password confirmation").fill(NEW_PASSWORD)
    page.get_by_role("button", name="Change password").click()
    expect(page).to_have_url(re.compile("/accounts/me/$"))
    expect(page.locator(".messages")).to_contain_text("Your password has been changed.")
    expect(page.get_by_test_id("who")).to_have_text(name)
