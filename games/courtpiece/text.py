"""Court Piece's public events as sentences (``games.words``): players as ``Seat``s,
cards as ``cards``, each event one whole message so each language orders its words.

A suit is never a word put into a sentence: each sentence that names one is written
once per suit, as the languages that decline a suit's name need."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.words import Seat, Words, cards, plural_wording, wording

Event = dict[str, Any]


def event_text(event: Event) -> Words | None:
    """The sentence for a public event; None for a kind it does not know."""
    kind = event.get("type")
    sentence = _SENTENCES.get(kind) if isinstance(kind, str) else None
    return sentence(event) if sentence else None


def _who(event: Event) -> Seat:
    return Seat(event["seat"])


def _team(team: int) -> Words:
    # Translators: the two partners of a team in Court Piece, by name.
    return wording("%(first)s and %(second)s", first=Seat(team), second=Seat(team + 2))


def _hands(count: int) -> Words:
    return plural_wording("%(count)s hand", "%(count)s hands", count)


def _points(count: int) -> Words:
    return plural_wording("%(count)s point", "%(count)s points", count)


def _deal(event: Event) -> Words:
    if event.get("caller") is None:
        return wording(
            "Round %(round)s: all 13 cards dealt; %(leader)s leads, no trump yet.",
            round=event["round"], leader=Seat(event["leader"]),
        )
    return wording(
        "Round %(round)s: %(caller)s sees five cards and calls the trump.",
        round=event["round"], caller=Seat(event["caller"]),
    )


_CALLED: dict[str, Callable[[Seat], Words]] = {
    "s": lambda who: wording("%(who)s called spades as trump.", who=who),
    "h": lambda who: wording("%(who)s called hearts as trump.", who=who),
    "d": lambda who: wording("%(who)s called diamonds as trump.", who=who),
    "c": lambda who: wording("%(who)s called clubs as trump.", who=who),
}


def _call(event: Event) -> Words:
    if event.get("hidden"):
        return wording("%(who)s placed the trump face down.", who=_who(event))
    return _CALLED[event["suit"]](_who(event))


def _play(event: Event) -> Words:
    if event.get("face_down"):
        return wording("%(who)s played a card face down.", who=_who(event))
    return wording("%(who)s played the %(card)s.", who=_who(event), card=cards(event["card"]))


def _ask(event: Event) -> Words:
    return wording("%(who)s asked to see the trump.", who=_who(event))


# How the face-down trump came to be shown ("show": its caller showed it; "last": it was
# the caller's last card; "ask": a player void in the suit led asked to see it), by suit.
_SHOWN: dict[tuple[str, str], Callable[..., Words]] = {
    ("show", "s"): lambda **said: wording("%(who)s showed the trump: the %(card)s; spades are trump.", **said),
    ("show", "h"): lambda **said: wording("%(who)s showed the trump: the %(card)s; hearts are trump.", **said),
    ("show", "d"): lambda **said: wording("%(who)s showed the trump: the %(card)s; diamonds are trump.", **said),
    ("show", "c"): lambda **said: wording("%(who)s showed the trump: the %(card)s; clubs are trump.", **said),
    ("last", "s"): lambda **said: wording("The last trick shows the trump: the %(card)s; spades are trump.", **said),
    ("last", "h"): lambda **said: wording("The last trick shows the trump: the %(card)s; hearts are trump.", **said),
    ("last", "d"): lambda **said: wording("The last trick shows the trump: the %(card)s; diamonds are trump.", **said),
    ("last", "c"): lambda **said: wording("The last trick shows the trump: the %(card)s; clubs are trump.", **said),
    ("ask", "s"): lambda **said: wording("The trump is shown: the %(card)s; spades are trump.", **said),
    ("ask", "h"): lambda **said: wording("The trump is shown: the %(card)s; hearts are trump.", **said),
    ("ask", "d"): lambda **said: wording("The trump is shown: the %(card)s; diamonds are trump.", **said),
    ("ask", "c"): lambda **said: wording("The trump is shown: the %(card)s; clubs are trump.", **said),
}


def _trump_shown(event: Event) -> Words:
    how = event["how"] if event.get("how") in ("show", "last") else "ask"
    return _SHOWN[how, event["suit"]](who=_who(event), card=cards(event["card"]))


_MADE: dict[str, Callable[[Seat], Words]] = {
    "s": lambda who: wording("%(who)s made spades the trump.", who=who),
    "h": lambda who: wording("%(who)s made hearts the trump.", who=who),
    "d": lambda who: wording("%(who)s made diamonds the trump.", who=who),
    "c": lambda who: wording("%(who)s made clubs the trump.", who=who),
}


def _trump_made(event: Event) -> Words:
    return _MADE[event["suit"]](_who(event))


def _trick(event: Event) -> Words:
    return wording(
        "%(who)s won trick %(number)s with the %(card)s.",
        who=_who(event), number=event["number"], card=cards(event["card"]),
    )


def _pile_blocked(event: Event) -> Words:
    if event.get("reason") == "ace":
        return wording("The pile stays: %(who)s won with an ace, and an ace cannot win the pile.", who=_who(event))
    return wording("The pile stays: %(who)s won with an ace on an ace.", who=_who(event))


def _pickup(event: Event) -> Words:
    team = event["team"]
    hands = event["hands"]
    return plural_wording(
        "%(who)s picked up the %(count)s hand on the table: %(team)s now have %(hands)s, %(others)s %(their_hands)s.",
        "%(who)s picked up the %(count)s hands on the table: %(team)s now have %(hands)s, %(others)s %(their_hands)s.",
        event["tricks"],
        who=_who(event), team=_team(team), hands=_hands(hands[team]),
        others=_team(1 - team), their_hands=hands[1 - team],
    )


def _round_over(event: Event) -> Words:
    team = event["winning_team"]
    hands = event["hands"]
    points = event["team_points"]
    return _WON_ROUND.get(event.get("kind", ""), _WON_ROUND["normal"])(
        team=_team(team), round=event["round"], hands=_hands(hands[team]), lost=hands[1 - team],
        points=_points(event["points"]), total=_points(points[team]),
        others=_team(1 - team), their_total=points[1 - team],
    )


# A round's result by the kind of its win: a Court (the calling team took all 13 hands),
# a Goon Court (the other team did), the 4-point and 6-point wins (all 13 hands, the last
# trick taken with the chosen rank, or by both partners with the chosen pair).
_WON_ROUND: dict[str, Callable[..., Words]] = {
    "normal": lambda **values: wording(
        "%(team)s win round %(round)s, %(hands)s to %(lost)s: %(points)s. "
        "They now have %(total)s, %(others)s %(their_total)s.",
        **values,
    ),
    "court": lambda **values: wording(
        "%(team)s win round %(round)s, %(hands)s to %(lost)s: a Court! %(points)s. "
        "They now have %(total)s, %(others)s %(their_total)s.",
        **values,
    ),
    "goon_court": lambda **values: wording(
        "%(team)s win round %(round)s, %(hands)s to %(lost)s: a Goon Court! %(points)s. "
        "They now have %(total)s, %(others)s %(their_total)s.",
        **values,
    ),
    "four": lambda **values: wording(
        "%(team)s win round %(round)s, %(hands)s to %(lost)s: all 13 with the chosen rank! %(points)s. "
        "They now have %(total)s, %(others)s %(their_total)s.",
        **values,
    ),
    "six": lambda **values: wording(
        "%(team)s win round %(round)s, %(hands)s to %(lost)s: all 13 with the chosen pair! %(points)s. "
        "They now have %(total)s, %(others)s %(their_total)s.",
        **values,
    ),
}


def _game_over(event: Event) -> Words:
    points = event["team_points"]
    team = event["winning_team"]
    return wording(
        "%(team)s win the table, %(points)s to %(lost)s.",
        team=_team(team), points=_points(points[team]), lost=points[1 - team],
    )


_SENTENCES: dict[str, Callable[[Event], Words]] = {
    "deal": _deal,
    "call": _call,
    "play": _play,
    "ask": _ask,
    "trump_shown": _trump_shown,
    "trump_made": _trump_made,
    "trick": _trick,
    "pile_blocked": _pile_blocked,
    "pickup": _pickup,
    "round_over": _round_over,
    "game_over": _game_over,
}
