"""The Court Piece table, phone first, in a real browser: a whole table of each of the
four games (Rung Kaat, Ace Rule, Double Sar, Hidden) on a 390×844 phone, with every move
on the screen, played side by side."""

from playwright.sync_api import expect

from tests.e2e.helpers import PHONE, play_whole_games, start
from tests.e2e.test_courtpiece_browser import GAMES, create_table


def test_a_whole_table_of_each_game_keeps_every_move_on_a_phone_screen(new_page):
    """Four hosts each start a table of one game against three bots (winning points 10)
    and play it to the end on a 390×844 phone: at every one of their decisions (calling
    or placing the trump, every card, asking to see the trump) the action bar holds every
    legal move, each control inside the screen, and the page never scrolls; at the end
    the result and "Play again" are on the screen, and the log's first line is the
    newest: who won the table."""
    pages = []
    for game in ("rung-kaat", "ace-rule", "double-sar", "hidden"):
        page = new_page("/", **PHONE)
        create_table(page, game=game, clock=30, bet=25)
        expect(page.get_by_test_id("variant")).to_have_text(GAMES[game])
        start(page)
        pages.append(page)
    decisions = play_whole_games(pages, seconds=400)
    assert all(count >= 13 for count in decisions), decisions  # a whole round's cards at least
    for page in pages:
        expect(page.get_by_test_id("game-over")).to_be_visible()
        expect(page.get_by_test_id("results")).to_be_in_viewport()
        expect(page.get_by_test_id("play-again")).to_be_in_viewport()
        expect(page.locator("#log li").first).to_contain_text("win the table")
