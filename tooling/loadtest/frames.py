"""What the load test reads in a frame: the table's version, the player's moves and
whether the game is over. Every table frame starts with
``<section id="table-public" ... data-version="N"``."""

import re
from html.parser import HTMLParser

TABLE_VERSION = re.compile(r'<section id="table-public"[^>]*?\sdata-version="(\d+)"')
PRIVATE = '<section id="table-private"'
GAME_OVER = 'data-testid="play-again"'  # the "Play again" button under a finished game
TOAST = 'class="toast"'  # a message to this viewer alone: a refused move, say
MOVE_KIND = "act"


def table_version(text: str) -> int | None:
    match = TABLE_VERSION.search(text)
    return int(match.group(1)) if match else None


def is_game_over(text: str) -> bool:
    return GAME_OVER in text


def is_toast(text: str) -> bool:
    return TOAST in text


class _WsSendForms(HTMLParser):
    """The named inputs of every ``<form ws-send>``: what htmx sends when it is submitted."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict] = []
        self._form: dict | None = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "form" and "ws-send" in attributes:
            self._form = {}
        elif tag == "input" and self._form is not None and attributes.get("name"):
            self._form[attributes["name"]] = attributes.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "form" and self._form is not None:
            self.forms.append(self._form)
            self._form = None


def moves(text: str) -> list[dict]:
    """The moves offered in the viewer's private fragment, each as htmx would send it."""
    start = text.find(PRIVATE)
    if start < 0:
        return []
    parser = _WsSendForms()
    parser.feed(text[start:])
    return [form for form in parser.forms if form.get("kind") == MOVE_KIND]
