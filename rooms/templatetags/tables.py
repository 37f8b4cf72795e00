"""Formatting shared by the table partials: cards, suits, event lines, moves' JSON."""

import importlib
import re

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe

from games.core import SPANISH_SUIT_NAMES, card_name
from rooms.presenters.common import FRENCH_PIPS, action_json

register = template.Library()
register.filter("action_json", action_json)

# Spanish suits drawn as small inline SVGs, so they look the same on every device.
SPANISH_PIPS = {
    "o": '<svg viewBox="0 0 24 24" class="suit-icon" aria-hidden="true"><circle cx="12" cy="12" r="10" '
         'fill="#e3b23c" stroke="#9a6b00" stroke-width="2"/><circle cx="12" cy="12" r="4.5" fill="none" '
         'stroke="#9a6b00" stroke-width="1.6"/></svg>',
    "c": '<svg viewBox="0 0 24 24" class="suit-icon" aria-hidden="true"><path d="M5 3h14c0 5-2.6 8.4-5.6 '
         '9.3V18h3.4v3H7.2v-3h3.4v-5.7C7.6 11.4 5 8 5 3z" fill="#c62828" stroke="#7f1d1d" stroke-width="1"/>'
         '</svg>',
    "s": '<svg viewBox="0 0 24 24" class="suit-icon" aria-hidden="true"><path d="M12 1.5l2 3v11h-4v-11z" '
         'fill="#9fb7d9" stroke="#1d4ed8" stroke-width="1.2"/><rect x="6.5" y="15.5" width="11" height="2.2" '
         'rx="1" fill="#1d4ed8"/><rect x="10.9" y="17.7" width="2.2" height="4.8" fill="#1d4ed8"/></svg>',
    "b": '<svg viewBox="0 0 24 24" class="suit-icon" aria-hidden="true"><path d="M9.5 22l1.2-13.5c-2-.8-2.6'
         '-3.2-1.4-5 1.4-2.1 4.8-2.3 6.2-.1 1.2 1.9.4 4.3-1.7 5L13.5 22z" fill="#3f8f3a" stroke="#166534" '
         'stroke-width="1.2"/></svg>',
}
SPANISH_RANK_LABELS = {"J": "J", "N": "Kn", "K": "K", "A": "A"}
FRENCH_RANK_LABELS = {"T": "10"}
SEAT_TOKEN = re.compile(r"\{seat(\d+)\}")


@register.simple_tag
def card(code, spanish=False, small=False):
    """A card face drawn in CSS; ``None`` draws a face-down card."""
    size = " small" if small else ""
    if not code:
        return format_html('<span class="card back{}" aria-label="face-down card"></span>', size)
    if code in ("XR", "XB"):
        return format_html(
            '<span class="card joker{}" aria-label="{}"><span class="rank">★</span><span class="pip">🃏</span></span>',
            size, card_name(code),
        )
    rank, suit = code[0], code[1]
    pips, labels = (SPANISH_PIPS, SPANISH_RANK_LABELS) if spanish else (FRENCH_PIPS, FRENCH_RANK_LABELS)
    deck = "spanish" if spanish else "french"
    return format_html(
        '<span class="card {} suit-{}{}" role="img" aria-label="{}" data-card="{}"><span class="rank">{}</span>'
        '<span class="pip">{}</span></span>',
        deck, suit, size, card_name(code, spanish=spanish), code, labels.get(rank, rank), mark_safe(pips[suit]),
    )


@register.filter
def event_line(event, names_and_game):
    """A public event as a sentence, with seat tokens replaced by escaped names."""
    names, game = names_and_game
    text = importlib.import_module(f"games.{game}.rules").event_text(event)
    parts = []
    last = 0
    for match in SEAT_TOKEN.finditer(text):
        parts.append(escape(text[last:match.start()]))
        name = names.get(int(match.group(1)), f"Seat {int(match.group(1)) + 1}")
        parts.append(format_html("<b>{}</b>", name))
        last = match.end()
    parts.append(escape(text[last:]))
    return mark_safe("".join(parts))


@register.simple_tag
def pair(a, b):
    return (a, b)


@register.filter
def at(sequence, index):
    try:
        return sequence[index]
    except (IndexError, KeyError, TypeError):
        return None


@register.simple_tag
def pip(suit, spanish=False):
    return mark_safe((SPANISH_PIPS if spanish else FRENCH_PIPS)[suit])


@register.filter
def spanish_suit(suit):
    return SPANISH_SUIT_NAMES[suit].capitalize()
