"""Every change to a room or its game goes through here (see docs/architecture.md).

Each ``do_*`` function locks the room row, checks what it must, changes the
database and gives the room its new version (``_changed``: once per transaction),
which returns the ``Change`` it made; bound to the commit (``followups.send_on_commit``),
that tells the room's viewers and schedules what comes next (bot moves, timeouts,
auto-start).
"""

import logging
import random
import secrets
from datetime import timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from accounts.coins import open_wallets
from accounts.identity import Player, bot_name
from games import registry
from games.core import IllegalAction, InvalidOptions
from leaderboard.services import record_results
from rooms import botmemory, followups, presence
from rooms.changes import Change, change_of
from rooms.errors import RoomError, StaleAction
from rooms.gamerules import BOT_LEVEL_LABELS, HOST_AWAY_LIMIT, rules_for
from rooms.models import Match, MatchAction, Room, Seat

log = logging.getLogger(__name__)

# The beat's sweep looks whether a waiting room's host is connected once in this time;
# a host away for HOST_AWAY_LIMIT is found that much later at most.
HOST_LOOKS_EVERY = timedelta(seconds=30)


def _locking(room_id: int):
    """The room's row, locked, with its match (the match's row is not locked: every
    change to a match holds its room's lock)."""
    return Room.objects.select_for_update(of=("self",)).select_related("match").filter(pk=room_id)


def _locked_room(room_id: int) -> Room:
    room = _locking(room_id).first()
    if room is None:
        raise RoomError("There is no such room.")
    return room


def _changed(room: Room, seats: list[Seat], *fields: str) -> Change:
    """Save ``room`` with its new version, and the change: called once per transaction,
    after its last change to the room and its ``seats`` (as they are now)."""
    room.version += 1
    room.save(update_fields=["version", *fields])
    return change_of(room, seats)


def _new_code(rules) -> str:
    for _ in range(50):
        code = "".join(secrets.choice(rules.code_alphabet) for _ in range(rules.code_length))
        if not Room.objects.filter(code=code).exists():
            return code
    raise RoomError("No room code is free right now; please try again.")


def _seat_player(seat: Seat, player) -> None:
    seat.user_id = player.user_id
    seat.guest_id = player.guest_id or ""
    seat.name = player.name
    seat.bot_level = ""


def _sit_down_refusal(player, room: Room) -> str | None:
    """Why ``player`` may not sit at ``room`` under its game's sit-down rule, or None."""
    can_sit = rules_for(room.game).can_sit
    return can_sit(player, room) if can_sit is not None else None


def _seat_bot(seat: Seat, level: str) -> None:
    seat.bot_level = level
    seat.name = bot_name(level, seat.index)


def _require_bot_level(level: str) -> None:
    if level not in BOT_LEVEL_LABELS:
        raise RoomError("There is no such bot level.")


def do_create_room(
    player, game: str, options: dict, is_public: bool, bot_level: str = "normal", players: int | None = None
) -> Room:
    """A new room with its seats, the creator seated as host. ``players`` sets the
    number of seats where the game lets the host choose it."""
    with transaction.atomic():
        room, seats = _new_room(player, game, options, is_public, bot_level, players)
        followups.send_on_commit(change_of(room, seats))
    return room


def _new_room(
    player, game: str, options: dict, is_public: bool, bot_level: str, players: int | None
) -> tuple[Room, list[Seat]]:
    """A new room at its first version, with its seats (in the caller's transaction)."""
    if registry.find(game) is None:
        raise RoomError("There is no such game.")
    if bot_level not in BOT_LEVEL_LABELS:
        raise RoomError("There is no such bot level.")
    rules = rules_for(game)
    seat_count = rules.fixed_seats or players
    if seat_count is None:
        raise RoomError("Choose how many players sit at the table.")
    try:
        options = rules.engine.validate_options(options, seat_count)
    except InvalidOptions as error:
        raise RoomError(str(error)) from None
    now = timezone.now()
    refusal = _sit_down_refusal(player, Room(game=game, options=options))
    if refusal:
        raise RoomError(refusal)
    room = Room.objects.create(
        code=_new_code(rules),
        game=game,
        options=options,
        is_public=is_public,
        bot_level=bot_level,
        autostart_at=now + rules.fill_with_bots_after if rules.fill_with_bots_after is not None else None,
        host_seen_at=now,
        host_check_at=now + HOST_LOOKS_EVERY,
    )
    seats = [Seat(room=room, index=i) for i in range(seat_count)]
    _seat_player(seats[0], player)
    Seat.objects.bulk_create(seats)
    return room, seats


def _seats(room: Room) -> list[Seat]:
    return list(room.seats.all())


def _require_waiting(room: Room) -> None:
    if room.status == Room.Status.CLOSED:
        raise RoomError("This room was closed.")
    if room.status != Room.Status.WAITING:
        raise RoomError("The game has already started: you can watch it from this page.")


def _require_host(room: Room, seats: list[Seat], player) -> None:
    if not seats[room.host_seat].belongs_to(player):
        raise RoomError("Only the host can do that.")


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


def _drop_proposal(room: Room, fields: list[str]) -> None:
    if room.proposal and room.proposal.get("status") == "pending":
        room.proposal = None
        fields.append("proposal")


def do_join(room_id: int, player) -> Seat:
    with transaction.atomic():
        room = _locked_room(room_id)
        seats = _seats(room)
        mine = next((seat for seat in seats if seat.belongs_to(player)), None)
        if mine is not None:
            return mine
        _require_waiting(room)
        free = _free_seat(room, seats)
        if free is None:
            raise RoomError("This room is full. You can watch the game as a spectator.")
        refusal = _sit_down_refusal(player, room)
        if refusal:
            raise RoomError(refusal)
        _seat_player(free, player)
        free.save()
        fields: list[str] = []
        if _away_too_long(room, timezone.now()) and room.host_seat not in presence.current(room.id).connected_seats:
            # Whoever sits down in a room whose host is away is present: the host is theirs.
            _drop_proposal(room, fields)
            _pass_host(room, free.index, fields, away_host=seats[room.host_seat].name)
        fields += _start_if_full(room, seats)
        followups.send_on_commit(_changed(room, seats, *fields))
        return free


def do_leave(room_id: int, player) -> None:
    with transaction.atomic():
        room = _locked_room(room_id)
        _require_waiting(room)
        seats = _seats(room)
        mine = next((seat for seat in seats if seat.belongs_to(player)), None)
        if mine is None:
            raise RoomError("You are not seated in this room.")
        _empty(mine)
        fields: list[str] = []
        _not_full_any_more(room, fields)
        _drop_proposal(room, fields)
        if mine.index == room.host_seat:
            successor = next((s for s in seats if not s.is_empty and not s.is_bot), None)
            if successor is None:
                _close(room, fields)
            else:
                _pass_host(room, successor.index, fields)
        followups.send_on_commit(_changed(room, seats, *fields))


def _close(room: Room, fields: list[str]) -> None:
    room.status = Room.Status.CLOSED
    room.autostart_at = room.host_check_at = None
    fields += ["status", "autostart_at", "host_check_at"]


def _pass_host(room: Room, index: int, fields: list[str], away_host: str = "") -> None:
    """The person at ``index`` hosts the room from now on (``away_host``: the host who was
    away, for everyone's notice). They count as just seen: they too may be away for
    ``HOST_AWAY_LIMIT`` before the host passes on."""
    room.host_seat = index
    room.away_host = away_host
    room.host_seen_at = timezone.now()
    room.host_check_at = room.host_seen_at + HOST_LOOKS_EVERY
    fields += ["host_seat", "away_host", "host_seen_at", "host_check_at"]


def _away_too_long(room: Room, now) -> bool:
    """The waiting room's host was last seen connected ``HOST_AWAY_LIMIT`` ago or more."""
    return room.host_seen_at <= now - HOST_AWAY_LIMIT


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
        room = _locking(room_id).first()
        if room is None or room.status != Room.Status.WAITING or not _away_too_long(room, timezone.now()):
            return False
        here = presence.current(room.id)
        if room.host_seat in here.connected_seats:
            return False  # back in time: the next look notes it
        seats = _seats(room)
        away_host = seats[room.host_seat].name
        people = (seat for seat in seats if not seat.is_empty and not seat.is_bot)
        successor = next((seat for seat in people if seat.index in here.connected_seats), None)
        fields: list[str] = []
        if successor is not None:
            _drop_proposal(room, fields)
            _pass_host(room, successor.index, fields, away_host=away_host)
        elif here == presence.NOBODY:
            room.away_host = away_host
            fields.append("away_host")
            _close(room, fields)
        else:
            return False
        followups.send_on_commit(_changed(room, seats, *fields))
        return True


def _empty(seat: Seat) -> None:
    seat.user_id = None
    seat.guest_id = ""
    seat.name = ""
    seat.bot_level = ""
    seat.save()


def do_add_bot(room_id: int, player, level: str) -> None:
    _require_bot_level(level)
    with transaction.atomic():
        room = _locked_room(room_id)
        _require_waiting(room)
        seats = _seats(room)
        _require_host(room, seats, player)
        free = _free_seat(room, seats)
        if free is None:
            raise RoomError("Every seat is taken.")
        _seat_bot(free, level)
        free.save()
        followups.send_on_commit(_changed(room, seats, *_start_if_full(room, seats)))


def do_fill_with_bots(room_id: int, player, level: str) -> None:
    """Bots of ``level`` take every empty seat in one change; the full room then starts
    as any full room does (at once, or after its few seconds)."""
    _require_bot_level(level)
    with transaction.atomic():
        room = _locked_room(room_id)
        _require_waiting(room)
        seats = _seats(room)
        _require_host(room, seats, player)
        empty = [seat for seat in seats if seat.is_empty]
        if not empty:
            raise RoomError("Every seat is taken.")
        for seat in empty:
            _seat_bot(seat, level)
        Seat.objects.bulk_update(empty, ["bot_level", "name"])
        followups.send_on_commit(_changed(room, seats, *_start_if_full(room, seats)))


def do_remove_bot(room_id: int, player, index: int) -> None:
    with transaction.atomic():
        room = _locked_room(room_id)
        _require_waiting(room)
        seats = _seats(room)
        _require_host(room, seats, player)
        if not 0 <= index < len(seats) or not seats[index].is_bot:
            raise RoomError("There is no bot in that seat.")
        _empty(seats[index])
        fields: list[str] = []
        _not_full_any_more(room, fields)
        followups.send_on_commit(_changed(room, seats, *fields))


def do_start(room_id: int, player) -> None:
    """The host starts now; bots take the empty seats."""
    with transaction.atomic():
        room = _locked_room(room_id)
        _require_waiting(room)
        seats = _seats(room)
        _require_host(room, seats, player)
        if not rules_for(room.game).host_can_start:
            raise RoomError("This game starts by itself when the room is full.")
        followups.send_on_commit(_changed(room, seats, *_start(room, seats)))


def do_autostart(room_id: int) -> bool:
    """Fill a waiting room with bots and start it once its time has come. Idempotent."""
    with transaction.atomic():
        room = _locked_room(room_id)
        if room.status != Room.Status.WAITING or room.autostart_at is None:
            return False
        if room.autostart_at > timezone.now():
            return False
        seats = _seats(room)
        followups.send_on_commit(_changed(room, seats, *_start(room, seats)))
        return True


def _start_if_full(room: Room, seats: list[Seat]) -> list[str]:
    """A room just filled starts, at once or after its few seconds; the fields of
    ``room`` this changed, to save."""
    delay = rules_for(room.game).start_when_full_after
    if delay is None or any(seat.is_empty for seat in seats):
        return []
    if delay:
        room.autostart_at = timezone.now() + delay
        return ["autostart_at"]
    return _start(room, seats)


def _start(room: Room, seats: list[Seat]) -> list[str]:
    """The game begins; bots take the empty seats. The fields of ``room`` this changed,
    to save."""
    rules = rules_for(room.game)
    for seat in seats:
        if seat.is_empty:
            _seat_bot(seat, room.bot_level)
            seat.save()
    state = rules.engine.start(len(seats), room.options)
    match = Match(room=room, state=state, seed=state["seed"], had_bots=any(s.is_bot for s in seats))
    room.status = Room.Status.PLAYING
    room.autostart_at = room.host_check_at = None
    fields = ["status", "autostart_at", "host_check_at"]
    _drop_proposal(room, fields)
    match.save()  # saved first: forced moves recorded by _advance refer to it
    _advance(room, match, seats, [])
    match.save()
    return fields


def _forced_move(engine, state: dict) -> tuple[int, dict] | None:
    """A seat awaited now whose decision has exactly one legal choice, and that choice."""
    for seat in engine.to_act(state):
        legal = engine.legal_actions(state, seat)
        if len(legal) == 1:
            return seat, legal[0]
    return None


def _advance(room: Room, match: Match, seats: list[Seat], new_events: list[dict]) -> None:
    """After ``new_events``, play every decision that has exactly one legal choice (once
    a pause begins, they wait for its end), let the game's room rules act on the new
    events, the forced moves' too (coins, say), then set the pause and the clocks. A
    game whose last change calls for a pause ends when the pause does (do_timeout), so
    its last knock-out or round is seen first."""
    rules = rules_for(room.game)
    engine = rules.engine
    pause = rules.pause_after(new_events)
    while (forced := _forced_move(engine, match.state)) is not None and pause is None:
        forced_events = _record(match, engine, *forced, str(MatchAction.Source.FORCED))
        new_events = [*new_events, *forced_events]
        pause = rules.pause_after(forced_events)
    if rules.on_events is not None and new_events:
        for index in rules.on_events(room, match, seats, new_events):
            if rules.sit_out(seats[index]):
                seats[index].save(update_fields=["timeouts_in_a_row", "sitting_out"])
    now = timezone.now()
    outcome = engine.outcome(match.state)
    if outcome is not None and pause is None:
        match.deadline = match.bot_due_at = match.paused_until = None
        match.finished_at = now
        room.status = Room.Status.FINISHED
        record_results(room, match, seats, outcome)
        open_wallets(seats)  # a finished game opens its accounts' welcome coins
        return
    match.paused_until = now + pause if pause else None
    start = match.paused_until or now
    if forced is not None or outcome is not None:
        # A decision with one legal choice, or the game's end, waits for the pause; then
        # do_timeout plays it, or ends the game.
        match.deadline, match.bot_due_at = start, None
    else:
        _set_clocks(room, match, seats, start)


def _set_clocks(room: Room, match: Match, seats: list[Seat], start) -> None:
    """The turn clock and the bot's delay run from ``start``: now, or the end of a pause."""
    rules = rules_for(room.game)
    engine = rules.engine
    to_act = engine.to_act(match.state)
    match.deadline = start + timedelta(seconds=engine.turn_seconds(room.options)) if to_act else None
    bots_to_act = [seat for seat in to_act if rules.played_by_bot(seats[seat])]
    match.bot_due_at = start + followups.bot_delay() if bots_to_act else None


def _paused(match: Match) -> bool:
    return match.paused_until is not None and match.paused_until > timezone.now()


def _record(match: Match, engine, seat: int, action: dict, source: str, due_at=None) -> list[dict]:
    """Apply and record one action; its events."""
    match.state, events = engine.apply(match.state, seat, action, timeout=source == MatchAction.Source.TIMEOUT)
    match.moves += 1
    MatchAction.objects.create(
        match=match, number=match.moves, seat=seat, action=action, source=source, due_at=due_at
    )
    return events


def _apply(room: Room, seat: int, action: dict, source: str) -> Change:
    match = room.match
    seats = _seats(room)
    events = _record(match, rules_for(room.game).engine, seat, action, source)
    _advance(room, match, seats, events)
    match.save()
    return _changed(room, seats, "status")


def _locked_playing_room(room_id: int) -> Room:
    room = _locked_room(room_id)
    if room.status != Room.Status.PLAYING:
        raise RoomError("The game is not being played now.")
    return room


def _require_may_play(player, room: Room) -> None:
    """A person whose seat a stand-in bot plays may be kept from taking it back (at a
    table that plays for coins: when they can no longer cover the bet)."""
    can_play = rules_for(room.game).can_play
    refusal = can_play(player, room) if can_play is not None else None
    if refusal:
        raise RoomError(refusal)


PAUSED = "Wait a moment: everyone is shown what just happened, then the game goes on."


def do_act(room_id: int, player, action, version) -> None:
    """A person's move, made on the table they saw at ``version``."""
    with transaction.atomic():
        room = _locked_playing_room(room_id)
        if version != room.version:
            raise StaleAction("The table changed before your move arrived. Look again and choose.")
        seats = _seats(room)
        mine = next((seat for seat in seats if seat.belongs_to(player)), None)
        if mine is None:
            raise RoomError("You are watching this game, not playing in it.")
        if _paused(room.match):
            raise RoomError(PAUSED)
        if mine.timeouts_in_a_row:
            _require_may_play(player, room)
            # Any move takes the seat back from a stand-in bot, before the clocks are set.
            Seat.objects.filter(pk=mine.pk).update(timeouts_in_a_row=0, sitting_out=False)
        try:
            change = _apply(room, mine.index, action, str(MatchAction.Source.PLAYER))
        except IllegalAction as illegal:
            raise RoomError(illegal.reason) from None
        followups.send_on_commit(change)


def do_timeout(room_id: int, version: int) -> bool:
    """Play the timeout default for every seat awaited at ``version`` (at the end of a
    pause, the decisions with one legal choice that waited for it). Idempotent."""
    with transaction.atomic():
        room = _locking(room_id).first()
        if room is None or room.status != Room.Status.PLAYING or room.version != version:
            return False
        match = room.match
        if match.deadline is None or match.deadline > timezone.now():
            return False
        engine = rules_for(room.game).engine
        events = _play_defaults(room, match, engine) if _forced_move(engine, match.state) is None else []
        seats = _seats(room)
        _advance(room, match, seats, events)
        match.save()
        followups.send_on_commit(_changed(room, seats, "status"))
        return True


def _play_defaults(room: Room, match: Match, engine) -> list[dict]:
    """The timeout default for every seat awaited; their events."""
    due_at = match.deadline
    events: list[dict] = []
    for seat in engine.to_act(match.state):
        if seat in engine.to_act(match.state):
            default = engine.default_action(match.state, seat)
            events += _record(match, engine, seat, default, str(MatchAction.Source.TIMEOUT), due_at=due_at)
            Seat.objects.filter(room=room, index=seat).update(timeouts_in_a_row=F("timeouts_in_a_row") + 1)
    return events


def _partner_context(room: Room, seats: list[Seat]) -> tuple[int, list[int]]:
    rules = rules_for(room.game)
    partner = rules.partner_seat(room.host_seat, len(seats))
    if partner is None:
        raise RoomError("In this game the host has no partner to choose.")
    others = [i for i in range(len(seats)) if i not in (room.host_seat, partner)]
    return partner, others


def _askers(seats: list[Seat], others: list[int]) -> list[int]:
    """The people in the other seats: each must accept a new partner for the host."""
    return [i for i in others if not seats[i].is_empty and not seats[i].is_bot]


def do_propose_partner(room_id: int, player, seat_index: int) -> None:
    """The host asks for the person at ``seat_index`` as partner; every person in the
    seats other than the host's and the partner's must accept."""
    with transaction.atomic():
        room = _locked_room(room_id)
        _require_waiting(room)
        seats = _seats(room)
        _require_host(room, seats, player)
        partner, others = _partner_context(room, seats)
        if room.proposal and room.proposal.get("status") == "pending":
            raise RoomError("Your proposal is still waiting for an answer.")
        if seat_index not in others or seats[seat_index].is_empty or seats[seat_index].is_bot:
            raise RoomError("Choose a player sitting as your opponent.")
        room.proposal = {"status": "pending", "seat": seat_index, "accepted": []}
        followups.send_on_commit(_changed(room, seats, "proposal"))


def do_answer_partner(room_id: int, player, accept: bool) -> None:
    """An opponent accepts or refuses the host's proposal. A refusal drops it; when every
    person asked has accepted, the chosen seat swaps with the partner's seat."""
    with transaction.atomic():
        room = _locked_room(room_id)
        _require_waiting(room)
        proposal = room.proposal or {}
        if proposal.get("status") != "pending":
            raise RoomError("There is no proposal to answer.")
        seats = _seats(room)
        partner, others = _partner_context(room, seats)
        mine = next((seat for seat in seats if seat.belongs_to(player)), None)
        askers = _askers(seats, others)
        if mine is None or mine.index not in askers:
            raise RoomError("Only the host's opponents answer this proposal.")
        chosen = proposal["seat"]
        accepted = sorted(set(proposal.get("accepted", [])) | {mine.index})
        if not accept:
            room.proposal = {"status": "refused", "seat": chosen, "by": mine.index,
                             "by_name": mine.name, "name": seats[chosen].name}
        elif not set(askers) <= set(accepted):
            room.proposal = {**proposal, "accepted": accepted}
        else:
            _swap(seats[chosen], seats[partner])
            room.proposal = {"status": "accepted", "seat": partner, "name": seats[partner].name}
        followups.send_on_commit(_changed(room, seats, "proposal"))


FIELDS_OF_A_SITTER = ("user_id", "guest_id", "name", "bot_level", "timeouts_in_a_row", "sitting_out")


def _swap(a: Seat, b: Seat) -> None:
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


def do_play_again(room_id: int, player) -> Room:
    """After a game, one of its players asks for another: the first one creates a room
    with the same game, options, seats and bots (as its host) and every viewer of the
    old table is shown the way to it; the others join it."""
    with transaction.atomic():
        room = _locked_room(room_id)
        if room.status not in (Room.Status.FINISHED, Room.Status.CLOSED):
            raise RoomError("The game is not over yet.")
        seats = _seats(room)
        mine = next((seat for seat in seats if seat.belongs_to(player)), None)
        if mine is None:
            raise RoomError("Only the players of this game can start the next one; you can create a room.")
        if room.next_room_id is None:
            following, first_version = _next_room(room, seats, player, mine.index)
            followups.send_on_commit(first_version)
            room.next_room = following
            followups.send_on_commit(_changed(room, seats, "next_room"))
            return following
    do_join(room.next_room_id, player)
    return room.next_room


def _next_room(room: Room, seats: list[Seat], player, host_seat: int) -> tuple[Room, Change]:
    """The room after ``room``, and its first version: ``player`` hosts it from their old
    seat, the old game's bots sit where they sat at their levels, and it starts as any
    room does once full."""
    following, new_seats = _new_room(player, room.game, room.options, room.is_public, room.bot_level, len(seats))
    if host_seat != following.host_seat:
        _swap(new_seats[following.host_seat], new_seats[host_seat])
        following.host_seat = host_seat
    bots = [new_seats[seat.index] for seat in seats if seat.is_bot]
    for bot in bots:
        _seat_bot(bot, seats[bot.index].bot_level)
    Seat.objects.bulk_update(bots, ["bot_level", "name"])
    following.save(update_fields=["host_seat", *_start_if_full(following, new_seats)])
    return following, change_of(following, new_seats)


def bot_randomness() -> int:
    """The seed of a bot's generator for one decision: fresh from the site's randomness,
    nothing of the game's secret seed. The bench and the tests that replay a game the same
    way every run replace it."""
    return secrets.randbits(128)


def choose_bot_move(snapshot, seat: int) -> dict:
    """A bot's decision from its seat's view only, thought out without holding a lock
    (from the room's snapshot at the version it plays on)."""
    rules = snapshot.rules
    level = snapshot.bot_level(seat)
    view = rules.engine.view(snapshot.state, seat)
    rng = random.Random(bot_randomness())
    bot = rules.bot_for(level)
    botmemory.recall(bot, snapshot.room_id, seat, level)
    action = bot.choose(view, rng)
    botmemory.keep(bot, snapshot.room_id, seat, level)
    return action


def do_bot_move(room_id: int, version: int, seat: int, action: dict) -> bool:
    """Apply a bot's move if the table is still the one it thought about."""
    with transaction.atomic():
        room = _locking(room_id).first()
        if room is None or room.status != Room.Status.PLAYING or room.version != version:
            return False
        if _paused(room.match):
            return False
        try:
            change = _apply(room, seat, action, str(MatchAction.Source.BOT))
        except IllegalAction:
            # Not the reason: it may name the bot's cards.
            log.error("Bot in room %s seat %s chose an illegal %r move.", room.code, seat, _kind(action))
            return False
        followups.send_on_commit(change)
        return True


def _kind(action) -> str:
    return action.get("type", "?") if isinstance(action, dict) else "?"


def do_end_match(room_id: int, reason: str) -> None:
    """Staff end a stuck game: it stops where it is and counts for nobody."""
    with transaction.atomic():
        room = _locked_room(room_id)
        if room.status not in (Room.Status.PLAYING, Room.Status.WAITING):
            raise RoomError("That game is not running.")
        fields: list[str] = []
        _close(room, fields)
        match = getattr(room, "match", None)  # selected with the room: None while it waits
        if match is not None:
            match.deadline = match.bot_due_at = None
            match.finished_at = timezone.now()
            match.ended_by_staff = reason or "Ended by staff."
            match.save()
        followups.send_on_commit(_changed(room, _seats(room), *fields))


def adopt_guest_seats(guest_id: str, user) -> list[str]:
    """Give a guest's seats in unfinished rooms to the account they just made or logged
    into. A seat the account could not sit down in (at a table that plays for coins: twice
    the bet) stays the guest's; the sentences returned say which and why."""
    account = Player(name=user.username, user_id=user.pk)
    open_rooms = Seat.objects.filter(
        guest_id=guest_id, room__status__in=[Room.Status.WAITING, Room.Status.PLAYING]
    ).values_list("room_id", flat=True)
    kept_by_guest = []
    for room_id in list(open_rooms):
        with transaction.atomic():
            room = _locked_room(room_id)
            seats = _seats(room)
            guest_seats = [seat for seat in seats if seat.guest_id == guest_id]
            if not guest_seats:
                continue  # left meanwhile
            refusal = _sit_down_refusal(account, room)
            if refusal:
                kept_by_guest.append(
                    f"Your seat in {rules_for(room.game).title} room {room.code} stays with your guest name, "
                    f"{guest_seats[0].name}. {refusal}"
                )
                continue
            for seat in guest_seats:
                _seat_player(seat, account)
            Seat.objects.bulk_update(guest_seats, ["guest_id", "user", "name"])
            followups.send_on_commit(_changed(room, seats))
    return kept_by_guest
