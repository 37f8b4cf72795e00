"""Board stamps: one random number per board (``"<game>:<period>"``), renewed in the same
transaction as every change of that board's rows (leaderboard/models.py ``BoardStamp``).
What is cached for a board (its shape, leaderboard/shapes.py) is cached under its stamp."""

from __future__ import annotations

import random

from django.db import transaction

from leaderboard import shapes
from leaderboard.models import BoardStamp


def board_name(game: str, period: str) -> str:
    return f"{game}:{period}"


def new_stamp() -> int:
    """Random, not counted up: a database copied, restored or rolled back (a test's) never
    hands out again a stamp that something was cached under for other standings."""
    return random.getrandbits(62)


def renew_stamps(boards: set[str], moves: dict[str, list[shapes.Move]] | None = None) -> None:
    """Give these boards a new stamp, in the current transaction: once it commits, nothing
    cached under the old stamps is read again. With ``moves`` (everything that changed
    each board in this transaction), the boards' shapes are carried over to the new
    stamps once it commits."""
    if not boards:
        return
    stamp = new_stamp()
    with transaction.atomic():
        # Locked, so that no other change comes between the old stamps and the new one.
        old = dict(BoardStamp.objects.select_for_update().filter(board__in=boards).values_list("board", "stamp"))
        BoardStamp.objects.bulk_create(
            [BoardStamp(board=board, stamp=stamp) for board in boards - old.keys()], ignore_conflicts=True
        )
        # Every one updated, also a row a first reader made meanwhile (``board_stamp``).
        BoardStamp.objects.filter(board__in=boards).update(stamp=stamp)
    if moves is not None:
        for board, old_stamp in old.items():
            transaction.on_commit(
                lambda board=board, old_stamp=old_stamp: shapes.carry(board, old_stamp, stamp, moves.get(board, []))
            )


def board_stamp(board: str) -> int:
    """The board's stamp; the first read of a board that never changed gives it one."""
    stamps = BoardStamp.objects.filter(board=board).values_list("stamp", flat=True)
    stamp = stamps.first()
    if stamp is None:
        BoardStamp.objects.bulk_create([BoardStamp(board=board, stamp=new_stamp())], ignore_conflicts=True)
        stamp = stamps.first()
    return stamp
