"""The game from its start to its end: the first deal, a person's move, a timeout, a
bot's move, and every decision with a single legal choice played on the way."""

import logging
import random
import secrets
from datetime import timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_lazy

from accounts.coins import open_wallets
from fairplay import outcomes
from games.core import IllegalAction, forced_move
from leaderboard.services import record_results
from rooms.actions.common import changed, drop_proposal, locked_room, locking, seat_bot, seat_end, seats_of
from rooms.errors import RoomError, StaleAction
from rooms.gamerules import rules_for
from rooms.models import Match, MatchAction, Room, Seat
from rooms.push import followups
from rooms.push.changes import Change
from rooms.store import botmemory

log = logging.getLogger(__name__)


PAUSED = gettext_lazy("Wait a moment: everyone is shown what just happened, then the game goes on.")


def start_if_full(room: Room, seats: list[Seat]) -> list[str]:
    """A room just filled starts, at once or after its few seconds; the fields of
    ``room`` this changed, to save."""
    delay = rules_for(room.game).start_when_full_after
    if delay is None or any(seat.is_empty for seat in seats):
        return []
    if delay:
        room.autostart_at = timezone.now() + delay
        return ["autostart_at"]
    return start_game(room, seats)


def start_game(room: Room, seats: list[Seat]) -> list[str]:
    """The game begins; bots take the empty seats. The fields of ``room`` this changed,
    to save."""
    rules = rules_for(room.game)
    for seat in seats:
        if seat.is_empty:
            seat_bot(seat, room.bot_level)
            seat.save()
    state = rules.engine.start(len(seats), room.options)
    match = Match(room=room, state=state, seed=state["seed"], had_bots=any(s.is_bot for s in seats))
    room.status = Room.Status.PLAYING
    room.autostart_at = room.host_check_at = None
    fields = ["status", "autostart_at", "host_check_at"]
    drop_proposal(room, fields)
    match.save()  # saved first: forced moves recorded by _advance refer to it
    _advance(room, match, seats, [])
    match.save()
    return fields


def _advance(room: Room, match: Match, seats: list[Seat], new_events: list[dict]) -> None:
    """After ``new_events``, play every decision that has exactly one legal choice (once
    a pause begins, they wait for its end), let the game's room rules act on the new
    events, the forced moves' too (coins, say), then set the pause and the clocks. A
    game whose last change calls for a pause ends when the pause does (do_timeout), so
    its last knock-out or round is seen first."""
    rules = rules_for(room.game)
    engine = rules.engine
    pause = rules.pause_after(new_events)
    while (forced := forced_move(engine, match.state)) is not None and pause is None:
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
        record_results(room, match, seats, outcome, left=_record_seat_ends(room, seats))
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


def _record_seat_ends(room: Room, seats: list[Seat]) -> set[int]:
    """Fair play records how each person's seat ended (a wait for those who left too many
    games of late); the seats that left, which the boards and ratings count as lost."""
    people = [seat_end(room, seat) for seat in seats if not seat.is_bot and not seat.is_empty]
    return {end.seat for end in outcomes.record_game(room.id, people)}


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
    seats = seats_of(room)
    events = _record(match, rules_for(room.game).engine, seat, action, source)
    _advance(room, match, seats, events)
    match.save()
    return changed(room, seats, "status")


def _locked_playing_room(room_id: int) -> Room:
    room = locked_room(room_id)
    if room.status != Room.Status.PLAYING:
        raise RoomError(gettext_lazy("The game is not being played now."))
    return room


def _require_may_play(player, room: Room) -> None:
    """A person whose seat a stand-in bot plays may be kept from taking it back (at a
    table that plays for coins: when they can no longer cover the bet)."""
    can_play = rules_for(room.game).can_play
    refusal = can_play(player, room) if can_play is not None else None
    if refusal:
        raise RoomError(refusal)


def do_act(room_id: int, player, action, version) -> None:
    """A person's move, made on the table they saw at ``version``."""
    with transaction.atomic():
        room = _locked_playing_room(room_id)
        if version != room.version:
            raise StaleAction(gettext_lazy("The table changed before your move arrived. Look again and choose."))
        seats = seats_of(room)
        mine = next((seat for seat in seats if seat.belongs_to(player)), None)
        if mine is None:
            raise RoomError(gettext_lazy("You are watching this game, not playing in it."))
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
        room = locking(room_id).first()
        if room is None or room.status != Room.Status.PLAYING or room.version != version:
            return False
        match = room.match
        if match.deadline is None or match.deadline > timezone.now():
            return False
        engine = rules_for(room.game).engine
        events = _play_defaults(room, match, engine) if forced_move(engine, match.state) is None else []
        seats = seats_of(room)
        _advance(room, match, seats, events)
        match.save()
        followups.send_on_commit(changed(room, seats, "status"))
        return True


def _play_defaults(room: Room, match: Match, engine) -> list[dict]:
    """The timeout default for every seat awaited; their events."""
    due_at = match.deadline
    events: list[dict] = []
    for seat in engine.to_act(match.state):
        if seat in engine.to_act(match.state):
            default = engine.default_action(match.state, seat)
            events += _record(match, engine, seat, default, str(MatchAction.Source.TIMEOUT), due_at=due_at)
            Seat.objects.filter(room=room, index=seat).update(
                timeouts_in_a_row=F("timeouts_in_a_row") + 1, timeouts=F("timeouts") + 1
            )
    return events


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
        room = locking(room_id).first()
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
