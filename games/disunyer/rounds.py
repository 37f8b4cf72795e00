"""Disunyer's rounds: the deal, the Disunyers, the turns, the reveal and the end of a
round, played on the engine's working copy of the state (its ``hands`` and ``known``
lists already its own; ``out`` is copied before a seat is put out)."""

from __future__ import annotations

from typing import Any

from games import core
from games.disunyer.cards import ACE, is_king, lowest_holders
from games.disunyer.state import (
    DISUNYER,
    GUESS,
    OVER,
    PICK,
    PUBLIC,
    TURNS,
    DisunyerState,
    Duel,
    seat_count,
)

Events = list[dict[str, Any]]
LOG_SIZE = 30


def log_events(st: DisunyerState, events: Events) -> None:
    """Keep the move's events in the state's log (its last ``LOG_SIZE`` events)."""
    if events:
        log = st["log"] + events
        if len(log) > LOG_SIZE:
            del log[:-LOG_SIZE]  # the new list is the move's own: trimmed in place
        st["log"] = log
        st["logged"] = st["logged"] + len(events)


def draw(st: DisunyerState, events: Events) -> str:
    """The top card of the deck; an empty deck is first rebuilt from the discard pile.

    ``st["deck"]`` must already be a list owned by ``st`` (the discard pile is
    replaced, never changed in place).
    """
    deck = st["deck"]
    if not deck:
        stream = st["stream"]
        deck = core.shuffled(st["discard"], st["seed"], stream)
        st["stream"] = stream + 1
        st["deck"] = deck
        st["discard"] = []
        events.append({"type": "reshuffle", "cards": len(deck)})
    return deck.pop(0)


def deal(st: DisunyerState, events: Events) -> None:
    """Start the next round: one card to every standing seat, then Disunyer or turns."""
    rnd = st["round"] + 1
    st["round"] = rnd
    out = st["out"]
    round_order = [s for s in st["order"] if not out[s]]
    st["round_order"] = round_order
    deck = st["deck"] = list(st["deck"])
    hands = st["hands"]
    known = st["known"]
    events.append({"type": "deal", "round": rnd, "seats": round_order})
    aces = []
    for s in round_order:
        if deck:
            card = deck.pop(0)
        else:  # the discard pile shuffled into a new deck
            card = draw(st, events)
            deck = st["deck"]
        hands[s] = card
        known[s] = 1 << s
        if card[0] == ACE:
            aces.append(s)
    st["duels"] = []
    if aces:
        st["phase"] = DISUNYER
        st["pending"] = aces
        st["stuck"] = []
        next_disunyer(st, events)
        return
    st["phase"] = TURNS
    st["step"] = None
    st["position"] = 0
    st["stuck"] = _stick_kings(st, events) if st["mode"] == "stuck-king" else []
    advance_turns(st, events)


def _stick_kings(st: DisunyerState, events: Events) -> list[int]:
    """Turn the dealt Kings face up: the seats holding them must keep them."""
    hands = st["hands"]
    known = st["known"]
    stuck = []
    for s in st["round_order"]:
        card = hands[s]
        assert card is not None  # every seat of the round holds a card
        if is_king(card):
            stuck.append(s)
            known[s] = PUBLIC
            events.append({"type": "stuck", "seat": s, "card": card})
    return stuck


def advance_turns(st: DisunyerState, events: Events) -> None:
    """Apply forced keeps (stuck Kings); reveal once every seat has had its turn."""
    round_order = st["round_order"]
    stuck = st["stuck"]
    while st["position"] < len(round_order):
        if not stuck:
            return
        position = st["position"]
        seat = round_order[position]
        if seat in stuck:
            events.append({"type": "keep", "seat": seat, "forced": "stuck"})
        elif position + 1 < len(round_order) and round_order[position + 1] in stuck:
            events.append({"type": "keep", "seat": seat, "forced": "blocked"})
        else:
            return
        st["position"] = position + 1
    reveal(st, events)


def pass_card(st: DisunyerState, seat: int, events: Events) -> None:
    """``seat`` swaps cards with the next seat, or, as the last seat, with the deck."""
    round_order = st["round_order"]
    position = st["position"]
    if position + 1 == len(round_order):
        _swap_with_deck(st, seat, events)
        return
    nxt = round_order[position + 1]
    hands = st["hands"]
    known = st["known"]
    both = (1 << seat) | (1 << nxt)
    hands[seat], hands[nxt] = hands[nxt], hands[seat]
    # Passes are public, so whatever anyone knew follows the cards; the two
    # players now both know both cards.
    known_by_seat = known[seat]
    known[seat] = known[nxt] | both
    known[nxt] = known_by_seat | both
    events.append({"type": "pass", "seat": seat, "to": nxt})


def _swap_with_deck(st: DisunyerState, seat: int, events: Events) -> None:
    """The drawn card is shown, the card let go goes face down to the discard pile
    (after the draw, so that a reshuffle for the draw does not take it)."""
    st["deck"] = list(st["deck"])
    st["discard"] = list(st["discard"])
    card = draw(st, events)
    hands = st["hands"]
    let_go = hands[seat]
    assert let_go is not None
    st["discard"].append(let_go)
    hands[seat] = card
    st["known"][seat] = PUBLIC
    events.append({"type": "draw", "seat": seat, "card": card})


def reveal(st: DisunyerState, events: Events) -> None:
    """Every card shown; the seats with the lowest card are out."""
    round_order = st["round_order"]
    hands = st["hands"]
    cards: list[str | None] = [None] * seat_count(st)
    for s in round_order:
        cards[s] = hands[s]
    losers = lowest_holders(hands, round_order)
    rnd = st["round"]
    out = st["out"] = list(st["out"])
    for s in losers:
        out[s] = rnd
    events.append({"type": "reveal", "cards": cards})
    events.append({"type": "out", "seats": losers, "round": rnd})
    st["last"] = {"round": rnd, "kind": "reveal", "cards": cards, "out": losers, "duels": []}
    end_round(st, events)


def end_round(st: DisunyerState, events: Events) -> None:
    """Every card in play to the discard pile; the next deal, or the end of the game."""
    assert st["last"] is not None
    # A game stored before the rounds were kept keeps them from its next round.
    st["rounds"] = st.get("rounds", []) + [st["last"]]
    hands = st["hands"]
    known = st["known"]
    discard = list(st["discard"])
    for s in st["round_order"]:
        card = hands[s]
        assert card is not None  # every seat of the round holds a card
        discard.append(card)
        hands[s] = None
        known[s] = 0
    st["discard"] = discard
    st["holder"] = None
    st["rival"] = None
    st["step"] = None
    st["pending"] = []
    st["stuck"] = []
    st["position"] = 0
    standing = [s for s in st["order"] if not st["out"][s]]
    if len(standing) >= 2:
        deal(st, events)
    else:
        _end_game(st, standing, events)


def _end_game(st: DisunyerState, standing: list[int], events: Events) -> None:
    st["phase"] = OVER
    st["round_order"] = []
    if standing:
        st["winner"] = standing[0]
        events.append({"type": "win", "seat": standing[0]})
    else:
        st["no_winner"] = True
        events.append({"type": "no_winner"})


def next_disunyer(st: DisunyerState, events: Events) -> None:
    """Move to the next Disunyer still valid, or end the round."""
    out = st["out"]
    pending = st["pending"]
    standing = [s for s in st["order"] if not out[s]]
    while pending and len(standing) > 1:
        holder = pending[0]
        pending = pending[1:]
        if out[holder]:
            continue  # knocked out before their turn: cancelled, never shown
        st["pending"] = pending
        st["holder"] = holder
        st["rival"] = None
        st["step"] = PICK
        rivals = [s for s in standing if s != holder]
        if len(rivals) == 1:
            # A decision with exactly one legal choice is applied at once.
            pick(st, holder, rivals[0], events, forced=True)
        return
    st["pending"] = []
    _end_disunyer_round(st, events)


def _end_disunyer_round(st: DisunyerState, events: Events) -> None:
    """The round's summary shows only the Aces that were guessed at."""
    rnd = st["round"]
    cards: list[str | None] = [None] * seat_count(st)
    for d in st["duels"]:
        if d["ace"] is not None:
            cards[d["holder"]] = d["ace"]
    st["last"] = {
        "round": rnd,
        "kind": "disunyer",
        "cards": cards,
        "out": [s for s in st["round_order"] if st["out"][s] == rnd],
        "duels": st["duels"],
    }
    end_round(st, events)


def pick(st: DisunyerState, holder: int, rival: int | None, events: Events, forced: bool = False) -> None:
    """The caller challenges ``rival``; picking nobody (None) puts the caller out."""
    if rival is None:
        out = st["out"] = list(st["out"])
        out[holder] = st["round"]
        duel: Duel = {"holder": holder, "rival": None, "ace": None, "suit": None, "out": holder}
        st["duels"] = st["duels"] + [duel]
        events.append({"type": "no_call", "seat": holder})
        next_disunyer(st, events)
        return
    st["rival"] = rival
    st["step"] = GUESS
    event: dict[str, Any] = {"type": "call", "seat": holder, "rival": rival}
    if forced:
        event["forced"] = True
    events.append(event)


def guess(st: DisunyerState, rival: int, suit: str | None, events: Events) -> None:
    """The rival names a suit (None: no answer): right puts the caller out, else the
    rival; the Ace is shown either way."""
    holder = st["holder"]
    assert holder is not None
    ace = st["hands"][holder]
    assert ace is not None
    right = suit is not None and ace[1] == suit
    loser = holder if right else rival
    out = st["out"] = list(st["out"])
    out[loser] = st["round"]
    st["known"][holder] = PUBLIC
    duel: Duel = {"holder": holder, "rival": rival, "ace": ace, "suit": suit, "out": loser}
    st["duels"] = st["duels"] + [duel]
    events.append(
        {"type": "guess", "seat": rival, "holder": holder, "suit": suit, "ace": ace, "right": right, "out": loser}
    )
    st["holder"] = None
    st["rival"] = None
    next_disunyer(st, events)
