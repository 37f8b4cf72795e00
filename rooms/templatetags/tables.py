import importlib
import json
import re

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe

from games.core import SPANISH_SUIT_NAMES, card_name

register = template.Library()

SPANISH_PIPS = {"o": "🪙", "c": "🏆", "s": "🗡️", "b": "🪵"}
FRENCH_PIPS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
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
        '<span class="card {} suit-{}{}" aria-label="{}" data-card="{}"><span class="rank">{}</span>'
        '<span class="pip">{}</span></span>',
        deck, suit, size, card_name(code, spanish=spanish), code, labels.get(rank, rank), pips[suit],
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


@register.filter
def action_json(action):
    return json.dumps(action, separators=(",", ":"))


@register.simple_tag
def pip(suit, spanish=False):
    return (SPANISH_PIPS if spanish else FRENCH_PIPS)[suit]


@register.filter
def spanish_suit(suit):
    return SPANISH_SUIT_NAMES[suit].capitalize()
