"""Finished games built directly from Room/Match/Seat rows (named players: Ann, Bea, …)."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from leaderboard.services import record_results
from rooms.models import Match, Room, Seat

NAMES = ("Ann", "Bea", "Carl", "Dora", "Eve", "Finn", "Gus", "Hal")
_codes = itertools.count(1)


@dataclass(frozen=True)
class Guest:
    name: str


@dataclass(frozen=True)
class Bot:
    name: str = "Bot"
    level: str = "normal"


BOT = Bot()


def account(name: str) -> User:
    """An account without a usable password (no slow hashing in tests)."""
    return User.objects.create_user(username=name, password=None)


def accounts(*names: str) -> list[User]:
    return [account(name) for name in names]


def _seat(room: Room, index: int, who) -> Seat:
    if isinstance(who, User):
        return Seat(room=room, index=index, user=who, name=who.username)
    if isinstance(who, Guest):
        return Seat(room=room, index=index, guest_id=f"g-{who.name.lower()}", name=who.name)
    return Seat(room=room, index=index, bot_level=who.level, name=f"{who.name} {index + 1}")


def finish_game(
    players: list,
    places: list[int],
    *,
    mode: str = "standard",
    game: str = "disunyer",
    winners: list[int] | None = None,
    finished_at: datetime | None = None,
    options: dict | None = None,
    outcome: dict | None = None,
    state: dict | None = None,
    left: frozenset[int] = frozenset(),
) -> Room:
    """A game of ``players`` (accounts, Guest(...) or BOT, seat order) that ended with
    ``places``, recorded as the rooms service does at the end of a game.

    ``winners`` defaults to the single seat in 1st place (none when several share it:
    the final tie with no winner). ``options`` replace the room's ``{"mode": mode}``;
    ``outcome`` adds keys to the outcome (Dayous's "dayous", Court Piece's "stats") and
    ``state`` is the match's final engine state; the seats in ``left`` left the game.
    """
    if winners is None:
        firsts = [seat for seat, place in enumerate(places) if place == 1]
        winners = firsts if len(firsts) == 1 else []
    room = Room.objects.create(
        code=f"T{next(_codes):05d}",
        game=game,
        options={"mode": mode} if options is None else options,
        status=Room.Status.FINISHED,
    )
    seats = [_seat(room, index, who) for index, who in enumerate(players)]
    Seat.objects.bulk_create(seats)
    match = Match.objects.create(
        room=room,
        state=state or {},
        seed="test",
        had_bots=any(isinstance(who, Bot) for who in players),
        finished_at=finished_at or timezone.now(),
    )
    with transaction.atomic():
        record_results(room, match, seats, {**(outcome or {}), "places": places, "winners": winners}, left=left)
    return room


def play_to_the_end(engine, players: int, options: dict, seed: str) -> dict:
    """A finished engine state: seeded random legal moves from the start to the end."""
    rng = random.Random(seed)
    state = engine.start(players, options, seed=seed)
    while engine.outcome(state) is None:
        seat = rng.choice(sorted(engine.to_act(state)))
        state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    return state


def finish_engine_game(game: str, engine, players: list, options: dict, seed: str, **kwargs) -> tuple[Room, dict]:
    """A whole game played by the engine (random moves, seeded) and recorded with its
    real outcome and final state. Returns the room and the final state."""
    state = play_to_the_end(engine, len(players), options, seed)
    outcome = engine.outcome(state)
    room = finish_game(
        players,
        outcome["places"],
        game=game,
        winners=outcome["winners"],
        options=options,
        outcome=outcome,
        state=state,
        **kwargs,
    )
    return room, state
