"""The rules pages in a real browser, on a phone: they wrap, nothing scrolls sideways."""

import pytest
from playwright.sync_api import expect

from games.registry import GAMES
from tests.e2e.helpers import PHONE


@pytest.mark.parametrize("slug", [game.slug for game in GAMES])
def test_a_rules_page_fits_a_phone_without_scrolling_sideways(new_page, slug):
    """Ann reads the rules on a 390 px phone: the page is no wider than the screen."""
    page = new_page(f"/rules/{slug}/", **PHONE)
    expect(page.locator("article.rules h1")).to_be_visible()
    # A phone widens its layout viewport (innerWidth) to fit content that is too wide.
    scroll_width, inner_width = page.evaluate("[document.scrollingElement.scrollWidth, window.innerWidth]")
    assert scroll_width <= inner_width == PHONE["viewport"]["width"], (
        f"the page is {scroll_width} px wide in a {inner_width} px layout on a 390 px phone"
    )
