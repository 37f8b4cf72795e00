"""Court Piece played with the keyboard only, in a real browser on a 390×844 phone: the
arrows move through the cards Ann may play, Enter plays the one she is on, S H D C call
the trump, A asks to see it; each card button says its move and its card."""

import random
import re
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import PHONE, start, take_first_move
from tests.e2e.test_courtpiece_browser import GAMES, create_table
from tests.e2e.test_keyboard_disunyer import keys_in_help, play_by_keyboard

CARD = r"(Ace|King|Queen|Jack|10|[2-9]) of (spades|hearts|diamonds|clubs)"
CARD_MOVE = re.compile(rf"(Play the {CARD}|Place the {CARD} face down|Play your face-down trump, the {CARD})")
# Keeps the page's own socket at hand, to ask the server for the table again.
KEEP_SOCKET = "document.addEventListener('htmx:wsOpen', (e) => { window.tableSocket = e.detail.socketWrapper; });"
# The card moves of a decision still open: a bar whose move was sent keeps its cards
# until the next push, which then brings other ones.
CARD_MOVES = ("[...document.querySelectorAll('#table-private .actions:not(.sent) [data-card-move]')]"
              ".map((e) => e.ariaLabel)")
FOCUSED = "document.activeElement.getAttribute('aria-label')"
# What a failed expectation about the focus shows.
SHOWN = ("version", "swaps", "focused", "cards", "pressed", "focused_last", "before_last")
# The table pushed again at the same version, as after a move the table had moved on
# from (version 0 is long past): the move is refused and the bar is replaced.
PUSH_AGAIN = """() => {
  window.barBefore = document.getElementById('table-private');
  window.tableSocket.send(JSON.stringify({kind: 'act', action: '{}', version: 0}));
}"""


def choose_courtpiece(rng):
    """A suit to call if asked; sometimes "ask to see the trump"; else a card, reached
    with the arrows (both ways round) and played with Enter."""
    def choose(decision):
        keys, cards = decision["keys"], decision["cards"]
        if "A" in keys and rng.random() < 0.3 or not cards:
            return [rng.choice(keys)]
        steps = rng.randrange(len(cards))
        if rng.random() < 0.5:
            return ["ArrowRight"] * (steps + 1) + ["Enter"]
        return ["ArrowLeft"] * (len(cards) - steps) + ["Enter"]
    return choose


def card_counted_to(cards, focused, arrows):
    """The card the arrows land on: counted from the focused card, round the ends; with
    no card focused, ArrowRight counts from before the first and ArrowLeft from after
    the last. (A move refused because the table had moved on leaves the focus on its
    card in the next bar, the same decision.)"""
    step = 1 if arrows[0] == "ArrowRight" else -1
    start = cards.index(focused) if focused in cards else (-1 if step > 0 else len(cards))
    return cards[(start + step * len(arrows)) % len(cards)]


@pytest.mark.parametrize("game", ["hidden", "rung-kaat"])
def test_a_whole_table_is_played_with_the_keyboard_alone(new_page, game):
    """Ann hosts a table (winning points 10) against three bots and plays it to the end
    pressing keys only: she calls the trump with a suit's letter (Rung Kaat) or places
    her face-down trump (Hidden), plays every card with the arrows and Enter, and asks
    to see the trump with A now and then. Each card button's name says the move and the
    card; the arrows land on the card they count to from the one focused, if any (when
    no push brought other cards meanwhile); the help lists every key she was offered."""
    ann = new_page("/", **PHONE)
    create_table(ann, game=game, clock=30, bet=25)
    expect(ann.get_by_test_id("variant")).to_have_text(GAMES[game])
    start(ann)
    met = play_by_keyboard(ann, choose_courtpiece(random.Random(15)), seconds=400)
    expect(ann.get_by_test_id("game-over")).to_be_visible()
    carded = [decision for decision in met if decision["cards"]]
    assert len(carded) >= 13, len(met)  # a whole round's cards at least
    for decision in carded:
        assert all(CARD_MOVE.fullmatch(name) for name in decision["cards"]), decision["cards"]
        if decision["pressed"][-1] == "Enter" and not decision["cards_changed"]:
            expected = card_counted_to(decision["cards"], decision["focused"], decision["pressed"][:-1])
            assert decision["focused_last"] == expected, {name: decision[name] for name in SHOWN}
    offered = {key for decision in met for key in decision["keys"]}
    assert offered <= {"S", "H", "D", "C", "A", "R"}, offered
    assert offered <= keys_in_help(ann), offered


def test_a_push_that_replaces_the_action_bar_leaves_the_focus_on_the_same_card(new_page):
    """Ann has moved the focus to her second card with the arrows when the table is
    pushed to her again, the same decision in a new action bar: her second card still
    has the focus, and the next arrow goes on to the third."""
    ann = new_page("about:blank", **PHONE)
    ann.context.add_init_script(KEEP_SOCKET)
    ann.goto("/")
    create_table(ann, game="hidden", clock=30, bet=25)
    start(ann)
    deadline = time.monotonic() + 60
    while len(cards := ann.evaluate(CARD_MOVES)) < 3:  # a decision among three cards or more
        assert time.monotonic() < deadline, "Ann never chose among three cards"
        take_first_move(ann)
        ann.wait_for_timeout(100)
    ann.keyboard.press("ArrowRight")
    ann.keyboard.press("ArrowRight")
    assert ann.evaluate(FOCUSED) == cards[1]
    ann.evaluate(PUSH_AGAIN)
    # A function, not an expression: the page's CSP forbids the eval that Playwright
    # polls an expression with, once it is not true at the first look.
    ann.wait_for_function("() => document.getElementById('table-private') !== window.barBefore")
    assert ann.evaluate(CARD_MOVES) == cards
    assert ann.evaluate(FOCUSED) == cards[1]
    ann.keyboard.press("ArrowRight")
    assert ann.evaluate(FOCUSED) == cards[2]
