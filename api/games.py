"""The games the API serves: public rooms' games that are over (finished, or ended by
staff), each as its record (rooms/replays/records.py) or, in a list, as a summary."""

from collections import defaultdict

from django.db.models import QuerySet
from django.urls import reverse

from leaderboard.models import Result
from rooms.fairness import OVER
from rooms.models import Match, Seat
from rooms.replays.records import end_of, record_of, seat_entry

PAGE_SIZE = 20


def served() -> QuerySet[Match]:
    """Every game the API may serve: a public room's, once it is over."""
    return Match.objects.filter(room__is_public=True, room__status__in=OVER)


def record(code: str) -> dict | None:
    """The record of the game at the public room ``code``, if it is over; else None."""
    match = served().select_related("room").filter(room__code=code.upper()).first()
    if match is None:
        return None
    return record_of(match.room, match, list(match.room.seats.select_related("user")))


def listed(player=None, game: str | None = None) -> QuerySet[Match]:
    """The games served, newest first: those ``player`` (an account) sat at, of ``game``."""
    matches = served()
    if player is not None:
        matches = matches.filter(room__seats__user=player, room__seats__bot_level="")
    if game is not None:
        matches = matches.filter(room__game=game)
    fields = ("started_at", "finished_at", "room__code", "room__game", "room__options", "room__status")
    return matches.select_related("room").only(*fields).order_by("-finished_at", "-pk")


def summaries(matches: list[Match]) -> list[dict]:
    """Each game's summary: its seats with their place and points (none for a game ended
    by staff), read for the whole page in two queries."""
    room_ids = [match.room_id for match in matches]
    seats = defaultdict(list)
    for room_id, index, name, bot_level, username in (
        Seat.objects.filter(room_id__in=room_ids)
        .order_by("index")
        .values_list("room_id", "index", "name", "bot_level", "user__username")
    ):
        seats[room_id].append((index, name, bot_level, username))
    results = {
        (room_id, seat): (place, points)
        for room_id, seat, place, points in Result.objects.filter(room_id__in=room_ids).values_list(
            "room_id", "seat", "place", "points"
        )
    }
    return [_summary(match, seats[match.room_id], results) for match in matches]


def _summary(match: Match, seats: list, results: dict) -> dict:
    room = match.room
    return {
        "id": room.code,
        "game": room.game,
        "options": room.options,
        "end": end_of(room.status),
        "started_at": match.started_at.isoformat(),
        "finished_at": match.finished_at.isoformat() if match.finished_at else None,
        "seats": [_seat(room.id, seat, results) for seat in seats],
        "record": reverse("api:game", kwargs={"code": room.code}),
        "replay": reverse("rooms:replay", kwargs={"code": room.code}),
    }


def _seat(room_id: int, seat: tuple, results: dict) -> dict:
    index, name, bot_level, username = seat
    place, points = results.get((room_id, index), (None, None))
    return {**seat_entry(index, name, bot_level, username), "place": place, "points": points}
