"""Dayous from end to end in a real browser: options, host start with bots, a whole game,
a spectator, quick phrases, reconnection, a 360 px phone."""

import re
import time

from playwright.sync_api import expect

from tests.e2e.helpers import add_bots, play_until, start, wait_for_htmx

GAME_SECONDS = 300
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}


def create_room(page, players=4, decks=1, clock=30):
    page.goto("/rooms/new/dayous/")
    page.get_by_label("Players", exact=True).select_option(str(players))
    page.get_by_label("Decks").select_option(str(decks))
    page.get_by_label("Seconds per move").fill(str(clock))
    page.get_by_test_id("create-room").click()
    expect(page).to_have_url(re.compile(r"/rooms/[A-Z]{4}/$"))
    wait_for_htmx(page)
    return page.url.rstrip("/").rsplit("/", 1)[1]


def play_to_the_end(page) -> int:
    return play_until(page, "game-over", seconds=GAME_SECONDS)


def test_a_host_starts_a_four_player_room_with_bots_and_plays_it_out_while_a_spectator_watches(new_page):
    host = new_page("/")
    code = create_room(host, players=4, decks=1, clock=20)
    expect(host.get_by_test_id("decks")).to_have_text("1 deck")
    expect(host.get_by_test_id("clock")).to_have_text("20 s per move")
    expect(host.locator(".seat-list li")).to_have_count(4)
    spectator = new_page(f"/rooms/{code}/")
    expect(host.get_by_test_id("spectators")).to_contain_text("1 watching")
    add_bots(host, 1)
    start(host)  # two seated: the host starts, bots take the two empty seats
    expect(host.locator("#table-public.table.dayous")).to_be_visible()
    expect(host.locator("#table-public .player")).to_have_count(4)
    expect(host.get_by_test_id("trump")).to_contain_text("Trump")
    expect(host.get_by_test_id("hand").locator(".card").first).to_be_visible()
    expect(spectator.locator("#table-public.table.dayous")).to_be_visible()
    expect(spectator.locator(".watching")).to_contain_text("You are watching")
    expect(spectator.get_by_test_id("hand")).to_have_count(0)
    assert spectator.locator("#table-private [data-card]").count() == 0

    host.get_by_test_id("reactions-menu").click()  # the quick phrases fold behind the reactions button
    host.get_by_test_id("phrase").filter(has_text="Can I not attack?").first.click()
    expect(spectator.locator("#reactions .reaction.phrase")).to_contain_text("Can I not attack?")
    spectator.get_by_test_id("heart").click()
    expect(host.locator("#reactions .reaction.from-spectator")).to_contain_text("❤️")

    moves = play_to_the_end(host)
    assert moves > 0
    expect(host.get_by_test_id("results").locator("tbody tr")).to_have_count(4)
    expect(spectator.get_by_test_id("game-over")).to_be_visible()
    expect(spectator.get_by_test_id("results").locator("tbody tr")).to_have_count(4)


def test_an_impossible_table_is_refused_on_the_form(new_page):
    page = new_page("/")
    create_page_url = "/rooms/new/dayous/"
    page.goto(create_page_url)
    page.get_by_label("Players", exact=True).select_option("8")
    page.get_by_test_id("create-room").click()
    expect(page.locator(".form-errors")).to_contain_text("Dayous with 1 deck is for 2 to 7 players")
    expect(page).to_have_url(re.compile(re.escape(create_page_url) + "$"))


def test_a_player_on_a_phone_closes_the_page_mid_game_and_comes_back_to_the_same_seat(new_page):
    host = new_page("/", **PHONE)
    code = create_room(host, players=3, decks=1, clock=20)
    add_bots(host, 2)  # the room is full: the game starts by itself
    expect(host.get_by_test_id("hand")).to_be_visible()
    expect(host.locator("#table-public .player")).to_have_count(3)
    width = host.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the table is {width}px wide on a 360px phone"
    context = host.context
    host.close()
    time.sleep(1)
    again = context.new_page()
    again.goto(f"/rooms/{code}/")
    expect(again.locator("#table-public.table.dayous")).to_be_visible()
    expect(again.locator(".watching")).to_have_count(0)
    expect(again.get_by_test_id("hand")).to_be_visible()
    expect(again.locator("#table-public .player[data-seat='0'] .tag.host")).to_be_visible()
    # Select cards, then act (dayous.js): a tapped card is picked, tapped again unpicked.
    code = again.locator("#table-private .hand-card[data-pick]").first.get_attribute("data-pick")
    card = again.locator(f"#table-private .hand-card[data-pick='{code}']").first
    card.click()
    expect(card).to_have_class(re.compile(r"\bpicked\b"))
    card.click()
    expect(card).not_to_have_class(re.compile(r"\bpicked\b"))
    play_to_the_end(again)
    expect(again.get_by_test_id("results").locator("tbody tr")).to_have_count(3)
