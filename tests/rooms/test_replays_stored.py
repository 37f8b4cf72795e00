"""Every stored game of a seeded database replays, from its seed and its recorded moves,
to exactly its stored state: thousands of games of every game and every option, finished
or ended by staff, recorded as the rooms record them, and games played through the
actions themselves (people, bots, timeouts, single-choice moves, a staff end).

``REPLAY_GAMES=<n>`` seeds about ``n`` games instead of the default (every option is
always covered); `make test` seeds the default, 2,000.
"""

import itertools
import json
import os
import random
import time

import pytest
from django.db import connection
from django.db.models import Count
from django.utils import timezone

from games.core import forced_move
from rooms.actions import lifecycle, play, seating
from rooms.gamerules import rules_for
from rooms.models import Match, MatchAction, Room, Seat
from rooms.replays import replay
from rooms.store.snapshots import load_snapshot
from tests.rooms.helpers import ANN, fresh, overdue

pytestmark = pytest.mark.django_db

# Every table a room can set up: its seats and the options that change how it plays.
DISUNYER_TABLES = [(8, {"mode": mode}) for mode in ("standard", "stuck-king")]
DAYOUS_TABLES = [
    (players, {"decks": decks}) for decks in (1, 2, 3) for players in range(2, 8 if decks == 1 else 9)
]
COURTPIECE_TABLES = [
    (4, {"game": variant, "pile": pile, "ace_cannot_win_pile": ace, "four_point_rank": four, "six_point": six})
    for variant, pile, ace, (four, six) in itertools.product(
        ("ace-rule", "double-sar", "hidden", "rung-kaat"), ("3-2-2", "5-3-3"), (False, True),
        ((None, False), ("A", False), ("K", True)),
    )
]
TABLES: dict[str, list[tuple[int, dict]]] = {
    "disunyer": DISUNYER_TABLES, "dayous": DAYOUS_TABLES, "courtpiece": COURTPIECE_TABLES
}
# Share of the seeded games per game. Every table has a game first; the rest are drawn
# at random, Dayous's from its small tables (one deck, two or three players): the others
# are long.
SHARES = {"disunyer": 0.7, "dayous": 0.1, "courtpiece": 0.2}
DEFAULT_GAMES = 2000
STAFF_ENDED = 0.1  # the share of games staff end part-way
RELOADED = 0.05  # the share of moves after which the state is read back from JSON, as the next request would
# How a decision with a choice is made: a timeout now and then (played for every seat
# awaited, they make long games: a Dayous defender who times out takes the cards).
SOURCES = {MatchAction.Source.PLAYER: 0.45, MatchAction.Source.BOT: 0.45, MatchAction.Source.TIMEOUT: 0.1}


def _seeded_games() -> int:
    return int(os.environ.get("REPLAY_GAMES", DEFAULT_GAMES))


def _tables(game: str, games: int, rng: random.Random) -> list[tuple[int, dict]]:
    """``games`` tables of ``game`` (at least one of each)."""
    pool = [table for table in TABLES[game] if game != "dayous" or (table[1]["decks"] == 1 and table[0] <= 3)]
    return TABLES[game] + [rng.choice(pool) for _ in range(games - len(TABLES[game]))]


def _varied(game: str, options: dict, rng: random.Random) -> dict:
    """The options with the other settings varied: clocks and bets, and now and then a
    longer Court Piece table."""
    if game == "dayous":
        return {**options, "clock": rng.choice((10, 30, 60))}
    if game == "courtpiece":
        return {**options, "bet": rng.choice((25, 100, 1000)), "clock": rng.choice((5, 15, 30)),
                "winning_points": rng.choice((10, 10, 10, 15))}
    return options


class Recorder:
    """Games played with random legal moves and recorded as rooms/actions/ record
    them: the game's engine started with a secret seed of its own, decisions with one
    legal choice made at once (``forced``), a timeout playing the default of every seat
    awaited; the rows written in bulk at the end."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.rooms: list[Room] = []
        self.seats: list[list[Seat]] = []
        self.matches: list[Match] = []
        self.actions: dict[int, list] = {}

    def play(self, game: str, players: int, options: dict, stop_after: int | None) -> None:
        engine = rules_for(game).engine
        options = engine.validate_options(options, players)
        number = len(self.rooms)
        room = Room(code=f"R{number:07d}", game=game, options=options, is_public=self.rng.random() < 0.8)
        state = engine.start(players, options)
        seed = state["seed"]
        moves: list[tuple[int, dict, str]] = []
        while engine.outcome(state) is None and (stop_after is None or len(moves) < stop_after):
            state = self._decide(engine, state, moves)
            if self.rng.random() < RELOADED:
                state = json.loads(json.dumps(state))
        over = engine.outcome(state) is not None
        room.status = Room.Status.FINISHED if over else Room.Status.CLOSED
        self.rooms.append(room)
        self.seats.append([Seat(index=i, name=f"Bot {i + 1}", bot_level="easy") for i in range(players)])
        match = Match(state=json.loads(json.dumps(state)), seed=seed, moves=len(moves), had_bots=True,
                      finished_at=timezone.now(), ended_by_staff="" if over else "Stopped by staff.")
        self.matches.append(match)
        self.actions[number] = moves

    def _decide(self, engine, state: dict, moves: list) -> dict:
        """One decision made and recorded in ``moves``: the state after it."""
        forced = forced_move(engine, state)
        if forced is not None:
            return self._apply(engine, state, moves, *forced, MatchAction.Source.FORCED)  # type: ignore[arg-type]  # a TextChoices member is a str
        source = self.rng.choices(list(SOURCES), list(SOURCES.values()))[0]
        if source == MatchAction.Source.TIMEOUT:
            for seat in engine.to_act(state):  # every seat awaited, as play._play_defaults
                if seat in engine.to_act(state):
                    state = self._apply(engine, state, moves, seat, engine.default_action(state, seat), source)  # type: ignore[arg-type]  # a TextChoices member is a str
            return state
        seat = self.rng.choice(engine.to_act(state))
        action = self.rng.choice(engine.legal_actions(state, seat))
        return self._apply(engine, state, moves, seat, action, source)  # type: ignore[arg-type]  # a TextChoices member is a str

    @staticmethod
    def _apply(engine, state: dict, moves: list, seat: int, action: dict, source: str) -> dict:
        moves.append((seat, action, source))
        return engine.apply(state, seat, action, timeout=source == MatchAction.Source.TIMEOUT)[0]

    def save(self) -> None:
        Room.objects.bulk_create(self.rooms)
        for room, seats, match in zip(self.rooms, self.seats, self.matches):
            for seat in seats:
                seat.room = room
            match.room = room
        Seat.objects.bulk_create([seat for seats in self.seats for seat in seats])
        Match.objects.bulk_create(self.matches)
        # A few hundred thousand rows: written with the database's own executemany, as
        # the ORM's bulk_create would take most of the test's time.
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        rows = (
            (self.matches[number].pk, i, seat, json.dumps(action), source, now)
            for number, moves in self.actions.items()
            for i, (seat, action, source) in enumerate(moves, start=1)
        )
        table = MatchAction._meta.db_table
        with connection.cursor() as cursor:
            cursor.executemany(
                f"INSERT INTO {table} (match_id, number, seat, action, source, created_at)"
                " VALUES (%s, %s, %s, %s, %s, %s)",
                list(rows),
            )


def _seed_recorded(games: int, rng: random.Random) -> None:
    recorder = Recorder(rng)
    for game, share in SHARES.items():
        for players, options in _tables(game, round(games * share), rng):
            stop_after = rng.randrange(1, 80) if rng.random() < STAFF_ENDED else None
            recorder.play(game, players, _varied(game, options, rng), stop_after)
    recorder.save()


def _play_through_services(room_id: int, rng: random.Random, stop_after: int | None = None) -> None:
    """Ann (seat 0) plays or lets her clock run out, the bots choose as bots do, until
    the game is over (or ``stop_after`` moves, then staff end it)."""
    for _ in itertools.count():
        room = fresh(room_id)
        if room.status != Room.Status.PLAYING:
            return
        if stop_after is not None and room.match.moves >= stop_after:
            lifecycle.do_end_match(room_id, "Stuck.")
            return
        state, engine = room.match.state, rules_for(room.game).engine
        seat = engine.to_act(state)[0]
        if seat == 0 and rng.random() < 0.3:
            overdue(room)
            assert play.do_timeout(room_id, room.version)
        elif seat == 0:
            play.do_act(room_id, ANN, rng.choice(engine.legal_actions(state, 0)), room.version)
        else:
            action = play.choose_bot_move(load_snapshot(room_id), seat)
            assert play.do_bot_move(room_id, room.version, seat, action)


def _seed_through_services(rng: random.Random) -> None:
    disunyer = lifecycle.do_create_room(ANN, "disunyer", {"mode": "stuck-king"}, True, "easy")
    seating.do_fill_with_bots(disunyer.id, ANN, "easy")
    _play_through_services(disunyer.id, rng)
    dayous = lifecycle.do_create_room(ANN, "dayous", {"decks": 1}, False, "easy", players=2)
    lifecycle.do_start(dayous.id, ANN)
    _play_through_services(dayous.id, rng)
    courtpiece = lifecycle.do_create_room(ANN, "courtpiece", {"game": "hidden"}, True, "easy")
    lifecycle.do_start(courtpiece.id, ANN)
    _play_through_services(courtpiece.id, rng, stop_after=60)


def _table_of(game: str, players: int, options: dict) -> tuple:
    """What makes a table play differently: its seats and the options ``TABLES`` vary."""
    keys = TABLES[game][0][1].keys()
    return game, players, tuple((key, options[key]) for key in keys)


def test_every_stored_game_replays_to_its_stored_state():
    """Seeded with thousands of games of every game and option (a tenth ended by staff
    part-way) and games played through the actions, the database's every match
    replays from its seed and its recorded moves to exactly its stored state."""
    rng = random.Random(20240516)
    started, cpu = time.perf_counter(), time.process_time()
    _seed_through_services(rng)
    _seed_recorded(_seeded_games(), rng)
    seeded, seeded_cpu = time.perf_counter(), time.process_time()

    rooms = list(Room.objects.filter(match__isnull=False).select_related("match").annotate(players=Count("seats")))
    not_as_played = [
        room.code for room in rooms
        if not replay.step(room, room.match, room.players, room.match.moves).ends_as_played
    ]
    replayed, replayed_cpu = time.perf_counter(), time.process_time()

    print(f"\n{len(rooms)} games seeded in {seeded - started:.1f} s ({seeded_cpu - cpu:.1f} s of CPU), "
          f"replayed in {replayed - seeded:.1f} s ({replayed_cpu - seeded_cpu:.1f} s of CPU)")
    assert not_as_played == []
    assert len(rooms) >= _seeded_games()
    tables = {_table_of(room.game, room.players, room.options) for room in rooms}
    assert tables >= {_table_of(game, *table) for game in TABLES for table in TABLES[game]}
    assert {room.status for room in rooms} == {Room.Status.FINISHED, Room.Status.CLOSED}
    assert set(MatchAction.objects.values_list("source", flat=True).distinct()) == set(MatchAction.Source.values)
    assert sum(room.match.moves for room in rooms) == MatchAction.objects.count()
