"""The legal moves of a Dayous seat, who is awaited, and what a timeout plays.

``legal_actions`` lists every distinct card multiset once (several decks hold equal
cards), and is exactly what ``rules.DayousEngine.apply`` accepts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import product
from typing import Any

from games import core
from games.core import JOKERS, IllegalAction
from games.dayous.bouts import (
    can_throw,
    defender_of,
    has_open,
    next_live,
    table_cards,
    table_ranks,
    waiting_throwers,
)
from games.dayous.cards import JOKER_SET, KNOWN_CARDS, RANK_VALUE, SUIT_ORDER, by_rank, card_label, display_order
from games.dayous.state import DayousAction, DayousState, Phase, seat_count
from games.words import Words, wording

_MULTISET_CACHE: dict[tuple[Any, ...], tuple[Any, ...]] = {}
_MULTISET_CACHE_SIZE = 50000


def multisets(cards: list[str], room: int) -> list[list[str]]:
    """Every distinct non-empty sub-multiset of ``cards`` with at most ``room`` cards."""
    if room <= 0 or not cards:
        return []
    key = (tuple(sorted(cards)), min(room, len(cards)))
    found = _MULTISET_CACHE.get(key)
    if found is None:
        found = _all_multisets(cards, room)
        if len(_MULTISET_CACHE) < _MULTISET_CACHE_SIZE:
            _MULTISET_CACHE[key] = found
    return [list(t) for t in found]


def _all_multisets(cards: list[str], room: int) -> tuple[tuple[str, ...], ...]:
    counts = Counter(cards)
    keys = sorted(counts, key=lambda c: SUIT_ORDER[c[1]])
    out = []
    for combo in product(*(range(counts[k] + 1) for k in keys)):
        total = sum(combo)
        if 0 < total <= room:
            picked: list[str] = []
            for card, many in zip(keys, combo):
                picked.extend([card] * many)
            out.append(tuple(picked))
    out.sort(key=len)
    return tuple(out)


def transfer_target(state: DayousState) -> int | None:
    """Who a pass would hand the attack to: the next player still in the game."""
    return next_live(state, defender_of(state))


def joker_allowed(state: DayousState) -> bool:
    """Whether the table allows a joker now (the defender must also hold one)."""
    table = state["table"]
    leader = state["leader"]
    if leader == state["defender"] or not has_open(table):
        return False
    if len(table_ranks(table)) != 1:
        return False
    return len(state["hands"][leader]) >= len(table_cards(table))


# --------------------------------------------------------------------------- the cards of a move


@dataclass(frozen=True)
class CardsOfOneRank:
    """A move that plays cards of one rank (an attack, a throw-in, a pass), refused in
    its own words."""

    unnamed: Words  # no list of cards
    joker: Words  # a joker among them
    mixed: Words  # cards of more than one rank


ATTACK = CardsOfOneRank(
    wording("Say which cards to attack with: a non-empty list of cards."),
    wording("A joker cannot be used to attack with; it only sends an attack back."),
    wording("The cards you attack with must all be of one rank."),
)
THROW = CardsOfOneRank(
    wording("Say which cards to throw in: a non-empty list of cards."),
    wording("A joker cannot be used to throw in; it only sends an attack back."),
    wording("The cards you throw in must all be of one rank."),
)
PASS = CardsOfOneRank(
    wording("Say which cards to pass with: a non-empty list of cards."),
    wording("A joker cannot be used to pass with; it only sends an attack back."),
    wording("The cards you pass with must all be of one rank."),
)


def without(hand: list[str], cards: list[str]) -> list[str]:
    """``hand`` without ``cards`` (a new list), or ``IllegalAction`` if one is not held."""
    new = list(hand)
    for card in cards:
        try:
            new.remove(card)
        except ValueError:
            raise IllegalAction(wording("You do not hold the %(card)s.", card=card_label(card))) from None
    return new


def named_cards(action: dict[str, Any], move: CardsOfOneRank) -> list[str]:
    """The action's ``cards``, or ``IllegalAction`` unless they are a non-empty list of cards."""
    cards = action.get("cards")
    if not isinstance(cards, list) or not cards or not all(isinstance(c, str) for c in cards):
        raise IllegalAction(move.unnamed)
    for card in cards:
        if card not in KNOWN_CARDS:
            raise IllegalAction(wording("%(card)s is not a card.", card=repr(card)))
    return cards


def one_rank(cards: list[str], move: CardsOfOneRank) -> str:
    """The rank of ``cards``, or ``IllegalAction`` unless they are all of one rank, no joker."""
    if any(c in JOKER_SET for c in cards):
        raise IllegalAction(move.joker)
    rank = cards[0][0]
    if any(c[0] != rank for c in cards):
        raise IllegalAction(move.mixed)
    return rank


# --------------------------------------------------------------------------- the lead


def lead_options(state: DayousState) -> list[DayousAction]:
    room = len(state["hands"][defender_of(state)])
    groups = by_rank(state["hands"][state["leader"]])
    out: list[DayousAction] = []
    for rank in sorted(groups, key=RANK_VALUE.__getitem__):
        for cards in multisets(groups[rank], room):
            out.append({"type": "attack", "cards": cards})
    return out


# --------------------------------------------------------------------------- the defence


def defender_options(state: DayousState) -> list[DayousAction]:
    hand = state["hands"][defender_of(state)]
    out = _beat_options(state, hand)
    if all(d is None for _, d in state["table"]):
        out += _transfer_options(state, hand)
    if joker_allowed(state):
        for joker in JOKERS:
            if joker in hand:
                out.append({"type": "joker", "card": joker})
    out.append({"type": "take"})
    return out


def _beat_options(state: DayousState, hand: list[str]) -> list[DayousAction]:
    trump = state["trump"]
    rv = RANK_VALUE
    opens = [(i, a[1], rv[a[0]], a[1] == trump) for i, (a, d) in enumerate(state["table"]) if d is None]
    out: list[DayousAction] = []
    for card in sorted(set(hand), key=display_order(trump)):
        if card in JOKER_SET:
            continue
        suit, value = card[1], rv[card[0]]
        is_trump = suit == trump
        for i, a_suit, a_value, a_trump in opens:
            if (suit == a_suit and value > a_value) or (is_trump and not a_trump):
                out.append({"type": "beat", "card": card, "target": i})
    return out


def _transfer_options(state: DayousState, hand: list[str]) -> list[DayousAction]:
    target = transfer_target(state)
    if target is None:
        return []
    table = state["table"]
    room = len(state["hands"][target]) - len(table)
    rank = table[0][0][0]
    matching = [c for c in hand if c[0] == rank and c not in JOKER_SET]
    return [{"type": "transfer", "cards": cards} for cards in multisets(matching, room)]


def defender_has_choice(state: DayousState) -> bool:
    """Whether the defender can do anything but take (fast path of ``defender_options``)."""
    table = state["table"]
    hand = state["hands"][defender_of(state)]
    open_cards = [a for a, d in table if d is None]
    if _can_beat_or_joker(state, hand, open_cards):
        return True
    if len(open_cards) == len(table):
        rank = table[0][0][0]
        if any(c[0] == rank for c in hand):
            target = transfer_target(state)
            if target is not None and len(state["hands"][target]) > len(table):
                return True
    return False


def _can_beat_or_joker(state: DayousState, hand: list[str], open_cards: list[str]) -> bool:
    trump = state["trump"]
    rv = RANK_VALUE
    opens = [(a[1], rv[a[0]], a[1] == trump) for a in open_cards]
    joker_checked = False
    for card in hand:
        if card in JOKER_SET:
            if not joker_checked:
                joker_checked = True
                if joker_allowed(state):
                    return True
            continue
        suit, value = card[1], rv[card[0]]
        is_trump = suit == trump
        for a_suit, a_value, a_trump in opens:
            if (suit == a_suit and value > a_value) or (is_trump and not a_trump):
                return True
    return False


# --------------------------------------------------------------------------- throwing in


def throw_options(state: DayousState, seat: int) -> list[DayousAction]:
    room = state["limit"] - len(state["table"])
    out: list[DayousAction] = []
    if room > 0:
        ranks = table_ranks(state["table"])
        groups = by_rank(state["hands"][seat])
        for rank in sorted(groups, key=RANK_VALUE.__getitem__):
            if rank in ranks:
                for cards in multisets(groups[rank], room):
                    out.append({"type": "throw", "cards": cards})
    out.append({"type": "done"})
    return out


# --------------------------------------------------------------------------- per seat


def to_act(state: DayousState) -> list[int]:
    """Seats whose decision is awaited now (empty when the game is over)."""
    awaited = _AWAITED_BY_PHASE.get(state["phase"])
    return [] if awaited is None else awaited(state)


def _the_leader(state: DayousState) -> list[int]:
    return [state["leader"]]


def _defender_and_throwers(state: DayousState) -> list[int]:
    waiting = waiting_throwers(state)
    if not state["taking"]:
        for pair in state["table"]:
            if pair[1] is None:
                return [defender_of(state), *waiting]
    return waiting


_AWAITED_BY_PHASE: dict[str, Callable[[DayousState], list[int]]] = {
    Phase.DIRECTION: _the_leader,
    Phase.LEAD: _the_leader,
    Phase.BOUT: _defender_and_throwers,
}



def legal_actions(state: DayousState, seat: Any, waiting: list[int] | None = None) -> list[DayousAction]:
    """Every action ``seat`` may take now; ``waiting``, when given, is ``to_act``."""
    if not core.is_seat(seat, seat_count(state)):
        return []
    return seat_actions(state, seat, waiting)


def seat_actions(state: DayousState, seat: int, waiting: list[int] | None = None) -> list[DayousAction]:
    """``legal_actions`` of a seat known to be at the table."""
    actions_of = _ACTIONS_BY_PHASE.get(state["phase"])
    return [] if actions_of is None else actions_of(state, seat, waiting)


def _direction_actions(state: DayousState, seat: int, waiting: list[int] | None) -> list[DayousAction]:
    if seat != state["leader"]:
        return []
    return [{"type": "direction", "clockwise": True}, {"type": "direction", "clockwise": False}]


def _lead_actions(state: DayousState, seat: int, waiting: list[int] | None) -> list[DayousAction]:
    return lead_options(state) if seat == state["leader"] else []


def _bout_actions(state: DayousState, seat: int, waiting: list[int] | None) -> list[DayousAction]:
    if seat == state["defender"]:
        if state["taking"] or not has_open(state["table"]):
            return []
        return defender_options(state)
    if waiting is not None:
        if seat not in waiting:
            return []
    elif seat in state["done"] or not state["hands"][seat] or not can_throw(state, seat):
        return []
    return throw_options(state, seat)


_ACTIONS_BY_PHASE: dict[str, Callable[[DayousState, int, list[int] | None], list[DayousAction]]] = {
    Phase.DIRECTION: _direction_actions,
    Phase.LEAD: _lead_actions,
    Phase.BOUT: _bout_actions,
}


def default_action(state: DayousState, seat: int) -> DayousAction:
    """What a timeout plays: the lowest non-trump lead, the defender takes, a thrower is done."""
    phase = state["phase"]
    if seat not in to_act(state):
        raise IllegalAction(wording("Nothing is awaited from that seat now."))
    if phase == Phase.DIRECTION:
        return {"type": "direction", "clockwise": True}
    if phase == Phase.LEAD:
        return {"type": "attack", "cards": [_lowest_lead(state, seat)]}
    if seat == state["defender"]:
        return {"type": "take"}
    return {"type": "done"}


def _lowest_lead(state: DayousState, seat: int) -> str:
    """The lowest non-trump, or the lowest card when the hand holds only trumps."""
    trump = state["trump"]
    hand = [c for c in state["hands"][seat] if c not in JOKER_SET]
    plain = [c for c in hand if c[1] != trump] or hand
    return min(plain, key=lambda c: (RANK_VALUE[c[0]], SUIT_ORDER[c[1]]))
