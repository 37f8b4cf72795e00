"""Disunyer's public events as English sentences, seats written as ``{seatN}`` tokens."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games import core
from games.disunyer.cards import card_name

Event = dict[str, Any]


def _seat(seat: int) -> str:
    return f"{{seat{seat}}}"


def _names(seats: list[int]) -> str:
    names = [_seat(s) for s in seats]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def _deal(event: Event) -> str:
    return f"Round {event['round']}: every player still standing is dealt a card."


def _reshuffle(event: Event) -> str:
    return f"The deck ran out: the discard pile is shuffled into a new deck of {event['cards']} cards."


def _stuck(event: Event) -> str:
    return f"{_seat(event['seat'])}'s {card_name(event['card'])} is turned face up and stuck."


def _call(event: Event) -> str:
    return f"{_seat(event['seat'])} calls \u201cDisunyer!\u201d and challenges {_seat(event['rival'])}."


def _no_call(event: Event) -> str:
    return f"{_seat(event['seat'])} did not call Disunyer in time and is out."


def _guess(event: Event) -> str:
    rival = _seat(event["seat"])
    ace = card_name(event["ace"])
    if event["suit"] is None:
        return f"{rival} did not guess in time and is out. The Ace was the {ace}."
    named = core.SPANISH_SUIT_NAMES[event["suit"]]
    if event["right"]:
        return f"{rival} guesses {named}: right, it is the {ace}! {_seat(event['holder'])} is out."
    return f"{rival} guesses {named}: wrong, it is the {ace}. {rival} is out."


def _keep(event: Event) -> str:
    seat = _seat(event["seat"])
    forced = event.get("forced")
    if forced == "stuck":
        return f"{seat} keeps the stuck King."
    if forced == "blocked":
        return f"{seat} must keep: the next player has a stuck King."
    return f"{seat} keeps."


def _pass(event: Event) -> str:
    return f"{_seat(event['seat'])} passes to {_seat(event['to'])}: they swap cards."


def _draw(event: Event) -> str:
    return f"{_seat(event['seat'])} passes and draws the {card_name(event['card'])} from the deck."


def _reveal(event: Event) -> str:
    shown = [f"{_seat(i)} {card_name(c)}" for i, c in enumerate(event["cards"]) if c]
    return "Reveal: " + ", ".join(shown) + "."


def _out(event: Event) -> str:
    seats = event["seats"]
    verb = "is" if len(seats) == 1 else "are"
    return f"{_names(seats)} {verb} out with the lowest card."


def _win(event: Event) -> str:
    return f"{_seat(event['seat'])} is the last player standing and wins!"


def _no_winner(event: Event) -> str:
    return "Everyone still in was knocked out together: the game ends with no winner."


_SENTENCES: dict[str, Callable[[Event], str]] = {
    "deal": _deal,
    "reshuffle": _reshuffle,
    "stuck": _stuck,
    "call": _call,
    "no_call": _no_call,
    "guess": _guess,
    "keep": _keep,
    "pass": _pass,
    "draw": _draw,
    "reveal": _reveal,
    "out": _out,
    "win": _win,
    "no_winner": _no_winner,
}


def event_text(event: Event) -> str:
    """A short English sentence for a public event (seats as ``{seatN}`` tokens)."""
    kind = str(event.get("type"))
    sentence = _SENTENCES.get(kind)
    return sentence(event) if sentence else kind
