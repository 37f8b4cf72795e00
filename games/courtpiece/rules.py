"""Court Piece (Rung): the rules engine.

Four players, seats 0-3 in play order, partners 0 & 2 (team 0) and 1 & 3
(team 1). One engine state is the whole table: rounds are dealt until a team
reaches the table's winning points. See README.md in this folder for the card
notation, the rulings applied and the state / action / event / view formats.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn, cast

from games import core
from games.core import Action, Event, IllegalAction, InvalidOptions
from games.courtpiece import moves
from games.courtpiece.cards import DECK_SET, FACE_DOWN, SUIT_ORDER, PileRules, sorted_hand
from games.courtpiece.moves import cards_allowed, face_down_out
from games.courtpiece.options import MAX_PLAYERS, MIN_PLAYERS, turn_seconds, validate_options
from games.courtpiece.rounds import deal, finish_trick, new_table, public_trick, team_counters
from games.courtpiece.state import (
    CALL,
    OVER,
    PLAY,
    SEAT_COUNT,
    CourtPieceAction,
    CourtPieceState,
    CourtPieceView,
    seat_count,
    team_of,
)
from games.words import wording

NAME = "courtpiece"
LOG_SIZE = 32  # public events kept for the views' log (this round's, most recent last)


class CourtPieceEngine:
    name = NAME
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    card_deck = core.CardDeck.FRENCH

    def validate_options(self, options: dict[str, Any] | None, players: int | None = None) -> dict[str, Any]:
        return validate_options(options, players)

    def turn_seconds(self, options: dict[str, Any]) -> int:
        return turn_seconds(options)

    def start(
        self,
        players: int,
        options: dict[str, Any],
        seed: str | None = None,
        deck: list[str] | None = None,
    ) -> CourtPieceState:
        table_options = validate_options(options, players)
        seed = core.game_seed(seed)
        stack = _stacked(deck)
        # A stacked deck is dealt from seat 0; else the first caller is drawn from the seed.
        first = 0 if stack is not None else core.SeededRandom(seed, 0).randrange(SEAT_COUNT)
        state = new_table(table_options, seed, stack)
        events: list[Event] = []
        deal(state, first, events)
        state["log"] = events
        return state

    def to_act(self, state: CourtPieceState) -> list[int]:
        turn = state["turn"]
        return [] if turn is None else [turn]

    def legal_actions(self, state: CourtPieceState, seat: int) -> list[CourtPieceAction]:
        return moves.legal_actions(state, seat)

    def default_action(self, state: CourtPieceState, seat: int) -> CourtPieceAction:
        return moves.default_action(state, seat)

    def apply(
        self, state: CourtPieceState, seat: int, action: Action, timeout: bool = False
    ) -> tuple[CourtPieceState, list[Event]]:
        kind = core.action_kind(action)
        turn = state["turn"]
        if turn is None:  # (a table over is no one's turn)
            raise IllegalAction(wording("The table is over: no more moves."))
        core.require_seat(seat, seat_count(state))
        handler = _HANDLERS.get(kind)
        if handler is None:
            raise IllegalAction(wording("Unknown move: %(kind)s.", kind=repr(kind)))
        core.require_turn(seat, (turn,))
        new = state.copy()
        events: list[Event] = []
        handler(new, seat, action, events)
        if timeout:
            events[0] = core.timed_out(events[0])
        # The public log after the move: a new round's starts with the last round's result.
        if new["round"] != state["round"]:
            start = next(i for i, e in enumerate(events) if e["type"] == "round_over")
            new["log"] = events[start:]
        else:
            log = state["log"] + events
            new["log"] = log[-LOG_SIZE:] if len(log) > LOG_SIZE else log
        return new, events

    def outcome(self, state: CourtPieceState) -> dict[str, Any] | None:
        result = state["result"]
        if result is None:
            return None
        return {**result, "counters": [team_counters(result["stats"], team_of(seat)) for seat in range(SEAT_COUNT)]}

    def every_card(self, state: CourtPieceState) -> core.EveryCard:
        """The hands and the card the Hidden caller set face down, while it lies there:
        every card is dealt, none is discarded."""
        face_down = [state["face_down"] if face_down_out(state, seat) else None for seat in range(SEAT_COUNT)]
        return core.EveryCard([list(hand) for hand in state["hands"]], face_down, [], [])

    def view(self, state: CourtPieceState, seat: int | None) -> CourtPieceView:
        """What ``seat`` (None: a spectator) may know. Nested values (options, stats,
        last trick, history, outcome) are shared with the state: treat a view as read-only."""
        seat = core.viewer(seat, SEAT_COUNT)
        phase = state["phase"]
        options = state["options"]
        caller = state["caller"]
        power = state["power"]
        trump = state["trump"]
        # The trump as this seat knows it: the caller knows it before it has power.
        if trump is None:
            trump_seen = "none yet"
        else:
            trump_seen = trump if power or seat == caller else "hidden"
        face_down = state["face_down"]
        face_down_aside = face_down is not None and not power
        # This seat's own cards (while calling, only the caller's five) and every seat's
        # count (the Hidden card still face down counts in the caller's).
        if phase == CALL:
            hand = sorted_hand(state["five"] or []) if seat == caller else []
            counts = [5 if p == caller else 0 for p in range(SEAT_COUNT)]
        else:
            hands = state["hands"]
            hand = list(hands[seat]) if seat is not None else []
            counts = list(map(len, hands))
            if face_down_aside and caller is not None:
                counts[caller] += 1
        turn = state["turn"]
        trick = state["trick"]
        lead_seat = state["trick_leader"]
        return {
            "game": NAME,
            "seat": seat,
            "players": SEAT_COUNT,
            "phase": phase,
            "to_act": [] if turn is None else [turn],
            "legal": moves.legal_actions(state, seat) if seat is not None and seat == turn else [],
            "over": phase == OVER,
            "outcome": self.outcome(state),
            "log": list(state["log"]),
            "options": options,
            "round": state["round"],
            "caller": caller,
            "leader": state["leader"],
            "trump": trump_seen,
            "trump_power": power,
            "face_down_placed": face_down_aside and phase == PLAY and options["game"] == "hidden",
            "face_down": face_down if (face_down_aside and seat == caller) else None,
            "hand": hand,
            "hand_counts": counts,
            "trick": public_trick(trick, lead_seat, state["trick_face_down"]) if trick else [],
            "trick_leader": lead_seat,
            "trick_trump_from": state["trick_trump_from"],
            "lead_suit": trick[0][1] if trick else None,
            "last_trick": state["last"],
            "tricks_played": state["tricks_played"],
            "pile": state["pile"],
            "pile_needed": PileRules.of(options).need(state["picked"]),
            "streak": state["streak_winner"],
            "hands": list(state["won"]),
            "score": list(state["points"]),
            "winning_points": options["winning_points"],
            "stats": state["stats"],
            "history": state["history"],
        }


def _stacked(deck: list[str] | None) -> list[str] | None:
    """A stacked deck checked (whole 52-card blocks, one a round), or None for none."""
    if deck is None:
        return None
    if not isinstance(deck, list) or not deck or len(deck) % 52:
        raise InvalidOptions(
            wording("A stacked deck must be a list of 52 cards (or several times 52, one block a round).")
        )
    for i in range(0, len(deck), 52):
        block = deck[i : i + 52]
        if not all(isinstance(c, str) for c in block) or set(block) != DECK_SET:
            raise InvalidOptions(wording("Each 52 cards of a stacked deck must be the full deck, every card once."))
    return list(deck)


# --------------------------------------------------------------------------- handlers
# One per action kind, once ``apply`` has checked that it is ``seat``'s turn: each
# changes the working copy of the state (replacing, never changing, the nested lists it
# shares with the state before the move).

CALL_FIRST = wording("The trump must be called before anyone plays.")


def _call(state: CourtPieceState, seat: int, action: Action, events: list[Event]) -> None:
    core.require(state["phase"] == CALL, wording("Nothing to call now: the round is being played."))
    if state["options"]["game"] == "hidden":
        _place_face_down(state, seat, action, events)
    else:
        _call_suit(state, seat, action, events)
    state["phase"] = PLAY
    state["five"] = None


def _place_face_down(state: CourtPieceState, seat: int, action: Action, events: list[Event]) -> None:
    card = action.get("card")
    if not isinstance(card, str):
        raise IllegalAction(wording("Choose one of your first five cards to place face down as the trump."))
    core.require(card in (state["five"] or ()), wording("You can only place one of your first five cards face down."))
    hands = list(state["hands"])
    hands[seat] = sorted_hand(c for c in hands[seat] if c != card)
    state.update({"hands": hands, "face_down": card, "trump": card[1], "power": False})
    events.append({"type": "call", "seat": seat, "hidden": True})


def _call_suit(state: CourtPieceState, seat: int, action: Action, events: list[Event]) -> None:
    suit = action.get("suit")
    if not isinstance(suit, str) or suit not in SUIT_ORDER:
        raise IllegalAction(wording("Choose a trump suit: s (spades), h (hearts), d (diamonds) or c (clubs)."))
    core.require(
        any(c[1] == suit for c in state["five"] or ()),
        wording("The trump must be a suit among your first five cards."),
    )
    hands = list(state["hands"])
    hands[seat] = sorted_hand(hands[seat])
    state.update({"hands": hands, "trump": suit, "power": True})
    events.append({"type": "call", "seat": seat, "suit": suit})


def _ask(state: CourtPieceState, seat: int, action: Action, events: list[Event]) -> None:
    core.require(state["phase"] != CALL, CALL_FIRST)
    core.require(state["options"]["game"] == "hidden", wording("Only in the Hidden game can you ask to see the trump."))
    core.require(not state["power"], wording("The trump has already been shown."))
    core.require(seat != state["caller"], wording("The caller knows the trump and cannot ask to see it."))
    trick = state["trick"]
    core.require(
        bool(trick), wording("You can only ask to see the trump when you cannot follow suit, not when leading.")
    )
    lead = trick[0][1]
    core.require(
        all(c[1] != lead for c in state["hands"][seat]),
        wording("You can follow suit, so you cannot ask to see the trump."),
    )
    _reveal(state, events, "ask", seat)
    state["asked"] = seat


def _show(state: CourtPieceState, seat: int, action: Action, events: list[Event]) -> None:
    core.require(state["phase"] != CALL, CALL_FIRST)
    core.require(state["options"]["game"] == "hidden", wording("Only in the Hidden game is there a trump to show."))
    core.require(not state["power"], wording("The trump has already been shown."))
    core.require(seat == state["caller"], wording("Only the caller can show the trump."))
    core.require(not state["trick"], wording("The trump can only be shown before you lead."))
    core.require(state["tricks_played"] > 0, wording("The trump cannot be shown on the very first lead of the round."))
    core.require(bool(state["hands"][seat]), wording("Your last card is the face-down trump: just play it."))
    _reveal(state, events, "show", seat)


def _reveal(state: CourtPieceState, events: list[Event], how: str, seat: int) -> None:
    """Hidden: the face-down trump is shown, goes back into the caller's hand and gets power."""
    caller = cast(int, state["caller"])
    face_down = cast(str, state["face_down"])
    hands = list(state["hands"])
    hands[caller] = sorted_hand(hands[caller] + [face_down])
    # Cards already in this trick were played while the suit had no power.
    state.update(
        {
            "hands": hands,
            "power": True,
            "streak_winner": None,
            "streak_ace": False,
            "trick_trump_from": len(state["trick"]),
        }
    )
    if how == "ask":
        events.append({"type": "ask", "seat": seat})
    events.append({"type": "trump_shown", "seat": caller, "card": face_down, "suit": face_down[1], "how": how})


def _play(state: CourtPieceState, seat: int, action: Action, events: list[Event]) -> None:
    if state["phase"] == CALL:
        raise IllegalAction(CALL_FIRST)
    card = action.get("card")
    if not isinstance(card, str):
        raise IllegalAction(wording("Say which card to play."))
    hand = state["hands"][seat]
    if card == state["face_down"] and face_down_out(state, seat):
        hand = _play_face_down(state, seat, hand, events)
    elif card not in hand:
        raise IllegalAction(wording("You do not hold that card."))
    trick = state["trick"]
    void = bool(trick) and card[1] != trick[0][1]
    # Off the suit led, only a seat void in it may play (and one that asked to see the
    # trump: a trump, if it holds one).
    if void and card not in cards_allowed(state, seat, hand):
        _refuse_off_suit(state, seat, hand)
    hands = list(state["hands"])
    hands[seat] = hand = list(hand)
    hand.remove(card)
    state["hands"] = hands
    state["asked"] = None
    face_down = void and state["face_down"] is not None and face_down_out(state, seat)
    if void and state["trump"] is None:
        # Rung Kaat: the first card thrown off suit makes the trump.
        state.update(
            {
                "trump": card[1],
                "power": True,
                "caller": seat,
                "streak_winner": None,
                "streak_ace": False,
                "trick_trump_from": len(trick),
            }
        )
        events.append({"type": "trump_made", "seat": seat, "suit": card[1]})
    if face_down:
        state["trick_face_down"] = state["trick_face_down"] + [len(trick)]
        events.append({"type": "play", "seat": seat, "card": FACE_DOWN, "face_down": True})
    else:
        events.append({"type": "play", "seat": seat, "card": card})
    state["trick"] = trick + [card]
    if len(trick) + 1 < SEAT_COUNT:
        state["turn"] = (seat + 1) % SEAT_COUNT
    else:
        finish_trick(state, events)


def _play_face_down(state: CourtPieceState, seat: int, hand: list[str], events: list[Event]) -> list[str]:
    """The Hidden caller's last card, the face-down trump, shows the trump on the way:
    the hand it is played from."""
    core.require(not hand, wording("Your face-down trump card stays out of play until the trump is shown."))
    _reveal(state, events, "last", seat)
    return state["hands"][seat]


def _refuse_off_suit(state: CourtPieceState, seat: int, hand: list[str]) -> NoReturn:
    """Why a card off the suit led may not be played from ``hand``."""
    allowed = cards_allowed(state, seat, hand)
    lead = state["trick"][0][1]
    if allowed[0][1] == lead:
        raise IllegalAction(FOLLOW_SUIT[lead])
    raise IllegalAction(PLAY_A_TRUMP[cast(str, state["trump"])])


# Whole sentences for each suit, as the languages that decline a suit's name need.
FOLLOW_SUIT = {
    "s": wording("You must follow suit: play one of your spades."),
    "h": wording("You must follow suit: play one of your hearts."),
    "d": wording("You must follow suit: play one of your diamonds."),
    "c": wording("You must follow suit: play one of your clubs."),
}
PLAY_A_TRUMP = {
    "s": wording("You asked to see the trump, so you must play a trump (spades)."),
    "h": wording("You asked to see the trump, so you must play a trump (hearts)."),
    "d": wording("You asked to see the trump, so you must play a trump (diamonds)."),
    "c": wording("You asked to see the trump, so you must play a trump (clubs)."),
}


Handler = Callable[[CourtPieceState, int, Action, list[Event]], None]
_HANDLERS: dict[str, Handler] = {"call": _call, "play": _play, "ask": _ask, "show": _show}


ENGINE = CourtPieceEngine()
