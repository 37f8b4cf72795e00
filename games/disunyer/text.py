"""Disunyer's public events as sentences (``games.words``): seats as ``Seat``s, cards by
their Spanish deck's names. The Spanish suits (oros, copas, espadas, bastos) are called
coins, cups, swords and clubs in English."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.words import Cards, Seat, Words, all_of, cards, one_after_another, plural_wording, wording

Event = dict[str, Any]


def _card(card: str) -> Cards:
    return cards(card, spanish=True)


def _deal(event: Event) -> Words:
    return wording("Round %(round)s: every player still standing is dealt a card.", round=event["round"])


def _reshuffle(event: Event) -> Words:
    return plural_wording(
        "The deck ran out: the discard pile is shuffled into a new deck of %(count)s card.",
        "The deck ran out: the discard pile is shuffled into a new deck of %(count)s cards.",
        event["cards"],
    )


def _stuck(event: Event) -> Words:
    # Translators: a King dealt in the Stuck King mode is shown to everyone and cannot be passed.
    return wording(
        "%(seat)s's %(card)s is turned face up and stuck.",
        seat=Seat(event["seat"]), card=_card(event["card"]),
    )


def _call(event: Event) -> Words:
    # Translators: "Disunyer!" is the game's call, a name: keep it as it is.
    return wording(
        "%(seat)s calls “Disunyer!” and challenges %(rival)s.",
        seat=Seat(event["seat"]), rival=Seat(event["rival"]),
    )


def _no_call(event: Event) -> Words:
    return wording("%(seat)s did not call Disunyer in time and is out.", seat=Seat(event["seat"]))


def _right_guess(suit: str, rival: Seat, ace: Cards, holder: Seat) -> Words:
    """The rival named the Ace's suit (a sentence per suit: each is a Spanish deck's)."""
    if suit == "o":
        return wording(
            "%(rival)s guesses coins: right, it is the %(ace)s! %(holder)s is out.",
            rival=rival, ace=ace, holder=holder,
        )
    if suit == "c":
        return wording(
            "%(rival)s guesses cups: right, it is the %(ace)s! %(holder)s is out.",
            rival=rival, ace=ace, holder=holder,
        )
    if suit == "s":
        return wording(
            "%(rival)s guesses swords: right, it is the %(ace)s! %(holder)s is out.",
            rival=rival, ace=ace, holder=holder,
        )
    # Translators: clubs of the Spanish deck (bastos).
    return wording(
        "%(rival)s guesses clubs: right, it is the %(ace)s! %(holder)s is out.",
        rival=rival, ace=ace, holder=holder,
    )


def _wrong_guess(suit: str, rival: Seat, ace: Cards) -> Words:
    """The rival named another suit than the Ace's."""
    if suit == "o":
        return wording("%(rival)s guesses coins: wrong, it is the %(ace)s. %(rival)s is out.", rival=rival, ace=ace)
    if suit == "c":
        return wording("%(rival)s guesses cups: wrong, it is the %(ace)s. %(rival)s is out.", rival=rival, ace=ace)
    if suit == "s":
        return wording("%(rival)s guesses swords: wrong, it is the %(ace)s. %(rival)s is out.", rival=rival, ace=ace)
    # Translators: clubs of the Spanish deck (bastos).
    return wording("%(rival)s guesses clubs: wrong, it is the %(ace)s. %(rival)s is out.", rival=rival, ace=ace)


def _guess(event: Event) -> Words:
    rival = Seat(event["seat"])
    ace = _card(event["ace"])
    suit = event["suit"]
    if suit is None:
        return wording("%(rival)s did not guess in time and is out. The Ace was the %(ace)s.", rival=rival, ace=ace)
    if event["right"]:
        return _right_guess(suit, rival, ace, Seat(event["holder"]))
    return _wrong_guess(suit, rival, ace)


def _keep(event: Event) -> Words:
    seat = Seat(event["seat"])
    forced = event.get("forced")
    if forced == "stuck":
        return wording("%(seat)s keeps the stuck King.", seat=seat)
    if forced == "blocked":
        return wording("%(seat)s must keep: the next player has a stuck King.", seat=seat)
    return wording("%(seat)s keeps.", seat=seat)


def _pass(event: Event) -> Words:
    return wording("%(seat)s passes to %(next)s: they swap cards.", seat=Seat(event["seat"]), next=Seat(event["to"]))


def _draw(event: Event) -> Words:
    return wording(
        "%(seat)s passes and draws the %(card)s from the deck.",
        seat=Seat(event["seat"]), card=_card(event["card"]),
    )


def _reveal(event: Event) -> Words:
    shown = [
        # Translators: one seat's card in a reveal: "Ann Jack of cups".
        wording("%(seat)s %(card)s", seat=Seat(seat), card=_card(card))
        for seat, card in enumerate(event["cards"])
        if card
    ]
    return wording("Reveal: %(cards)s.", cards=one_after_another(shown))


def _out(event: Event) -> Words:
    seats = event["seats"]
    return plural_wording(
        "%(seats)s is out with the lowest card.",
        "%(seats)s are out with the lowest card.",
        len(seats),
        seats=all_of([Seat(seat) for seat in seats]),
    )


def _win(event: Event) -> Words:
    return wording("%(seat)s is the last player standing and wins!", seat=Seat(event["seat"]))


def _no_winner(event: Event) -> Words:
    return wording("Everyone still in was knocked out together: the game ends with no winner.")


_SENTENCES: dict[str, Callable[[Event], Words]] = {
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


def event_text(event: Event) -> Words | None:
    """A public event as a sentence; None for an event Disunyer has no sentence for."""
    sentence = _SENTENCES.get(str(event.get("type")))
    return sentence(event) if sentence else None
