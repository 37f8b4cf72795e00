"""Court Piece's card and trick rules, written once for the engine (``rules.py``), the
bots (``bots.py``) and the strong bot's fast playout (``playout.py``).

The engine and the bots name cards as strings (``"As"``: rank, suit); the playout as
numbers, ``suit * 13 + rank`` (suits and ranks as indices in ``SUITS`` and ``RANKS``).
The helpers read a card's suit and rank from a table given for its representation
(``SUIT_OF`` and ``RANK_OF`` for strings, ``SUIT_OF_NUMBER`` and ``RANK_OF_NUMBER``
for numbers), so the same rule serves both without converting any card.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from games import core

RANKS = core.FRENCH_RANKS
RANK = {r: i for i, r in enumerate(RANKS)}
SUITS = core.FRENCH_SUITS
SUIT_ORDER = {s: i for i, s in enumerate(SUITS)}
DECK = core.french_deck()
DECK_SET = frozenset(DECK)
FACE_DOWN = "??"  # a card played face down, as views and events show it
ACE = RANK["A"]
PILES = {"3-2-2": (3, 2), "5-3-3": (5, 3)}  # hands needed for the first pickup, then the next
TAKE = "take"

SUIT_OF = {c: c[1] for c in DECK}
RANK_OF = {c: RANK[c[0]] for c in DECK}
CARDS_OF_SUIT = {s: frozenset(c for c in DECK if c[1] == s) for s in SUITS}
CARD = {c: SUIT_ORDER[c[1]] * 13 + RANK[c[0]] for c in DECK}
NAME = {n: c for c, n in CARD.items()}
SUIT_OF_NUMBER = [n // 13 for n in range(52)]
RANK_OF_NUMBER = [n % 13 for n in range(52)]

Card = TypeVar("Card", str, int)
Suit = TypeVar("Suit", bound=Hashable)


def card_key(card: str) -> tuple[int, int]:
    """Sort key for showing a hand: by suit (spades, hearts, diamonds, clubs), then rank."""
    return SUIT_ORDER[card[1]], RANK[card[0]]


def sorted_hand(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=card_key)


def lowest_of_suit(cards: Iterable[str], suit: str) -> str:
    return min((c for c in cards if c[1] == suit), key=lambda c: RANK[c[0]])


def best_suit_index(cards: Iterable[int]) -> int:
    """The suit (index) held most among ``cards`` (numbers); ties go to the higher top
    card (then the next ones), then to the suit first in ``SUITS``."""
    ranks = [0, 0, 0, 0]  # each suit's ranks, as bits
    for c in cards:
        ranks[c // 13] |= 1 << c % 13
    # (of two suits held as often, the one with the higher bits has the higher top card,
    # then the next ones)
    return max((held.bit_count(), held, -s, s) for s, held in enumerate(ranks) if held)[3]


def best_suit(cards: Iterable[str]) -> str:
    """``best_suit_index`` for cards named as strings: the suit letter."""
    return SUITS[best_suit_index(CARD[c] for c in cards)]


def cards_to_play(cards_of_suit: Callable[[Any], list[Card]], lead: Any, asked_trump: Any) -> list[Card] | None:
    """Following suit, for a hand whose cards of a suit ``cards_of_suit`` gives: the cards
    of the suit led (``lead``); a seat void in it may play any card (None), unless it has
    just asked to see the trump (``asked_trump``: that suit, else None), then a trump if
    it holds one."""
    follow = cards_of_suit(lead)
    if follow:
        return follow
    if asked_trump is not None:
        return cards_of_suit(asked_trump) or None
    return None


def suit_strength(suit: Suit, lead: Suit, trump: Suit | None) -> int:
    """What a card of ``suit`` adds to its rank (0-12) in a trick led in ``lead``: 26 for
    a trump with power (``trump``: None when it has none for this card), 13 for the suit
    led, 0 for a card thrown off; the strongest card wins the trick."""
    if suit == trump:
        return 26
    return 13 if suit == lead else 0


def trick_leader(
    trick: Sequence[Card],
    down: Container[int],
    trump_from: int,
    trump: Any,
    suit_of: Any,
    rank_of: Any,
) -> tuple[int, int]:
    """The index of the card winning ``trick`` so far and its strength ((-1, -1) for an
    empty trick). ``trump`` is the trump suit once it has power (else None), which the
    cards from index ``trump_from`` on have; face-down cards (indices ``down``) never win."""
    best_i, best = -1, -1
    if not trick:
        return best_i, best
    lead = suit_of[trick[0]]
    for i, c in enumerate(trick):
        if i in down:
            continue
        strength = suit_strength(suit_of[c], lead, trump if i >= trump_from else None) + rank_of[c]
        if strength > best:
            best_i, best = i, strength
    return best_i, best


@dataclass(frozen=True)
class PileRules:
    """A table's rules for picking up the hands piled on the table."""

    sizes: tuple[int, int]  # hands needed for the first pickup, then for the next ones
    ace_blocks: bool  # an ace never wins the pile
    ace_on_ace: bool  # (Ace Rule) an ace winning after an ace does not

    @classmethod
    def of(cls, opts: Mapping[str, Any]) -> PileRules:
        return _pile_rules(opts["pile"], opts["ace_cannot_win_pile"], opts["game"] == "ace-rule")

    def need(self, picked: bool) -> int:
        """The hands a pile needs to be picked up, a pickup (``picked``) already made or not."""
        return self.sizes[1 if picked else 0]

    def outcome(
        self, number: int, pile: int, picked: bool, streak: bool, ace: bool, prev_ace: bool
    ) -> str | None:
        """What becomes of the ``pile`` of hands after trick ``number`` (1-13): ``TAKE``
        when its winner picks them up (always after the last trick; otherwise when it won
        the trick before too, with the trump's power (``streak``), and the pile has what
        it ``need``s); ``"ace"`` or ``"ace_on_ace"``
        when its winning card, an ace, keeps it on the table; None when it just grows."""
        if number == 13:
            return TAKE
        if not streak or pile < self.need(picked):
            return None
        if ace and self.ace_blocks:
            return "ace"
        if ace and self.ace_on_ace and prev_ace:
            return "ace_on_ace"
        return TAKE


@cache
def _pile_rules(pile: str, ace_blocks: bool, ace_on_ace: bool) -> PileRules:
    """One per table's rules: a playout starts thousands of times per decision."""
    return PileRules(PILES[pile], ace_blocks, ace_on_ace)


def round_decided(tricks: int, won: Sequence[int]) -> bool:
    """After ``tricks`` tricks with ``won`` hands per team: all 13 played, or a team has 7
    while the other has some (a team at 7 with the other at none plays on for all 13)."""
    return tricks == 13 or (won[0] >= 7 and won[1] > 0) or (won[1] >= 7 and won[0] > 0)


def winning_team(won: Sequence[int]) -> int:
    return 0 if won[0] >= 7 else 1


def round_score(
    all_hands: bool, callers_won: bool, last_rank: Any, partner_rank: Any, four_rank: Any, six_point: bool
) -> tuple[str, int]:
    """The kind of a round's win and its table points. ``last_rank`` is the rank of the
    card that won the last trick, ``partner_rank`` the winner's partner's card in it;
    ``four_rank`` the table's 4-point rank (None: none)."""
    if not all_hands:
        return "normal", 1
    if four_rank is not None and last_rank == four_rank:
        return ("six", 6) if six_point and partner_rank == four_rank else ("four", 4)
    return ("court", 2) if callers_won else ("goon_court", 3)
