"""Who sits where before a game: people joining and leaving, the host's bots in and
out, and a guest's seats handed to the account they sign up or log in with."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from accounts import relations
from accounts.identity import Player
from fairplay import outcomes
from rooms.actions.common import (
    away_too_long,
    changed,
    close_room,
    drop_proposal,
    fair_play_refusal,
    hosts_waiting_room,
    locked_room,
    pass_host,
    require_waiting,
    seat_bot,
    seat_end,
    seat_player,
    seats_of,
    sit_down_refusal,
)
from rooms.actions.play import start_if_full
from rooms.errors import Refusal, RoomError
from rooms.gamerules import BOT_LEVEL_LABELS, rules_for
from rooms.models import Room, Seat
from rooms.plaintext import plain
from rooms.push import followups
from rooms.store import presence

BLOCKED_BY_HOST = gettext_lazy("The host of this table has blocked you: you cannot sit here.")


def do_join(room_id: int, player) -> Seat:
    with transaction.atomic():
        room = locked_room(room_id)
        seats = seats_of(room)
        mine = next((seat for seat in seats if seat.belongs_to(player)), None)
        if mine is not None:
            return mine
        require_waiting(room)
        free = _free_seat(room, seats)
        if free is None:
            raise RoomError(gettext_lazy("This room is full. You can watch the game as a spectator."))
        refusal, reliability = fair_play_refusal(player, room)
        refusal = refusal or _seat_refusal(player, room, seats)
        if refusal:
            raise RoomError(refusal)
        seat_player(free, player, reliability)
        free.save()
        fields: list[str] = []
        if away_too_long(room, timezone.now()) and room.host_seat not in presence.current(room.id).connected_seats:
            # Whoever sits down in a room whose host is away is present: the host is theirs.
            drop_proposal(room, fields)
            pass_host(room, free.index, fields, away_host=seats[room.host_seat].name)
        fields += start_if_full(room, seats)
        followups.send_on_commit(changed(room, seats, *fields))
        return free


def do_leave(room_id: int, player) -> None:
    with transaction.atomic():
        room = locked_room(room_id)
        require_waiting(room)
        seats = seats_of(room)
        mine = next((seat for seat in seats if seat.belongs_to(player)), None)
        if mine is None:
            raise RoomError(gettext_lazy("You are not seated in this room."))
        outcomes.record_abandoned(room.id, seat_end(room, mine))
        _empty(mine)
        fields: list[str] = []
        _not_full_any_more(room, fields)
        drop_proposal(room, fields)
        if mine.index == room.host_seat:
            successor = next((s for s in seats if not s.is_empty and not s.is_bot), None)
            if successor is None:
                close_room(room, fields)
            else:
                pass_host(room, successor.index, fields)
        followups.send_on_commit(changed(room, seats, *fields))


def _seat_refusal(player: Player, room: Room, seats: list[Seat]) -> Refusal | None:
    """Why ``player`` may not sit at ``room``: its host blocked them, or the game's rule; else None."""
    host = seats[room.host_seat]
    if player.user_id is not None and host.user_id is not None and relations.blocks(host.user_id, player.user_id):
        return BLOCKED_BY_HOST
    return sit_down_refusal(player, room)


def _free_seat(room: Room, seats: list[Seat]) -> Seat | None:
    """The empty seat a newcomer (or an added bot) takes, in the game's join order."""
    order = rules_for(room.game).seat_order(room.host_seat, len(seats))
    return next((seats[i] for i in order if seats[i].is_empty), None)


def _not_full_any_more(room: Room, fields: list[str]) -> None:
    """A seat was emptied: a delayed start set because the room was full is called off
    (the room falls back to its fill-with-bots time, if any)."""
    rules = rules_for(room.game)
    if not rules.start_when_full_after or room.autostart_at is None or room.status != Room.Status.WAITING:
        return
    after = rules.fill_with_bots_after
    room.autostart_at = room.created_at + after if after is not None else None
    fields.append("autostart_at")


def _empty(seat: Seat) -> None:
    seat.user_id = None
    seat.guest_id = ""
    seat.name = ""
    seat.bot_level = ""
    seat.reliability = None
    seat.save()


def _require_bot_level(level: str) -> None:
    if level not in BOT_LEVEL_LABELS:
        raise RoomError(gettext_lazy("There is no such bot level."))


def do_add_bot(room_id: int, player, level: str) -> None:
    _require_bot_level(level)
    with transaction.atomic():
        room, seats = hosts_waiting_room(room_id, player)
        free = _free_seat(room, seats)
        if free is None:
            raise RoomError(gettext_lazy("Every seat is taken."))
        seat_bot(free, level)
        free.save()
        followups.send_on_commit(changed(room, seats, *start_if_full(room, seats)))


def do_fill_with_bots(room_id: int, player, level: str) -> None:
    """Bots of ``level`` take every empty seat in one change; the full room then starts
    as any full room does (at once, or after its few seconds)."""
    _require_bot_level(level)
    with transaction.atomic():
        room, seats = hosts_waiting_room(room_id, player)
        empty = [seat for seat in seats if seat.is_empty]
        if not empty:
            raise RoomError(gettext_lazy("Every seat is taken."))
        for seat in empty:
            seat_bot(seat, level)
        Seat.objects.bulk_update(empty, ["bot_level", "name"])
        followups.send_on_commit(changed(room, seats, *start_if_full(room, seats)))


def do_remove_bot(room_id: int, player, index: int) -> None:
    with transaction.atomic():
        room, seats = hosts_waiting_room(room_id, player)
        if not 0 <= index < len(seats) or not seats[index].is_bot:
            raise RoomError(gettext_lazy("There is no bot in that seat."))
        _empty(seats[index])
        fields: list[str] = []
        _not_full_any_more(room, fields)
        followups.send_on_commit(changed(room, seats, *fields))


def adopt_guest_seats(guest_id: str, user) -> list[str]:
    """Give a guest's seats in unfinished rooms to the account they just made or logged
    into. A seat the account could not sit down in (at a table that plays for coins: twice
    the bet) stays the guest's; the sentences returned say which and why. The rooms are
    taken in the order they were made, so the earlier seats are the ones the coins back
    (without an order, PostgreSQL returns the rows in whatever order it finds them)."""
    account = Player(name=user.username, user_id=user.pk)
    open_rooms = (
        Seat.objects.filter(guest_id=guest_id, room__status__in=[Room.Status.WAITING, Room.Status.PLAYING])
        .order_by("room_id")
        .values_list("room_id", flat=True)
        .distinct()
    )
    kept_by_guest = []
    for room_id in list(open_rooms):
        with transaction.atomic():
            room = locked_room(room_id)
            seats = seats_of(room)
            guest_seats = [seat for seat in seats if seat.guest_id == guest_id]
            if not guest_seats:
                continue  # left meanwhile
            refusal = _seat_refusal(account, room, seats)
            if refusal:
                kept = gettext("Your seat in %(game)s room %(code)s stays with your guest name, %(name)s. %(refusal)s")
                kept_by_guest.append(kept % {
                    "game": plain(rules_for(room.game).title),
                    "code": room.code,
                    "name": guest_seats[0].name,
                    "refusal": plain(refusal),
                })
                continue
            reliability = outcomes.reliability(account.key)
            for seat in guest_seats:
                seat_player(seat, account, reliability)
            Seat.objects.bulk_update(guest_seats, ["guest_id", "user", "name", "reliability"])
            followups.send_on_commit(changed(room, seats))
    return kept_by_guest
