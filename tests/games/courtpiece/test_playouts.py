"""Court Piece: seeded random playouts of whole tables, checking invariants after every action."""

import json
import random
import re

import pytest

from games import core, registry
from games.courtpiece.bots import RandomBot, RuleBot
from games.courtpiece.cards import RANKS
from games.courtpiece.rules import ENGINE
from games.courtpiece.state import CourtPieceAction, CourtPieceState

from .helpers import text

DECK = set(core.french_deck())
CARD_RE = re.compile(r'"([2-9TJQKA][shdc])"')
GAMES = ("ace-rule", "double-sar", "hidden", "rung-kaat")


def cards_in(obj) -> set[str]:
    return set(CARD_RE.findall(json.dumps(obj)))


def random_options(rng: random.Random, game: str) -> dict:
    rank = rng.choice([None, None, rng.choice(RANKS)])
    return {
        "game": game,
        "pile": rng.choice(["3-2-2", "5-3-3"]),
        "ace_cannot_win_pile": rng.random() < 0.4,
        "four_point_rank": rank,
        "six_point": rank is not None and rng.random() < 0.5,
        "winning_points": 10,
        "bet": rng.randint(25, 1000),
        "clock": rng.randint(5, 30),
    }


def public_cards(s: CourtPieceState) -> set[str]:
    """Cards every viewer has seen face up this round."""
    pub = set(s["gone"]) | set(s["trick"])
    pub -= set(s["down"]) | {s["trick"][i] for i in s["trick_face_down"]}
    if s["face_down"] is not None and s["power"]:
        pub.add(s["face_down"])
    return pub


def last_round_cards(s: CourtPieceState) -> set[str]:
    """The last round's final trick, face up in its result at the start of this round's log."""
    return {c["card"] for e in s["log"] if e["type"] == "round_over" for c in e["last_trick"]["cards"]}


def known_to(s: CourtPieceState, seat: int | None) -> set[str]:
    known = public_cards(s) | last_round_cards(s)
    if seat is None:
        return known
    if s["phase"] == "call":
        if seat == s["caller"]:
            five = s["five"]
            assert five is not None, "the caller holds five cards while calling"
            known |= set(five)
    else:
        known |= set(s["hands"][seat])
    if s["face_down"] is not None and seat == s["caller"]:
        known.add(s["face_down"])
    return known


def check_cards(s: CourtPieceState) -> None:
    cards = [c for h in s["hands"] for c in h] + s["gone"] + s["trick"]
    if s["face_down"] is not None and not s["power"]:
        cards.append(s["face_down"])
    assert len(cards) == 52 and set(cards) == DECK, "cards not conserved"
    assert 0 <= s["tricks_played"] <= 13 and len(s["trick"]) < 4
    assert len(s["gone"]) == 4 * s["tricks_played"]
    assert s["pile"] + sum(s["won"]) == s["tricks_played"]


def check_views(s: CourtPieceState, round_trip: bool) -> None:
    to_act = ENGINE.to_act(s)
    for seat in (0, 1, 2, 3, None):
        v = ENGINE.view(s, seat)
        text = json.dumps(v)
        if round_trip:
            assert json.loads(text) == v
        leaked = set(CARD_RE.findall(text)) - known_to(s, seat)
        assert not leaked, f"seat {seat} sees {leaked}"
        assert v["legal"] == (ENGINE.legal_actions(s, seat) if seat in to_act else [])
        assert v["to_act"] == to_act and v["over"] == (s["phase"] == "over")
        if s["options"]["game"] == "hidden" and not s["power"] and seat != s["caller"]:
            assert v["trump"] in ("hidden", "none yet")
            assert not any(e["type"] == "call" and ("suit" in e or "card" in e) for e in v["log"])


def check_action(s: CourtPieceState, seat: int, action: CourtPieceAction) -> None:
    """Follow suit is never broken; a Hidden asker plays a trump if they can."""
    if action["type"] != "play" or not s["trick"]:
        return
    lead = s["trick"][0][1]
    hand = s["hands"][seat]
    if any(c[1] == lead for c in hand):
        assert action["card"][1] == lead, "follow suit broken"
    elif s["asked"] == seat and any(c[1] == s["trump"] for c in hand):
        assert action["card"][1] == s["trump"]


def check_events(
    old: CourtPieceState, new: CourtPieceState, seat: int, action: core.Action, events: list[core.Event]
) -> None:
    allowed = public_cards(old)
    for e in events:
        assert e["type"] and text(e)
        if e["type"] == "play":
            assert e["seat"] == seat
            if e.get("face_down"):
                assert e["card"] == "??" and seat == old["caller"] and not old["power"]
            else:
                assert e["card"] == action["card"]
                allowed.add(e["card"])
        elif e["type"] == "trump_shown":
            allowed.add(e["card"])
        elif e["type"] == "round_over":
            assert e["tricks"] <= 13 and sum(e["hands"]) <= 13
            team, caller = e["winning_team"], e["caller"]
            assert e["hands"][team] >= 7
            assert e["points"] in (1, 2, 3, 4, 6) and (e["points"] > 1) == e["all_hands"]
            if e["all_hands"]:
                assert e["tricks"] == 13
            elif e["tricks"] < 13:
                assert e["hands"][1 - team] >= 1
            if caller % 2 == team:
                assert e["next"] == ((caller + 2) % 4 if e["all_hands"] else caller)
            else:
                assert e["next"] == (caller + 1) % 4
    assert cards_in(events) <= allowed, cards_in(events) - allowed


def play_table(seed: str, options: dict, bots=None, full=True, max_actions=20000):
    """Play one table to its end; return (final state, actions)."""
    rng = random.Random(seed)
    s = ENGINE.start(4, options, seed=seed)
    actions = []
    text = json.dumps(s)
    for n in range(max_actions):
        if s["phase"] == "over":
            break
        to_act = ENGINE.to_act(s)
        assert len(to_act) == 1
        seat = to_act[0]
        legal = ENGINE.legal_actions(s, seat)
        assert legal
        assert ENGINE.default_action(s, seat) in legal
        if bots:
            action = bots[seat].choose(ENGINE.view(s, seat), rng)
            assert action in legal
        else:
            action = rng.choice(legal)
        if full:
            check_action(s, seat, action)
        new, events = ENGINE.apply(s, seat, action)
        check_cards(new)
        if full:
            assert json.dumps(s) == text, "apply mutated its input"
            text = json.dumps(new)
            assert json.loads(text) == new
            check_events(s, new, seat, action, events)
            check_views(new, round_trip=n % 8 == 0)
        actions.append((seat, action))
        s = new
    else:
        raise AssertionError("the table never ended")
    out = ENGINE.outcome(s)
    assert out is not None and sorted(out["places"]) == [1, 1, 3, 3]
    assert max(out["team_points"]) >= options["winning_points"]
    return s, actions


def replay(seed, options, actions):
    s = ENGINE.start(4, options, seed=seed)
    for seat, action in actions:
        s, _ = ENGINE.apply(s, seat, action)
    return s


@pytest.mark.parametrize("game", GAMES)
def test_full_check_playouts(game):
    """Seeded random tables (random bots and rule bots, all options) keep every invariant after
    every action: 52 cards, at most 13 tricks a round, follow suit, no mutation, no leak in any
    view or event, legal to_act and defaults, JSON round trip, and an exact replay.
    """
    rng = random.Random(game)
    for i in range(5):
        options = random_options(rng, game)
        seed = f"full-{game}-{i}"
        kinds = [RandomBot, RuleBot] if i % 2 else [RandomBot, RandomBot]
        bots = [kinds[seat % 2]() for seat in range(4)]
        s, actions = play_table(seed, options, bots=bots)
        assert json.dumps(replay(seed, options, actions)) == json.dumps(s)


@pytest.mark.parametrize("game", GAMES)
def test_many_random_playouts(game):
    """Hundreds of random tables per game: cards conserved after every action, every table ends."""
    rng = random.Random("many" + game)
    for i in range(60):
        options = random_options(rng, game)
        seed = f"many-{game}-{i}"
        s, actions = play_table(seed, options, full=False)
        if i % 20 == 0:
            assert replay(seed, options, actions) == s


@pytest.mark.parametrize("name", ["random", "rule"])
@pytest.mark.parametrize("game", GAMES)
def test_bots_choose_legal_actions(name, game):
    """Each quick bot, seeing only its view, returns one of view["legal"] through a whole
    table (the strong bot's positions are tested in tests/games/test_bots_strong.py)."""
    bots = [registry.bots("courtpiece")[name]() for _ in range(4)]
    play_table(f"bot-{name}-{game}", {"game": game, "winning_points": 10}, bots=bots, full=False)


def test_rule_bot_beats_random_bot():
    """The rule bot's team wins most tables against random play."""
    wins = 0
    for i in range(8):
        game = GAMES[i % 4]
        bots = [RuleBot(), RandomBot(), RuleBot(), RandomBot()]
        s, _ = play_table(f"duel-{i}", {"game": game, "winning_points": 10}, bots=bots, full=False)
        wins += ENGINE.outcome(s)["winning_team"] == 0
    assert wins >= 6
