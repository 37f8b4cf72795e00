"""Dayous games played through the actions by named people who play, run their clock
out, or leave (their turns time out until a stand-in bot takes their seat)."""

import random
import secrets

from accounts.identity import Player
from fairplay.models import SeatOutcome
from rooms.actions import lifecycle, play, seating
from rooms.gamerules import rules_for
from rooms.models import Room
from rooms.store.snapshots import load_snapshot
from tests.rooms.helpers import fresh, overdue

MOST_STEPS = 3000


def dayous_room(host: Player, players: int = 3, **kwargs) -> Room:
    return lifecycle.do_create_room(host, "dayous", {"decks": 1, "clock": 30}, True, "easy", players, **kwargs)


def started(people: list[Player], seats: int = 3) -> Room:
    """A Dayous game of ``people`` (the first hosts) and easy bots in the other seats."""
    room = dayous_room(people[0], seats)
    for person in people[1:]:
        seating.do_join(room.pk, person)
    if fresh(room).status == Room.Status.WAITING:
        lifecycle.do_start(room.pk, people[0])
    return fresh(room)


def play_out(room: Room, people: list[Player], gone=(), times_out=None, seed: int = 5) -> Room:
    """Play ``room`` to its end. The people in ``gone`` never move again (their clock
    runs out until a stand-in bot plays their seat); each person in ``times_out`` lets
    their clock run out that many times, then plays on; the others play random legal
    moves, and the bots (stand-ins too) their bots' moves."""
    rng = random.Random(seed)
    timeouts_left = dict(times_out or {})
    rules = rules_for(room.game)
    for _ in range(MOST_STEPS):
        room = fresh(room)
        if room.status != Room.Status.PLAYING:
            return room
        state, seats = room.match.state, list(room.seats.all())
        to_act = rules.engine.to_act(state)
        owners = {seat: next((p for p in people if seats[seat].belongs_to(p)), None) for seat in to_act}
        moving = [s for s in to_act if owners[s] and owners[s] not in gone and not timeouts_left.get(owners[s])]
        if moving:
            seat = moving[0]
            action = rng.choice(rules.engine.legal_actions(state, seat))
            play.do_act(room.pk, owners[seat], action, room.version)
            continue
        bots = [s for s in to_act if rules.played_by_bot(seats[s])]
        if bots:
            snapshot = load_snapshot(room.pk)
            play.do_bot_move(room.pk, room.version, bots[0], play.choose_bot_move(snapshot, bots[0]))
            continue
        for seat in to_act:
            if owners[seat] in timeouts_left:
                timeouts_left[owners[seat]] -= 1
        overdue(room)
        assert play.do_timeout(room.pk, room.version)
    raise AssertionError(f"The game was not over after {MOST_STEPS} steps.")


def outcomes_of(room: Room) -> dict[str, str]:
    return dict(SeatOutcome.objects.filter(room=room).values_list("name", "outcome"))


def past_games(person: Player, *outcomes: str) -> None:
    """``person``'s past games, oldest first, each in a room of its own."""
    for outcome in outcomes:
        room = Room.objects.create(code=f"P{secrets.token_hex(3).upper()}", game="dayous", status=Room.Status.FINISHED)
        SeatOutcome.objects.create(
            room=room, person=person.key, user_id=person.user_id, name=person.name, seat=0, outcome=outcome
        )
