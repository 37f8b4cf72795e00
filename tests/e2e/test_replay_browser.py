"""A finished game's replay in a real browser: a new account plays a Disunyer game with
bots, opens its replay from "My games" and steps through it to the end with the
buttons, the keys and the slider, from its own seat and then as a spectator."""

import re
import uuid

from playwright.sync_api import expect

from tests.e2e.helpers import add_bots
from tests.e2e.test_disunyer_browser import create_room, play_to_the_end
from tests.e2e.test_leaderboard_browser import sign_up


def test_a_player_opens_a_finished_games_replay_and_steps_to_its_end(new_page):
    page = new_page("/")
    sign_up(page, f"rep{uuid.uuid4().hex[:6]}")
    code = create_room(page)
    add_bots(page, 7)
    play_to_the_end(page)

    page.goto("/me/games/")
    page.get_by_test_id("replay-link").first.click()
    expect(page).to_have_url(re.compile(f"/rooms/{code}/replay/$"))
    info = page.get_by_test_id("replay-info")
    expect(info).to_have_attribute("data-step", "0")
    expect(info).to_have_attribute("data-seat", "0")  # the host's own seat
    expect(page.get_by_test_id("replay-move")).to_contain_text("The deal")
    expect(page.get_by_test_id("replay-hand").locator(".card")).to_have_count(1)
    expect(page.get_by_test_id("prev")).to_be_disabled()
    moves = int(info.get_attribute("data-moves"))
    assert moves >= 2

    page.keyboard.press("ArrowRight")
    expect(info).to_have_attribute("data-step", "1")
    expect(page).to_have_url(re.compile(r"[?&]step=1(&|$)"))
    expect(page.get_by_test_id("step-number")).to_have_text("1")
    page.get_by_test_id("next").click()
    expect(info).to_have_attribute("data-step", "2")
    page.keyboard.press("ArrowLeft")
    expect(info).to_have_attribute("data-step", "1")
    page.get_by_test_id("slider").fill(str(moves // 2))
    expect(info).to_have_attribute("data-step", str(moves // 2))

    page.get_by_test_id("point-of-view").select_option("spectator")
    expect(info).to_have_attribute("data-seat", "")
    expect(page.get_by_test_id("replay-hand")).to_have_count(0)
    page.get_by_test_id("prev").click()
    expect(info).to_have_attribute("data-step", str(moves // 2 - 1))

    page.keyboard.press("End")
    expect(info).to_have_attribute("data-step", str(moves))
    expect(page.get_by_test_id("game-over")).to_be_visible()
    expect(page.get_by_test_id("next")).to_be_disabled()
    expect(page.get_by_test_id("last")).to_be_disabled()
    page.get_by_test_id("every-card").locator("summary").click()
    expect(page.get_by_test_id("ends-as-played")).to_contain_text("ends exactly as it was played")

    page.keyboard.press("Home")
    expect(info).to_have_attribute("data-step", "0")
    expect(page.get_by_test_id("every-card")).to_have_count(0)
