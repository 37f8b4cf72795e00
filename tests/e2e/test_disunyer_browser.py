"""Disunyer from end to end in a real browser: rooms, bots, spectators, reconnection."""

import re
import time

from playwright.sync_api import expect

from tests.e2e.helpers import add_bots, play_until, wait_for_htmx

GAME_SECONDS = 180


def create_room(page, mode="standard", private=False):
    page.goto("/rooms/new/disunyer/")
    page.get_by_label("Stuck King" if mode == "stuck-king" else "Standard").check()
    if private:
        page.get_by_label("Private: by code or link only").check()
    page.get_by_test_id("create-room").click()
    expect(page).to_have_url(re.compile(r"/rooms/[A-Z]{4}/$"))
    wait_for_htmx(page)
    return page.url.rstrip("/").rsplit("/", 1)[1]


def play_to_the_end(page) -> int:
    return play_until(page, "game-over", seconds=GAME_SECONDS)


def test_a_host_fills_a_room_with_bots_plays_a_whole_game_and_moves_on_while_a_spectator_watches(new_page):
    host = new_page("/")
    code = create_room(host, mode="stuck-king")
    expect(host.get_by_test_id("mode")).to_have_text("Stuck King")
    spectator = new_page(f"/rooms/{code}/")
    expect(host.get_by_test_id("spectators")).to_contain_text("1 watching")
    add_bots(host, 7)
    expect(host.locator("#table-public.table")).to_be_visible()
    # The host's own card, unless the bots have already put them out or ended the game: in
    # Stuck King a seat may have no decision in round 1, and the socket gets only the newest table.
    own_card = host.get_by_test_id("my-card").locator(".card")
    out_or_over = host.get_by_text("You are out of this game").or_(host.get_by_test_id("game-over"))
    expect(own_card.or_(out_or_over)).to_be_visible()
    expect(spectator.locator("#table-public.table")).to_be_visible()
    expect(spectator.locator(".watching")).to_contain_text("You are watching")
    expect(spectator.get_by_test_id("my-card")).to_have_count(0)

    spectator.get_by_test_id("heart").click()
    expect(host.locator("#reactions .reaction")).to_contain_text("❤️")

    play_to_the_end(host)
    expect(host.get_by_test_id("results").locator("tbody tr")).to_have_count(8)
    expect(spectator.get_by_test_id("game-over")).to_be_visible()

    expect(spectator.get_by_test_id("play-again")).to_have_count(0)
    host.get_by_test_id("play-again").click()
    expect(host).not_to_have_url(re.compile(f"/rooms/{code}/$"))
    expect(host).to_have_url(re.compile(r"/rooms/[A-Z]{4}/$"))
    following = host.url.rstrip("/").rsplit("/", 1)[1]
    expect(host.get_by_test_id("mode")).to_have_text("Stuck King")
    expect(spectator.get_by_test_id("next-room")).to_have_attribute("href", f"/rooms/{following}/")


def test_the_host_fills_the_empty_seats_with_bots_in_one_click_and_the_game_starts(new_page):
    """Ann picks "Easy bot" and presses "Fill the empty seats with bots" once: the seven
    empty seats take easy bots, the full room starts, and Ann is dealt her card."""
    host = new_page("/")
    create_room(host)
    host.get_by_label("Bot level").select_option("easy")
    with host.expect_navigation():
        host.get_by_test_id("fill-with-bots").click()
    expect(host.locator("#table-public .player")).to_have_count(8)
    expect(host.locator("#table-public .player").filter(has_text="Easy bot")).to_have_count(7)
    expect(host.get_by_test_id("my-card").locator(".card")).to_be_visible()


def test_the_bot_level_the_host_picked_stays_picked_when_a_push_redraws_the_room(new_page):
    """Ann picks "Easy bot"; a friend then takes a seat, and the push that shows the
    friend redraws Ann's controls: her pick is still "Easy bot", and the bots she adds
    are easy bots."""
    host = new_page("/")
    code = create_room(host)
    host.get_by_label("Bot level").select_option("easy")
    friend = new_page(f"/rooms/{code}/")
    friend.get_by_test_id("join").click()
    name = friend.get_by_test_id("who").inner_text().split()[0]
    expect(host.locator(".seat-list")).to_contain_text(name)
    expect(host.get_by_label("Bot level")).to_have_value("easy")
    with host.expect_navigation():
        host.get_by_test_id("fill-with-bots").click()
    expect(host.locator("#table-public .player").filter(has_text="Easy bot")).to_have_count(6)


def test_a_player_closes_the_page_mid_game_and_comes_back_to_the_same_seat(new_page):
    host = new_page("/")
    code = create_room(host)
    add_bots(host, 7)
    expect(host.get_by_test_id("my-card")).to_be_visible()
    context = host.context
    host.close()
    time.sleep(1)
    again = context.new_page()
    again.goto(f"/rooms/{code}/")
    expect(again.locator("#table-public.table")).to_be_visible()
    expect(again.locator(".watching")).to_have_count(0)
    play_to_the_end(again)


def test_a_guest_joins_a_private_room_by_its_link(new_page):
    host = new_page("/")
    code = create_room(host, private=True)
    lobby = new_page("/rooms/")
    expect(lobby.locator("body")).not_to_contain_text(code)
    friend = new_page(f"/rooms/{code}/")
    friend.get_by_test_id("join").click()
    expect(friend.locator("#table-private")).to_contain_text("You are seated")
    expect(host.locator(".seat-list")).to_contain_text(friend.get_by_test_id("who").inner_text().split()[0])


def test_a_player_comes_back_after_the_server_restarted(new_page, restart_web_server):
    """Nothing lives in the server's memory: after a restart the page reconnects by
    itself, gets the whole table again and the game goes on from the same seat."""
    host = new_page("/")
    create_room(host)
    add_bots(host, 7)
    my_card = host.get_by_test_id("my-card").locator(".card")
    expect(my_card).to_be_visible()
    restart_web_server()
    expect(host.locator("#table-public.table")).to_be_visible()
    expect(host.locator(".watching")).to_have_count(0)
    play_to_the_end(host)
