"""Showing a game's commitment, seed and draws (rooms/_fairness.jinja, rooms/verify.html)."""

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe

from rooms.speech import suit_name
from rooms.translations import pgettext

register = template.Library()

CHUNK = 8


@register.filter
def breakable(text: str) -> str:
    """A long hex string that may wrap every 8 characters, and still copies whole."""
    chunks = [escape(text[i:i + CHUNK]) for i in range(0, len(text), CHUNK)]
    return mark_safe("<wbr>".join(chunks))


@register.filter
def seat_names(seats: list, names: list[str]) -> list[str]:
    """The names at these seats (``2`` or ``"2"``), in order."""
    return [names[int(seat)] for seat in seats]


@register.filter
def suit_names(suits: list[str]) -> str:
    """The suits' names in order, in the active language ("spades, hearts, …")."""
    return pgettext("a list's separator", ", ").join(suit_name(suit) for suit in suits)


@register.filter
def seat_name(seat: int, names: list[str]) -> str:
    return names[seat]
