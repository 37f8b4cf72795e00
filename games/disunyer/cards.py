"""Disunyer's cards: the Spanish 40-card deck, ranked Ace (lowest) to King (highest).

Suits never affect a card's value: the lowest rank in a reveal loses, ties all lose.
"""

from __future__ import annotations

from collections.abc import Iterable

from games import core

RANKS = core.SPANISH_RANKS
SUITS = core.SPANISH_SUITS
RANK_VALUE = {r: i for i, r in enumerate(RANKS)}
DECK = tuple(core.spanish_deck())
ALL_CARDS = frozenset(DECK)
ACE = "A"
KING = "K"


def value(card: str) -> int:
    """The card's place in the rank order: 0 for an Ace up to 9 for a King."""
    return RANK_VALUE[card[0]]


def is_ace(card: str) -> bool:
    return card[0] == ACE


def is_king(card: str) -> bool:
    return card[0] == KING


def lowest_value(cards: Iterable[str]) -> int:
    """The value of the lowest card among ``cards``: those holding it go out."""
    return min(RANK_VALUE[c[0]] for c in cards)


def card_name(card: str) -> str:
    """``Ao`` → "Ace of coins"."""
    return core.card_name(card, spanish=True)
