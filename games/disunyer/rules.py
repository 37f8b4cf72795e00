"""Disunyer: the rules engine (pure Python, no Django).

See ``games/disunyer/README.md`` for the notation, the rulings applied and the
formats of state, actions, events and views; ``state.py`` for the state's keys.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from games import core
from games.core import IllegalAction, InvalidOptions
from games.disunyer import moves, rounds
from games.disunyer.cards import ALL_CARDS, DECK, SUITS
from games.disunyer.options import MAX_PLAYERS, MIN_PLAYERS, turn_seconds, validate_options
from games.disunyer.state import (
    GUESS,
    OVER,
    PICK,
    PUBLIC,
    TURNS,
    DisunyerAction,
    DisunyerState,
    DisunyerView,
    Outcome,
    seat_count,
)
from games.words import Words, wording

NAME = "disunyer"

Events = list[core.Event]
Handler = Callable[[DisunyerState, int, core.Action, Events], None]


class DisunyerEngine:
    name = NAME
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    card_deck = core.CardDeck.SPANISH

    def validate_options(self, options: dict[str, Any], players: int | None = None) -> dict[str, Any]:
        return validate_options(options, players)

    def turn_seconds(self, options: dict[str, Any]) -> int:
        return turn_seconds(options)

    def start(
        self, players: int, options: dict[str, Any], seed: str | None = None, deck: list[str] | None = None
    ) -> DisunyerState:
        opts = validate_options(options if options is not None else {}, players)
        if players is None:
            raise InvalidOptions(wording("Say how many players sit at the table (2 to 8)."))
        state = _new_game(players, opts["mode"], core.game_seed(seed), deck)
        events: Events = []
        rounds.deal(state, events)
        rounds.log_events(state, events)
        return state

    # The engine's to_act is the moves module's own (no wrapper call per decision).
    to_act = staticmethod(moves.to_act)

    def legal_actions(self, state: DisunyerState, seat: int) -> list[core.Action]:
        return cast("list[core.Action]", moves.legal_actions(state, seat))

    def default_action(self, state: DisunyerState, seat: int) -> core.Action:
        return cast(core.Action, moves.default_action(state, seat))

    def apply(
        self, state: DisunyerState, seat: int, action: core.Action, timeout: bool = False
    ) -> tuple[DisunyerState, Events]:
        kind = core.action_kind(action)
        if state["phase"] == OVER:
            raise IllegalAction(moves.GAME_OVER)
        core.require_seat(seat, seat_count(state))
        try:
            handler = _HANDLERS[kind]
        except KeyError:
            raise IllegalAction(
                wording("Unknown move %(move)s: Disunyer has keep, pass, pick and guess.", move=repr(kind))
            ) from None
        # The working copy: a shallow copy with its own per-seat lists of the cards
        # (nearly every move changes them); ``out`` is copied where a seat goes out.
        new = state.copy()
        new["hands"] = list(state["hands"])
        new["known"] = list(state["known"])
        events: Events = []
        handler(new, seat, action, events)
        if timeout:
            events[0] = core.timed_out(events[0])
        rounds.log_events(new, events)
        return new, events

    def view(self, state: DisunyerState, seat: int | None) -> DisunyerView:
        """What ``seat`` (None, or no seat of the table: a spectator) may know: a card
        is shown when that seat knows it, and its own card always."""
        players = seat_count(state)
        hands = state["hands"]
        known = state["known"]
        out = state["out"]
        phase = state["phase"]
        to_act = moves.to_act(state)
        legal: list[DisunyerAction]
        seat = core.viewer(seat, players)
        if seat is not None:
            bit = 1 << seat
            cards = [c if k & bit else None for c, k in zip(hands, known)]
            hand = cards[seat] = hands[seat]
            legal = moves.awaited_moves(state, seat) if seat in to_act else []
        else:
            cards = [c if k == PUBLIC else None for c, k in zip(hands, known)]
            hand = None
            legal = []
        over = phase == OVER
        round_order = state["round_order"]
        log = state["log"]
        return {
            "game": NAME,
            "seat": seat,
            "players": players,
            "mode": state["mode"],
            "phase": phase,
            "step": state["step"],
            "round": state["round"],
            "order": list(state["order"]),
            "to_act": to_act,
            "legal": legal,
            "over": over,
            "outcome": _outcome(state) if over else None,
            "hand": hand,
            "cards": cards,
            "standing": [not o for o in out],
            "out_round": [o or None for o in out],
            "in_round": list(round_order),
            "turn": round_order[state["position"]] if phase == TURNS else None,
            "holder": state["holder"],
            "rival": state["rival"],
            "stuck": list(state["stuck"]),
            "duels": list(state["duels"]),
            "deck": len(state["deck"]),
            "discard": len(state["discard"]),
            "last_round": state["last"],
            "rounds": list(state.get("rounds", ())),
            "log": list(log),
            "log_from": state["logged"] - len(log),
        }

    def outcome(self, state: DisunyerState) -> dict[str, Any] | None:
        return cast("dict[str, Any] | None", _outcome(state))

    def every_card(self, state: DisunyerState) -> core.EveryCard:
        """Each seat holds one card or none."""
        hands = [[card] if card else [] for card in state["hands"]]
        return core.EveryCard(hands, [None] * len(hands), list(state["deck"]), list(state["discard"]))


# ------------------------------------------------------------------------ start
def _new_game(players: int, mode: str, seed: str, deck: list[str] | None) -> DisunyerState:
    """The state before the first deal.

    Without a stacked deck the play order and the deck are drawn from the seed
    (streams 0 and 1). A stacked deck plays in seat order, and the cards it does not
    list start in the discard pile: they come back when the stacked deck runs out and
    the discard pile is shuffled (seeded, from stream 0).
    """
    if deck is None:
        order = core.shuffled(list(range(players)), seed, 0)
        cards = core.shuffled(list(DECK), seed, 1)
        discard: list[str] = []
        stream = 2
    else:
        _check_stacked_deck(deck)
        order = list(range(players))
        cards = list(deck)
        listed = set(deck)
        discard = [c for c in DECK if c not in listed]
        stream = 0
    return {
        "players": players, "mode": mode, "seed": seed, "stream": stream, "order": order,
        "round": 0, "deck": cards, "discard": discard,
        "hands": [None] * players, "known": [0] * players, "out": [0] * players,
        "phase": TURNS, "step": None, "round_order": [], "position": 0,
        "holder": None, "rival": None, "pending": [], "stuck": [], "duels": [],
        "last": None, "rounds": [], "log": [], "logged": 0, "winner": None, "no_winner": False,
    }


def _check_stacked_deck(deck: Any) -> None:
    if not isinstance(deck, (list, tuple)) or not all(isinstance(c, str) for c in deck):
        raise InvalidOptions(wording("A stacked deck must be a list of card strings."))
    bad = [c for c in deck if c not in ALL_CARDS]
    if bad:
        raise InvalidOptions(wording("%(card)s is not a card of the Spanish deck.", card=repr(bad[0])))
    if len(set(deck)) != len(deck):
        raise InvalidOptions(wording("A stacked deck cannot hold the same card twice."))


# ------------------------------------------------------------------------ moves
_OUT_OF_THE_GAME = moves.OUT_OF_THE_GAME
_NOT_YOUR_TURN = core.NOT_YOUR_TURN
_WRONG_MOVE: dict[str | None, Words] = {
    None: wording("There is no Disunyer to resolve now: keep or pass your card."),
    PICK: wording("You hold a dealt Ace: call Disunyer and pick a rival."),
    GUESS: wording("You were challenged: guess the suit of the Ace."),
}


def _require_decision(state: DisunyerState, seat: int, step: str | None) -> None:
    """``seat``'s decision is awaited, and it is of the ``step`` the move belongs to
    (None: a turn's keep or pass). ``seat`` is a seat and the game is not over."""
    reason = _OUT_OF_THE_GAME if state["out"][seat] else _NOT_YOUR_TURN
    core.require_turn(seat, moves.to_act(state), reason)
    if state["step"] != step:
        raise IllegalAction(_WRONG_MOVE[state["step"]])


def _keep(state: DisunyerState, seat: int, action: core.Action, events: Events) -> None:
    _require_decision(state, seat, None)
    if len(action) != 1:
        raise IllegalAction(wording("A keep move takes no other data."))
    events.append({"type": "keep", "seat": seat})
    position = state["position"] = state["position"] + 1
    if state["stuck"] or position == len(state["round_order"]):  # forced keeps (stuck Kings), or the reveal
        rounds.advance_turns(state, events)


def _pass(state: DisunyerState, seat: int, action: core.Action, events: Events) -> None:
    _require_decision(state, seat, None)
    if len(action) != 1:
        raise IllegalAction(wording("A pass move takes no other data."))
    if state["stuck"] and not moves.can_pass(state):  # only a stuck King forbids a pass
        if seat in state["stuck"]:
            raise IllegalAction(wording("Your King is stuck: you must keep it."))
        raise IllegalAction(wording("The next player has a stuck King: you must keep your card."))
    rounds.pass_card(state, seat, events)
    position = state["position"] = state["position"] + 1
    if state["stuck"] or position == len(state["round_order"]):  # forced keeps (stuck Kings), or the reveal
        rounds.advance_turns(state, events)


def _pick(state: DisunyerState, seat: int, action: core.Action, events: Events) -> None:
    _require_decision(state, seat, PICK)
    if len(action) != 2 or "rival" not in action:
        raise IllegalAction(wording('A pick names one rival: {"type": "pick", "rival": seat}.'))
    rival = action["rival"]
    if rival is not None:
        _require_rival(state, seat, rival)
    rounds.pick(state, seat, rival, events)


def _require_rival(state: DisunyerState, seat: int, rival: Any) -> None:
    if not core.is_seat(rival, seat_count(state)):
        raise IllegalAction(wording("There is no seat %(seat)s to pick.", seat=repr(rival)))
    if rival == seat:
        raise IllegalAction(wording("You cannot pick yourself as your rival."))
    if state["out"][rival]:
        raise IllegalAction(wording("That player is already out: pick a rival still standing."))


def _guess(state: DisunyerState, seat: int, action: core.Action, events: Events) -> None:
    _require_decision(state, seat, GUESS)
    if len(action) != 2 or "suit" not in action:
        raise IllegalAction(wording('A guess names one suit: {"type": "guess", "suit": "o"}.'))
    suit = action["suit"]
    if suit is not None and (not isinstance(suit, str) or suit not in SUITS):
        # Translators: the Spanish deck's suits (oros, copas, espadas, bastos) and their letters.
        raise IllegalAction(wording("Guess one of the suits: o (coins), c (cups), s (swords) or b (clubs)."))
    rounds.guess(state, seat, suit, events)


_HANDLERS: dict[str, Handler] = {"keep": _keep, "pass": _pass, "pick": _pick, "guess": _guess}


# ------------------------------------------------------------------ view, outcome
def _outcome(state: DisunyerState) -> Outcome | None:
    """Places by the round each seat went out in (a group per round)."""
    if state["phase"] != OVER:
        return None
    out = state["out"]
    played = state["round"]
    players = seat_count(state)
    seats = range(players)
    groups = [[s for s in seats if out[s] == r] for r in range(1, played + 1)]
    winners = [] if state["winner"] is None else [state["winner"]]
    return {
        "places": core.places_from_exits([g for g in groups if g], winners, players),
        "winners": winners,
        "no_winner": state["no_winner"],
        "rounds": played,
    }


ENGINE = DisunyerEngine()
