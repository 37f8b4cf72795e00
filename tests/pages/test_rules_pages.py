"""Every game's rules page, as the site renders docs/rules/<game>.md: prose and real
lists that wrap on a phone, and every word of the document on the page."""

import html
import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from games.registry import GAMES
from pages.views import RULES_DIR
from rooms.plaintext import plain

pytestmark = pytest.mark.django_db

PROSE_ELEMENTS = {"h1", "h2", "h3", "p", "ul", "ol", "li", "em", "strong", "a"}
LIST_ITEM_LINE = re.compile(r"^\s*(?:[-*+]|\d+\.)\s+")
HEADING_MARK = re.compile(r"^#+\s+")


class RulesArticle(HTMLParser):
    """The elements and the text inside the page's `<article class="rules ...">`."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.elements: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        if self.depth:
            self.depth += 1
            self.elements.append(tag)
        elif tag == "article" and "rules" in (dict(attrs).get("class") or "").split():
            self.depth = 1

    def handle_endtag(self, tag):
        if self.depth:
            self.depth -= 1

    def handle_data(self, data):
        if self.depth:
            self.text.append(data)


def rules_page(client, slug: str) -> RulesArticle:
    article = RulesArticle()
    article.feed(client.get(reverse("rules", args=[slug])).content.decode())
    return article


def document_lines(slug: str) -> list[str]:
    return [line for line in (RULES_DIR / f"{slug}.md").read_text(encoding="utf-8").splitlines() if line.strip()]


def words_of(line: str) -> str:
    """A document line as a reader sees it: no heading or list mark, entities read."""
    return " ".join(html.unescape(LIST_ITEM_LINE.sub("", HEADING_MARK.sub("", line))).split())


@pytest.mark.parametrize("slug", [game.slug for game in GAMES])
def test_a_rules_page_is_prose_and_lists_never_a_code_block(client, slug):
    """Ann opens the rules on her phone: only headings, paragraphs and lists (which wrap),
    no <pre>/<code> block (which scrolls sideways) and no element the document did not
    mean to make."""
    elements = set(rules_page(client, slug).elements)
    assert elements <= PROSE_ELEMENTS, f"unexpected elements: {elements - PROSE_ELEMENTS}"


@pytest.mark.parametrize("slug", [game.slug for game in GAMES])
def test_every_list_item_of_the_document_is_a_list_item_on_the_page(client, slug):
    """Each `- ...` or `1. ...` line of the rules is an <li> inside a <ul>/<ol>."""
    article = rules_page(client, slug)
    list_lines = [line for line in document_lines(slug) if LIST_ITEM_LINE.match(line)]
    assert list_lines, "every rules page has lists"
    assert article.elements.count("li") == len(list_lines)
    assert {"ul", "ol"} & set(article.elements)


@pytest.mark.parametrize("slug", [game.slug for game in GAMES])
def test_every_line_of_the_document_shows_on_the_page(client, slug):
    """No phrase vanishes: Dayous's "Did somebody say <any card already on the table>" shows
    with its angle brackets instead of being swallowed as an HTML tag."""
    page_text = " ".join("".join(rules_page(client, slug).text).split())
    missing = [line for line in document_lines(slug) if words_of(line) not in page_text]
    assert missing == []


def _table_options(client, slug: str) -> str:
    page = client.get(reverse("rules", args=[slug])).content.decode()
    start = page.index('data-testid="table-options"')
    return html.unescape(page[start:page.index("</section>", start)])


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.slug)
def test_the_table_options_listed_are_the_games_schema(client, game):
    """Below the rules, each option the create form asks, with what it may be and its
    default, in the schema's words."""
    listed = " ".join(_table_options(client, game.slug).split())
    for option in game.options.options:
        assert f"<dt>{plain(option.label)}</dt>" in listed
        assert f"{plain(option.accepted_words)}; {plain(option.default_words)} unless chosen otherwise." in listed


def test_court_piece_lists_its_bet_and_clock_ranges(client):
    listed = " ".join(_table_options(client, "courtpiece").split())
    assert "<dt>Bet</dt> <dd>25 to 1,000 coins; 100 coins unless chosen otherwise." in listed
    assert "<dt>Seconds per move</dt> <dd>5 to 30 seconds; 15 seconds unless chosen otherwise." in listed
    assert "<dt>6-point win</dt> <dd>On or off; Off unless chosen otherwise." in listed
