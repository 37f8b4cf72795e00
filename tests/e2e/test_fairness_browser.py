"""Provably fair deals in a real browser: Ann finishes a Disunyer game with bots, opens
its "Verify this deal" page on a phone, sees it pass, downloads the game's draws and
the script, and the script, run with Python alone, agrees."""

import re
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import expect

from tests.e2e.helpers import PHONE, play_until

GAME_SECONDS = 180


def a_game_with_bots_played_out(ann) -> str:
    """Ann's Standard Disunyer room, filled with bots and played to its end: its code."""
    ann.goto("/rooms/new/disunyer/")
    ann.get_by_label("Standard").check()
    ann.get_by_test_id("create-room").click()
    expect(ann).to_have_url(re.compile(r"/rooms/[A-Z]{4}/$"))
    code = ann.url.rstrip("/").rsplit("/", 1)[1]
    with ann.expect_navigation():
        ann.get_by_test_id("fill-with-bots").click()
    play_until(ann, "game-over", seconds=GAME_SECONDS)
    return code


def test_a_finished_game_with_bots_verifies_on_a_phone_and_with_the_script(new_page, tmp_path):
    ann = new_page("/", **PHONE)
    code = a_game_with_bots_played_out(ann)

    ann.goto(f"/rooms/{code}/verify/")
    verdict = ann.get_by_test_id("verdict")
    expect(verdict).to_have_attribute("data-passed", "true")
    expect(verdict).to_contain_text("Fair.")
    expect(ann.get_by_test_id("checks").locator(".tag.win")).to_have_count(3)
    draws = ann.get_by_test_id("draw")
    expect(draws).to_have_count(2)  # the seating order and the deck
    deck = draws.nth(1)
    deck.locator("summary").click()
    expect(deck.get_by_test_id("deck-order").locator(".card")).to_have_count(40)
    width = ann.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390 px phone"

    commitment = ann.get_by_test_id("commitment").inner_text()
    with ann.expect_download() as record:
        ann.get_by_test_id("record-link").click()
    with ann.expect_download() as script:
        ann.get_by_test_id("script-link").click()
    record_path, script_path = tmp_path / f"deals-{code}.json", tmp_path / "fairness_check.py"
    record.value.save_as(record_path)
    script.value.save_as(script_path)
    checked = subprocess.run(
        [sys.executable, "-I", "-S", str(script_path), str(record_path), "--commitment", commitment],
        capture_output=True, text=True, cwd=Path(tmp_path), timeout=60,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "All 2 draws and the commitment check out." in checked.stdout
    assert deck.get_by_test_id("deck-codes").inner_text() in checked.stdout
