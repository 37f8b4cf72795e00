"""The machinery the engines' stateful property tests share (tests/games/test_stateful_*.py).

``EngineMachine`` drives one engine with Hypothesis. Each rule is what players could do:
a legal action, the timeout's default, a run of legal actions (to the end of the game:
Dayous and Court Piece take hundreds), a move the rules must refuse. The invariants are
checked after every rule, the cheap ones (cards, the end) also after each move of a run.
Actions are drawn from the lists the engine itself offers, so a failing game shrinks to
a short one. A game's subclass says where its cards lie, which of them each viewer may
not see and what a consistent outcome is.

Whether a view hides what it must is tested by moving the hidden cards: the cards a
viewer may not see move round between their places, and the view must stay the same.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from games.core import Action, IllegalAction

# One sample move of each game: sent to another game, every one is a foreign move.
SAMPLE_MOVES: dict[str, list[Action]] = {
    "disunyer": [{"type": "keep"}, {"type": "pass"}, {"type": "pick", "rival": 1}, {"type": "guess", "suit": "o"}],
    "dayous": [
        {"type": "direction", "clockwise": True}, {"type": "attack", "cards": ["2s"]},
        {"type": "throw", "cards": ["2s"]}, {"type": "beat", "card": "3s", "target": 0},
        {"type": "transfer", "cards": ["2s"]}, {"type": "joker", "card": "XR"}, {"type": "take"}, {"type": "done"},
    ],
    "courtpiece": [
        {"type": "call", "suit": "s"}, {"type": "call", "card": "As"}, {"type": "play", "card": "As"},
        {"type": "ask"}, {"type": "show"},
    ],
}
NOT_ACTIONS = [None, "keep", 3, [], ["play"], {}, {"card": "As"}, {"type": 5}, {"type": None}, {"type": "fold"}]
# Values no field of any game's action accepts (``None`` is left out: Disunyer's timeout
# pick and guess are ``None``; booleans too: Dayous' direction is one).
JUNK_VALUES = ["Zz", "??", 999, -1, 2.5, [], ["Zz"], {}]
NOT_SEATS = [-1, 99, None, "0", True, 1.0]


def json_copy(value: Any) -> Any:
    return json.loads(json.dumps(value))


def cards_in(value: Any, cards: frozenset[str]) -> Counter:
    """Every string in ``value`` (any JSON-able data, at any depth) that is one of ``cards``."""
    found: Counter = Counter()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in cards:
                found[item] += 1
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def get_path(state: dict, path: tuple) -> Any:
    """The value at ``path`` (keys and indexes) inside ``state``."""
    for key in path:
        state = state[key]
    return state


def with_hidden_cards_moved(state: dict, slots: list[tuple]) -> dict:
    """A copy of ``state`` where the cards in ``slots`` (paths into the state: keys and
    indexes) have moved round by one place: each slot holds the card of the next one.
    Only the containers on the way to a slot are copied; the rest is shared."""
    moved = dict(state)
    copied = {id(moved)}
    cards = [get_path(state, path) for path in slots]
    for path, card in zip(slots, cards[1:] + cards[:1]):
        node = moved
        for key in path[:-1]:
            child = node[key]
            if id(child) not in copied:
                child = node[key] = list(child) if isinstance(child, list) else dict(child)
                copied.add(id(child))
            node = child
        node[path[-1]] = card
    return moved


class EngineMachine(RuleBasedStateMachine):
    """One game, from a generated table and seed, played by generated moves.

    A subclass sets ``engine`` and ``game`` and starts the game with ``begin`` from an
    ``initialize`` rule; it provides ``cards`` (where every card is), ``full_deck``,
    ``hidden_slots`` (the cards a viewer may not see) and ``check_outcome``.
    """

    engine: Any = None
    game = ""
    # View keys that the rules let depend on cards a viewer cannot see.
    view_keys_from_hidden: frozenset[str] = frozenset()

    # ------------------------------------------------------------------ game hooks
    def cards(self, state: dict) -> list[str]:
        raise NotImplementedError

    def full_deck(self, state: dict) -> Counter:
        raise NotImplementedError

    def hidden_slots(self, state: dict, viewer: int | None) -> list[tuple]:
        """Paths into ``state`` of every card ``viewer`` (``None``: a spectator) may not see."""
        raise NotImplementedError

    def check_outcome(self, state: dict, outcome: dict) -> None:
        raise NotImplementedError

    def follow_the_cards(self, state: dict) -> None:
        """Make ``state``'s fields derived from cards hidden from its viewer agree with
        those cards again, after they moved (nothing to do by default)."""

    def check_view(self, state: dict, viewer: int | None, view: dict) -> None:
        """Game-specific checks of one view (none by default)."""

    def observe(self, state: dict, events: list[dict]) -> None:
        """Note what the players saw in ``events``, which led to ``state``."""

    # ------------------------------------------------------------------ start
    def begin(self, players: int, options: dict, seed: str) -> None:
        self.players = players
        self.state = self.engine.start(players, options, seed=seed)
        self.state_copy = json_copy(self.state)
        self.deck = self.full_deck(self.state)
        self.played: dict[str, dict] = {}  # every legal action played so far, once
        self.observe(self.state, self.state["log"])

    # ------------------------------------------------------------------ moves
    def over(self) -> bool:
        return self.engine.outcome(self.state) is not None

    def act(self, seat: int, action: dict, timeout: bool = False) -> None:
        """Apply a move the rules accept, checking the contract around it."""
        assert json_copy(action) == action, f"{action} is not JSON data"
        new, events = self.engine.apply(self.state, seat, action, timeout=timeout)
        self.assert_state_unchanged("apply changed the state it was given")
        self.state_copy = json_copy(new)
        assert self.state_copy == new, "the new state is not JSON data"
        assert json_copy(events) == events, "the events are not JSON data"
        self.state = new
        self.observe(new, events)

    def draw_legal(self, data) -> tuple[int, dict]:
        """A seat whose decision is awaited and one of its legal actions."""
        moves = [(seat, action) for seat in self.engine.to_act(self.state)
                 for action in self.engine.legal_actions(self.state, seat)]
        seat, action = data.draw(st.sampled_from(moves), label="seat and legal action")
        self.played.setdefault(json.dumps(action, sort_keys=True), action)
        return seat, action

    @precondition(lambda self: not self.over())
    @rule(data=st.data())
    def play_a_legal_action(self, data):
        self.act(*self.draw_legal(data))

    @precondition(lambda self: not self.over())
    @rule(data=st.data())
    def let_the_clock_run_out(self, data):
        """The timeout's default move for a seat whose decision is awaited is accepted, as
        a timeout (its event marked so)."""
        seat = data.draw(st.sampled_from(self.engine.to_act(self.state)), label="seat")
        self.act(seat, self.engine.default_action(self.state, seat), timeout=True)

    @precondition(lambda self: not self.over())
    @rule(data=st.data(), moves=st.integers(1, 30))
    def play_on(self, data, moves):
        """A few legal moves in a row, the cheap invariants checked after each."""
        for _ in range(moves):
            if self.over():
                break
            self.act(*self.draw_legal(data))
            self.check_cards_and_end()

    @precondition(lambda self: not self.over())
    @rule(data=st.data())
    def play_to_the_end(self, data):
        """Legal moves until the game is over (hundreds in Dayous and Court Piece) or for
        at most 1,000, the cheap invariants checked after each."""
        for _ in range(1000):
            if self.over():
                break
            self.act(*self.draw_legal(data))
            self.check_cards_and_end()

    @rule(data=st.data())
    def send_a_move_the_rules_refuse(self, data):
        """A move from a seat not asked, a malformed move, another game's move, a legal
        move spoilt or one played earlier that is not legal now: ``IllegalAction``, and
        the state stays as it was."""
        seat, action = self.draw_refused_move(data)
        with pytest.raises(IllegalAction):
            self.engine.apply(self.state, seat, action)
        self.assert_state_unchanged("a refused move changed the state")

    def assert_state_unchanged(self, message: str) -> None:
        assert self.state == self.state_copy, message

    def draw_refused_move(self, data) -> tuple[Any, Any]:
        to_act = self.engine.to_act(self.state)
        if to_act and data.draw(st.booleans(), label="from a seat that is asked"):
            seat = data.draw(st.sampled_from(to_act), label="seat")
            legal = self.engine.legal_actions(self.state, seat)
            default = self.engine.default_action(self.state, seat)
            stale = [action for action in self.played.values() if action not in legal and action != default]
            with_fields = [action for action in legal if len(action) > 1]
            kinds = ["not an action", *(["stale"] if stale else []), *(["spoilt"] if with_fields else [])]
            kind = data.draw(st.sampled_from(kinds), label="kind")
            if kind == "stale":
                return seat, data.draw(st.sampled_from(stale), label="stale action")
            if kind == "spoilt":
                action = data.draw(st.sampled_from(with_fields), label="legal action")
                field = data.draw(st.sampled_from(sorted(set(action) - {"type"})), label="field")
                return seat, {**action, field: data.draw(st.sampled_from(JUNK_VALUES), label="junk")}
            return seat, data.draw(st.sampled_from(NOT_ACTIONS + self.foreign_moves()), label="not an action")
        not_asked = [seat for seat in range(self.players) if seat not in to_act] + NOT_SEATS
        seat = data.draw(st.sampled_from(not_asked), label="seat not asked")
        legal = [action for other in to_act for action in self.engine.legal_actions(self.state, other)]
        moves = legal + list(self.played.values()) + NOT_ACTIONS + self.foreign_moves()
        return seat, data.draw(st.sampled_from(moves), label="action")

    def foreign_moves(self) -> list[Action]:
        return [move for game, moves in SAMPLE_MOVES.items() if game != self.game for move in moves]

    # ------------------------------------------------------------------ invariants
    @invariant()
    def the_position_is_sound(self):
        """Checked once per position: a refused move leaves it as it was."""
        if self.state is getattr(self, "checked", None):
            return
        self.every_card_is_in_exactly_one_place()
        self.to_act_is_empty_exactly_when_the_game_is_over()
        self.the_outcome_is_none_until_the_end_and_consistent_after()
        self.views_show_no_card_their_viewer_may_not_see()
        self.checked = self.state

    def every_card_is_in_exactly_one_place(self):
        assert Counter(self.cards(self.state)) == self.deck, "cards are not conserved"

    def check_cards_and_end(self):
        self.every_card_is_in_exactly_one_place()
        assert (self.engine.to_act(self.state) == []) == self.over(), "to_act empty while playing, or not at the end"

    def to_act_is_empty_exactly_when_the_game_is_over(self):
        to_act = self.engine.to_act(self.state)
        assert (to_act == []) == self.over(), f"to_act {to_act} with outcome {self.engine.outcome(self.state)}"
        assert len(set(to_act)) == len(to_act) and all(0 <= seat < self.players for seat in to_act)
        for seat in range(self.players):
            legal = self.engine.legal_actions(self.state, seat)
            assert bool(legal) == (seat in to_act), f"seat {seat}: legal {legal}, to_act {to_act}"

    def the_outcome_is_none_until_the_end_and_consistent_after(self):
        outcome = self.engine.outcome(self.state)
        if outcome is not None:
            event("the game ended")
            assert json_copy(outcome) == outcome
            self.check_outcome(self.state, outcome)

    def views_show_no_card_their_viewer_may_not_see(self):
        """Moving the cards a viewer may not see round between their places changes
        nothing in that viewer's view: no view depends on them, let alone shows them."""
        state = self.state
        for viewer in [None, *range(self.players)]:
            view = self.engine.view(state, viewer)
            assert view["seat"] == viewer and view["to_act"] == self.engine.to_act(state)
            self.check_view(state, viewer, view)
            moved = with_hidden_cards_moved(state, self.hidden_slots(state, viewer))
            self.follow_the_cards(moved)
            assert Counter(self.cards(moved)) == self.deck
            other = self.engine.view(moved, viewer)
            differ = [key for key in view.keys() - self.view_keys_from_hidden if other[key] != view[key]]
            assert not differ, f"the view of {viewer} shows, in {differ}, cards it may not see"


def machine_test(machine: type[EngineMachine], examples: int, steps: int):
    """The pytest test case that runs ``machine`` for ``examples`` games of up to ``steps``
    rules each. ``deadline=None``: a step's time depends on the machine's load."""
    case = machine.TestCase
    case.settings = settings(max_examples=examples, stateful_step_count=steps, deadline=None)
    return case
