"""Court Piece's public events as English sentences (seats as ``{seatN}`` tokens)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games import core
from games.courtpiece.cards import FACE_DOWN, SUIT_NAMES

Event = dict[str, Any]

_SHOWN_BY = {"show": "{who} showed the trump: ", "last": "The last trick shows the trump: "}
_WIN_KINDS = {
    "court": "a Court! ",
    "goon_court": "a Goon Court! ",
    "four": "all 13 with the chosen rank! ",
    "six": "all 13 with the chosen pair! ",
}


def event_text(event: Event) -> str:
    """A short English sentence for a public event (seats as ``{seatN}`` tokens)."""
    kind = event.get("type")
    sentence = _SENTENCES.get(kind) if isinstance(kind, str) else None
    return sentence(event) if sentence else str(kind)


def _who(event: Event) -> str:
    return f"{{seat{event.get('seat')}}}"


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}{'' if n == 1 else 's'}"


def _card(card: Any) -> str:
    if card == FACE_DOWN or not isinstance(card, str) or len(card) != 2:
        return "a card face down"
    return "the " + core.card_name(card)


def _team_name(team: int) -> str:
    return f"{{seat{team}}} and {{seat{team + 2}}}"


def _deal(event: Event) -> str:
    if event.get("caller") is None:
        leader = f"{{seat{event['leader']}}}"
        return f"Round {event['round']}: all 13 cards dealt; {leader} leads, no trump yet."
    caller = f"{{seat{event['caller']}}}"
    return f"Round {event['round']}: {caller} sees five cards and calls the trump."


def _call(event: Event) -> str:
    if event.get("hidden"):
        return f"{_who(event)} placed the trump face down."
    return f"{_who(event)} called {SUIT_NAMES[event['suit']]} as trump."


def _play(event: Event) -> str:
    if event.get("face_down"):
        return f"{_who(event)} played a card face down."
    return f"{_who(event)} played {_card(event['card'])}."


def _ask(event: Event) -> str:
    return f"{_who(event)} asked to see the trump."


def _trump_shown(event: Event) -> str:
    prefix = _SHOWN_BY.get(event.get("how", ""), "The trump is shown: ").format(who=_who(event))
    return f"{prefix}{_card(event['card'])}; {SUIT_NAMES[event['suit']]} are trump."


def _trump_made(event: Event) -> str:
    return f"{_who(event)} made {SUIT_NAMES[event['suit']]} the trump."


def _trick(event: Event) -> str:
    return f"{_who(event)} won trick {event['number']} with {_card(event['card'])}."


def _pile_blocked(event: Event) -> str:
    if event.get("reason") == "ace":
        return f"The pile stays: {_who(event)} won with an ace, and an ace cannot win the pile."
    return f"The pile stays: {_who(event)} won with an ace on an ace."


def _pickup(event: Event) -> str:
    team = event["team"]
    h = event["hands"]
    return (
        f"{_who(event)} picked up the {_count(event['tricks'], 'hand')} on the table: "
        f"{_team_name(team)} now have {_count(h[team], 'hand')}, {_team_name(1 - team)} {h[1 - team]}."
    )


def _round_over(event: Event) -> str:
    team = event["winning_team"]
    h = event["hands"]
    tp = event["team_points"]
    return (
        f"{_team_name(team)} win round {event['round']}, {h[team]} hands to {h[1 - team]}: "
        f"{_WIN_KINDS.get(event.get('kind', ''), '')}{_count(event['points'], 'point')}. "
        f"They now have {_count(tp[team], 'point')}, {_team_name(1 - team)} {tp[1 - team]}."
    )


def _game_over(event: Event) -> str:
    tp = event["team_points"]
    team = event["winning_team"]
    return f"{_team_name(team)} win the table, {tp[team]} points to {tp[1 - team]}."


_SENTENCES: dict[str, Callable[[Event], str]] = {
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
