"""Formatting for the Dayous table partials (templates/games/dayous/).

What they show is worked out in rooms.presenters.dayous and comes in their context
(``t`` in the public partial, ``m`` and ``phrases`` in the private one): no tag
computes it."""

from django import template
from django.utils.html import format_html, format_html_join

from games.dayous import cards
from rooms.templatetags.tables import card

register = template.Library()


@register.simple_tag
def move_face(move: dict):
    """A move button's face: its cards, then its words."""
    cards = format_html_join("", "{}", ((card(c, small=True),) for c in move["faces"]))
    return format_html("{}{}{}", cards, " " if cards and move["text"] else "", move["text"])


@register.filter
def is_trump(card_code: str, trump: str) -> bool:
    return bool(card_code) and cards.is_trump(card_code, trump)

