"""A points board's shape: how many accounts it has at each number of points.

It gives the number of pages, any rank and where any page starts (leaderboard/boards.py),
so no page counts or walks the accounts ahead of it. A shape is cached under the board's
stamp (leaderboard/models.py ``BoardStamp``), which every change of the board renews in
its own transaction: a shape is only ever read for the standings it was made from. When
a game (or the 30-day window moving on) changes a board, the shape of the stamp it
replaced is carried over to the new stamp with the accounts' moves (``carry``), so the
board is not counted again; when that shape is not cached, the next view counts it.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from dataclasses import dataclass
from operator import neg

from django.core.cache import cache

# A shape is read only under the stamp it was made for, so it is never stale: the
# timeout only lets the shapes of past stamps go.
SHAPE_SECONDS = 3600

# One account's move on a board: its points before and after (None: not on the board).
Move = tuple[int | None, int | None]


@dataclass(frozen=True)
class Shape:
    points: tuple[int, ...]  # every number of points on the board, most first
    ahead: tuple[int, ...]  # how many accounts have more than points[i]
    total: int

    @classmethod
    def of(cls, counts) -> Shape:
        """From ``(points, accounts)`` pairs, most points first."""
        points, ahead, total = [], [], 0
        for value, accounts in counts:
            points.append(value)
            ahead.append(total)
            total += accounts
        return cls(tuple(points), tuple(ahead), total)

    def rank(self, points: int) -> int:
        """1 + how many accounts have more points."""
        index = bisect_left(self.points, -points, key=neg)
        return 1 + (self.ahead[index] if index < len(self.points) else self.total)

    def locate(self, position: int) -> tuple[int, int]:
        """The points of the row at ``position`` (0 is the first row; below ``total``)
        and how many rows with as many points come before it."""
        index = bisect_right(self.ahead, position) - 1
        return self.points[index], position - self.ahead[index]

    def counts(self) -> Counter:
        """``{points: accounts}``."""
        ends = (*self.ahead[1:], self.total)
        return Counter({value: end - start for value, start, end in zip(self.points, self.ahead, ends)})

    def moved(self, moves: list[Move]) -> Shape:
        """The shape once these accounts have moved."""
        counts = self.counts()
        for before, after in moves:
            if before is not None:
                counts[before] -= 1
            if after is not None:
                counts[after] += 1
        return Shape.of(sorted(((value, n) for value, n in counts.items() if n), reverse=True))


def shape_key(board: str, stamp: int) -> str:
    return f"leaderboard:shape:{board}:{stamp}"


def cached(key: str):
    """The cached value, or None (also when the cache is down)."""
    try:
        return cache.get(key)
    except Exception:
        return None


def keep(key: str, value, seconds: int) -> None:
    """Cache ``value``; a cache that is down is done without."""
    try:
        cache.set(key, value, seconds)
    except Exception:
        pass


def read(board: str, stamp: int) -> Shape | None:
    found = cached(shape_key(board, stamp))
    return Shape(*found) if found is not None else None


def store(board: str, stamp: int, shape: Shape) -> None:
    keep(shape_key(board, stamp), (shape.points, shape.ahead, shape.total), SHAPE_SECONDS)


def carry(board: str, old_stamp: int, new_stamp: int, moves: list[Move]) -> None:
    """Cache the shape of ``new_stamp``: the one of ``old_stamp`` (the stamp it replaced)
    with ``moves`` (everything that changed the board in between). Without that shape,
    nothing: the next view counts the board."""
    shape = read(board, old_stamp)
    if shape is not None:
        store(board, new_stamp, shape.moved(moves))
