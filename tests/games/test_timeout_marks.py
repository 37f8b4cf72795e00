"""The engine contract's ``timeout``: a move made because the seat's clock ran out is
the same move, with its own event (the move's first) marked, in the log too."""

import random

import pytest

from games import core, registry

TABLES = {"disunyer": (5, {}), "dayous": (4, {"decks": 1}), "courtpiece": (4, {"game": "hidden"})}


def _marked(log: list[dict]) -> list[dict]:
    return [event for event in log if event.get(core.TIMEOUT)]


def _unmarked(state: dict) -> dict:
    return {**state, "log": [{k: v for k, v in event.items() if k != core.TIMEOUT} for event in state["log"]]}


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_timeouts_move_is_the_move_with_its_own_event_marked(game):
    """Through whole games of random legal moves, at every decision the timeout's default
    for an awaited seat is also played as a timeout, off the game's line: the same state
    but for the mark, the same events with the first (the mover's own) marked, and the
    log and every view's log marking that event, where the log keeps it."""
    engine = registry.engine(game)
    players, options = TABLES[game]
    rng = random.Random(game)
    checked = 0
    for game_number in range(5):
        state = engine.start(players, engine.validate_options(options, players), seed=f"marks-{game_number}")
        while engine.outcome(state) is None:
            seat = rng.choice(engine.to_act(state))
            default = engine.default_action(state, seat)
            plain, events = engine.apply(state, seat, default)
            marked, marked_events = engine.apply(state, seat, default, timeout=True)
            assert events[0]["seat"] == seat
            assert marked_events == [core.timed_out(events[0]), *events[1:]]
            assert _unmarked(marked) == plain and _marked(plain["log"]) == []
            assert _marked(marked["log"]) == ([core.timed_out(events[0])] if events[0] in plain["log"] else [])
            for viewer in (None, *range(players)):
                assert _marked(engine.view(marked, viewer)["log"]) == _marked(marked["log"])
            checked += 1
            state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    assert checked > 25
