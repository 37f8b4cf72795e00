"""The header's language switcher in a real browser: one tap away on a 390×844 phone, in
the header's one row, a choice sent as soon as it is made; without script its button
sends it."""

from playwright.sync_api import expect

from tests.e2e.helpers import PHONE, name_guest


def expect_language(page, language: str, direction: str) -> None:
    html = page.locator("html")
    expect(html).to_have_attribute("lang", language)
    expect(html).to_have_attribute("dir", direction)


def test_on_a_phone_the_switcher_is_in_the_headers_row_and_a_choice_turns_the_page(new_page):
    """A guest with a long name on a phone: the switcher shows beside their coins, in the
    header's one row, nothing wider than the screen; choosing Persian turns the page
    right to left at once, and the header still fits."""
    page = new_page("/", **PHONE)
    name_guest(page, "Maximiliana-Long")
    switcher = page.locator("#language-switcher select[name=language]")
    expect(switcher).to_be_visible()
    expect(page.locator("#language-switcher button")).to_be_hidden()
    header = page.locator(".site-header").bounding_box()
    box = switcher.bounding_box()
    assert header["y"] <= box["y"] and box["y"] + box["height"] <= header["y"] + header["height"]
    assert box["x"] + box["width"] <= 390 and header["height"] < 60
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    switcher.select_option("fa")
    expect_language(page, "fa", "rtl")
    expect(page.locator("#language-switcher select")).to_have_value("fa")
    header = page.locator(".site-header").bounding_box()
    box = page.locator("#language-switcher select").bounding_box()
    assert header["x"] <= box["x"] and box["x"] + box["width"] <= header["x"] + header["width"]
    assert header["y"] <= box["y"] and box["y"] + box["height"] <= header["y"] + header["height"]

    page.locator("#language-switcher select").select_option("en")
    expect_language(page, "en", "ltr")


def test_without_script_the_switchers_button_sends_the_choice(new_page):
    page = new_page("/rooms/", java_script_enabled=False)
    page.locator("#language-switcher select").select_option("ur")
    page.locator("#language-switcher button").click()
    page.wait_for_url("**/rooms/")
    expect_language(page, "ur", "rtl")
