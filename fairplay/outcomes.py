"""How each person left each seat, recorded once per person and room, and their
reliability: the share of their last ``RECENT_GAMES`` games they played to the end.

- played to the end: the person was in their seat when the game ended;
- left: a stand-in bot played their seat at the end, after their timeouts (they never
  came back); a seat the game's rules put out (``Seat.sitting_out``: a Court Piece
  player who can no longer cover the bet) did not leave;
- stalled: they came back, or were never replaced, but ran their clock out
  ``STALLED_AFTER_TIMEOUTS`` times or more in the game;
- abandoned before the start: they left a waiting room's seat (``do_leave``), and did
  not sit there again before the game started.

Reliability counts the games that started (leaving a waiting room costs nothing) and
is None for a person who has none yet ("new").
"""

from dataclasses import dataclass

from django.utils import timezone

from accounts.identity import person_key
from fairplay import waits
from fairplay.models import SeatOutcome

STALLED_AFTER_TIMEOUTS = 3
RECENT_GAMES = 50
LOW_BELOW = 80  # a reliability under it is marked (red) where it is shown
Kind = SeatOutcome.Kind


@dataclass(frozen=True)
class SeatEnd:
    """A person's seat at a game's end, as the rooms saw it."""

    person: str  # accounts.identity.person_key
    user_id: int | None
    name: str
    seat: int
    stood_in: bool  # a stand-in bot played it
    sitting_out: bool  # because the game's rules put them out
    timeouts: int  # their clock ran out this often in the game

    @property
    def outcome(self) -> str:
        if self.stood_in and not self.sitting_out:
            return str(Kind.LEFT)
        if self.timeouts >= STALLED_AFTER_TIMEOUTS:
            return str(Kind.STALLED)
        return str(Kind.FINISHED)


def record_game(room_id: int, ends: list[SeatEnd]) -> list[SeatEnd]:
    """Record how each person left a game that just ended (in its transaction; a second
    call records nothing new), and give a wait to those who left too many of late. The
    seats that left."""
    now = timezone.now()
    _record(room_id, [(end, end.outcome) for end in ends], now)
    leavers = [end for end in ends if end.outcome == Kind.LEFT]
    for end in leavers:
        waits.after_leaving(end.person, end.user_id, end.name, now)
    return leavers


def record_abandoned(room_id: int, end: SeatEnd) -> None:
    """A person left a waiting room's seat (until they play its game, if they sit again)."""
    _record(room_id, [(end, str(Kind.ABANDONED))], timezone.now())


def _record(room_id: int, outcomes: list[tuple[SeatEnd, str]], now) -> None:
    rows = [
        SeatOutcome(
            room_id=room_id, person=end.person, user_id=end.user_id, name=end.name, seat=end.seat,
            outcome=outcome, recorded_at=now,
        )
        for end, outcome in outcomes
    ]
    SeatOutcome.objects.bulk_create(
        rows, update_conflicts=True, unique_fields=["room", "person"],
        update_fields=["outcome", "seat", "name", "recorded_at"],
    )


@dataclass(frozen=True)
class Record:
    """Of a person's last ``RECENT_GAMES`` games (at most): how many, and how many they
    played to the end."""

    games: int
    finished: int

    @property
    def reliability(self) -> int | None:
        """The whole percentage (rounded down) played to the end; None before any game."""
        return 100 * self.finished // self.games if self.games else None

    @property
    def is_low(self) -> bool:
        return is_low(self.reliability)


def is_low(reliability: int | None) -> bool:
    return reliability is not None and reliability < LOW_BELOW


def record_of(person: str) -> Record:
    recent = SeatOutcome.objects.filter(person=person).exclude(outcome=Kind.ABANDONED)
    outcomes = list(recent.order_by("-recorded_at", "-id").values_list("outcome", flat=True)[:RECENT_GAMES])
    return Record(games=len(outcomes), finished=outcomes.count(Kind.FINISHED))


def reliability(person: str) -> int | None:
    """``person``'s reliability (``accounts.identity.person_key``): ``Record.reliability``."""
    return record_of(person).reliability


def hand_to_account(guest_id: str, user_id: int) -> None:
    """A guest signed up or logged in: their games and waits become the account's (its
    own record of a room they both sat at stays), so that a wait is not left behind."""
    guest, account = person_key(None, guest_id), person_key(user_id, None)
    rooms_of_account = SeatOutcome.objects.filter(person=account).values("room_id")
    SeatOutcome.objects.filter(person=guest).exclude(room_id__in=rooms_of_account).update(
        person=account, user_id=user_id
    )
    waits.hand_to_account(guest, account, user_id)
