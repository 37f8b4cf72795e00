"""What the actions share: the room's lock, its new version, and its seats and host.

Every ``do_*`` function locks the room row (``locked_room``), checks what it must,
changes the database and gives the room its new version (``changed``: once per
transaction, after its last change), which returns the ``Change`` it made.
"""

from datetime import timedelta

from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy

from accounts.identity import bot_name, person_key
from fairplay import outcomes, waits
from rooms.errors import Refusal, RoomError
from rooms.gamerules import HOST_AWAY_LIMIT, rules_for
from rooms.models import Room, Seat
from rooms.push.changes import Change, change_of

# The beat's sweep looks whether a waiting room's host is connected once in this time;
# a host away for HOST_AWAY_LIMIT is found that much later at most.
HOST_LOOKS_EVERY = timedelta(seconds=30)


def locking(room_id: int):
    """The room's row, locked, with its match (the match's row is not locked: every
    change to a match holds its room's lock)."""
    return Room.objects.select_for_update(of=("self",)).select_related("match").filter(pk=room_id)


def locked_room(room_id: int) -> Room:
    room = locking(room_id).first()
    if room is None:
        raise RoomError(gettext_lazy("There is no such room."))
    return room


def changed(room: Room, seats: list[Seat], *fields: str) -> Change:
    """Save ``room`` with its new version, and the change: called once per transaction,
    after its last change to the room and its ``seats`` (as they are now)."""
    room.version += 1
    room.save(update_fields=["version", *fields])
    return change_of(room, seats)


def seats_of(room: Room) -> list[Seat]:
    return list(room.seats.all())


def require_waiting(room: Room) -> None:
    if room.status == Room.Status.CLOSED:
        raise RoomError(gettext_lazy("This room was closed."))
    if room.status != Room.Status.WAITING:
        raise RoomError(gettext_lazy("The game has already started: you can watch it from this page."))


def require_host(room: Room, seats: list[Seat], player) -> None:
    if not seats[room.host_seat].belongs_to(player):
        raise RoomError(gettext_lazy("Only the host can do that."))


def hosts_waiting_room(room_id: int, player) -> tuple[Room, list[Seat]]:
    """The room, locked, and its seats, once it is found waiting and ``player`` its host
    (inside the caller's transaction)."""
    room = locked_room(room_id)
    require_waiting(room)
    seats = seats_of(room)
    require_host(room, seats, player)
    return room, seats


def seat_player(seat: Seat, player, reliability: int | None) -> None:
    """``player`` sits in ``seat``, with their ``reliability`` now, shown beside it."""
    seat.user_id = player.user_id
    seat.guest_id = player.guest_id or ""
    seat.name = player.name
    seat.bot_level = ""
    seat.reliability = reliability


def seat_bot(seat: Seat, level: str) -> None:
    seat.bot_level = level
    seat.name = bot_name(level, seat.index)
    seat.reliability = None


def seat_end(room: Room, seat: Seat) -> outcomes.SeatEnd:
    """A person's seat as fair play records it (how it ended: ``outcomes.SeatEnd``)."""
    return outcomes.SeatEnd(
        person=person_key(seat.user_id, seat.guest_id),
        user_id=seat.user_id,
        name=seat.name,
        seat=seat.index,
        stood_in=room.status == Room.Status.FINISHED and rules_for(room.game).stood_in_for(seat),
        sitting_out=seat.sitting_out,
        timeouts=seat.timeouts,
    )


def _says_below_least(least: int, yours: int) -> str:
    return gettext(
        "This table's host asks for a reliability of %(least)s%% or more (the share of games played to the end); "
        "yours is %(yours)s%%."
    ) % {"least": least, "yours": yours}


# Said in the language of whoever is refused, when they are shown it.
_below_least = lazy(_says_below_least, str)


def fair_play_refusal(player, room: Room) -> tuple[Refusal | None, int | None]:
    """Why ``player`` may not sit at ``room`` (a wait after leaving games; a public room's
    minimum reliability, which a person with no game yet meets), or None; and their
    reliability, for their seat."""
    waiting = waits.refusal(player.key)
    if waiting is not None:
        return waiting, None
    reliability = outcomes.reliability(player.key)
    least = room.min_reliability if room.is_public else None
    if least and reliability is not None and reliability < least:
        return _below_least(least, reliability), reliability
    return None, reliability


def sit_down_refusal(player, room: Room) -> Refusal | None:
    """Why ``player`` may not sit at ``room`` under its game's sit-down rule, or None."""
    can_sit = rules_for(room.game).can_sit
    return can_sit(player, room) if can_sit is not None else None


def drop_proposal(room: Room, fields: list[str]) -> None:
    if room.proposal and room.proposal.get("status") == "pending":
        room.proposal = None
        fields.append("proposal")


def close_room(room: Room, fields: list[str]) -> None:
    room.status = Room.Status.CLOSED
    room.autostart_at = room.host_check_at = None
    fields += ["status", "autostart_at", "host_check_at"]


def pass_host(room: Room, index: int, fields: list[str], away_host: str = "") -> None:
    """The person at ``index`` hosts the room from now on (``away_host``: the host who was
    away, for everyone's notice). They count as just seen: they too may be away for
    ``HOST_AWAY_LIMIT`` before the host passes on."""
    room.host_seat = index
    room.away_host = away_host
    room.host_seen_at = timezone.now()
    room.host_check_at = room.host_seen_at + HOST_LOOKS_EVERY
    fields += ["host_seat", "away_host", "host_seen_at", "host_check_at"]


def away_too_long(room: Room, now) -> bool:
    """The waiting room's host was last seen connected ``HOST_AWAY_LIMIT`` ago or more."""
    return room.host_seen_at <= now - HOST_AWAY_LIMIT


FIELDS_OF_A_SITTER = (
    "user_id", "guest_id", "name", "bot_level", "timeouts_in_a_row", "sitting_out", "timeouts", "reliability"
)


def swap_sitters(a: Seat, b: Seat) -> None:
    for field in FIELDS_OF_A_SITTER:
        first, second = getattr(a, field), getattr(b, field)
        setattr(a, field, second)
        setattr(b, field, first)
    if a.bot_level:
        a.name = bot_name(a.bot_level, a.index)
    if b.bot_level:
        b.name = bot_name(b.bot_level, b.index)
    a.save()
    b.save()
