"""The bout: who is in it and who may throw in, and what happens when it closes
(the pickup or the contribution, the refill, the trump change, players going out,
the next bout or the end of the game).

Functions here change the working copy of ``rules.DayousEngine.apply``: its
``hands`` and ``log`` lists are fresh, every other container is replaced, never
mutated, and so is every single hand.
"""

from __future__ import annotations

import functools

from games import core
from games.core import FRENCH_SUITS
from games.dayous.cards import HIGH_RANKS, JOKER_SET
from games.dayous.state import DayousState, Pair, Phase, Stats, seat_count

# The contribution of a successful defence: the journal the cards reach, highest first.
JOURNALS = (
    (12, "Nature"),
    (10, "Science"),
    (8, "PNAS"),
    (6, "Cognition"),
    (4, "PLoS ONE"),
    (2, "Journal of Vision"),
)


def journal_key(cards: int) -> str:
    """The leaderboard's counter of the journal reached with ``cards`` cards (the
    results keep these keys)."""
    return f"journal_{cards}"


JOURNAL_KEYS = {name: journal_key(cards) for cards, name in JOURNALS}


def journal_for(cards: int) -> str | None:
    """The journal a contribution of ``cards`` cards reaches (highest threshold reached).

    Odd counts take the threshold below them (3 → Journal of Vision); fewer than 2 cards
    reach no journal (``None``) — a successful defence always discards at least 2.
    """
    for threshold, name in JOURNALS:
        if cards >= threshold:
            return name
    return None


# Bound once: on Python 3.11 every ``Phase.X`` lookup goes through EnumType.__getattr__.
LEAD, OVER = Phase.LEAD, Phase.OVER

# --------------------------------------------------------------------------- queries


def play_order(state: DayousState, first: int) -> tuple[int, ...]:
    """Every seat in play order, starting with ``first``."""
    return _play_order(first, seat_count(state), state["clockwise"])


@functools.cache
def _play_order(first: int, n: int, clockwise: bool) -> tuple[int, ...]:
    direction = 1 if clockwise else -1
    return tuple((first + direction * k) % n for k in range(n))


def next_live(state: DayousState, seat: int) -> int | None:
    """The next seat after ``seat`` in play order that is still in the game: holds
    cards, or will draw from the deck."""
    hands, deck = state["hands"], state["deck"]
    for other in play_order(state, seat)[1:]:
        if hands[other] or deck:
            return other
    return None


def table_ranks(table: list[Pair]) -> set[str]:
    ranks = set()
    for attack, defence in table:
        ranks.add(attack[0])
        if defence is not None:
            ranks.add(defence[0])
    return ranks


def has_open(table: list[Pair]) -> bool:
    """Whether an attack card on the table is still unbeaten."""
    for pair in table:
        if pair[1] is None:
            return True
    return False


def table_cards(table: list[Pair]) -> list[str]:
    return [card for pair in table for card in pair if card is not None]


def faceup(state: DayousState) -> str | None:
    """The face-up card while it is still in the deck."""
    below = state["faceup_below"]
    deck = state["deck"]
    if below < 0 or len(deck) <= below:
        return None
    return deck[len(deck) - 1 - below]


def throwers(state: DayousState) -> list[int]:
    """Seats that may throw in now, in play order from the bout's leader."""
    defender, hands = state["defender"], state["hands"]
    return [seat for seat in play_order(state, state["leader"]) if seat != defender and hands[seat]]


def can_throw(state: DayousState, seat: int, ranks: set[str] | None = None) -> bool:
    """Whether ``seat`` holds a card of a rank on the table and the limit leaves room."""
    if state["limit"] - len(state["table"]) <= 0:
        return False
    if ranks is None:
        ranks = table_ranks(state["table"])
    for card in state["hands"][seat]:
        if card[0] in ranks:
            return True
    return False


def waiting_throwers(state: DayousState) -> list[int]:
    """The throwers whose "No further questions" the bout still waits for."""
    table = state["table"]
    if state["limit"] - len(table) <= 0:
        return []
    ranks = table_ranks(table)
    defender, hands, done = state["defender"], state["hands"], state["done"]
    out = []
    for seat in play_order(state, state["leader"]):
        if seat != defender and seat not in done:
            for card in hands[seat]:
                if card[0] in ranks:
                    out.append(seat)
                    break
    return out


def defender_of(state: DayousState) -> int:
    """The defender of the bout under way (there is one in the lead and bout phases)."""
    defender = state["defender"]
    assert defender is not None, "no bout is under way"
    return defender


def emit(state: DayousState, events: list[core.Event], event: core.Event) -> None:
    events.append(event)
    state["log"].append(dict(event))  # the caller may annotate its events freely


# --------------------------------------------------------------------------- flow


def start_bout(s: DayousState, events: list[core.Event], leader: int) -> None:
    """A new bout led by ``leader`` (or the next player able to lead)."""
    hands = s["hands"]
    chosen = None
    for seat in play_order(s, leader):
        if not hands[seat]:
            continue
        if any(c not in JOKER_SET for c in hands[seat]):
            chosen = seat
            break
        emit(s, events, {"type": "skip", "seat": seat})
    if chosen is None:
        finish(s, events, [i for i in range(seat_count(s)) if hands[i]])
        return
    defender = next_live(s, chosen)
    assert defender is not None, "a seat holding cards is not alone in the game"
    s["phase"] = LEAD
    s["leader"] = chosen
    s["defender"] = defender
    s["limit"] = len(hands[defender])
    s["table"] = []
    s["attackers"] = []
    s["done"] = []
    s["taking"] = False
    emit(s, events, {"type": "bout", "attacker": chosen, "defender": defender})


def close_bout(s: DayousState, events: list[core.Event]) -> None:
    """The defender takes the table or it goes to the discard pile; then the refill,
    the trump change, the players going out, and the next bout or the end."""
    defender = defender_of(s)
    if s["taking"]:
        _pick_up(s, events, defender)
        defended = False
    else:
        _discard_defence(s, events, defender)
        defended = True
    s["table"] = []
    s["taking"] = False
    s["done"] = []
    s["attackers"] = []
    refill(s, events)
    change_trump_if_due(s, events)
    _count_out(s, events)
    hands = s["hands"]
    holders = [seat for seat in range(seat_count(s)) if hands[seat]]
    if len(holders) <= 1:
        finish(s, events, holders)
        return
    leader = defender if defended and hands[defender] else next_live(s, defender)
    assert leader is not None, "two seats hold cards"
    start_bout(s, events, leader)


def _pick_up(s: DayousState, events: list[core.Event], defender: int) -> None:
    cards = table_cards(s["table"])
    s["hands"][defender] = s["hands"][defender] + cards
    emit(s, events, {"type": "took", "seat": defender, "count": len(cards)})


def _discard_defence(s: DayousState, events: list[core.Event], defender: int) -> None:
    table = s["table"]
    cards = table_cards(table)
    trump = s["trump"]
    fee = sum(1 for _, d in table if d[0] in HIGH_RANKS or d[1] == trump)
    journal = journal_for(len(cards))
    assert journal is not None, "a defended table holds an attack and its defence"
    s["discard"] = s["discard"] + cards
    stats = list(s["stats"])
    stats[defender] = _with_defence(stats[defender], len(cards), journal, fee)
    s["stats"] = stats
    emit(s, events, {"type": "defended", "seat": defender, "cards": len(cards), "journal": journal, "fee": fee})


def _with_defence(old: Stats, cards: int, journal: str, fee: int) -> Stats:
    """A seat's statistics after a successful defence that discarded ``cards``."""
    journals = dict(old["journals"])
    journals[journal] = journals.get(journal, 0) + 1
    better = cards > old["best"]
    return {
        "defences": old["defences"] + 1,
        "journals": journals,
        "best": cards if better else old["best"],
        "best_journal": journal if better else old["best_journal"],
        "fees": old["fees"] + fee,
        # A game stored before the total was kept counts from its next defence.
        "contributed": old.get("contributed", 0) + cards,
    }


def _count_out(s: DayousState, events: list[core.Event]) -> None:
    """Once the deck is empty, the seats left without cards are out (safe)."""
    if s["deck"]:
        return
    hands = s["hands"]
    gone = {seat for group in s["out"] for seat in group}
    fresh = [seat for seat in range(seat_count(s)) if not hands[seat] and seat not in gone]
    if fresh:
        s["out"] = s["out"] + [fresh]
        emit(s, events, {"type": "out", "seats": fresh})


def refill(s: DayousState, events: list[core.Event]) -> None:
    """Draw up to a full hand: the bout's leader, the others in play order, the defender last."""
    deck = s["deck"]
    if not deck:
        return
    defender = defender_of(s)
    order = [seat for seat in play_order(s, s["leader"]) if seat != defender] + [defender]
    size = s["hand_size"]
    hands = s["hands"]
    draws = []
    for seat in order:
        need = size - len(hands[seat])
        if need > 0 and deck:
            got = deck[:need]
            deck = deck[need:]
            hands[seat] = hands[seat] + got
            draws.append([seat, len(got)])
    s["deck"] = deck
    if draws:
        emit(s, events, {"type": "refill", "draws": draws, "deck": len(deck)})


def joker_to_bottom(cards: list[str]) -> list[str]:
    """``cards`` with the jokers on top moved to the bottom, so a card is turned up."""
    for _ in range(len(cards)):
        if cards[0] not in JOKER_SET:
            break
        cards = cards[1:] + cards[:1]
    return cards


def change_trump_if_due(s: DayousState, events: list[core.Event]) -> None:
    """Once the face-up card is drawn, the deck's top card is turned up for the new
    trump (a random suit from the seed when the deck has no card to turn)."""
    if s["trump_changed"] or len(s["deck"]) > s["faceup_below"]:
        return
    s["trump_changed"] = True
    deck = joker_to_bottom(s["deck"])
    s["deck"] = deck
    if deck and deck[0] not in JOKER_SET:
        s["faceup_below"] = len(deck) - 1
        s["trump"] = deck[0][1]
        emit(s, events, {"type": "trump", "suit": s["trump"], "card": deck[0], "first": False})
        return
    s["faceup_below"] = -1
    s["trump"] = core.shuffled(list(FRENCH_SUITS), s["seed"], s["stream"])[0]
    s["stream"] += 1
    emit(s, events, {"type": "trump", "suit": s["trump"], "card": None, "first": False})


def finish(s: DayousState, events: list[core.Event], holders: list[int]) -> None:
    """The game is over: ``holders`` are the seats still holding cards."""
    gone = {seat for group in s["out"] for seat in group}
    empty = [seat for seat in range(seat_count(s)) if seat not in gone and seat not in holders]
    if empty:  # seats without cards not yet counted out (only in hand-made positions)
        s["out"] = s["out"] + [empty]
    s["phase"] = OVER
    s["defender"] = None
    s["table"] = []
    s["done"] = []
    s["attackers"] = []
    s["taking"] = False
    s["last"] = list(holders)
    s["dayous"] = holders[0] if len(holders) == 1 else None
    emit(s, events, {"type": "over", "dayous": s["dayous"], "stuck": holders if len(holders) > 1 else []})
