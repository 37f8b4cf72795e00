"""A player reports another from the table: from one of their chat lines or their seat,
with a reason and a short note. The room, its game and the chat's kept lines go with
the report, for staff's queue (the admin's reports)."""

from dataclasses import asdict
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from accounts.identity import Player, person_key
from games.words import Words, wording
from rooms.chat import lines
from rooms.errors import RoomError
from rooms.models import ChatLine, Match, Report, Room, Seat

NOTE_MOST = 300  # characters
RATE_COUNT, RATE_WINDOW = 5, timedelta(hours=1)  # reports a player may make in that time

GUESTS_CANNOT = gettext_lazy("Sign up to report a player: reports come from accounts.")
NOT_YOURSELF = gettext_lazy("You cannot report yourself.")
NO_PLAYER = gettext_lazy("Nobody to report there.")
LINE_GONE = gettext_lazy("That line is no longer kept.")
NOT_A_REASON = gettext_lazy("Choose a reason for the report.")
NOTE_TOO_LONG = gettext_lazy("A report's note has at most 300 characters.")
ALREADY = gettext_lazy("You have reported this player at this table already: the moderators have it.")
TOO_MANY = gettext_lazy("You have sent many reports this hour: try again later.")


def report(reporter: Player, room_id: int, reason: str, note: str, line: int | None, seat: int | None) -> Report:
    """``reporter`` reports whoever said chat ``line`` or sits at ``seat`` (one of the
    two) at the room, for ``reason`` (``Report.Reason``); ``RoomError`` says why not."""
    if reporter.is_guest:
        raise RoomError(GUESTS_CANNOT)
    if reason not in Report.Reason.values:
        raise RoomError(NOT_A_REASON)
    note = " ".join(note.split())
    if len(note) > NOTE_MOST:
        raise RoomError(NOTE_TOO_LONG)
    if not lines.printable(note):
        raise RoomError(lines.NOT_PRINTABLE)
    room = Room.objects.filter(pk=room_id).first()
    if room is None:
        raise RoomError(NO_PLAYER)
    reported, name, user_id = _reported(room, line, seat)
    if reported == reporter.key:
        raise RoomError(NOT_YOURSELF)
    reports = Report.objects.filter(reporter_id=reporter.user_id)
    if reports.filter(created_at__gt=timezone.now() - RATE_WINDOW).count() >= RATE_COUNT:
        raise RoomError(TOO_MANY)
    chat = [asdict(kept) for kept in lines.recent(room)]
    try:
        with transaction.atomic():
            return Report.objects.create(
                reporter_id=reporter.user_id, reporter_name=reporter.name, reported=reported,
                reported_user_id=user_id, reported_name=name, room=room,
                match=Match.objects.filter(room=room).first(), reason=reason, note=note, chat=chat,
            )
    except IntegrityError:  # one open report per reporter, reported and room
        raise RoomError(ALREADY) from None


def _reported(room: Room, line: int | None, seat: int | None) -> tuple[str, str, int | None]:
    """Who is reported: their ``person_key``, name and account id."""
    if line is not None:
        said = ChatLine.objects.filter(room=room, pk=line).first()
        if said is None:
            raise RoomError(LINE_GONE)
        return person_key(said.user_id, said.guest_id or None), said.name, said.user_id
    sitting = Seat.objects.filter(room=room, index=seat).first()
    if sitting is None or sitting.is_bot or sitting.is_empty:
        raise RoomError(NO_PLAYER)
    return person_key(sitting.user_id, sitting.guest_id or None), sitting.name, sitting.user_id


def sent(made: Report) -> Words:
    """What the reporter is told once their report is made."""
    return wording("Thank you: your report about %(name)s has reached the moderators.", name=made.reported_name)
