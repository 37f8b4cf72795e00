"""Every engine answers the contract (games/core.py ``Engine``) alike: a seat outside the
table sees what a spectator sees, a seed that is not a string is refused, every card of
a finished game is one of its deck's, and the outcome counts only the game's own counters."""

import json
from collections import Counter

import pytest

from games import registry
from games.core import CardDeck, InvalidOptions, french_deck, spanish_deck
from tests.games.test_recorded_games import RECORDING, as_today

FINISHED = [
    {**game, "final": final}
    for game in RECORDING["games"]
    if registry.engine(game["game"]).outcome(final := as_today(game["game"], game["final"]))
]
FULL_DECKS = {CardDeck.SPANISH: spanish_deck(), CardDeck.FRENCH: french_deck()}


def _id(recorded: dict) -> str:
    return f"{recorded['game']}-{recorded['players']}-{recorded['seed']}"


@pytest.mark.parametrize("game", registry.GAMES, ids=lambda game: game.slug)
def test_a_seat_outside_the_table_sees_what_a_spectator_sees(game):
    engine = game.engine
    state = engine.start(engine.min_players, {}, seed="outside")
    spectator = json.dumps(engine.view(state, None), sort_keys=True)
    for seat in (-1, engine.max_players, "0", True):
        assert json.dumps(engine.view(state, seat), sort_keys=True) == spectator


@pytest.mark.parametrize("game", registry.GAMES, ids=lambda game: game.slug)
@pytest.mark.parametrize("seed", [7, 1.5, ["a"], b"seed"])
def test_a_seed_that_is_no_string_is_refused(game, seed):
    with pytest.raises(InvalidOptions, match="The seed must be a string."):
        game.engine.start(game.engine.min_players, {}, seed=seed)


@pytest.mark.parametrize("recorded", FINISHED, ids=_id)
def test_every_card_of_a_finished_game_is_a_card_of_its_deck(recorded):
    """Hands, cards set face down, deck and discard: per seat, and cards of the game's
    kind of deck, each as often as the others when the game keeps them all (Court Piece
    keeps only the cards still held)."""
    engine = registry.engine(recorded["game"])
    cards = engine.every_card(recorded["final"])
    found = Counter(card for hand in cards.hands for card in hand)
    found.update(card for card in cards.face_down if card)
    found.update(cards.deck + cards.discard)
    assert len(cards.hands) == len(cards.face_down) == recorded["players"]
    assert set(found) <= set(FULL_DECKS[engine.card_deck]) | {"XR", "XB"}
    if cards.deck or cards.discard:
        assert len(set(found.values())) == 1


@pytest.mark.parametrize("recorded", FINISHED, ids=_id)
def test_the_outcome_counts_the_games_own_counters_for_every_seat(recorded):
    definition = registry.definition(recorded["game"])
    counters = definition.engine.outcome(recorded["final"]).get("counters")
    keys = set(definition.outcome_counters)
    if counters is None:  # it counts nothing beyond places
        assert not keys
        return
    assert len(counters) == recorded["players"]
    assert all(set(seat) <= keys and all(type(count) is int for count in seat.values()) for seat in counters)
