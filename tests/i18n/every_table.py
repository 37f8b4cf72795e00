"""Every table a game shows, as the i18n tests render it: waiting, then a seeded game
played by easy bots at its start, its middle and its end, a person in the first seat
and bots in the others."""

import random

from games import registry
from rooms.store.snapshots import Snapshot
from tests.rooms.presenting import seat, snapshot

SEAT_NAMES = ["Ann", "Bea", "Carl", "Dora", "Eve", "Finn", "Gus", "Hal"]


def players(game) -> int:
    if game.table.fixed_seats:
        return game.table.fixed_seats
    return game.options.players.default if game.options.players else game.engine.min_players


def tables(slug: str, first_name: str = SEAT_NAMES[0]) -> list[Snapshot]:
    game = registry.definition(slug)
    count = players(game)
    seats = [seat(0, first_name), *(seat(i, SEAT_NAMES[i], "normal") for i in range(1, count))]
    options = game.options.defaults()
    shown = [snapshot(slug, seats, options, status="waiting")]
    for state in _states(game, count):
        status = "finished" if game.engine.outcome(state) is not None else "playing"
        shown.append(snapshot(slug, seats, options, status=status, state=state))
    return shown


def _states(game, count: int) -> list[dict]:
    engine, options = game.engine, game.options.defaults()
    rng = random.Random(f"pseudo-{game.slug}")
    state = engine.start(count, options, seed=f"pseudo-{game.slug}")
    states = [state]
    while engine.outcome(state) is None:
        seat_to_act = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat_to_act, game.bots["easy"]().choose(engine.view(state, seat_to_act), rng))
        states.append(state)
    return [states[0], states[len(states) // 2], states[-1]]
