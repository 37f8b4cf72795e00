"""Dayous cards: the order of ranks and suits, trumps, and what beats what.

French notation of ``games.core`` (Ace high); a table uses 1 to 3 decks of 52 cards
and 2 jokers, identical cards from different decks being equal strings.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games import core
from games.core import FRENCH_RANKS, FRENCH_SUITS, JOKERS
from games.words import Cards, cards

RANK_VALUE = {rank: i for i, rank in enumerate(FRENCH_RANKS)}
SUIT_ORDER = {suit: i for i, suit in enumerate(FRENCH_SUITS)}
HIGH_RANKS = frozenset("JQKA")
JOKER_SET = frozenset(JOKERS)
KNOWN_CARDS = frozenset(core.french_deck(1, jokers=True))


def full_deck(decks: int) -> list[str]:
    """Every card of a table of ``decks`` decks, jokers included."""
    return core.french_deck(decks, jokers=True)


def beats(attack: str, defence: str, trump: str) -> bool:
    """Whether ``defence`` beats ``attack``: higher in the same suit, or a trump on a non-trump.

    Identical cards (several decks) never beat each other; jokers never beat or are beaten.
    """
    if attack in JOKER_SET or defence in JOKER_SET:
        return False
    if defence[1] == attack[1]:
        return RANK_VALUE[defence[0]] > RANK_VALUE[attack[0]]
    return defence[1] == trump and attack[1] != trump


def is_trump(card: str, trump: str) -> bool:
    return card not in JOKER_SET and card[1] == trump


def card_label(card: Any) -> Cards | str:
    """A card for a refusal sentence: by its name ("Ace of spades"), or as its ``repr``
    if it is none."""
    return cards(card) if card in KNOWN_CARDS else repr(card)


def by_rank(hand: list[str]) -> dict[str, list[str]]:
    """The hand's cards grouped by rank, jokers left out."""
    groups: dict[str, list[str]] = {}
    for card in hand:
        if card not in JOKER_SET:
            groups.setdefault(card[0], []).append(card)
    return groups


def _display_key(card: str, trump: str) -> tuple[int, int, int]:
    if card in JOKER_SET:
        return (2, 0, 0 if card == "XB" else 1)
    return (1 if card[1] == trump else 0, SUIT_ORDER[card[1]], RANK_VALUE[card[0]])


_DISPLAY_KEYS = {trump: {card: _display_key(card, trump) for card in KNOWN_CARDS} for trump in FRENCH_SUITS}


def display_order(trump: str) -> Callable[[str], tuple[int, int, int]]:
    """The sort key of a hand as shown: non-trumps by suit then rank, then trumps, then jokers."""
    return _DISPLAY_KEYS[trump].__getitem__
