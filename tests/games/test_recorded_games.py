"""Games recorded on the engines as they were replay to exactly the same states.

``fixtures/recorded_games.json`` (written by ``tests/games/record_games.py``) holds
games of every game and table: how each was started, its moves, a hash of the state at
the deal and after every move, and its last state. Each is started again from its seed
and given its moves through today's engine, as ``rooms/replays/replay.py`` replays a stored
game: every state must hash the same, and the last must be the recorded one.

The games were recorded before the states' keys were full words: each state replayed
today hashes the same once migration 0010 has given it its old keys back
(``old_shape``), and the recorded last state, given the new keys (``new_shape``, as the
migration rewrites the stored games), is today's.
"""

import importlib
import json

import pytest

from games import registry
from games.core import IllegalAction
from tests.games.record_games import FIXTURE, FORMAT, TABLES, canonical, state_hash

RECORDING = json.loads(FIXTURE.read_text())
STATE_KEYS = importlib.import_module("rooms.migrations.0010_full_word_state_keys")
OLD_KEYS = RECORDING["format"] == 1


def as_recorded(game: str, state: dict) -> dict:
    """A state of today's engine, in the keys of the recording."""
    return STATE_KEYS.old_shape(game, state) if OLD_KEYS else state


def as_today(game: str, state: dict) -> dict:
    """A recorded state, in today's keys."""
    return STATE_KEYS.new_shape(game, state) if OLD_KEYS else state


def _replayed_hashes(recorded: dict) -> tuple[list[str], dict]:
    """The hash of every state the recorded game passes through today, and its last state."""
    engine = registry.engine(recorded["game"])
    state = engine.start(recorded["players"], recorded["options"], seed=recorded["seed"])
    game = recorded["game"]
    hashes = [state_hash(as_recorded(game, state))]
    for number, (seat, action) in enumerate(recorded["moves"], start=1):
        try:
            state, _ = engine.apply(state, seat, action)
        except IllegalAction as refused:
            pytest.fail(f"Move {number} ({seat}, {action}) is refused: {refused.reason}")
        hashes.append(state_hash(as_recorded(game, state)))
    return hashes, state


def _when(step: int, moves: list) -> str:
    return "at the deal" if step == 0 else f"after move {step} {moves[step - 1]}"


def _game_id(recorded: dict) -> str:
    return f"{recorded['game']}-{recorded['players']}-{recorded['seed']}"


@pytest.mark.parametrize("recorded", RECORDING["games"], ids=_game_id)
def test_a_recorded_game_replays_to_the_same_states(recorded):
    hashes, last = _replayed_hashes(recorded)

    differs = next((n for n, (now, then) in enumerate(zip(hashes, recorded["hashes"])) if now != then), None)
    assert differs is None, f"The state differs from the recorded one {_when(differs, recorded['moves'])}."
    assert len(hashes) == len(recorded["hashes"]) == len(recorded["moves"]) + 1
    assert json.loads(canonical(last)) == as_today(recorded["game"], recorded["final"])


def test_the_recording_holds_every_table_of_every_game():
    """Every game, seat count and option set a table can play differently with."""
    assert RECORDING["format"] in (1, FORMAT)
    recorded = {(game["game"], game["players"], canonical(game["options"])) for game in RECORDING["games"]}
    tables = {
        (game, players, canonical(registry.engine(game).validate_options(options, players)))
        for game, game_tables in TABLES.items()
        for players, options in game_tables
    }
    assert recorded == tables
    finished = {
        game["game"]
        for game in RECORDING["games"]
        if registry.engine(game["game"]).outcome(as_today(game["game"], game["final"]))
    }
    assert finished == set(registry.slugs())
