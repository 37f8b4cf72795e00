"""The set-up of a Dayous game: the deal, the first trump and the first attacker."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games import core
from games.core import InvalidOptions
from games.dayous.bouts import emit, joker_to_bottom
from games.dayous.cards import JOKER_SET, RANK_VALUE, full_deck, is_trump
from games.dayous.options import hand_size
from games.dayous.state import NAME, DayousState, Phase, Stats
from games.words import plural_wording, wording


def new_game(players: int, options: dict[str, Any], seed: str | None, deck: list[str] | None) -> DayousState:
    """A game dealt from ``seed`` (or from the stacked ``deck``, top first); ``options``
    are validated. The first attacker is to choose the direction."""
    decks = options["decks"]
    seed = core.game_seed(seed)
    stream = 0
    full = full_deck(decks)
    if deck is None:
        cards = core.shuffled(full, seed, stream)
        stream += 1
    else:
        if not isinstance(deck, list) or Counter(deck) != Counter(full):
            raise InvalidOptions(plural_wording(
                "A stacked deck must hold exactly the %(cards)s cards of %(count)s deck with jokers.",
                "A stacked deck must hold exactly the %(cards)s cards of %(count)s decks with jokers.",
                decks, cards=len(full),
            ))
        cards = list(deck)
    size = hand_size(decks)
    dealt = players * size
    hands = [cards[seat:dealt:players] for seat in range(players)]
    upper, lower = _split(cards[dealt:])
    trump = lower[0][1]
    state: DayousState = {
        "game": NAME,
        "players": players,
        "decks": decks,
        "clock": options["clock"],
        "hand_size": size,
        "seed": seed,
        "stream": stream,
        "hands": hands,
        "deck": upper + lower,
        "faceup_below": len(lower) - 1,
        "trump": trump,
        "trump_changed": False,
        "discard": [],
        "clockwise": True,
        "phase": Phase.DIRECTION,
        "leader": 0,
        "defender": None,
        "attackers": [],
        "table": [],
        "limit": 0,
        "done": [],
        "taking": False,
        "out": [],
        "last": [],
        "dayous": None,
        "stats": [_no_stats() for _ in range(players)],
        "log": [],
    }
    events: list[core.Event] = []
    emit(state, events, {"type": "trump", "suit": trump, "card": lower[0], "first": True})
    _choose_first_attacker(state, events)
    return state


def _split(rest: list[str]) -> tuple[list[str], list[str]]:
    """The undealt cards cut in two, the upper half the smaller; the lower half's top
    card is the one turned up (a joker goes to the bottom and the next is turned)."""
    upper = rest[: len(rest) // 2]
    lower = joker_to_bottom(rest[len(rest) // 2:])
    if lower[0] in JOKER_SET:  # pragma: no cover - impossible with a full deck
        raise InvalidOptions(wording("The lower half of the deck holds only jokers."))
    return upper, lower


def _no_stats() -> Stats:
    return {"defences": 0, "journals": {}, "best": 0, "best_journal": None, "fees": 0, "contributed": 0}


def _choose_first_attacker(state: DayousState, events: list[core.Event]) -> None:
    """The lowest trump; ties go to the next-lowest trumps; else a draw from the seed."""
    trump = state["trump"]
    holdings = []
    for seat, hand in enumerate(state["hands"]):
        ranks = sorted(RANK_VALUE[c[0]] for c in hand if is_trump(c, trump))
        if ranks:
            holdings.append((ranks, seat))
    if holdings:
        best = min(h[0] for h in holdings)
        tied = [seat for ranks, seat in holdings if ranks == best]
    else:
        tied = list(range(len(state["hands"])))
    if len(tied) == 1:
        first, drawn = tied[0], False
    else:
        first = int(core.shuffled([str(s) for s in tied], state["seed"], state["stream"])[0])
        state["stream"] += 1
        drawn = True
    state["leader"] = first
    emit(state, events, {"type": "first", "seat": first, "drawn": drawn})
