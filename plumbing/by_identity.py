"""What was made of the latest objects, found by the object itself, not by equality."""

from collections.abc import Callable
from typing import Generic, TypeVar

Thing = TypeVar("Thing")
Made = TypeVar("Made")


class ByIdentity(Generic[Thing, Made]):
    """``make(thing)``, made once for each of the latest ``kept`` things: where the same
    object reaches many callers in turn (a group's message, its fragment), each after the
    first gets what was made for it, with no hash or comparison of a large value. Each
    thing is held while kept, so that no other object takes its id."""

    def __init__(self, make: Callable[[Thing], Made], kept: int):
        self._make, self._kept = make, kept
        self._made: dict[int, tuple[Thing, Made]] = {}

    def __call__(self, thing: Thing) -> Made:
        found = self._made.get(id(thing))
        if found is None or found[0] is not thing:
            found = self._made[id(thing)] = (thing, self._make(thing))
            if len(self._made) > self._kept:
                del self._made[next(iter(self._made))]
        return found[1]
