"""Seeded random playouts over every valid table, checking invariants after every action."""

import json
import random
import re
from collections import Counter

import pytest

from games import registry
from games.dayous import bouts
from games.dayous.bots import RandomBot, RuleBot
from games.dayous.options import max_players_for
from games.dayous.rules import ENGINE
from games.dayous.text import event_text

from .helpers import all_cards, english, full_deck

BOTS = registry.bots("dayous")

CONFIGS = [(n, d) for d in (1, 2, 3) for n in range(2, 9) if n <= max_players_for(d)]
ACTION_CAP = 6000
PLAY_TYPES = ("attack", "throw", "transfer")


CARD_TOKEN = re.compile(r'"([2-9TJQKA][shdc]|X[RB])"')


def _card_tokens(obj):
    """Every card string anywhere inside ``obj`` (a JSON-able value)."""
    return CARD_TOKEN.findall(json.dumps(obj))


def _check_views(state, public):
    n = state["players"]
    waiting = ENGINE.to_act(state)
    for viewer in [None, *range(n)]:
        view = ENGINE.view(state, viewer)
        for key in ("game", "seat", "players", "phase", "to_act", "legal", "over", "outcome", "log"):
            assert key in view
        assert view["seat"] == viewer and view["to_act"] == waiting
        assert view["hand_counts"] == [len(h) for h in state["hands"]]
        assert view["deck"] == len(state["deck"])
        if viewer is None:
            assert view["hand"] is None and view["legal"] == []
        else:
            assert sorted(view["hand"]) == sorted(state["hands"][viewer])
            _check_legal(state, viewer, view["legal"], waiting)
        rest = dict(view)
        rest.pop("hand")
        own = set(state["hands"][viewer]) if viewer is not None else set()
        for action in rest.pop("legal"):
            held = action.get("cards") or ([action["card"]] if "card" in action else [])
            assert set(held) <= own, "legal action with a card not held"
        # The log is public and the same for everyone: scan it once, from the spectator.
        if viewer is None:
            log = rest["log"]
        else:
            assert rest.pop("log") == log
        leaked = [c for c in _card_tokens(rest) if c not in public]
        assert not leaked, f"view of {viewer} shows hidden cards {leaked}"


def _key(action):
    return (action["type"], tuple(action.get("cards", ())), action.get("card"), action.get("target"),
            action.get("clockwise"))


def _check_state(state, full, n, with_legal=True):
    assert all_cards(state) == full, "cards not conserved"
    assert json.loads(json.dumps(state)) == state
    phase = state["phase"]
    if phase == "bout":
        assert 1 <= len(state["table"]) <= state["limit"], "attack over the limit"
        assert state["limit"] <= len(state["hands"][state["defender"]]) + sum(
            1 for _, d in state["table"] if d is not None) + (0 if not state["taking"] else 99)
    if not state["trump_changed"]:
        assert len(state["deck"]) > state["faceup_below"]
    waiting = ENGINE.to_act(state)
    assert len(set(waiting)) == len(waiting)
    if phase == "over":
        assert waiting == []
        out = ENGINE.outcome(state)
        assert sorted(out) == ["counters", "dayous", "places", "winners"]
        assert len(out["places"]) == n and all(p >= 1 for p in out["places"])
        assert out["winners"] == [s for s in range(n) if out["places"][s] == 1]
        if out["dayous"] is not None:
            assert out["places"][out["dayous"]] == max(out["places"])
            assert sum(1 for h in state["hands"] if h) == 1
        assert sum(1 for h in state["hands"] if h) <= 1 or state["last"]
    else:
        assert waiting, "nobody to act in a running game"
        assert ENGINE.outcome(state) is None
    if with_legal:
        for seat in range(n):
            _check_legal(state, seat, ENGINE.legal_actions(state, seat), waiting)


def _check_legal(state, seat, legal, waiting):
    if seat in waiting:
        assert legal
        keys = [_key(a) for a in legal]
        assert len(set(keys)) == len(keys), "duplicate legal actions"
        assert ENGINE.default_action(state, seat) in legal
    else:
        assert legal == []


def _playout(n, decks, seed, full_checks):
    rng = random.Random(f"{n}/{decks}/{seed}")
    state = ENGINE.start(n, {"decks": decks}, seed=f"play-{n}-{decks}-{seed}")
    start = state
    full = Counter(full_deck(decks))
    public = set(_card_tokens(state["log"]))
    history = []
    for _ in range(ACTION_CAP):
        if state["phase"] == "over":
            break
        seat = rng.choice(ENGINE.to_act(state))
        action = rng.choice(ENGINE.legal_actions(state, seat))
        before = json.dumps(state) if full_checks else None
        new, events = ENGINE.apply(state, seat, action)
        history.append((seat, action))
        public |= _cards_made_public(events, new, n)
        if full_checks:
            assert json.dumps(state) == before, "apply mutated its input"
            _check_state(new, full, n, with_legal=False)
            _check_views(new, public)
        else:
            _check_cards_conserved(new, full)
        state = new
    else:
        pytest.fail(f"game {n}/{decks}/{seed} did not end within {ACTION_CAP} actions")
    _check_state(state, full, n)
    _check_replay(start, history, state, n, decks)
    return len(history)


def _cards_made_public(events, state, n) -> set:
    """The cards a move's events and the table after it show everybody; its events'
    texts name only seats of the table."""
    shown = set()
    for event in events:
        assert "type" in event
        said = event_text(event)
        assert (said is not None) == (event["type"] != "bout")
        text = english(said) if said is not None else ""
        assert not re.search(r"[Ss]eat \d", text)
        for token in re.findall(r"\{seat(\d+)\}", text):
            assert 0 <= int(token) < n
        if event["type"] in PLAY_TYPES:
            shown.update(event["cards"])
        elif event["type"] in ("beat", "joker"):
            shown.add(event["card"])
    faceup = bouts.faceup(state)
    if faceup:
        shown.add(faceup)
    shown.update(c for pair in state["table"] for c in pair if c)
    return shown


def _check_cards_conserved(state, full):
    """The cheap check: every card in a hand, the deck, the discard or on the table."""
    cards = [c for h in state["hands"] for c in h] + state["deck"] + state["discard"]
    cards += [c for pair in state["table"] for c in pair if c is not None]
    assert Counter(cards) == full, "cards not conserved"
    if state["phase"] == "bout":
        assert len(state["table"]) <= state["limit"]


def _check_replay(start, history, state, n, decks):
    """Replayed from the seed and the action list, the game ends in the identical state."""
    replay = ENGINE.start(n, {"decks": decks}, seed=start["seed"])
    assert replay == start
    for seat, action in history:
        replay, _ = ENGINE.apply(replay, seat, action)
    assert replay == state


# Full checks are dear (every viewer's view after every action): all one- and two-deck
# tables, and three decks at 2, 5 and 8 players; the cheaper sweep below covers all.
FULL_CONFIGS = [(n, d) for n, d in CONFIGS if d < 3 or n in (2, 5, 8)]


@pytest.mark.parametrize("n, decks", FULL_CONFIGS)
def test_random_playouts_with_full_invariants(n, decks):
    """After every action: cards conserved, the attack within the limit, the input not
    mutated, JSON round-trips, awaited seats have legal actions and a legal timeout
    default, no view shows a card its viewer may not know; the game ends and replays."""
    games = 3 if decks == 1 and n <= 4 else 1
    for seed in range(games):
        _playout(n, decks, seed, full_checks=True)


@pytest.mark.parametrize("n, decks", CONFIGS)
def test_many_random_playouts_end_and_conserve_cards(n, decks):
    """Hundreds of seeded random games across all tables end, conserve every card, keep
    attacks within the limit and replay exactly."""
    games = {1: 20, 2: 5, 3: 3}[decks]
    for seed in range(100, 100 + games):
        _playout(n, decks, seed, full_checks=False)


def _bot_game(n, decks, seed, bots):
    rng = random.Random(seed)
    state = ENGINE.start(n, {"decks": decks}, seed=f"bots-{seed}")
    for _ in range(ACTION_CAP):
        if state["phase"] == "over":
            return state
        seat = rng.choice(ENGINE.to_act(state))
        view = ENGINE.view(state, seat)
        action = bots[seat].choose(view, rng)
        assert action in view["legal"]
        state, _ = ENGINE.apply(state, seat, action)
    pytest.fail("bot game did not end")


@pytest.mark.parametrize("n, decks", [(2, 1), (4, 1), (6, 1), (3, 2), (5, 2), (8, 3)])
def test_bots_always_return_a_legal_action(n, decks):
    """RandomBot and RuleBot only ever return one of view["legal"], and games between
    them end."""
    for seed in range(4):
        bots = [BOTS["rule"]() if (seat + seed) % 2 else BOTS["random"]() for seat in range(n)]
        _bot_game(n, decks, seed, bots)
    _bot_game(n, decks, 99, [RuleBot() for _ in range(n)])


def test_rule_bot_beats_random_bots_more_often_than_not():
    """RuleBot is sensible: it is the dayous less often than a random player would be."""
    dayous = 0
    games = 24
    for seed in range(games):
        bots = [RuleBot()] + [RandomBot() for _ in range(3)]
        state = _bot_game(4, 1, 1000 + seed, bots)
        if ENGINE.outcome(state)["dayous"] == 0:
            dayous += 1
    assert dayous < games / 4
