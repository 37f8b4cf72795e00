"""What Dayous's partials call beyond what every table's may."""

from django.utils.html import format_html, format_html_join

from games.dayous import cards
from rooms.speech import say
from rooms.templatetags.tables import card


def move_face(move: dict):
    """A move button's face: its cards, then its words in the active language."""
    faces = format_html_join("", "{}", ((card(c, small=True),) for c in move["faces"]))
    text = say(move["text"]) if move["text"] else ""
    return format_html("{}{}{}", faces, " " if faces and text else "", text)


def is_trump(card_code: str, trump: str) -> bool:
    return bool(card_code) and cards.is_trump(card_code, trump)
