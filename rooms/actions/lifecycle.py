"""A room's life: created, started (by its host, or by itself once its time has come),
ended by staff, closed when its host is away too long, and followed by the next game of
the same players."""

import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from games import registry
from games.core import InvalidOptions
from rooms.actions.common import (
    HOST_LOOKS_EVERY,
    away_too_long,
    changed,
    close_room,
    drop_proposal,
    fair_play_refusal,
    hosts_waiting_room,
    locked_room,
    locking,
    pass_host,
    seat_bot,
    seat_player,
    seats_of,
    sit_down_refusal,
    swap_sitters,
)
from rooms.actions.play import start_game, start_if_full
from rooms.actions.seating import do_join
from rooms.errors import RoomError
from rooms.gamerules import BOT_LEVEL_LABELS, HOST_AWAY_LIMIT, rules_for
from rooms.models import Room, Seat
from rooms.push import followups
from rooms.push.changes import Change, change_of
from rooms.store import presence

PARTNERS_WRITE_PRIVATELY = gettext_lazy(
    "Only a private room of a game with partners may let them write to each other during hands."
)


def do_create_room(
    player,
    game: str,
    options: dict,
    is_public: bool,
    bot_level: str = "normal",
    players: int | None = None,
    *,
    partners_write: bool = False,
    min_reliability: int | None = None,
) -> Room:
    """A new room with its seats, the creator seated as host. ``players`` sets the
    number of seats where the game lets the host choose it; ``partners_write``: a private
    team game's partners write free text during hands too; ``min_reliability`` the
    reliability a public room asks of the people who sit down (a private one asks none)."""
    with transaction.atomic():
        room, seats = _new_room(
            player, game, options, is_public, bot_level, players, partners_write, min_reliability
        )
        followups.send_on_commit(change_of(room, seats))
    return room


def do_create_practice_room(player, game: str, options: dict, players: int | None = None) -> Room:
    """A private table against bots, started at once: the practice game a tutorial ends
    with (``options``: the most relaxed clock the game's options allow)."""
    with transaction.atomic():
        room, seats = _new_room(player, game, options, False, "normal", players, False, None)
        followups.send_on_commit(changed(room, seats, *start_game(room, seats)))
    return room


def _new_room(
    player, game: str, options: dict, is_public: bool, bot_level: str, players: int | None, partners_write: bool,
    min_reliability: int | None,
) -> tuple[Room, list[Seat]]:
    """A new room at its first version, with its seats (in the caller's transaction)."""
    if registry.find(game) is None:
        raise RoomError(gettext_lazy("There is no such game."))
    if bot_level not in BOT_LEVEL_LABELS:
        raise RoomError(gettext_lazy("There is no such bot level."))
    if partners_write and (is_public or not registry.definition(game).teams):
        raise RoomError(PARTNERS_WRITE_PRIVATELY)
    rules = rules_for(game)
    seat_count = rules.fixed_seats or players
    if seat_count is None:
        raise RoomError(gettext_lazy("Choose how many players sit at the table."))
    try:
        options = rules.engine.validate_options(options, seat_count)
    except InvalidOptions as error:
        raise RoomError(error.args[0]) from None
    if min_reliability is not None and not 0 < min_reliability <= 100:
        raise RoomError(gettext_lazy("A minimum reliability is a share from 1 to 100 percent."))
    now = timezone.now()
    # The host sits down as anyone does (the room's minimum is theirs to ask of others).
    unsaved = Room(game=game, options=options)
    refusal, reliability = fair_play_refusal(player, unsaved)
    refusal = refusal or sit_down_refusal(player, unsaved)
    if refusal:
        raise RoomError(refusal)
    room = Room.objects.create(
        code=_new_code(rules),
        game=game,
        options=options,
        is_public=is_public,
        bot_level=bot_level,
        partners_write=partners_write,
        min_reliability=min_reliability if is_public else None,
        autostart_at=now + rules.fill_with_bots_after if rules.fill_with_bots_after is not None else None,
        host_seen_at=now,
        host_check_at=now + HOST_LOOKS_EVERY,
    )
    seats = [Seat(room=room, index=i) for i in range(seat_count)]
    seat_player(seats[0], player, reliability)
    Seat.objects.bulk_create(seats)
    return room, seats


def _new_code(rules) -> str:
    for _ in range(50):
        code = "".join(secrets.choice(rules.code_alphabet) for _ in range(rules.code_length))
        if not Room.objects.filter(code=code).exists():
            return code
    raise RoomError(gettext_lazy("No room code is free right now; please try again."))


def do_start(room_id: int, player) -> None:
    """The host starts now; bots take the empty seats."""
    with transaction.atomic():
        room, seats = hosts_waiting_room(room_id, player)
        if not rules_for(room.game).host_can_start:
            raise RoomError(gettext_lazy("This game starts by itself when the room is full."))
        followups.send_on_commit(changed(room, seats, *start_game(room, seats)))


def do_autostart(room_id: int) -> bool:
    """Fill a waiting room with bots and start it once its time has come. Idempotent."""
    with transaction.atomic():
        room = locked_room(room_id)
        if room.status != Room.Status.WAITING or room.autostart_at is None:
            return False
        if room.autostart_at > timezone.now():
            return False
        seats = seats_of(room)
        followups.send_on_commit(changed(room, seats, *start_game(room, seats)))
        return True


def do_play_again(room_id: int, player) -> Room:
    """After a game, one of its players asks for another: the first one creates a room
    with the same game, options, seats and bots (as its host) and every viewer of the
    old table is shown the way to it; the others join it."""
    with transaction.atomic():
        room = locked_room(room_id)
        if room.status not in (Room.Status.FINISHED, Room.Status.CLOSED):
            raise RoomError(gettext_lazy("The game is not over yet."))
        seats = seats_of(room)
        mine = next((seat for seat in seats if seat.belongs_to(player)), None)
        if mine is None:
            raise RoomError(
                gettext_lazy("Only the players of this game can start the next one; you can create a room.")
            )
        if room.next_room_id is None:
            following, first_version = _next_room(room, seats, player, mine.index)
            followups.send_on_commit(first_version)
            room.next_room = following
            followups.send_on_commit(changed(room, seats, "next_room"))
            return following
    do_join(room.next_room_id, player)
    return room.next_room


def _next_room(room: Room, seats: list[Seat], player, host_seat: int) -> tuple[Room, Change]:
    """The room after ``room``, and its first version: ``player`` hosts it from their old
    seat, the old game's bots sit where they sat at their levels, and it starts as any
    room does once full."""
    following, new_seats = _new_room(
        player, room.game, room.options, room.is_public, room.bot_level, len(seats), room.partners_write,
        room.min_reliability,
    )
    if host_seat != following.host_seat:
        swap_sitters(new_seats[following.host_seat], new_seats[host_seat])
        following.host_seat = host_seat
    bots = [new_seats[seat.index] for seat in seats if seat.is_bot]
    for bot in bots:
        seat_bot(bot, seats[bot.index].bot_level)
    Seat.objects.bulk_update(bots, ["bot_level", "name"])
    following.save(update_fields=["host_seat", *start_if_full(following, new_seats)])
    return following, change_of(following, new_seats)


def do_end_match(room_id: int, reason: str) -> None:
    """Staff end a stuck game: it stops where it is and counts for nobody."""
    with transaction.atomic():
        room = locked_room(room_id)
        if room.status not in (Room.Status.PLAYING, Room.Status.WAITING):
            raise RoomError(gettext_lazy("That game is not running."))
        fields: list[str] = []
        close_room(room, fields)
        match = getattr(room, "match", None)  # selected with the room: None while it waits
        if match is not None:
            match.deadline = match.bot_due_at = None
            match.finished_at = timezone.now()
            match.ended_by_staff = reason or "Ended by staff."
            match.save()
        followups.send_on_commit(changed(room, seats_of(room), *fields))


def look_at_waiting_hosts(now) -> list[int]:
    """The beat's look at the waiting rooms due one (an indexed query, one trip to Redis
    for all their presences): a host connected is noted as seen, each room is looked at
    again in ``HOST_LOOKS_EVERY``, and the rooms whose host has been away for
    ``HOST_AWAY_LIMIT`` are returned, for ``do_replace_away_host``. Nothing a viewer sees
    changes here."""
    due = list(
        Room.objects.filter(status=Room.Status.WAITING, host_check_at__lte=now).values_list(
            "id", "host_seat", "host_seen_at"
        )
    )
    if not due:
        return []
    here = presence.current_of([room_id for room_id, _, _ in due])
    seen = {room_id for room_id, host, _ in due if host in here[room_id].connected_seats}
    Room.objects.filter(pk__in=seen).update(host_seen_at=now)
    Room.objects.filter(pk__in=[room_id for room_id, _, _ in due], status=Room.Status.WAITING).update(
        host_check_at=now + HOST_LOOKS_EVERY
    )
    return [room_id for room_id, _, seen_at in due if room_id not in seen and seen_at <= now - HOST_AWAY_LIMIT]


def do_replace_away_host(room_id: int) -> bool:
    """A waiting room whose host has been away for ``HOST_AWAY_LIMIT``: the host passes to
    the first person seated and connected, or, with nobody connected at all, the room
    closes. While only spectators are connected it waits: whoever of them sits down hosts
    (``do_join``). Idempotent."""
    with transaction.atomic():
        room = locking(room_id).first()
        if room is None or room.status != Room.Status.WAITING or not away_too_long(room, timezone.now()):
            return False
        here = presence.current(room.id)
        if room.host_seat in here.connected_seats:
            return False  # back in time: the next look notes it
        seats = seats_of(room)
        away_host = seats[room.host_seat].name
        people = (seat for seat in seats if not seat.is_empty and not seat.is_bot)
        successor = next((seat for seat in people if seat.index in here.connected_seats), None)
        fields: list[str] = []
        if successor is not None:
            drop_proposal(room, fields)
            pass_host(room, successor.index, fields, away_host=away_host)
        elif here == presence.NOBODY:
            room.away_host = away_host
            fields.append("away_host")
            close_room(room, fields)
        else:
            return False
        followups.send_on_commit(changed(room, seats, *fields))
        return True
