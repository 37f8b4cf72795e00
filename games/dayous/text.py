"""The sentence of each public Dayous event, in words the site translates
(``games.words``): seats as ``Seat``, cards as ``cards``.

The game's jokes are academic: throwing in is "asking a further question", being done
is "No further questions", and a successful defence is a contribution "published" in a
journal for a fee. The journals' names are names: they stay as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games import core
from games.words import Seat, Words, cards, plural_wording, wording

# The suit's name is in each sentence, so that each language can agree its words with it.
_FIRST_TRUMP: dict[str, Callable[[str], Words]] = {
    "s": lambda card: wording("The %(card)s is turned up: spades are trumps.", card=cards(card)),
    "h": lambda card: wording("The %(card)s is turned up: hearts are trumps.", card=cards(card)),
    "d": lambda card: wording("The %(card)s is turned up: diamonds are trumps.", card=cards(card)),
    "c": lambda card: wording("The %(card)s is turned up: clubs are trumps.", card=cards(card)),
}
_TURNED_TRUMP: dict[str, Callable[[str], Words]] = {
    "s": lambda card: wording(
        "The trump changes: the %(card)s is turned up, spades are trumps for the rest of the game.", card=cards(card)
    ),
    "h": lambda card: wording(
        "The trump changes: the %(card)s is turned up, hearts are trumps for the rest of the game.", card=cards(card)
    ),
    "d": lambda card: wording(
        "The trump changes: the %(card)s is turned up, diamonds are trumps for the rest of the game.",
        card=cards(card),
    ),
    "c": lambda card: wording(
        "The trump changes: the %(card)s is turned up, clubs are trumps for the rest of the game.", card=cards(card)
    ),
}
_DRAWN_TRUMP: dict[str, Callable[[], Words]] = {
    "s": lambda: wording("The trump changes: spades are drawn at random for the rest of the game."),
    "h": lambda: wording("The trump changes: hearts are drawn at random for the rest of the game."),
    "d": lambda: wording("The trump changes: diamonds are drawn at random for the rest of the game."),
    "c": lambda: wording("The trump changes: clubs are drawn at random for the rest of the game."),
}


def _trump(event: core.Event) -> Words:
    suit, card = event["suit"], event.get("card")
    if not card:
        return _DRAWN_TRUMP[suit]()
    if event.get("first"):
        return _FIRST_TRUMP[suit](card)
    return _TURNED_TRUMP[suit](card)


def _first(event: core.Event) -> Words:
    seat = Seat(event["seat"])
    if event.get("drawn"):
        return wording("%(seat)s wins the draw, attacks first and chooses the direction.", seat=seat)
    return wording("%(seat)s holds the lowest trump, attacks first and chooses the direction.", seat=seat)


def _direction(event: core.Event) -> Words:
    seat = Seat(event["seat"])
    if event["clockwise"]:
        return wording("%(seat)s chose to play clockwise.", seat=seat)
    return wording("%(seat)s chose to play counterclockwise.", seat=seat)


def _bout(event: core.Event) -> None:
    return None  # the lead that follows tells it, so the log says it once


def _attack(event: core.Event) -> Words:
    return wording(
        "%(seat)s attacks %(defender)s with the %(cards)s.",
        seat=Seat(event["seat"]), defender=Seat(event["target"]), cards=cards(*event["cards"]),
    )


def _throw(event: core.Event) -> Words:
    # Translators: in Dayous, throwing cards in on an attack is "asking a further question".
    return wording(
        "%(seat)s asks a further question: the %(cards)s.", seat=Seat(event["seat"]), cards=cards(*event["cards"])
    )


def _beat(event: core.Event) -> Words:
    return wording(
        "%(seat)s beats the %(attack)s with the %(card)s.",
        seat=Seat(event["seat"]), attack=cards(event["over"]), card=cards(event["card"]),
    )


def _transfer(event: core.Event) -> Words:
    return wording(
        "%(seat)s passes the attack to %(defender)s with the %(cards)s.",
        seat=Seat(event["seat"]), defender=Seat(event["to"]), cards=cards(*event["cards"]),
    )


def _joker(event: core.Event) -> Words:
    seat, back_to, joker = Seat(event["seat"]), Seat(event["to"]), cards(event["card"])
    if event["clockwise"]:
        return wording(
            "%(seat)s plays the %(joker)s: the attack goes back to %(attacker)s, play now goes clockwise.",
            seat=seat, joker=joker, attacker=back_to,
        )
    return wording(
        "%(seat)s plays the %(joker)s: the attack goes back to %(attacker)s, play now goes counterclockwise.",
        seat=seat, joker=joker, attacker=back_to,
    )


def _take(event: core.Event) -> Words:
    seat = Seat(event["seat"])
    if event.get("forced"):
        return wording("%(seat)s cannot answer and will take the cards.", seat=seat)
    return wording("%(seat)s gives up and will take the cards.", seat=seat)


def _took(event: core.Event) -> Words:
    return plural_wording("%(seat)s takes %(count)s card.", "%(seat)s takes %(count)s cards.", event["count"],
                          seat=Seat(event["seat"]))


def _done(event: core.Event) -> Words:
    # Translators: a thrower-in in Dayous says they have no more cards to throw in.
    return wording('%(seat)s: "No further questions."', seat=Seat(event["seat"]))


def _defended(event: core.Event) -> Words:
    seat, count, journal, fee = Seat(event["seat"]), event["cards"], event.get("journal"), event["fee"]
    if journal:
        # Translators: a successful defence in Dayous, told as a paper published in a
        # journal (a journal's name, as it is) for a publication fee (a number).
        return plural_wording(
            "%(seat)s defended: %(count)s card to the discard pile — published in %(journal)s, "
            "publication fee %(fee)s.",
            "%(seat)s defended: %(count)s cards to the discard pile — published in %(journal)s, "
            "publication fee %(fee)s.",
            count, seat=seat, journal=journal, fee=fee,
        )
    return plural_wording(
        "%(seat)s defended: %(count)s card to the discard pile — published in no journal, publication fee %(fee)s.",
        "%(seat)s defended: %(count)s cards to the discard pile — published in no journal, publication fee %(fee)s.",
        count, seat=seat, fee=fee,
    )


def _listed(items: Sequence[Words | Seat]) -> Words | Seat:
    """``items`` one after the other, as the language lists them ("a, b, c")."""
    said = items[0]
    for item in items[1:]:
        said = wording("%(first)s, %(next)s", first=said, next=item)
    return said


def _refill(event: core.Event) -> Words:
    draws = [
        plural_wording("%(seat)s draws %(count)s", "%(seat)s draws %(count)s", count, seat=Seat(seat))
        for seat, count in event["draws"]
    ]
    # Translators: after a bout of Dayous, who drew how many cards, and the cards left in the deck.
    return plural_wording(
        "Refill: %(draws)s; %(count)s left in the deck.", "Refill: %(draws)s; %(count)s left in the deck.",
        event["deck"], draws=_listed(draws),
    )


def _out(event: core.Event) -> Words:
    seats = [Seat(seat) for seat in event["seats"]]
    if len(seats) == 1:
        return wording("%(seat)s is out of cards and safe.", seat=seats[0])
    return wording("%(seats)s are out of cards and safe.", seats=_listed(seats))


def _skip(event: core.Event) -> Words:
    return wording("%(seat)s holds only jokers and cannot attack.", seat=Seat(event["seat"]))


def _over(event: core.Event) -> Words:
    if event.get("dayous") is not None:
        # Translators: the dayous is the loser of Dayous, the last one left holding cards.
        return wording("Game over: %(seat)s is the dayous.", seat=Seat(event["dayous"]))
    if event.get("stuck"):
        return wording("Game over: nobody left can attack, so there is no dayous.")
    return wording("Game over: the last cards went at once, so there is no dayous.")


_TEXTS: dict[str, Callable[[core.Event], Words | None]] = {
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


def event_text(event: core.Event) -> Words | None:
    """A short sentence for a public event. None for an event that makes no line of its
    own (a new bout is told by its lead: "Ann attacks Bea with …", so the log says it
    once) and for an event Dayous does not know."""
    text = _TEXTS.get(str(event.get("type")))
    return text(event) if text is not None else None
