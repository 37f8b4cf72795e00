"""The seeded shuffles are uniform, and seeded from the system's CSPRNG.

Uniformity is tested with Pearson's χ² on fixed seeds (so every run gives the same
verdict) at a fixed significance of 0.1 %: for each deck of the club (the Spanish 40 of
Disunyer, Court Piece's 52, Dayous' 1 to 3 decks with jokers) how often each card
lands in each position, over enough shuffles for 20 or more expected per cell; all
24 orders of 4 cards; and the seat draw of Court Piece. The same test rejects the
classic biased shuffle (swap each card with any position), so it can fail.
"""

import math
import random
from collections import Counter

import pytest

from games import core
from games.courtpiece.rules import ENGINE as COURTPIECE
from games.dayous.rules import ENGINE as DAYOUS
from games.disunyer.rules import ENGINE as DISUNYER

SIGNIFICANCE_Z = 3.0902  # the standard normal's upper 0.1 % point


def chi2_limit(df: int) -> float:
    """The χ² value exceeded with probability 0.1 % (Wilson–Hilferty)."""
    c = 2 / (9 * df)
    return df * (1 - c + SIGNIFICANCE_Z * math.sqrt(c)) ** 3


def chi2(counts, expected: float) -> float:
    return sum((count - expected) ** 2 / expected for count in counts)


def positions_chi2(size: int, shuffles: int, shuffle) -> tuple[float, int]:
    """χ² of the card-by-position counts of ``shuffles`` shuffles of ``size`` cards, and
    its degrees of freedom. Each shuffle adds a permutation matrix, whose rows and
    columns each sum to 1: the counts vary in (size - 1)² directions, each with variance
    1 / (size - 1) per shuffle, so Pearson's sum times (size - 1) / size follows χ² with
    (size - 1)² degrees of freedom."""
    counts = [[0] * size for _ in range(size)]
    for trial in range(shuffles):
        for position, card in enumerate(shuffle(list(range(size)), trial)):
            counts[card][position] += 1
    cells = [count for row in counts for count in row]
    return chi2(cells, shuffles / size) * (size - 1) / size, (size - 1) ** 2


def seeded(name: str):
    """The game's shuffle on a new seed and stream per trial."""
    return lambda cards, trial: core.shuffled(cards, f"uniformity-{name}-{trial}", trial % 5)


DECKS = {
    "Disunyer's Spanish 40": (len(core.spanish_deck()), 2000),
    "Court Piece's French 52": (len(core.french_deck()), 2600),
    "Dayous, one deck with jokers": (len(core.french_deck(1, jokers=True)), 1620),
    "Dayous, two decks with jokers": (len(core.french_deck(2, jokers=True)), 2160),
    "Dayous, three decks with jokers": (len(core.french_deck(3, jokers=True)), 3240),
}


@pytest.mark.parametrize("deck", list(DECKS))
def test_every_card_lands_in_every_position_equally_often(deck):
    """The permutation depends only on the deck's length, so shuffling the deck's
    positions is shuffling the deck (several decks: each copy of a card counted apart)."""
    size, shuffles = DECKS[deck]
    statistic, df = positions_chi2(size, shuffles, seeded(deck))
    assert statistic < chi2_limit(df), f"{deck}: χ² {statistic:.0f} with {df} degrees of freedom"


def test_all_orders_of_four_cards_are_equally_likely():
    orders = Counter(tuple(core.shuffled(list("abcd"), f"orders-{trial}", 0)) for trial in range(2400))
    assert len(orders) == 24
    assert chi2(orders.values(), 100) < chi2_limit(23)


def test_court_pieces_first_caller_is_each_seat_equally_often():
    seats = Counter(core.SeededRandom(f"caller-{trial}", 0).randrange(4) for trial in range(4000))
    assert chi2([seats[s] for s in range(4)], 1000) < chi2_limit(3)


def test_the_test_rejects_a_biased_shuffle():
    """Swapping each card with any position (not only those not yet placed) favours some
    orders: the χ² of its 3-card orders is far beyond the limit."""
    rng = random.Random(1)

    def biased(cards):
        for i in range(len(cards)):
            j = rng.randrange(len(cards))
            cards[i], cards[j] = cards[j], cards[i]
        return tuple(cards)

    orders = Counter(biased(list("abc")) for _ in range(6000))
    assert chi2([orders[order] for order in orders], 1000) > 2 * chi2_limit(5)


def test_seeds_come_from_the_systems_csprng(monkeypatch):
    """A game started without a seed takes a fresh one from ``secrets`` (128 bits), in
    every engine."""
    asked = []

    def token_hex(nbytes):
        asked.append(nbytes)
        return f"from-secrets-{len(asked)}"

    monkeypatch.setattr(core.secrets, "token_hex", token_hex)
    assert DISUNYER.start(4, {"mode": "standard"})["seed"] == "from-secrets-1"
    assert DAYOUS.start(3, {"decks": 1})["seed"] == "from-secrets-2"
    assert COURTPIECE.start(4, {})["seed"] == "from-secrets-3"
    assert asked == [16, 16, 16]
