"""Every card drawn at a table has an accessible name: "Queen of spades", "10 of hearts",
"Knight of cups" in Disunyer's Spanish deck, "red joker", and "a face-down card" for a
card back (Court Piece's face-down throw too)."""

import re

import pytest
from django.template import engines

from games.core import FRENCH_RANKS, FRENCH_SUITS, JOKERS, SPANISH_RANKS, SPANISH_SUITS

FRENCH_RANK_WORDS = {"2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8", "9": "9", "T": "10",
                     "J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
FRENCH_SUIT_WORDS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
SPANISH_RANK_WORDS = {"A": "Ace", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7",
                      "J": "Jack", "N": "Knight", "K": "King"}
SPANISH_SUIT_WORDS = {"o": "coins", "c": "cups", "s": "swords", "b": "clubs"}
NAMED = re.compile(r'^<span class="card [^"]*" role="img" aria-label="([^"]+)"')


def drawn(source: str, **context) -> str:
    """``source`` rendered as the table's fragments are (rooms/templating.py)."""
    return engines["jinja2"].from_string(source).render(context).strip()


def name_of(html: str) -> str:
    match = NAMED.match(html)
    assert match, html
    return match.group(1)


@pytest.mark.parametrize("code", [rank + suit for suit in FRENCH_SUITS for rank in FRENCH_RANKS])
def test_every_french_card_is_named_by_its_rank_and_suit(code):
    expected = f"{FRENCH_RANK_WORDS[code[0]]} of {FRENCH_SUIT_WORDS[code[1]]}"
    assert name_of(drawn("{{ card(code) }}", code=code)) == expected
    assert name_of(drawn("{{ card(code, small=True) }}", code=code)) == expected
    assert name_of(drawn("{{ cp_card(code) }}", code=code)) == expected


@pytest.mark.parametrize("code", [rank + suit for suit in SPANISH_SUITS for rank in SPANISH_RANKS])
def test_every_spanish_card_is_named_by_its_rank_and_suit(code):
    expected = f"{SPANISH_RANK_WORDS[code[0]]} of {SPANISH_SUIT_WORDS[code[1]]}"
    assert name_of(drawn("{{ card(code, spanish=True) }}", code=code)) == expected


def test_jokers_are_named_by_their_colour():
    assert [name_of(drawn("{{ card(code) }}", code=code)) for code in JOKERS] == ["red joker", "black joker"]


@pytest.mark.parametrize("source", ["{{ card(None) }}", "{{ card(None, small=True) }}", '{{ cp_card("??") }}',
                                    "{{ cp_card(None) }}"])
def test_a_card_back_is_a_face_down_card(source):
    assert name_of(drawn(source)) == "a face-down card"


def test_a_move_names_its_card():
    """The filter the card buttons' names use ("Play the Queen of spades")."""
    assert drawn("Play the {{ code|card_name }}", code="Qs") == "Play the Queen of spades"
    assert drawn("{{ code|card_name(True) }}", code="No") == "Knight of coins"
