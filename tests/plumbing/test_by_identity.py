"""plumbing/by_identity.py: what is made of an object is made once while the object is
among the latest kept, and found by the object itself, never by an equal one."""

from plumbing.by_identity import ByIdentity


def test_the_same_object_is_made_once_an_equal_one_afresh_and_the_oldest_forgotten():
    made = []

    def make(thing: bytes) -> list:
        made.append(thing)
        return [thing]

    lines = ByIdentity(make, kept=2)
    first, equal = b"x" * 100, bytes(bytearray(b"x" * 100))
    assert first == equal and first is not equal
    assert lines(first) is lines(first)
    assert lines(equal) == [equal] and len(made) == 2, "an equal object is not the same one"
    lines(b"y" * 100)  # a third: the first is forgotten
    lines(first)
    assert len(made) == 4
