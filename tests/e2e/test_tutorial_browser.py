"""A newcomer on a phone plays each game's tutorial to its end on the real table: every
step's move (and a wrong one, explained, the table left as it was), Continue where a
step awaits none, and then "Play a practice game" starts a table against bots. The
coach never covers the action bar, in English and in Persian, on a phone and a desktop."""

import json
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games import registry
from rooms.presenting import action_json
from tests.e2e.helpers import DESKTOP, PHONE, overlapping, wait_for_htmx

TUTORIALS = [game.slug for game in registry.GAMES if game.tutorial is not None]
MOVES = "#table-private .actions:not(.sent) button"
SHOTS = os.environ.get("TUTORIAL_SCREENSHOTS")  # a folder: the layout test photographs a step there


def _move_button(page, action: dict):
    """The table's own button for ``action`` (its form carries it, as a room's does)."""
    value = action_json(action)
    return page.locator(f"#table-private .actions:not(.sent) form:has(input[name=action][value='{value}']) button")


def _play(page, action: dict) -> None:
    """Click the move, opening its folded group first if it is folded away (Dayous)."""
    button = _move_button(page, action)
    if not button.is_visible():
        button.locator("xpath=ancestor::details[1]/summary").click()
    button.click()


def _version(page) -> str:
    return page.locator("#table-private").get_attribute("data-version") or ""


def _first_legal(page) -> dict:
    value = page.locator("#table-private .actions:not(.sent) input[name=action]").first.get_attribute("value")
    return json.loads(value or "null")


def _wrong_move(page, step) -> dict | None:
    values = page.locator("#table-private .actions:not(.sent) input[name=action]").evaluate_all(
        "inputs => inputs.map((input) => input.value)")
    return next((json.loads(value) for value in values if step.moves and json.loads(value) not in step.moves), None)


def _coach_beside_the_bar(page) -> None:
    assert overlapping(page, "#tutorial-coach", "#table-private") == []
    bar = page.locator("#table-private").bounding_box()
    viewport = page.viewport_size
    assert bar and viewport and bar["y"] + bar["height"] <= viewport["height"] + 1


@pytest.mark.parametrize("game", TUTORIALS)
def test_a_newcomer_plays_the_tutorial_on_a_phone_and_then_a_practice_game(new_page, game):
    tutorial = registry.definition(game).tutorial
    page = new_page(f"/rules/{game}/", **PHONE)
    page.get_by_test_id("tutorial-link").click()
    expect(page).to_have_url(re.compile(f"/learn/{game}/$"))
    wait_for_htmx(page)
    explained = False
    number = 0
    for lesson in tutorial.lessons:
        for step in lesson.steps:
            number += 1
            expect(page.get_by_test_id("coach")).to_have_attribute("data-step", str(number))
            if step.moves is None:
                page.get_by_test_id("coach-continue").click()
                continue
            expect(page.locator(MOVES).first).to_be_visible()
            _coach_beside_the_bar(page)
            wrong = _wrong_move(page, step)
            if wrong is not None and not explained:
                version = _version(page)
                _play(page, wrong)
                expect(page.get_by_test_id("coach-wrong")).to_have_text(str(step.wrong))
                assert _version(page) == version  # the move was not applied: the table stays
                expect(page.locator(MOVES).first).to_be_visible()
                explained = True
            right = step.moves[0] if step.moves else _first_legal(page)
            _play(page, right)
    assert explained, "no step of the tutorial has a wrong move to explain"
    expect(page.get_by_test_id("coach-done")).to_be_visible()
    page.get_by_test_id("practice").click()
    expect(page).to_have_url(re.compile(r"/rooms/[A-Z0-9]{4,6}/$"))
    expect(page.locator("#table-public[data-version]")).to_be_visible()
    expect(page.locator("[data-testid=next-game], #table-private.action-bar").first).to_be_visible()
    # Loaded again, the tutorial remembers it was finished in this browser.
    page.goto(f"/learn/{game}/")
    expect(page.get_by_test_id("coach-done")).to_be_visible()


@pytest.mark.parametrize("locale", ["en-GB", "fa-IR"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("game", TUTORIALS)
def test_the_coach_stays_clear_of_the_action_bar(new_page, game, size, locale):
    page = new_page(f"/learn/{game}/", locale=locale, **(PHONE if size == "phone" else DESKTOP))
    wait_for_htmx(page)
    steps = iter(registry.definition(game).tutorial.lessons[0].steps)
    while True:  # to the first step with a wrong move: its explanation makes the coach its tallest
        step = next(steps)
        expect(page.locator(MOVES).first).to_be_visible()
        if _wrong_move(page, step) is not None:
            break
        _play(page, step.moves[0] if step.moves else _first_legal(page))
    _play(page, _wrong_move(page, step))
    expect(page.get_by_test_id("coach-wrong")).to_be_visible()
    _coach_beside_the_bar(page)
    moves = page.locator(MOVES)
    for index in range(moves.count()):
        box = moves.nth(index).bounding_box()
        assert box and box["y"] + box["height"] <= page.viewport_size["height"]
    assert page.evaluate("window.scrollY") == 0
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"tutorial-{game}-{size}-{locale}.png"))
