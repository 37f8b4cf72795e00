"""Court Piece from end to end in a real browser: a host creates a table, starts it with
bots and plays a round of each of the four games; a friend joins by the invite link as
the host's partner while a spectator watches; the table fits a 360 px phone."""

import re
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import play_until, start, wait_for_htmx

ROUND_SECONDS = 60
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
GAMES = {"ace-rule": "Ace Rule", "double-sar": "Double Sar", "hidden": "Hidden", "rung-kaat": "Rung Kaat"}


def create_table(page, game="double-sar", clock=5, bet=50):
    page.goto("/rooms/new/courtpiece/")
    page.get_by_label(GAMES[game], exact=True).check()
    page.get_by_label("Winning points").fill("10")
    page.get_by_label("Bet").fill(str(bet))
    page.get_by_label("Seconds per move").fill(str(clock))
    page.get_by_test_id("create-room").click()
    expect(page).to_have_url(re.compile(r"/rooms/\d{6}/$"))
    wait_for_htmx(page)
    return page.url.rstrip("/").rsplit("/", 1)[1]


def play_a_round(page) -> int:
    return play_until(page, "round-over", "game-over", seconds=ROUND_SECONDS)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_host_starts_with_bots_and_plays_a_round(new_page, game):
    host = new_page("/")
    create_table(host, game=game)
    expect(host.get_by_test_id("variant")).to_have_text(GAMES[game])
    expect(host.get_by_test_id("bet")).to_have_text("Bet 50 coins")
    start(host)
    expect(host.locator("#table-public.table.courtpiece")).to_be_visible()
    expect(host.locator("#table-public .cp-seat")).to_have_count(4)
    expect(host.get_by_test_id("my-coins")).to_have_text("1000")
    moves = play_a_round(host)
    assert moves > 0
    expect(host.get_by_test_id("round-over")).to_be_visible()
    expect(host.get_by_test_id("round-coins").locator("li")).to_have_count(4)
    expect(host.get_by_test_id("round-over")).to_contain_text("Round 1:")


def test_a_friend_joins_by_the_link_as_partner_while_a_spectator_watches_on_a_phone(new_page):
    host = new_page("/", **PHONE)
    code = create_table(host, game="hidden", clock=8)
    expect(host.locator(".seat-list li")).to_have_count(4)
    # The page's script makes the room's code a whole link once it has loaded.
    expect(host.locator("[data-invite]")).to_have_value(re.compile(rf"^http://[^/]+/rooms/{code}/$"))
    friend = new_page(f"/rooms/{code}/")
    friend.get_by_test_id("join").click()
    expect(friend.locator("#table-private")).to_contain_text("You are seated")
    friend_name = friend.get_by_test_id("who").inner_text().split()[0]
    expect(host.locator(".seat-list li[data-seat='2']")).to_contain_text(friend_name)
    expect(host.locator(".seat-list li[data-seat='2'] [data-testid='partner-seat']")).to_be_visible()
    spectator = new_page(f"/rooms/{code}/", **PHONE)
    expect(host.get_by_test_id("spectators")).to_contain_text("1 watching")
    for _ in range(2):  # the host fills the opponents' seats with bots
        button = host.get_by_test_id("add-bot")
        expect(button).to_be_visible()
        with host.expect_navigation():
            button.click()
    # Full: the table starts by itself five seconds later, with a countdown meanwhile.
    expect(spectator.locator("#table-public")).to_contain_text("Starts by itself in")
    for page in (host, friend, spectator):
        expect(page.locator("#table-public.table.courtpiece")).to_be_visible(timeout=15000)
    expect(friend.locator("#table-public .cp-seat[data-seat='2']")).to_contain_text(friend_name)
    expect(spectator.locator(".watching")).to_contain_text("You are watching")
    assert spectator.locator("#table-private [data-card]").count() == 0
    for page in (host, spectator):
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"the table is {width}px wide on a 360 px phone"
    # Host and friend both play (first playable card) until the first round is over.
    deadline = time.monotonic() + ROUND_SECONDS
    while time.monotonic() < deadline and not spectator.get_by_test_id("round-over").count():
        for page in (host, friend):
            buttons = page.locator("#table-private .actions:not(.sent) button:visible")
            if buttons.count():
                try:
                    buttons.first.click(timeout=1000)
                except Exception:  # the table was replaced by a push meanwhile
                    pass
        host.wait_for_timeout(100)
    expect(spectator.get_by_test_id("round-over")).to_be_visible()
    expect(host.get_by_test_id("round-over")).to_be_visible()
    width = host.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the table is {width}px wide on a 360 px phone"


def test_the_host_picks_another_partner_and_the_opponent_agrees(new_page):
    host = new_page("/")
    code = create_table(host, game="double-sar", clock=10)
    first = new_page(f"/rooms/{code}/")
    first.get_by_test_id("join").click()
    first_name = first.get_by_test_id("who").inner_text().split()[0]
    expect(host.locator(".seat-list li[data-seat='2']")).to_contain_text(first_name)
    second = new_page(f"/rooms/{code}/")
    second.get_by_test_id("join").click()
    second_name = second.get_by_test_id("who").inner_text().split()[0]
    expect(host.locator(".seat-list li[data-seat='1']")).to_contain_text(second_name)
    with host.expect_navigation():
        host.get_by_test_id("propose-partner").filter(has_text=second_name).click()
    expect(first.get_by_test_id("proposal")).to_contain_text(f"The host asks for {second_name} as partner")
    expect(first.get_by_test_id("partner-question")).to_have_count(0)  # the partner is not asked
    question = second.get_by_test_id("partner-question")
    expect(question).to_be_visible()
    second.get_by_test_id("partner-accept").click()
    expect(host.locator(".seat-list li[data-seat='2']")).to_contain_text(second_name)
    expect(host.locator(".seat-list li[data-seat='1']")).to_contain_text(first_name)
    expect(first.get_by_test_id("proposal-accepted")).to_contain_text(f"{second_name} is now the host's partner")
