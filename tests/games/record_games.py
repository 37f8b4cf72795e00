"""Records games of every game and every table into ``fixtures/recorded_games.json``.

A change to an engine must not change how a stored game replays: a game recorded
before the change, started again from its seed and given the same moves, has to pass
through exactly the same states after it (``test_recorded_games.py`` checks this).
The recording is made once, on the engines as they were; record again only when a
change of the rules is meant to change how games play::

    .venv/bin/python -m tests.games.record_games

Each game is played as the rooms play it (``rooms/replays/replay.py`` replays it the same
way): the engine's ``start(players, options, seed=...)``, then ``apply`` for one seat
awaited at a time, with the moves chosen by a seeded ``random.Random`` among the seat's
legal actions or, now and then, the timeout's ``default_action``. Every table is
covered: Disunyer's two modes at 2 to 8 seats, Dayous with one to three decks at every
seat count they deal, Court Piece's four games with both piles, both ace rules and
the 4- and 6-point wins (a whole table of each game with each pile, the other
combinations for their first rounds, as a table ended part-way). For each game the
fixture keeps the start arguments (players, options, seed), the ``(seat, action)``
moves, a hash of the state at the deal and after every move (``state_hash``), and the
last state in full.
"""

import hashlib
import itertools
import json
import random
from pathlib import Path
from typing import Any

from games import registry
from games.core import Action

FIXTURE = Path(__file__).parent / "fixtures" / "recorded_games.json"
FORMAT = 2  # 1: recorded before the states' keys were full words (rooms migration 0010)
SEED = 20261201  # the chooser's seed: the same recording every time
TIMEOUT = 0.1  # the share of moves played by the timeout's default action
HASH_DIGITS = 16  # of a state's sha256: a changed state matches by chance once in 2**64
# Games per table: Disunyer's and one-deck Dayous's games are short, the others long.
GAMES_PER_TABLE = {"disunyer": 3, "dayous": 1, "courtpiece": 1}
ONE_DECK_DAYOUS_GAMES = 2
# Court Piece plays a whole table (to 10 points) of each game with each pile; with the
# ace rule or the 4- and 6-point wins it is kept to its first moves, as a table staff
# ended part-way.
COURTPIECE_PART_GAME = 120  # moves: two rounds and more

TABLES: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "disunyer": [(players, {"mode": mode}) for mode in ("standard", "stuck-king") for players in range(2, 9)],
    "dayous": [
        (players, {"decks": decks, "clock": 30}) for decks in (1, 2, 3) for players in range(2, 8 if decks == 1 else 9)
    ],
    "courtpiece": [
        (4, {"game": game, "pile": pile, "ace_cannot_win_pile": ace, "four_point_rank": four, "six_point": six})
        for game, pile, ace, (four, six) in itertools.product(
            ("ace-rule", "double-sar", "hidden", "rung-kaat"), ("3-2-2", "5-3-3"), (False, True),
            ((None, False), ("A", False), ("K", True)),
        )
    ],
}


def canonical(value) -> str:
    """``value`` as JSON with sorted keys and no spaces: one text for one value."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def state_hash(state: dict) -> str:
    """The first ``HASH_DIGITS`` hex digits of the sha256 of the state's canonical JSON."""
    return hashlib.sha256(canonical(state).encode()).hexdigest()[:HASH_DIGITS]


def games_of(game: str, players: int, options: dict) -> int:
    if game == "dayous" and options["decks"] == 1:
        return ONE_DECK_DAYOUS_GAMES
    return GAMES_PER_TABLE[game]


def stop_after(game: str, options: dict) -> int | None:
    """How many moves a game of this table is recorded for (None: to its end)."""
    if game == "courtpiece" and (options["ace_cannot_win_pile"] or options["four_point_rank"] is not None):
        return COURTPIECE_PART_GAME
    return None


def play(game: str, players: int, options: dict, seed: str, rng: random.Random) -> dict:
    """One game played to its end (or for ``stop_after`` moves), as the fixture records it."""
    engine = registry.engine(game)
    options = engine.validate_options(options, players)
    state = engine.start(players, options, seed=seed)
    moves: list[list[int | Action]] = []
    hashes, most = [state_hash(state)], stop_after(game, options)
    while engine.outcome(state) is None and (most is None or len(moves) < most):
        seat = rng.choice(engine.to_act(state))
        if rng.random() < TIMEOUT:
            action = engine.default_action(state, seat)
        else:
            action = rng.choice(engine.legal_actions(state, seat))
        state, _ = engine.apply(state, seat, action)
        moves.append([seat, action])
        hashes.append(state_hash(state))
    return {"game": game, "players": players, "options": options, "seed": seed,
            "moves": moves, "hashes": hashes, "final": state}


def record() -> dict:
    rng = random.Random(SEED)
    games = [
        play(game, players, options, f"recorded-{game}-{number}", rng)
        for game, tables in TABLES.items()
        for number, (players, options) in enumerate(
            table for table in tables for _ in range(games_of(game, *table))
        )
    ]
    return {"format": FORMAT, "games": games}


def main() -> None:
    recording = record()
    FIXTURE.parent.mkdir(exist_ok=True)
    FIXTURE.write_text(canonical(recording) + "\n")
    moves = sum(len(game["moves"]) for game in recording["games"])
    print(f"{len(recording['games'])} games, {moves} moves: {FIXTURE} ({FIXTURE.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
