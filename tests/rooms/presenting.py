"""Rooms as the presenters' tests see them: a snapshot with named seats and no database."""

from rooms.store.snapshots import SeatInfo, Snapshot


def seat(index: int, name: str, bot: str = "", timeouts: int = 0, user_id: int | None = None) -> SeatInfo:
    """A guest's seat, a bot's when ``bot`` names its level, an account's with ``user_id``."""
    guest_id = "" if bot or user_id is not None else name.lower()
    return SeatInfo(index, name, bot, user_id, guest_id, timeouts)


def snapshot(game: str, seats: list[SeatInfo], options: dict | None = None, status: str = "playing",
             extras: dict | None = None, state: dict | None = None, rating_changes: dict | None = None) -> Snapshot:
    return Snapshot(
        room_id=1, code="TEST", game=game, options=options or {}, is_public=True, status=status, version=7,
        host_seat=0, seats=seats, state=state, deadline_ms=None, autostart_ms=None, extras=extras or {},
        rating_changes=rating_changes or {},
    )
