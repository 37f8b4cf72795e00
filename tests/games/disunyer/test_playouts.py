"""Seeded random playouts checking the invariants after every action."""

import json
import random

import pytest

from games import core
from games.disunyer.bots import RandomBot, RuleBot
from games.disunyer.rules import ENGINE

from .helpers import FULL_DECK, all_cards, cards_in

NO_CARD_EVENTS = {"deal", "reshuffle", "call", "no_call", "keep", "pass", "out", "win", "no_winner"}


class Oracle:
    """What each viewer may know, tracked independently of the engine's bookkeeping:
    a seat may know where a card is only if it has held that card this round or
    the card was shown in a public event this round."""

    def __init__(self, state):
        self.n = state["players"]
        self.public_ever = cards_in(state["log"])
        self.round = None
        self._new_round(state, state["log"])
        self._hold(state)

    def _new_round(self, state, events):
        self.round = state["round"]
        self.held = [set() for _ in range(self.n)]
        last_deal = max(i for i, e in enumerate(events) if e["type"] == "deal")
        self.public_round = cards_in(events[last_deal:])

    def update(self, state, events):
        self.public_ever |= cards_in(events)
        if state["round"] != self.round:
            self._new_round(state, events)
        else:
            self.public_round |= cards_in(events)
        self._hold(state)

    def _hold(self, state):
        for s, h in enumerate(state["hands"]):
            if h:
                self.held[s].add(h)


def check_events(before, seat, action, events):
    """Events are public: only cards the rules show appear in them."""
    json.dumps(events)
    assert events, "every action produces at least one event"
    first_deal = next((i for i, e in enumerate(events) if e["type"] == "deal"), len(events))
    same_round = events[:first_deal]
    for ev in events:
        if ev["type"] in NO_CARD_EVENTS:
            assert not cards_in(ev), ev
    if before["phase"] == "disunyer":
        shown = cards_in(same_round)
        aces = {e["ace"] for e in same_round if e["type"] == "guess"}
        assert shown <= aces
        for c in aces:
            assert c[0] == "A"
        for e in same_round:
            if e["type"] == "guess":
                assert (
                    e["holder"] == before["holder"]
                    and e["ace"] == before["hands"][before["holder"]]
                )
    else:
        seq = before["round_order"]
        if action["type"] == "pass" and before["position"] == len(seq) - 1:
            let_go = before["hands"][seat]
            assert let_go not in cards_in(same_round)
            draw = [e for e in same_round if e["type"] == "draw"]
            reveal = [e for e in same_round if e["type"] == "reveal"]
            assert draw and reveal and reveal[0]["cards"][seat] == draw[0]["card"]
        for e in same_round:
            if e["type"] == "reveal":
                assert [i for i, c in enumerate(e["cards"]) if c] == sorted(seq)


def check_state(st, oracle):
    assert all_cards(st) == FULL_DECK
    assert json.loads(json.dumps(st)) == st
    n = st["players"]
    _check_hands_and_standing(st, n)
    to_act = ENGINE.to_act(st)
    for viewer in [None, *range(n)]:
        _check_view(st, viewer, to_act, oracle)
    if st["phase"] == "over":
        assert to_act == []
        _check_outcome(st, n)
    else:
        _check_awaited(st, to_act, n)


def _check_hands_and_standing(st, n):
    """No Ace in a hand while the turns go round, stuck seats hold Kings, and at least
    two seats stand (within n - 1 rounds) until the game is over."""
    if st["phase"] == "turns":
        assert not any(h and h[0] == "A" for h in st["hands"])
        for s in st["stuck"]:
            assert st["hands"][s][0] == "K"
    standing = [s for s in range(n) if not st["out"][s]]
    if st["phase"] != "over":
        assert len(standing) >= 2
        assert st["round"] <= n - 1


def _check_view(st, viewer, to_act, oracle):
    """``viewer``'s view (None: a spectator's) shows its own card, the cards it may know
    and no other, and its legal actions only when it is awaited."""
    view = ENGINE.view(st, viewer)
    json.dumps(view)
    assert view["game"] == "disunyer" and view["seat"] == viewer and view["players"] == st["players"]
    assert view["to_act"] == to_act
    if viewer is not None and viewer in to_act:
        assert view["legal"] == ENGINE.legal_actions(st, viewer) and view["legal"]
    else:
        assert view["legal"] == []
    assert view["hand"] == (st["hands"][viewer] if viewer is not None else None)
    for p, c in enumerate(view["cards"]):
        if c is None:
            continue
        assert c == st["hands"][p]
        if p != viewer:
            allowed = oracle.public_round | (oracle.held[viewer] if viewer is not None else set())
            assert c in allowed, (viewer, p, c)
    rest = {k: val for k, val in view.items() if k not in ("cards", "hand")}
    assert cards_in(rest) <= oracle.public_ever, (viewer, cards_in(rest) - oracle.public_ever)
    for s in st["stuck"]:
        assert view["cards"][s] == st["hands"][s]


def _check_outcome(st, n):
    out = ENGINE.outcome(st)
    assert out["rounds"] == st["round"]
    assert len(out["places"]) == n and all(1 <= p <= n for p in out["places"])
    if out["no_winner"]:
        assert out["winners"] == [] and 1 in out["places"]
    else:
        assert len(out["winners"]) == 1 and out["places"][out["winners"][0]] == 1
        assert out["places"].count(1) == 1


def _check_awaited(st, to_act, n):
    """One standing seat is awaited, with legal actions; its timeout default is accepted."""
    assert len(to_act) == 1
    seat = to_act[0]
    assert not st["out"][seat]
    assert ENGINE.legal_actions(st, seat)
    for other in range(n):
        if other != seat:
            assert ENGINE.legal_actions(st, other) == []
    default = ENGINE.default_action(st, seat)
    ENGINE.apply(st, seat, default)  # the timeout default is always accepted


def playout(n, mode, seed, bots=None, deck=None, default_rate=0.1):
    rng = random.Random(f"{seed}-{n}-{mode}")
    st = ENGINE.start(n, {"mode": mode}, seed=seed, deck=deck)
    oracle = Oracle(st)
    played = []
    for _ in range(400):
        check_state(st, oracle)
        if st["phase"] == "over":
            break
        seat = ENGINE.to_act(st)[0]
        if rng.random() < default_rate:
            action = ENGINE.default_action(st, seat)
        elif bots:
            view = ENGINE.view(st, seat)
            action = bots[seat].choose(view, rng)
            assert action in view["legal"]
        else:
            action = rng.choice(ENGINE.legal_actions(st, seat))
        before = json.dumps(st, sort_keys=True)
        new, events = ENGINE.apply(st, seat, action)
        assert json.dumps(st, sort_keys=True) == before, "apply mutated its input"
        check_events(st, seat, action, events)
        played.append((seat, action))
        oracle.update(new, events)
        st = new
    else:
        raise AssertionError("the game did not end")
    # Replay from seed (and deck) + actions gives the identical final state.
    again = ENGINE.start(n, {"mode": mode}, seed=seed, deck=deck)
    for seat, action in played:
        again, _ = ENGINE.apply(again, seat, action)
    assert again == st
    return st


@pytest.mark.parametrize("mode", ["standard", "stuck-king"])
@pytest.mark.parametrize("n", range(2, 9))
def test_random_playouts(n, mode):
    """Seeded random games (random moves and timeout defaults) keep every
    invariant after every action: cards conserved, no mutation, nothing hidden in
    any view or event, a legal action for the seat to act, default accepted,
    replay exact, JSON round trip, and the game ends within n - 1 rounds."""
    for i in range(60):
        playout(n, mode, f"rp{i}")


@pytest.mark.parametrize("mode", ["standard", "stuck-king"])
def test_playouts_with_short_stacked_decks_reshuffle_often(mode):
    """Short stacked decks force reshuffles mid-deal and for the last draw."""
    for i in range(70):
        n = 2 + i % 7
        deck = core.shuffled(core.spanish_deck(), f"short{i}", 99)[: 1 + i % 5]
        playout(n, mode, f"short{i}", deck=deck)


@pytest.mark.parametrize("mode", ["standard", "stuck-king"])
def test_bot_playouts(mode):
    """Games between RuleBots and RandomBots, seeing only their views, always pick
    legal actions and keep every invariant."""
    for i in range(20):
        n = 2 + i % 7
        bots = [RuleBot() if (s + i) % 2 else RandomBot() for s in range(n)]
        playout(n, mode, f"bots{i}", bots=bots, default_rate=0.03)


def test_many_fast_playouts_end_and_conserve_cards():
    """A thousand quick 8- and 5-player games end with consistent outcomes and 40
    cards, checking to_act/legal after each action."""
    for i in range(1000):
        n = 8 if i % 2 else 5
        mode = "stuck-king" if i % 3 == 0 else "standard"
        rng = random.Random(i)
        st = ENGINE.start(n, {"mode": mode}, seed=f"fast{i}")
        steps = 0
        while st["phase"] != "over":
            seat = ENGINE.to_act(st)[0]
            legal = ENGINE.legal_actions(st, seat)
            assert legal
            st, _ = ENGINE.apply(st, seat, rng.choice(legal))
            steps += 1
            assert steps < 200
        assert all_cards(st) == FULL_DECK
        out = ENGINE.outcome(st)
        assert min(out["places"]) == 1 and st["round"] <= n - 1
