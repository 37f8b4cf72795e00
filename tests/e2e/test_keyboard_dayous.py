"""Dayous played with the keyboard only, in a real browser on a 390×844 phone, four
players (bots fill the seats): the arrows move through the card moves Ann may make,
Enter makes the one she is on, T takes the cards, D says "No further questions", C and
A choose the direction."""

import random

from playwright.sync_api import expect

from tests.e2e.helpers import PHONE, start
from tests.e2e.test_dayous_browser import create_room
from tests.e2e.test_keyboard_disunyer import keys_in_help, play_by_keyboard


def choose_dayous(rng):
    """Mostly "No further questions" when throwing in, sometimes take; else a card move
    reached with the arrows and made with Enter, now and then one of a folded list,
    opened with Enter on its summary."""
    def choose(decision):
        keys, ring = decision["keys"], decision["ring"]
        cards = [i for i, name in enumerate(ring) if name is not None]
        if "D" in keys and rng.random() < 0.7 or "T" in keys and rng.random() < 0.2 or not cards:
            return [rng.choice(keys)]
        folds = [i for i, name in enumerate(ring) if name is None]
        if folds and rng.random() < 0.5:  # open a folded list and make its first move
            return ["ArrowRight"] * (folds[0] + 1) + ["Enter", "ArrowRight", "Enter"]
        at = rng.choice(cards[:4])
        return ["ArrowRight"] * (at + 1) + ["Enter"]
    return choose


def test_a_whole_four_player_game_is_played_with_the_keyboard_alone(new_page):
    """Ann starts a four-player room alone (bots take the empty seats) and plays to the
    end with key presses only: every move she makes is sent, whether a card move reached
    with the arrows, one of a folded list opened with Enter, or a key's; the game ends
    with four places, and the help lists every key she was offered."""
    ann = new_page("/", **PHONE)
    create_room(ann, players=4, decks=1, clock=30)
    start(ann)
    expect(ann.locator("#table-public .seat-chip")).to_have_count(4)
    met = play_by_keyboard(ann, choose_dayous(random.Random(15)), seconds=300)
    expect(ann.get_by_test_id("results").locator("tbody tr")).to_have_count(4)
    assert any(decision["cards"] for decision in met), met
    offered = {key for decision in met for key in decision["keys"]}
    assert offered and offered <= {"T", "D", "C", "A"}, offered
    assert offered <= keys_in_help(ann), offered
    entered = [d for d in met if d["pressed"][-1] == "Enter" and d["focused_last"] is not None]
    assert entered, met
    # The arrows land on a card move (a folded one once its list opened), unless a push
    # replaced the action bar's cards while they were pressed.
    for decision in (d for d in entered if not d["cards_changed"]):
        if "Enter" in decision["pressed"][:-1]:
            assert decision["focused_last"] not in decision["cards"], decision
        else:
            assert decision["focused_last"] in decision["cards"], decision
