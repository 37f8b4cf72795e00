"""The bots of every game: the search bot ("strong"), the rule bot and the random bot.

No database. Positions come from seeded random playouts of every game and option.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import pytest

from games import core, registry
from games.courtpiece import bots as cp_bots
from games.dayous import bots as dayous_bots
from games.disunyer import bots as disunyer_bots

MODULES = {"disunyer": disunyer_bots, "dayous": dayous_bots, "courtpiece": cp_bots}

TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("disunyer", 2, {"mode": "standard"}),
    ("disunyer", 5, {"mode": "stuck-king"}),
    ("disunyer", 8, {"mode": "standard"}),
    ("disunyer", 8, {"mode": "stuck-king"}),
    ("dayous", 4, {"decks": 1}),
    ("dayous", 3, {"decks": 2}),
    ("dayous", 6, {"decks": 3}),
    ("courtpiece", 4, {"game": "ace-rule"}),
    ("courtpiece", 4, {"game": "double-sar", "pile": "5-3-3"}),
    ("courtpiece", 4, {"game": "hidden", "ace_cannot_win_pile": True}),
    ("courtpiece", 4, {"game": "rung-kaat", "four_point_rank": "A", "six_point": True}),
]
IDS = [f"{game}-{players}-{'-'.join(str(v) for v in opts.values())}" for game, players, opts in TABLES]


def positions(game, players, options, seed, every=7, limit=12, max_steps=1500):
    """(state, seat, view, memory) at decisions of a seeded random game; the memory
    has read every view that seat was shown, as a bot's would have."""
    engine = registry.engine(game)
    module = MODULES[game]
    rng = random.Random(seed)
    state = engine.start(players, options, seed=f"real-{seed}")
    memories = [module.Memory() for _ in range(players)]
    found = []
    step = 0
    while (to_act := engine.to_act(state)) and step < max_steps and len(found) < limit:
        seat = to_act[0]
        view = engine.view(state, seat)
        memories[seat].update(view)
        if step % every == 0 and len(view["legal"]) > 1:
            found.append((state, seat, view, copy.deepcopy(memories[seat])))
        state, _ = engine.apply(state, seat, rng.choice(view["legal"]))
        step += 1
    return found


def strong(game, iterations=4):
    return registry.bots(game)["strong"](budget=None, iterations=iterations)


@pytest.mark.parametrize("game,players,options", TABLES, ids=IDS)
def test_every_bot_chooses_a_legal_action(game, players, options):
    """Random, rule and strong bots answer every sampled position with one of view["legal"]."""
    kinds = registry.bots(game)
    assert {"random", "rule", "strong"} <= set(kinds)
    for _state, _seat, view, _ in positions(game, players, options, seed=1, limit=6):
        for kind in ("random", "rule"):
            assert kinds[kind]().choose(view, random.Random(2)) in view["legal"]
        assert strong(game, iterations=3).choose(view, random.Random(3)) in view["legal"]


@pytest.mark.parametrize("game,players,options", TABLES, ids=IDS)
def test_determinize_is_consistent_with_the_view(game, players, options):
    """A sampled world shows the seat exactly its view, holds every card once (per deck),
    carries a fresh seed, and every legal action of the view is legal in it."""
    engine = registry.engine(game)
    module = MODULES[game]
    for state, seat, view, memory in positions(game, players, options, seed=5, every=3, limit=25):
        world = module.determinize(view, random.Random(9), memory)
        assert world["seed"] != state["seed"]
        assert state["seed"] not in json.dumps(world)
        assert engine.view(world, seat) == view
        assert json.loads(json.dumps(world)) == world
        assert Counter(all_cards(game, world)) == Counter(all_cards(game, state))
        for action in view["legal"]:
            engine.apply(world, seat, action)


def all_cards(game, state):
    if game == "disunyer":
        return state["deck"] + state["discard"] + [c for c in state["hands"] if c]
    if game == "dayous":
        table = [c for pair in state["table"] for c in pair if c is not None]
        return state["deck"] + state["discard"] + table + [c for h in state["hands"] for c in h]
    if state["phase"] == "call":
        return [c for h in state["hands"] for c in h]
    fd = [state["face_down"]] if state["face_down"] and not state["power"] else []
    return state["gone"] + state["trick"] + fd + [c for h in state["hands"] for c in h]


@pytest.mark.parametrize("game,players,options", [TABLES[2], TABLES[4], TABLES[9]], ids=[IDS[2], IDS[4], IDS[9]])
def test_determinize_hidden_cards_vary_with_the_rng(game, players, options):
    """Other seats' hidden cards are sampled: different rngs give different worlds,
    the same rng gives the same world."""
    module = MODULES[game]
    state, seat, view, memory = positions(game, players, options, seed=3, every=1, limit=3)[1]
    worlds = [module.determinize(view, random.Random(k), memory) for k in range(8)]
    hands = {json.dumps([h for s, h in enumerate(w["hands"]) if s != seat]) for w in worlds}
    assert len(hands) > 1
    again = module.determinize(view, random.Random(3), memory)
    assert again == worlds[3]


def test_courtpiece_determinize_respects_shown_voids():
    """A player who has shown void in a suit is never dealt a card of it."""
    checked = 0
    for options in ({"game": "double-sar"}, {"game": "hidden"}, {"game": "rung-kaat"}):
        for _state, seat, view, memory in positions("courtpiece", 4, options, seed=11, every=2, limit=40):
            for k in range(3):
                world = cp_bots.determinize(view, random.Random(k), memory)
                for other in range(4):
                    if other == seat:
                        continue
                    for suit in memory.voids[other]:
                        checked += 1
                        assert all(c[1] != suit for c in world["hands"][other])
    assert checked > 0


def test_disunyer_determinize_keeps_aces_and_stuck_kings_out_of_hidden_turn_cards():
    """In the turn phase nobody hides an Ace (a dealt Ace means a Disunyer round) nor,
    in Stuck King mode, a King (dealt Kings are face up)."""
    for _state, _seat, view, memory in positions("disunyer", 8, {"mode": "stuck-king"}, seed=4, every=1, limit=40):
        if view["phase"] != "turns":
            continue
        for k in range(3):
            world = disunyer_bots.determinize(view, random.Random(k), memory)
            for s, card in enumerate(world["hands"]):
                if card and view["cards"][s] is None:
                    assert card[0] not in "AK"


@pytest.mark.parametrize("game,players,options", [TABLES[3], TABLES[5], TABLES[8]], ids=[IDS[3], IDS[5], IDS[8]])
def test_same_view_and_seed_give_the_same_decision(game, players, options):
    """With a fixed number of iterations the strong bot is deterministic given view and rng."""
    for _, _, view, _ in positions(game, players, options, seed=8, limit=4):
        first, second = strong(game, 12), strong(game, 12)
        assert first.choose(view, random.Random(42)) == second.choose(view, random.Random(42))
        assert first.last_stats["visits"] == second.last_stats["visits"]


@pytest.mark.parametrize("game,players,options", [TABLES[2], TABLES[4], TABLES[7]], ids=[IDS[2], IDS[4], IDS[7]])
def test_time_budget_is_respected(game, players, options):
    """A 0.05 s budget stops the search in time (one rollout of slack) and still searches."""
    import time

    for _, _, view, _ in positions(game, players, options, seed=6, limit=3):
        bot = registry.bots(game)["strong"](budget=0.05)
        started = time.perf_counter()
        action = bot.choose(view, random.Random(1))
        elapsed = time.perf_counter() - started
        assert action in view["legal"]
        assert bot.last_stats["iterations"] >= 1
        assert elapsed < 0.05 + 0.25


def test_search_stops_when_its_clock_says_the_budget_is_spent():
    """The budget is read from the bot's clock: a clock ticking 0.1 s per reading allows
    only a handful of iterations within 0.5 s."""
    ticks = iter(i * 0.1 for i in range(10_000))
    _, _, view, _ = positions("courtpiece", 4, {"game": "ace-rule"}, seed=2, limit=1)[0]
    bot = cp_bots.StrongBot(budget=0.5)
    bot.clock = lambda: next(ticks)
    bot.choose(view, random.Random(0))
    assert 1 <= bot.last_stats["iterations"] <= 5


@pytest.mark.parametrize("game,players,options", [TABLES[2], TABLES[4], TABLES[9]], ids=[IDS[2], IDS[4], IDS[9]])
def test_strong_bot_never_sees_the_state(game, players, options, monkeypatch):
    """The bot gets a JSON copy of the view; every state its search plays through is
    one of its own sampled worlds, never the real state (which holds the real seed)."""
    engine = registry.engine(game)
    seen_seeds = []
    real_apply = type(engine).apply

    def spy(self, state, seat, action):
        seen_seeds.append(state.get("seed"))
        return real_apply(self, state, seat, action)

    monkeypatch.setattr(type(engine), "apply", spy)
    for state, _seat, view, _ in positions(game, players, options, seed=7, limit=3):
        seen_seeds.clear()
        private = json.loads(json.dumps(view))
        assert "seed" not in private and state["seed"] not in json.dumps(private)
        strong(game, 6).choose(private, random.Random(5))
        assert seen_seeds and state["seed"] not in seen_seeds


def test_rule_bots_remember_what_their_views_showed():
    """Memories read the public log: Disunyer shown Aces, Dayous cards gone to the
    discard pile, Court Piece suits shown void."""
    engine = registry.engine("disunyer")
    state = engine.start(3, {"mode": "standard"}, seed="s", deck=["Ao", "2c", "3s", "5b", "6b", "7b"])
    state, _ = engine.apply(state, 0, {"type": "pick", "rival": 1})
    state, _ = engine.apply(state, 1, {"type": "guess", "suit": "c"})  # wrong: Bea is out
    view = engine.view(state, 0)  # the next round: Ann keeps or passes
    bot = disunyer_bots.RuleBot()
    assert bot.choose(view, random.Random(0)) in view["legal"]
    assert "Ao" in bot.memory.aces

    found = False
    for _, _seat, view, memory in positions("dayous", 4, {"decks": 1}, seed=2, every=1, limit=200):
        if view["discard"]:
            assert len(memory.discard) <= view["discard"]
            found = found or bool(memory.discard)
    assert found
    voids = 0
    for _, _, _, memory in positions("courtpiece", 4, {"game": "ace-rule"}, seed=2, every=1, limit=60):
        voids += sum(len(v) for v in memory.voids)
    assert voids > 0


def test_place_points_score_and_rotations():
    """Tournament helpers: seats rotate so each kind sits everywhere; scores follow the issue."""
    from games.simulate import rotations, seat_scores

    assert rotations(["strong", "rule"], 4) == [
        ["strong", "rule", "strong", "rule"],
        ["rule", "strong", "rule", "strong"],
    ]
    assert len(rotations(["a", "b", "c"], 3)) == 3
    assert seat_scores("disunyer", {"places": [1, 3, 2], "winners": [0]}, 3) == [3.0, 1.0, 2.0]
    assert seat_scores("dayous", {"places": [1, 2, 3], "winners": [0], "dayous": 2}, 3) == [1.0, 1.0, 0.0]
    assert seat_scores("courtpiece", {"team_points": [10, 4]}, 4) == [10.0, 4.0, 10.0, 4.0]
    assert core.place_points(1, 8) == 8
