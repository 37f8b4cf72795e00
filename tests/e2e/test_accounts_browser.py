"""What a person does with accounts, in a real browser."""

import re
import uuid

from playwright.sync_api import expect


def unique(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:6]}"


def test_a_guest_plays_without_signing_up_and_changes_their_name(new_page):
    page = new_page("/")
    expect(page.get_by_test_id("who")).to_contain_text("Guest-")
    page.get_by_test_id("who").click()
    page.get_by_label("Your name at the tables").fill("Ann")
    page.get_by_role("button", name="Change name").click()
    expect(page.get_by_test_id("who")).to_contain_text("Ann")
    expect(page.locator(".messages")).to_contain_text("You are now playing as Ann")


def test_sign_up_log_out_and_log_in_again(new_page):
    name = unique("bea")
    page = new_page("/accounts/signup/")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password", exact=True).fill("b-Strong-pass-61")
    page.get_by_label("Password confirmation").fill("b-Strong-pass-61")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_test_id("who")).to_have_text(name)
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("link", name="Log in")).to_be_visible()
    page.get_by_role("link", name="Log in").click()
    page.get_by_label("Username").fill(name.upper())
    page.get_by_label("Password").fill("b-Strong-pass-61")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_test_id("who")).to_have_text(name)


def test_a_bad_password_and_a_taken_username_get_clear_errors(new_page):
    name = unique("carl")
    page = new_page("/accounts/signup/")
    for _ in range(2):
        page.get_by_label("Username").fill(name)
        page.get_by_label("Password", exact=True).fill("c-Strong-pass-61")
        page.get_by_label("Password confirmation").fill("c-Strong-pass-61")
        page.get_by_role("button", name="Sign up").click()
        if page.get_by_role("button", name="Log out").count():
            page.get_by_role("button", name="Log out").click()
            page.goto("/accounts/signup/")
    expect(page.locator(".error")).to_contain_text("That username is taken")

    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password").fill("not-the-password")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("alert")).to_contain_text(re.compile("do not match an account"))
