"""Disunyer's cards: the Spanish 40-card deck, ranked Ace (lowest) to King (highest).

Suits never affect a card's value: the lowest rank in a reveal loses, ties all lose.
"""

from __future__ import annotations

from collections.abc import Sequence

from games import core

RANKS = core.SPANISH_RANKS
SUITS = core.SPANISH_SUITS
RANK_VALUE = {r: i for i, r in enumerate(RANKS)}
DECK = tuple(core.spanish_deck())
# Each card's rank value, keyed by what a hand holds (a dealt hand holds a card).
CARD_VALUE: dict[str | None, int] = {card: RANK_VALUE[card[0]] for card in DECK}
ALL_CARDS = frozenset(DECK)
ACE = "A"
KING = "K"


def is_ace(card: str) -> bool:
    return card[0] == ACE


def is_king(card: str) -> bool:
    return card[0] == KING


def lowest_holders(hands: Sequence[str | None], seats: Sequence[int]) -> list[int]:
    """Those of ``seats`` whose card in ``hands`` ranks lowest (all of them on a tie),
    in the order given: they go out. Each of ``seats`` holds a card."""
    values = [CARD_VALUE[hands[s]] for s in seats]
    low = min(values)
    return [s for s, v in zip(seats, values) if v == low]
