"""The leaderboard in a real browser: a new account plays a Disunyer game with bots,
then finds it on the board and on their profile."""

import re
import uuid

from playwright.sync_api import expect

from tests.e2e.helpers import add_bots
from tests.e2e.test_disunyer_browser import create_room, play_to_the_end


def sign_up(page, name: str, password: str = "l-Strong-pass-61") -> None:
    page.goto("/accounts/signup/")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_label("Password confirmation").fill(password)
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_test_id("who")).to_have_text(name)


def test_after_a_game_the_player_is_on_the_leaderboard_and_the_game_on_their_profile(new_page):
    name = f"lea{uuid.uuid4().hex[:6]}"
    page = new_page("/")
    sign_up(page, name)
    code = create_room(page)
    add_bots(page, 7)
    play_to_the_end(page)

    results = page.get_by_test_id("results")
    expect(results.locator("tbody tr")).to_have_count(8)
    mine = results.locator("tbody tr", has=page.locator("td", has_text=re.compile(f"^{name}$")))
    expect(mine).to_have_count(1)
    place, points = mine.locator("td").nth(0).inner_text(), mine.locator("td").nth(2).inner_text()
    assert int(points) == 9 - int(place)  # 8 seats with bots: N + 1 - place, not doubled

    page.goto("/leaderboard/disunyer/")
    row = page.get_by_test_id("my-row")
    expect(row).to_have_count(1)
    expect(row.locator(".player-name")).to_contain_text(name)
    expect(row.locator(".points")).to_have_text(points)
    expect(row.locator("td").nth(3)).to_have_text("1")  # games
    expect(row.locator("td").nth(4)).to_have_text("1" if place == "1" else "0")  # wins

    page.get_by_role("link", name="Your profile").click()
    expect(page).to_have_url(re.compile(f"/players/{name}/$"))
    expect(page.get_by_test_id("stats-disunyer")).to_contain_text("All modes")
    records = page.get_by_test_id("game-record")
    expect(records).to_have_count(1)
    expect(records.first).to_contain_text("Disunyer · Standard")
    expect(records.first.locator(".outcome")).to_contain_text(f"{points} point")
    expect(records.first.locator(f'a.final-table[href="/rooms/{code}/"]')).to_be_visible()
    expect(records.first.locator(".table-places li")).to_have_count(8)
