"""Migration 0010 gives the stored game states the engines' full-word keys: the recorded
games (tests/games/fixtures, in the old keys), stored as matches before it, are after it
exactly the states today's engines replay them to, and the unfinished ones play on;
migrated back, they are stored as they were."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games import registry
from tests.games.test_recorded_games import RECORDING

BEFORE = [("rooms", "0009_unannounced_rooms")]
AFTER = [("rooms", "0010_full_word_state_keys")]


def _replayed(recorded: dict) -> dict:
    engine = registry.engine(recorded["game"])
    state = engine.start(recorded["players"], recorded["options"], seed=recorded["seed"])
    for seat, action in recorded["moves"]:
        state, _ = engine.apply(state, seat, action)
    return state


def _migrated_to(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps.get_model("rooms", "Match")


@pytest.mark.django_db(transaction=True)
def test_the_recorded_games_stored_before_the_migration_replay_after_it_and_back():
    assert RECORDING["format"] == 1  # recorded in the old keys
    games = RECORDING["games"]
    old_match = _migrated_to(BEFORE)
    room = old_match._meta.get_field("room").related_model
    for number, recorded in enumerate(games):
        stored = room.objects.create(code=f"K{number:04d}", game=recorded["game"], options=recorded["options"])
        old_match.objects.create(room=stored, state=recorded["final"], seed=recorded["seed"])

    match = _migrated_to(AFTER)
    states = dict(match.objects.values_list("room__code", "state"))
    unfinished = 0
    for number, recorded in enumerate(games):
        today = _replayed(recorded)
        state = states[f"K{number:04d}"]
        assert state == today, f"{recorded['game']} {recorded['seed']} differs once migrated"
        engine = registry.engine(recorded["game"])
        if engine.outcome(state) is None:
            unfinished += 1
            seat = engine.to_act(state)[0]
            engine.apply(state, seat, engine.legal_actions(state, seat)[0])
        assert engine.view(state, None)["players"] == recorded["players"]
    assert unfinished  # the part-way Court Piece tables

    match = _migrated_to(BEFORE)
    states = dict(match.objects.values_list("room__code", "state"))
    assert [states[f"K{number:04d}"] for number in range(len(games))] == [recorded["final"] for recorded in games]
    _migrated_to(MigrationExecutor(connection).loader.graph.leaf_nodes())
