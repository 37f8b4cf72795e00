"""What the games say (``games.words``), in the language of the viewer it is rendered
for: the active language (Django's ``translation.override`` picks it for a socket's
viewer, ``LocaleMiddleware`` for a page).

Every message is translated as escaped HTML with its values put in, so a player's name
or a card's name never reaches the page unescaped. The pages and the fragments call it
as the ``say`` filter.
"""

import functools

from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

from games.core import JOKERS
from games.words import Cards, Seat, Words, all_of
from rooms.neutral import number
from rooms.translations import gettext, language, ngettext, pgettext

# Each suit's card, by deck: the rank goes in, so each language writes a card its way
# ("siete de oros", "семёрка червей", "پان کا سات").
SPANISH_CARD = {
    "o": lambda: pgettext("Spanish deck", "%(rank)s of coins"),
    "c": lambda: pgettext("Spanish deck", "%(rank)s of cups"),
    "s": lambda: pgettext("Spanish deck", "%(rank)s of swords"),
    "b": lambda: pgettext("Spanish deck", "%(rank)s of clubs"),
}
FRENCH_CARD = {
    "s": lambda: pgettext("French deck", "%(rank)s of spades"),
    "h": lambda: pgettext("French deck", "%(rank)s of hearts"),
    "d": lambda: pgettext("French deck", "%(rank)s of diamonds"),
    "c": lambda: pgettext("French deck", "%(rank)s of clubs"),
}
# The queen's own: in some languages the words around a card agree with its rank
# ("پان کی بیگم" but "پان کا بادشاہ").
FRENCH_QUEEN = {
    "s": lambda: pgettext("French deck, the queen", "%(rank)s of spades"),
    "h": lambda: pgettext("French deck, the queen", "%(rank)s of hearts"),
    "d": lambda: pgettext("French deck, the queen", "%(rank)s of diamonds"),
    "c": lambda: pgettext("French deck, the queen", "%(rank)s of clubs"),
}
SPANISH_SUIT = {
    "o": lambda: pgettext("Spanish deck", "coins"),
    "c": lambda: pgettext("Spanish deck", "cups"),
    "s": lambda: pgettext("Spanish deck", "swords"),
    "b": lambda: pgettext("Spanish deck", "clubs"),
}
FRENCH_SUIT = {
    "s": lambda: pgettext("French deck", "spades"),
    "h": lambda: pgettext("French deck", "hearts"),
    "d": lambda: pgettext("French deck", "diamonds"),
    "c": lambda: pgettext("French deck", "clubs"),
}
SPANISH_RANK = {
    "A": lambda: pgettext("Spanish deck rank", "Ace"),
    "K": lambda: pgettext("Spanish deck rank", "King"),
    "N": lambda: pgettext("Spanish deck rank", "Knight"),
    "J": lambda: pgettext("Spanish deck rank", "Jack"),
}
FRENCH_RANK = {
    "A": lambda: pgettext("French deck rank", "Ace"),
    "K": lambda: pgettext("French deck rank", "King"),
    "Q": lambda: pgettext("French deck rank", "Queen"),
    "J": lambda: pgettext("French deck rank", "Jack"),
    "T": lambda: "10",
}
JOKER = {
    "XR": lambda: pgettext("card", "red joker"),
    "XB": lambda: pgettext("card", "black joker"),
}


def say(said, names=None) -> SafeString:
    """``said`` (``Words``, ``Cards``, a number, text) as escaped HTML in the active
    language; a ``Seat`` as its player's name in bold, from ``names`` (seat → name)."""
    if isinstance(said, Words):
        return _words(said, names)
    if isinstance(said, Cards):
        return card_list(said.cards, said.spanish)
    if isinstance(said, Seat):
        name = (names or {}).get(said.index) or gettext("Seat %(number)s") % {"number": said.index + 1}
        return format_html("<b>{}</b>", name)
    if isinstance(said, int) and not isinstance(said, bool):
        return number(said)
    return conditional_escape(said)


def _words(said: Words, names) -> SafeString:
    if said.plural:
        message = ngettext(said.message, said.plural, said.count)
    else:
        message = gettext(said.message)
    if not said.values:
        return conditional_escape(message)
    values = {name: say(value, names) for name, value in said.values}
    return mark_safe(conditional_escape(message) % values)


def card_name(code: str, spanish: bool = False) -> str:
    """A card's name in the active language ("Ace of coins"), as text."""
    return _card_name(code, spanish, language())


@functools.lru_cache(maxsize=1024)  # a hundred cards in six languages
def _card_name(code: str, spanish: bool, language: str) -> str:
    if code in JOKERS:
        return JOKER[code]()
    rank, suit = code[0], code[1]
    ranks = SPANISH_RANK if spanish else FRENCH_RANK
    rank_name = ranks[rank]() if rank in ranks else rank
    cards = SPANISH_CARD if spanish else FRENCH_QUEEN if rank == "Q" else FRENCH_CARD
    return cards[suit]() % {"rank": rank_name}


def suit_name(suit: str, spanish: bool = False) -> str:
    """A suit's name in the active language ("coins", "hearts"), as text."""
    return (SPANISH_SUIT if spanish else FRENCH_SUIT)[suit]()


def card_list(codes, spanish: bool = False) -> SafeString:
    """Cards by name, joined as the language joins a list ("A, B and C")."""
    names = [card_name(code, spanish) for code in codes]
    return say(all_of(names)) if names else conditional_escape("")
