"""Dayous: a Durak with jokers, passing and a trump that changes halfway.

Pure Python, no Django. See ``games/dayous/README.md`` for the notation, the
rulings applied and the formats of state, actions, events and views.

Seats go round in seat order: "clockwise" is seat + 1, "counterclockwise" seat - 1.
The deck is a list with its top card first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games import core
from games.core import IllegalAction
from games.dayous import moves
from games.dayous.bouts import (
    JOURNAL_KEYS,
    close_bout,
    defender_of,
    emit,
    faceup,
    has_open,
    start_bout,
    table_cards,
    table_ranks,
    throwers,
    waiting_throwers,
)
from games.dayous.cards import JOKER_SET, KNOWN_CARDS, beats, card_label, display_order
from games.dayous.deal import new_game
from games.dayous.moves import named_cards, one_rank, without
from games.dayous.options import MAX_PLAYERS, MIN_PLAYERS, turn_seconds, validate_options
from games.dayous.state import NAME, DayousAction, DayousState, DayousView, Phase, seat_count
from games.words import Words, plural_wording, wording

LOG_LENGTH = 30
# Bound once: on Python 3.11 every ``Phase.X`` lookup goes through EnumType.__getattr__
# (slow), and these are read on every move and every view.
OVER, BOUT = Phase.OVER, Phase.BOUT
_BOUT_UNDER_WAY = frozenset((Phase.LEAD, Phase.BOUT))


class DayousEngine:
    name = NAME
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    card_deck = core.CardDeck.FRENCH

    def validate_options(self, options: dict[str, Any], players: int | None = None) -> dict[str, Any]:
        return validate_options(options, players)

    def turn_seconds(self, options: dict[str, Any]) -> int:
        return turn_seconds(options)

    def start(self, players: int, options: dict[str, Any], seed: str | None = None,
              deck: list[str] | None = None) -> DayousState:
        return new_game(players, validate_options(options, players), seed, deck)

    # The moves' own function, called without a method of its own in between.
    to_act = staticmethod(moves.to_act)

    def legal_actions(self, state: DayousState, seat: int) -> list[DayousAction]:
        return moves.legal_actions(state, seat)

    def default_action(self, state: DayousState, seat: int) -> DayousAction:
        return moves.default_action(state, seat)

    def outcome(self, state: DayousState) -> dict[str, Any] | None:
        if state["phase"] != OVER:
            return None
        groups = [list(g) for g in state["out"]]
        if state["last"]:
            groups.append(list(state["last"]))
        places = core.places_from_exits(list(reversed(groups)), [], state["players"])
        return {
            "places": places,
            "winners": [seat for seat, place in enumerate(places) if place == 1],
            "dayous": state["dayous"],
            "counters": [_counters(state, seat) for seat in range(state["players"])],
        }

    def every_card(self, state: DayousState) -> core.EveryCard:
        hands = [list(hand) for hand in state["hands"]]
        return core.EveryCard(hands, [None] * len(hands), list(state["deck"]), list(state["discard"]))

    def view(self, state: DayousState, seat: int | None) -> DayousView:
        seat = core.viewer(seat, seat_count(state))
        phase = state["phase"]
        over = phase == OVER
        trump = state["trump"]
        hands = state["hands"]
        waiting = moves.to_act(state)
        return {
            "game": NAME,
            "seat": seat,
            "players": state["players"],
            "decks": state["decks"],
            "hand_size": state["hand_size"],
            "phase": phase,
            "to_act": waiting,
            "legal": [] if seat is None else moves.seat_actions(state, seat, waiting),
            "over": over,
            "outcome": self.outcome(state) if over else None,
            "log": [dict(e) for e in state["log"]],
            "hand": None if seat is None else sorted(hands[seat], key=display_order(trump)),
            "hand_counts": [len(h) for h in hands],
            "deck": len(state["deck"]),
            "faceup": faceup(state),
            "trump": trump,
            "trump_change_pending": not state["trump_changed"],
            "clockwise": state["clockwise"],
            "leader": None if over else state["leader"],
            "defender": state["defender"] if phase in _BOUT_UNDER_WAY else None,
            "attackers": list(state["attackers"]),
            "throwers": throwers(state) if phase == BOUT else [],
            "out": [s for g in state["out"] for s in g],
            "taking": state["taking"],
            "table": [list(p) for p in state["table"]],
            "limit": state["limit"],
            "discard": len(state["discard"]),
            "done": list(state["done"]),
            "stats": [{**s, "journals": dict(s["journals"])} for s in state["stats"]],
        }

    def apply(
        self, state: DayousState, seat: int, action: core.Action, timeout: bool = False
    ) -> tuple[DayousState, list[core.Event]]:
        kind = core.action_kind(action)
        if state["phase"] == OVER:
            raise IllegalAction(wording("The game is over."))
        core.require_seat(seat, seat_count(state))
        handler = _HANDLERS.get(kind)
        if handler is None:
            raise IllegalAction(wording("%(move)s is not a Dayous move.", move=repr(kind)))
        new = state.copy()
        new["hands"] = list(state["hands"])
        new["log"] = list(state["log"])
        events: list[core.Event] = []
        handler(new, seat, action, events)
        if timeout:
            # The move's own event is the first it logged (bouts.emit logs as it goes).
            first = len(state["log"])
            events[0], new["log"][first] = core.timed_out(events[0]), core.timed_out(new["log"][first])
        _settle(new, events)
        if len(new["log"]) > LOG_LENGTH:
            new["log"] = new["log"][-LOG_LENGTH:]
        return new, events


def _counters(state: DayousState, seat: int) -> dict[str, int]:
    """What the leaderboard counts for ``seat`` at the end: whether it was the dayous, and
    its publication record (successful defences, fees, the defences in each journal)."""
    stats = state["stats"][seat]
    counters = {"dayous": int(state["dayous"] == seat), "defences": stats["defences"], "fees": stats["fees"]}
    for journal, count in stats["journals"].items():
        counters[JOURNAL_KEYS[journal]] = count
    return counters


# --------------------------------------------------------------------------- handlers
# Each handler gets the working copy of ``apply``, whose "hands" and "log" lists are
# fresh; it must replace (never mutate) any other container it changes, and every
# single hand.


# Each move of the bout refused before the bout is under way, by the phase the game is in.
_TOO_EARLY_TO_BEAT: dict[str, Words] = {
    Phase.DIRECTION: wording("You cannot beat a card yet: the first attacker must choose the direction."),
    Phase.LEAD: wording("You cannot beat a card yet: the attacker has not led."),
}
_TOO_EARLY_TO_PASS: dict[str, Words] = {
    Phase.DIRECTION: wording("You cannot pass the attack on yet: the first attacker must choose the direction."),
    Phase.LEAD: wording("You cannot pass the attack on yet: the attacker has not led."),
}
_TOO_EARLY_FOR_A_JOKER: dict[str, Words] = {
    Phase.DIRECTION: wording("You cannot play a joker yet: the first attacker must choose the direction."),
    Phase.LEAD: wording("You cannot play a joker yet: the attacker has not led."),
}
_TOO_EARLY_TO_TAKE: dict[str, Words] = {
    Phase.DIRECTION: wording("You cannot take the cards yet: the first attacker must choose the direction."),
    Phase.LEAD: wording("You cannot take the cards yet: the attacker has not led."),
}
_TOO_EARLY_TO_THROW: dict[str, Words] = {
    Phase.DIRECTION: wording("You cannot throw in yet: the first attacker must choose the direction."),
    Phase.LEAD: wording("You cannot throw in yet: the attacker has not led."),
}
_TOO_EARLY_TO_BE_DONE: dict[str, Words] = {
    Phase.DIRECTION: wording(
        'You cannot say "No further questions" yet: the first attacker must choose the direction.'
    ),
    Phase.LEAD: wording('You cannot say "No further questions" yet: the attacker has not led.'),
}


def _require_bout(state: DayousState, too_early: Mapping[str, Words]) -> None:
    """Refuse with ``too_early``'s words for the phase unless a bout is under way."""
    refusal = too_early.get(state["phase"])
    if refusal is not None:
        raise IllegalAction(refusal)


def _require_defender_turn(s: DayousState, seat: int, too_early: Mapping[str, Words], not_defender: Words) -> None:
    _require_bout(s, too_early)
    core.require_turn(seat, [defender_of(s)], not_defender)
    if s["taking"]:
        raise IllegalAction(wording("You have already decided to take the cards."))
    if not has_open(s["table"]):
        raise IllegalAction(wording("Every attack card is already beaten."))


def _join_attack(s: DayousState, seat: int) -> None:
    if seat not in s["attackers"]:
        s["attackers"] = s["attackers"] + [seat]


_NOT_LEADING: dict[str, Words] = {
    Phase.DIRECTION: wording("The first attacker must choose the direction before leading."),
    Phase.BOUT: wording("The bout has already been led; throw in cards of ranks on the table instead."),
}


def _direction(s: DayousState, seat: int, action: core.Action, events: list[core.Event]) -> None:
    if s["phase"] != Phase.DIRECTION:
        raise IllegalAction(wording("The direction of play has already been chosen."))
    core.require_turn(seat, [s["leader"]], wording("Only the first attacker chooses the direction."))
    clockwise = action.get("clockwise")
    if not isinstance(clockwise, bool):
        raise IllegalAction(wording("Say whether play goes clockwise (true) or counterclockwise (false)."))
    s["clockwise"] = clockwise
    emit(s, events, {"type": "direction", "seat": seat, "clockwise": clockwise})
    start_bout(s, events, seat)


def _attack(s: DayousState, seat: int, action: core.Action, events: list[core.Event]) -> None:
    why = _NOT_LEADING.get(s["phase"])
    if why is not None:
        raise IllegalAction(why)
    core.require_turn(seat, [s["leader"]], wording("It is not your turn to attack."))
    cards = named_cards(action, moves.ATTACK)
    one_rank(cards, moves.ATTACK)
    defender = defender_of(s)
    if len(cards) > len(s["hands"][defender]):
        raise IllegalAction(plural_wording(
            "You may attack with at most %(count)s card: the defender holds no more.",
            "You may attack with at most %(count)s cards: the defender holds no more.",
            len(s["hands"][defender]),
        ))
    s["hands"][seat] = without(s["hands"][seat], cards)
    s["table"] = [[c, None] for c in cards]
    s["attackers"] = [seat]
    s["phase"] = BOUT
    s["done"] = []
    s["taking"] = False
    emit(s, events, {"type": "attack", "seat": seat, "cards": list(cards), "target": defender})


def _throw(s: DayousState, seat: int, action: core.Action, events: list[core.Event]) -> None:
    _require_bout(s, _TOO_EARLY_TO_THROW)
    if seat == s["defender"]:
        raise IllegalAction(wording("The defender cannot throw in."))
    core.require_turn(seat, throwers(s), wording("You have no cards to throw in."))
    if seat in s["done"]:
        raise IllegalAction(wording('You said "No further questions"; wait until the table changes.'))
    cards = named_cards(action, moves.THROW)
    rank = one_rank(cards, moves.THROW)
    if rank not in table_ranks(s["table"]):
        raise IllegalAction(wording("You can only throw in cards of a rank already on the table."))
    room = s["limit"] - len(s["table"])
    if len(cards) > room:
        if room <= 0:
            raise IllegalAction(wording("No more attacks: the defender's hand size limit has been reached."))
        raise IllegalAction(plural_wording(
            "Only %(count)s more attack card fits: the defender's hand size is the limit.",
            "Only %(count)s more attack cards fit: the defender's hand size is the limit.",
            room,
        ))
    s["hands"][seat] = without(s["hands"][seat], cards)
    s["table"] = s["table"] + [[c, None] for c in cards]
    _join_attack(s, seat)
    s["done"] = []
    emit(s, events, {"type": "throw", "seat": seat, "cards": list(cards)})


def _beat(s: DayousState, seat: int, action: core.Action, events: list[core.Event]) -> None:
    _require_defender_turn(s, seat, _TOO_EARLY_TO_BEAT, wording("Only the defender can beat a card."))
    card: Any = action.get("card")
    target: Any = action.get("target")
    if not isinstance(card, str) or card not in KNOWN_CARDS:
        raise IllegalAction(wording("Say which card you beat with."))
    if not core.is_whole_number(target):
        raise IllegalAction(wording("Say which attack card you beat (its place on the table)."))
    table = s["table"]
    if not 0 <= target < len(table):
        raise IllegalAction(wording("There is no such attack card on the table."))
    attack, defence = table[target]
    if defence is not None:
        raise IllegalAction(wording("The %(card)s is already beaten.", card=card_label(attack)))
    _check_beat(s, seat, attack, card)
    s["hands"][seat] = without(s["hands"][seat], [card])
    new_table = list(table)
    new_table[target] = [attack, card]
    s["table"] = new_table
    s["done"] = []
    emit(s, events, {"type": "beat", "seat": seat, "card": card, "target": target, "over": attack})


def _check_beat(s: DayousState, seat: int, attack: str, card: str) -> None:
    if card not in s["hands"][seat]:
        raise IllegalAction(wording("You do not hold the %(card)s.", card=card_label(card)))
    if card in JOKER_SET:
        raise IllegalAction(wording("A joker cannot beat a card; it can only send the attack back."))
    if not beats(attack, card, s["trump"]):
        if card == attack:
            raise IllegalAction(wording("Identical cards do not beat each other."))
        raise IllegalAction(wording(
            "The %(card)s does not beat the %(attack)s: play a higher card of the same suit or a trump.",
            card=card_label(card), attack=card_label(attack),
        ))


def _transfer(s: DayousState, seat: int, action: core.Action, events: list[core.Event]) -> None:
    _require_defender_turn(s, seat, _TOO_EARLY_TO_PASS, wording("Only the defender can pass the attack on."))
    cards = named_cards(action, moves.PASS)
    rank = one_rank(cards, moves.PASS)
    table = s["table"]
    if any(d is not None for _, d in table):
        raise IllegalAction(wording("You can no longer pass: defending has started."))
    if rank != table[0][0][0]:
        raise IllegalAction(wording("To pass, play cards of the same rank as the attack."))
    hand = without(s["hands"][seat], cards)
    target = moves.transfer_target(s)
    if target is None:
        raise IllegalAction(wording("There is nobody to pass the attack to."))
    total = len(table) + len(cards)
    if len(s["hands"][target]) < total:
        raise IllegalAction(plural_wording(
            "You cannot pass: the next player holds %(count)s card, "
            "fewer than the %(total)s that would be on the table.",
            "You cannot pass: the next player holds %(count)s cards, "
            "fewer than the %(total)s that would be on the table.",
            len(s["hands"][target]), total=total,
        ))
    s["hands"][seat] = hand
    s["table"] = table + [[c, None] for c in cards]
    _join_attack(s, seat)
    s["defender"] = target
    s["limit"] = len(s["hands"][target])
    s["done"] = []
    emit(s, events, {"type": "transfer", "seat": seat, "cards": list(cards), "to": target})


def _joker(s: DayousState, seat: int, action: core.Action, events: list[core.Event]) -> None:
    _require_defender_turn(s, seat, _TOO_EARLY_FOR_A_JOKER, wording("Only the defender can play a joker."))
    card = action.get("card")
    if not isinstance(card, str) or card not in JOKER_SET:
        # The jokers as the actions write them.
        raise IllegalAction(wording("Say which joker you play: %(red)s or %(black)s.", red="XR", black="XB"))
    if card not in s["hands"][seat]:
        raise IllegalAction(wording("You do not hold the %(card)s.", card=card_label(card)))
    table = s["table"]
    leader = s["leader"]
    if len(table_ranks(table)) != 1:
        raise IllegalAction(wording("A joker cannot be used with more than one rank of cards on the table."))
    if leader == seat:
        raise IllegalAction(wording("You led this bout: a joker would send the attack back to you."))
    cards = table_cards(table)
    if len(s["hands"][leader]) < len(cards):
        raise IllegalAction(plural_wording(
            "You cannot send the attack back: the player who led holds %(count)s card, "
            "fewer than the %(total)s on the table.",
            "You cannot send the attack back: the player who led holds %(count)s cards, "
            "fewer than the %(total)s on the table.",
            len(s["hands"][leader]), total=len(cards),
        ))
    s["hands"][seat] = without(s["hands"][seat], [card])
    s["discard"] = s["discard"] + [card]
    s["table"] = [[c, None] for c in cards]
    s["clockwise"] = not s["clockwise"]
    _join_attack(s, seat)
    s["defender"] = leader
    s["limit"] = len(s["hands"][leader])
    s["done"] = []
    emit(s, events, {"type": "joker", "seat": seat, "card": card, "to": leader, "clockwise": s["clockwise"]})


def _take(s: DayousState, seat: int, action: core.Action, events: list[core.Event]) -> None:
    _require_defender_turn(s, seat, _TOO_EARLY_TO_TAKE, wording("Only the defender can take the cards."))
    s["taking"] = True
    s["done"] = []
    emit(s, events, {"type": "take", "seat": seat})


def _done(s: DayousState, seat: int, action: core.Action, events: list[core.Event]) -> None:
    _require_bout(s, _TOO_EARLY_TO_BE_DONE)
    if seat == s["defender"]:
        raise IllegalAction(wording('The defender cannot say "No further questions"; beat the cards or take them.'))
    if seat in s["done"]:
        raise IllegalAction(wording('You already said "No further questions".'))
    core.require_turn(seat, waiting_throwers(s), wording("You have nothing to throw in; nobody is waiting for you."))
    s["done"] = s["done"] + [seat]
    emit(s, events, {"type": "done", "seat": seat})


Handler = Callable[[DayousState, int, core.Action, list[core.Event]], None]

_HANDLERS: dict[str, Handler] = {
    "direction": _direction,
    "attack": _attack,
    "throw": _throw,
    "beat": _beat,
    "transfer": _transfer,
    "joker": _joker,
    "take": _take,
    "done": _done,
}


# --------------------------------------------------------------------------- after every move


def _settle(s: DayousState, events: list[core.Event]) -> None:
    """Play every forced step: single-choice leads, forced takes, closing the bout."""
    forced_step = _FORCED_STEP_BY_PHASE.get(s["phase"])
    while forced_step is not None and forced_step(s, events):
        forced_step = _FORCED_STEP_BY_PHASE.get(s["phase"])


def _forced_lead(s: DayousState, events: list[core.Event]) -> bool:
    """Lead when there is one lead only: a single card left (jokers aside), or cards
    of one kind when the defender holds a single card."""
    plain = [c for c in s["hands"][s["leader"]] if c not in JOKER_SET]
    if len(set(plain)) != 1 or (len(plain) != 1 and len(s["hands"][defender_of(s)]) != 1):
        return False
    _attack(s, s["leader"], {"type": "attack", "cards": plain[:1]}, events)
    return True


def _forced_bout_step(s: DayousState, events: list[core.Event]) -> bool:
    """Close the bout once nobody is awaited, or take for a defender who can only take."""
    if s["taking"] or not has_open(s["table"]):
        if waiting_throwers(s):
            return False
        close_bout(s, events)
        return True
    if moves.defender_has_choice(s):
        return False
    s["taking"] = True
    s["done"] = []
    emit(s, events, {"type": "take", "seat": defender_of(s), "forced": True})
    return True


_FORCED_STEP_BY_PHASE: dict[str, Callable[[DayousState, list[core.Event]], bool]] = {
    Phase.LEAD: _forced_lead,
    Phase.BOUT: _forced_bout_step,
}


ENGINE = DayousEngine()
