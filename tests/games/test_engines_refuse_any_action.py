"""Every engine answers any action a client can send — any JSON the WebSocket consumer
accepts (``rooms.live.incoming``: finite numbers, bounded depth), and near-misses of legal
moves — with a new state or ``IllegalAction``: never another exception, and the state
it was given is left as it was."""

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games import registry
from games.core import Action, Engine, IllegalAction, State

TABLES: list[tuple[Engine, int, dict[str, Any]]] = [
    (registry.engine("disunyer"), 8, {"mode": "standard"}),
    (registry.engine("dayous"), 4, {"decks": 1}),
    (registry.engine("courtpiece"), 4, {}),
]


def _positions(engine: Engine, players: int, options: dict[str, Any], seed: str, moves: int = 60) -> list[State]:
    """Every state of one random game (seeded), up to ``moves`` moves in."""
    rng = random.Random(seed)
    state = engine.start(players, options, seed=seed)
    states = [state]
    while len(states) < moves and engine.outcome(state) is None:
        seat = rng.choice(engine.to_act(state))
        state, _ = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        states.append(state)
    return states


POSITIONS = [
    (engine, state)
    for engine, players, options in TABLES
    for seed in ("any-action-1", "any-action-2")
    for state in _positions(engine, players, options, seed)
]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


def _legal(engine: Engine, state: State) -> list[Action]:
    return [action for seat in engine.to_act(state) for action in engine.legal_actions(state, seat)]


MOVE_TYPES = {
    engine: sorted({action["type"] for other, state in POSITIONS if other is engine for action in _legal(other, state)})
    for engine, _players, _options in TABLES
}
FIELDS = sorted({key for engine, state in POSITIONS for action in _legal(engine, state) for key in action} - {"type"})


@st.composite
def actions(draw, engine, state):
    """Any JSON; a legal move with fields replaced, dropped or added; or one of the
    game's move types with any fields."""
    legal = _legal(engine, state)
    shape = draw(st.sampled_from(["json", "near", "typed"] if legal else ["json", "typed"]))
    if shape == "json":
        return draw(json_values)
    fields = st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=3)
    if shape == "typed":
        return {"type": draw(st.sampled_from(MOVE_TYPES[engine])), **draw(fields)}
    action = dict(draw(st.sampled_from(legal)))
    for key in draw(st.lists(st.sampled_from(list(action)), max_size=2, unique=True)):
        action.pop(key)
    return {**action, **draw(fields)}


@settings(max_examples=2000, deadline=None)
@given(data=st.data())
def test_any_action_is_a_move_or_refused_and_leaves_the_state_alone(data):
    """In positions of real games, each seat to act (and any other seat number) sends the
    action: the engine applies it or raises IllegalAction, and the position is unchanged."""
    engine, state = data.draw(st.sampled_from(POSITIONS))
    action = data.draw(actions(engine, state))
    before = json.dumps(state, sort_keys=True)
    for seat in [*engine.to_act(state), data.draw(st.integers(-1, 8))]:
        try:
            engine.apply(state, seat, action)
        except IllegalAction:
            pass
        assert json.dumps(state, sort_keys=True) == before, "apply changed the state it was given"
