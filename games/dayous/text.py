"""The English sentence of each public Dayous event, seats as ``{seatN}`` tokens."""

from __future__ import annotations

from collections.abc import Callable

from games import core
from games.core import FRENCH_SUIT_NAMES


def _seat(seat: object) -> str:
    return f"{{seat{seat}}}"


def _cards(cards: list[str]) -> str:
    names = [core.card_name(c) for c in cards]
    if len(names) == 1:
        return "the " + names[0]
    return "the " + ", ".join(names[:-1]) + " and " + names[-1]


def _way(clockwise: bool) -> str:
    return "clockwise" if clockwise else "counterclockwise"


def _trump(event: core.Event) -> str:
    suit = FRENCH_SUIT_NAMES[event["suit"]]
    if event.get("first"):
        return f"The {core.card_name(event['card'])} is turned up: {suit} are trumps."
    if event.get("card"):
        return (f"The trump changes: the {core.card_name(event['card'])} is turned up, "
                f"{suit} are trumps for the rest of the game.")
    return f"The trump changes: {suit} are drawn at random for the rest of the game."


def _first(event: core.Event) -> str:
    how = "wins the draw" if event.get("drawn") else "holds the lowest trump"
    return f"{_seat(event['seat'])} {how}, attacks first and chooses the direction."


def _direction(event: core.Event) -> str:
    return f"{_seat(event['seat'])} chose to play {_way(event['clockwise'])}."


def _bout(event: core.Event) -> str:
    return ""  # the lead that follows tells it, so the log says it once


def _attack(event: core.Event) -> str:
    return f"{_seat(event['seat'])} attacks {_seat(event['target'])} with {_cards(event['cards'])}."


def _throw(event: core.Event) -> str:
    return f"{_seat(event['seat'])} asks a further question: {_cards(event['cards'])}."


def _beat(event: core.Event) -> str:
    return (f"{_seat(event['seat'])} beats the {core.card_name(event['over'])} "
            f"with the {core.card_name(event['card'])}.")


def _transfer(event: core.Event) -> str:
    return f"{_seat(event['seat'])} passes the attack to {_seat(event['to'])} with {_cards(event['cards'])}."


def _joker(event: core.Event) -> str:
    return (f"{_seat(event['seat'])} plays the {core.card_name(event['card'])}: the attack goes back to "
            f"{_seat(event['to'])}, play now goes {_way(event['clockwise'])}.")


def _take(event: core.Event) -> str:
    if event.get("forced"):
        return f"{_seat(event['seat'])} cannot answer and will take the cards."
    return f"{_seat(event['seat'])} gives up and will take the cards."


def _took(event: core.Event) -> str:
    count = event["count"]
    return f"{_seat(event['seat'])} takes {count} card{'' if count == 1 else 's'}."


def _done(event: core.Event) -> str:
    return f"{_seat(event['seat'])}: \"No further questions.\""


def _defended(event: core.Event) -> str:
    journal = event.get("journal") or "no journal"
    return (f"{_seat(event['seat'])} defended: {event['cards']} cards to the discard pile — "
            f"published in {journal}, publication fee {event['fee']}.")


def _refill(event: core.Event) -> str:
    parts = [f"{_seat(seat)} draws {count}" for seat, count in event["draws"]]
    return "Refill: " + ", ".join(parts) + f"; {event['deck']} left in the deck."


def _out(event: core.Event) -> str:
    seats = ", ".join(_seat(seat) for seat in event["seats"])
    return f"{seats} {'is' if len(event['seats']) == 1 else 'are'} out of cards and safe."


def _skip(event: core.Event) -> str:
    return f"{_seat(event['seat'])} holds only jokers and cannot attack."


def _over(event: core.Event) -> str:
    if event.get("dayous") is not None:
        return f"Game over: {_seat(event['dayous'])} is the dayous."
    if event.get("stuck"):
        return "Game over: nobody left can attack, so there is no dayous."
    return "Game over: the last cards went at once, so there is no dayous."


_TEXTS: dict[str, Callable[[core.Event], str]] = {
    "trump": _trump,
    "first": _first,
    "direction": _direction,
    "bout": _bout,
    "attack": _attack,
    "throw": _throw,
    "beat": _beat,
    "transfer": _transfer,
    "joker": _joker,
    "take": _take,
    "took": _took,
    "done": _done,
    "defended": _defended,
    "refill": _refill,
    "out": _out,
    "skip": _skip,
    "over": _over,
}


def event_text(event: core.Event) -> str:
    """A short English sentence for a public event; seats as ``{seatN}`` tokens. The
    empty string for an event that makes no line of its own: a new bout is told by its
    lead ("Ann attacks Bea with …"), so the log says it once."""
    kind = event.get("type")
    text = _TEXTS.get(str(kind))
    return text(event) if text is not None else f"{kind}."
