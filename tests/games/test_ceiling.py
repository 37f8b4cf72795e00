"""The analysis players that see every card: tournament-only, and they do see."""

import random

from games import registry, simulate
from games.disunyer.rules import ENGINE
from rooms.gamerules import rules_for


def test_seeing_players_are_never_offered_at_a_table():
    for game, kinds in ((each.slug, each.self_play.seeing) for each in registry.GAMES):
        offered = set(rules_for(game).bots.values()) | set(registry.bots(game).values())
        assert not offered & set(kinds.values())
        assert set(kinds) <= set(registry.tournament_bots(game))


def test_a_seeing_player_always_names_the_suit_of_the_ace():
    """Challenged to guess, it knows the card: it is never wrong. The fair-guess kind is."""
    rights = {"seeing": [], "seeing-fair-guess": []}
    for kind in rights:
        for number in range(12):
            bots = [registry.tournament_bots("disunyer")[kind](iterations=12)] + [
                registry.bots("disunyer")["random"]() for _ in range(7)
            ]
            state = ENGINE.start(8, {}, seed=f"ceiling:{number}")
            rng = random.Random(number)
            while to_act := ENGINE.to_act(state):
                seat = to_act[0]
                view = ENGINE.view(state, seat)
                if seat == 0:
                    action = bots[0].choose_seeing(state, view, rng)
                else:
                    action = bots[seat].choose(view, rng)
                state, events = ENGINE.apply(state, seat, action)
                rights[kind] += [e["right"] for e in events if e["type"] == "guess" and e["seat"] == 0]
    assert rights["seeing"] and all(rights["seeing"])
    assert rights["seeing-fair-guess"] and not all(rights["seeing-fair-guess"])


def test_tournaments_hand_the_state_to_seeing_players_only():
    summary = simulate.simulate("disunyer", 4, 3, 8, {}, ["seeing", "random"], iterations=10)
    assert summary["kinds"]["seeing"]["decisions"] > 0
    assert summary["deals"] == 2 and summary["unfinished"] == 0
