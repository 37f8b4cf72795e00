"""Games of each kind played to the end through the actions, for the fairness tests."""

import random

from rooms.actions import lifecycle, play, seating
from rooms.gamerules import rules_for
from rooms.models import Room
from rooms.store.snapshots import load_snapshot
from tests.rooms.helpers import ANN, fresh

GAMES = ("disunyer", "dayous", "courtpiece")
OPTIONS: dict[str, dict] = {
    "disunyer": {"mode": "standard"},
    "dayous": {"decks": 1, "clock": 10},
    "courtpiece": {"game": "double-sar", "winning_points": 10, "bet": 25, "clock": 5},
}
SEATS = {"dayous": 2}  # the others have a fixed number of seats
MOST_MOVES = 5000


def started_room(game: str, people=(ANN,), is_public: bool = True) -> Room:
    """A game of ``game`` hosted by the first of ``people``, the others seated, easy bots
    in the other seats, started."""
    host = people[0]
    room = lifecycle.do_create_room(host, game, OPTIONS[game], is_public, "easy", SEATS.get(game))
    for person in people[1:]:
        seating.do_join(room.pk, person)
    if rules_for(game).host_can_start:
        lifecycle.do_start(room.pk, host)
    else:
        seating.do_fill_with_bots(room.pk, host, "easy")
    room = fresh(room)
    assert room.status == Room.Status.PLAYING
    return room


def play_one(room: Room, people, rng: random.Random) -> None:
    """The next decision: a bot's, or a person's random legal move."""
    rules = rules_for(room.game)
    state = room.match.state
    seats = list(room.seats.all())
    seat = rules.engine.to_act(state)[0]
    if rules.played_by_bot(seats[seat]):
        action = play.choose_bot_move(load_snapshot(room.pk), seat)
        assert play.do_bot_move(room.pk, room.version, seat, action)
        return
    person = next(p for p in people if seats[seat].belongs_to(p))
    play.do_act(room.pk, person, rng.choice(rules.engine.legal_actions(state, seat)), room.version)


def play_until(room: Room, over, people=(ANN,), rng_seed: int = 7) -> Room:
    """Play until the game is over or ``over(room)`` holds; the room then."""
    rng = random.Random(rng_seed)
    for _ in range(MOST_MOVES):
        room = fresh(room)
        if room.status != Room.Status.PLAYING or over(room):
            return room
        play_one(room, people, rng)
    raise AssertionError(f"The game was not over after {MOST_MOVES} moves.")


def play_to_the_end(room: Room, people=(ANN,)) -> Room:
    return play_until(room, lambda _: False, people)


def ended_by_staff_in_round(game: str, round_number: int) -> Room:
    """A game (of rounds: Court Piece) that staff end once it reached ``round_number``:
    quicker than a whole one, and as over."""
    room = play_until(started_room(game), lambda room: room.match.state["round"] >= round_number)
    lifecycle.do_end_match(room.pk, "Ended for the test.")
    return fresh(room)


def finished_room(game: str, people=(ANN,), is_public: bool = True) -> Room:
    return play_to_the_end(started_room(game, people, is_public), people)
