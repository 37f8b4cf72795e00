"""Formatting shared by the table's fragments (rooms/templating.py) and the pages that
show cards: cards, suits, event lines. The pages' Django templates load the
``card`` tag and the ``at`` and ``table_home`` filters."""

import functools
import pickle

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from games import registry
from games.core import TIMEOUT
from rooms import tablehomes
from rooms.neutral import changed
from rooms.presenting import FRENCH_PIPS
from rooms.speech import card_name, say, suit_name
from rooms.translations import gettext, language, pgettext

register = template.Library()

# Spanish suits drawn as small SVGs (static/img/suit-*.svg, named in site.css), so they
# look the same on every device; a card carries only the class, not the drawing.
SPANISH_PIPS = {suit: f'<span class="suit-icon pip-{suit}" aria-hidden="true"></span>' for suit in "ocsb"}
SPANISH_RANK_LABELS = {"J": "J", "N": "Kn", "K": "K", "A": "A"}
FRENCH_RANK_LABELS = {"T": "10"}


@register.simple_tag
def card(code, spanish=False, small=False):
    """A card face drawn in CSS, named for screen readers ("Queen of spades") in the
    active language; ``None`` draws a face-down card."""
    return _card(code, spanish, small, language())


@functools.lru_cache(maxsize=4096)  # a few hundred faces in six languages, drawn on every table's every version
def _card(code, spanish, small, language):
    size = " small" if small else ""
    if not code:
        return format_html(
            '<span class="card back{}" role="img" aria-label="{}"></span>', size, pgettext("card", "a face-down card")
        )
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


def event_line(event, names_and_game):
    """A public event as a sentence in the active language, its seats' players named; a
    move a timeout made is marked so."""
    names, game = names_and_game
    said = _event_text(game)(event)
    if not said:
        return mark_safe("")
    line = say(said, names)
    if event.get(TIMEOUT):
        return format_html('{} <span class="tag timeout">{}</span>', line, gettext("time ran out"))
    return line


def _event_text(game: str):
    return registry.definition(game).event_text


def log_items(events, names, game):
    """The log's lines, newest first, as list items: an event with no sentence of its own
    (it only repeats the next one) makes none. Built in one go: the log is the longest
    part of a table's public fragment, which every version renders. A version adds an
    event or two to the log, so its other lines are the last version's, kept once made."""
    seat_names = tuple(names.items())
    lines = (_line(game, seat_names, pickle.dumps(event), language()) for event in reversed(events or ()))
    return mark_safe("\n".join(f"<li>{line}</li>" for line in lines if line))


@functools.lru_cache(maxsize=8192)
def _line(game: str, seat_names: tuple, packed_event: bytes, language: str) -> str:
    """An event's line in a language, by its pickle: the same bytes are the same event."""
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
    return changed("capitalize", suit_name(suit, spanish=True))
