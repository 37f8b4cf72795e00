"""Every game of the registry, and High Card (tests/highcard.py), answers every hook the
site calls, in one seeded game played to its end: its definition's facts, its engine
and bots, its event sentences, its room rules, its leaderboard hooks, its stakes, its
table home's presenters and partials."""

import random

import pytest

from games import registry
from games.definition import GameDefinition
from games.words import Seat, Words
from rooms import rendering, tablehomes
from rooms.gamerules import rules_for
from rooms.speech import say
from rooms.store.presence import Presence
from tests.rooms.presenting import seat, snapshot

GAMES = [*registry.slugs(), "highcard"]


@pytest.fixture(params=GAMES)
def game(request, high_card) -> GameDefinition:
    return registry.definition(request.param)


def _players(game: GameDefinition) -> int:
    if game.table.fixed_seats:
        return game.table.fixed_seats
    return game.options.players.default if game.options.players else game.engine.min_players


def _rendered(game: GameDefinition, options: dict, state: dict, players: int) -> None:
    """The table pushed to each seat and to a spectator renders from the table home."""
    seats = [seat(0, "Ann"), *(seat(index, f"Bot {index + 1}", "normal") for index in range(1, players))]
    table = snapshot(game.slug, seats, options, state=state)
    for viewer in (*range(players), None):
        fragments = rendering.render_table(table, Presence(frozenset({0}), 1), viewer)
        assert 'id="table-public"' in str(fragments)


def seats_named(said: object) -> set[int]:
    """The seats a sentence names, in its words and the words within them."""
    if isinstance(said, Seat):
        return {said.index}
    if isinstance(said, Words):
        return set().union(*(seats_named(value) for _, value in said.values))
    return set()


def test_its_definition_is_whole(game):
    """A bot at every level, options the engine accepts as they are, room rules built
    from its table, a table home registered under its slug."""
    assert set(game.bots) == {"easy", "normal", "strong"}
    players = _players(game)
    assert game.engine.min_players <= players <= game.engine.max_players
    options = game.options.defaults()
    assert game.engine.validate_options(options, players) == options
    assert rules_for(game.slug).engine is game.engine
    assert tablehomes.table_home(game.slug).slug == game.slug
    assert game.leaderboard.mode_of(options) in {"", *(mode.slug for mode in game.leaderboard.modes)}


def test_a_whole_game_answers_every_hook(game):
    """Each level's bot chooses a legal move from its own view; the rest is played by
    the easy bot to the end, and what a timeout plays is accepted at every turn. Every
    public event has words (or none) naming seats of the table, which say puts in a
    sentence; the table renders for
    everyone at the start and at the end; the outcome places every seat and counts only
    declared counters; every card is accounted for; stakes settle rounds among seats."""
    engine, players, options = game.engine, _players(game), game.options.defaults()
    rng = random.Random(f"every-game-{game.slug}")
    state = engine.start(players, options, seed=f"every-game-{game.slug}")
    _rendered(game, options, state, players)
    first = engine.to_act(state)[0]
    for level, bot in game.bots.items():
        assert bot().choose(engine.view(state, first), rng) in engine.legal_actions(state, first), level
    decisions, events = 0, []
    while engine.outcome(state) is None:
        seat_to_act = engine.to_act(state)[0]
        engine.apply(state, seat_to_act, engine.default_action(state, seat_to_act), timeout=True)  # accepted
        action = game.bots["easy"]().choose(engine.view(state, seat_to_act), rng)
        state, new_events = engine.apply(state, seat_to_act, action)
        events += new_events
        decisions += 1
        assert decisions <= game.self_play.max_decisions
    names = {index: f"Player {index + 1}" for index in range(players)}
    for event in events:
        sentence = game.event_text(event)
        if sentence is None:
            continue
        assert isinstance(sentence, Words) and str(sentence)
        assert seats_named(sentence) <= set(range(players))
        assert "%(" not in say(sentence, names)
    _rendered(game, options, state, players)

    outcome = engine.outcome(state)
    assert sorted(outcome["places"])[0] == 1 and len(outcome["places"]) == players
    assert set(outcome["winners"]) <= set(range(players))
    declared = {counter.key for counter in game.leaderboard.counters}
    declared |= {step.key for step in game.leaderboard.ladder.steps} if game.leaderboard.ladder else set()
    for place, won in ((place, place == 1) for place in outcome["places"]):
        assert set(game.leaderboard.place_counters(place, won, players)) <= declared
    for counted in outcome.get("counters", [{}] * players):
        assert set(counted) <= declared
    assert len(game.self_play.scores(outcome, players)) == players
    every_card = engine.every_card(state)
    assert len(every_card.hands) == len(every_card.face_down) == players
    if game.stakes:
        for coins in game.stakes.round_coins(events, players, options["bet"]):
            assert set(coins.winners) | set(coins.losers) <= set(range(players)) and coins.amount > 0
        assert game.stakes.rounds_over(state) >= 1
