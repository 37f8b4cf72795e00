"""Formatting shared by the table's fragments (rooms/templating.py) and the pages that
show cards: cards, suits, event lines. The pages' Django templates load the
``card`` tag and the ``at`` and ``table_home`` filters."""

import functools
import html
import pickle
import re

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe

from games import registry
from games.core import SPANISH_SUIT_NAMES, TIMEOUT, card_name
from rooms import tablehomes
from rooms.presenting import FRENCH_PIPS
from rooms.speech import say

register = template.Library()

# Spanish suits drawn as small SVGs (static/img/suit-*.svg, named in site.css), so they
# look the same on every device; a card carries only the class, not the drawing.
SPANISH_PIPS = {suit: f'<span class="suit-icon pip-{suit}" aria-hidden="true"></span>' for suit in "ocsb"}
SPANISH_RANK_LABELS = {"J": "J", "N": "Kn", "K": "K", "A": "A"}
FRENCH_RANK_LABELS = {"T": "10"}
SEAT_TOKEN = re.compile(r"\{seat(\d+)\}")
FACE_DOWN_NAME = "a face-down card"


@register.simple_tag
@functools.lru_cache(maxsize=1024)  # a few hundred faces in all, drawn on every table's every version
def card(code, spanish=False, small=False):
    """A card face drawn in CSS, named for screen readers ("Queen of spades"); ``None``
    draws a face-down card."""
    size = " small" if small else ""
    if not code:
        return format_html('<span class="card back{}" role="img" aria-label="{}"></span>', size, FACE_DOWN_NAME)
    if code in ("XR", "XB"):
        return format_html(
            '<span class="card joker{}" role="img" aria-label="{}"><span class="rank">★</span>'
            '<span class="pip">🃏</span></span>',
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


TIMED_OUT = ' <span class="tag timeout">time ran out</span>'


def event_line(event, names_and_game):
    """A public event as a sentence, with seat tokens replaced by escaped names; a move
    a timeout made is marked so."""
    names, game = names_and_game
    text = _event_text(game)(event)
    parts = []
    last = 0
    for match in SEAT_TOKEN.finditer(text):
        parts.append(html.escape(text[last:match.start()]))
        name = names.get(int(match.group(1)), f"Seat {int(match.group(1)) + 1}")
        parts.append(f"<b>{conditional_escape(name)}</b>")
        last = match.end()
    parts.append(html.escape(text[last:]))
    if text and event.get(TIMEOUT):
        parts.append(TIMED_OUT)
    return mark_safe("".join(parts))


def _event_text(game: str):
    return registry.definition(game).event_text


def log_items(events, names, game):
    """The log's lines, newest first, as list items: an event with no sentence of its own
    (it only repeats the next one) makes none. Built in one go: the log is the longest
    part of a table's public fragment, which every version renders. A version adds an
    event or two to the log, so its other lines are the last version's, kept once made."""
    seat_names = tuple(names.items())
    lines = (_line(game, seat_names, pickle.dumps(event)) for event in reversed(events or ()))
    return mark_safe("".join(f"<li>{line}</li>" for line in lines if line))


@functools.lru_cache(maxsize=8192)
def _line(game: str, seat_names: tuple, packed_event: bytes) -> str:
    """An event's line, by its pickle: the same bytes are the same event."""
    return event_line(pickle.loads(packed_event), (dict(seat_names), game))


@register.filter
def table_home(game: str) -> tablehomes.TableHome:
    """The game's table home: its keyboard help, scripts and stylesheets (``rooms.tablehomes``)."""
    return tablehomes.table_home(game)


register.filter("say", say)


@register.filter
def at(sequence, index):
    try:
        return sequence[index]
    except (IndexError, KeyError, TypeError):
        return None


def pip(suit, spanish=False):
    return mark_safe((SPANISH_PIPS if spanish else FRENCH_PIPS)[suit])


def spanish_suit(suit):
    return SPANISH_SUIT_NAMES[suit].capitalize()
