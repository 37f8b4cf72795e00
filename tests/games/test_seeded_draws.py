"""A seeded shuffle is exactly the Fisher–Yates shuffle of docs/fairness.md:
``random.Random.shuffle`` drawing from the same stream of bits. ``SeededRandom``
shuffles without going through ``randrange`` for each card, so this pins the two
together, whatever was drawn from the stream before and after."""

import random

from hypothesis import given
from hypothesis import strategies as st

from games import core


class ThroughRandrange(core.SeededRandom):
    """The same stream, shuffled the standard library's way (a ``randrange`` per card)."""

    def shuffle(self, x):
        random.Random.shuffle(self, x)


@given(
    seed=st.text(max_size=20),
    stream=st.integers(0, 50),
    size=st.integers(0, 160),
    drawn_before=st.lists(st.integers(1, 700), max_size=4),
)
def test_a_shuffle_draws_exactly_as_the_standard_fisher_yates(seed, stream, size, drawn_before):
    ours, standard = core.SeededRandom(seed, stream), ThroughRandrange(seed, stream)
    for bits in drawn_before:
        assert ours.getrandbits(bits) == standard.getrandbits(bits)
    shuffled, expected = list(range(size)), list(range(size))

    ours.shuffle(shuffled)
    standard.shuffle(expected)

    assert shuffled == expected
    assert ours.getrandbits(64) == standard.getrandbits(64)
    assert ours.randrange(37) == standard.randrange(37)


def test_a_noted_shuffle_is_noted_with_the_cards_before_and_after():
    cards = list(range(10))
    with core.noting_draws() as notes:
        core.SeededRandom("seed", 3).shuffle(cards)
    assert [(note.stream, note.given, note.result) for note in notes] == [(3, list(range(10)), cards)]
