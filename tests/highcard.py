"""High Card: a game defined under tests/ alone, with nothing but what a game declares
(games/definition.py) and a table home (rooms/tablehomes.py, its partials in
tests/templates/highcard/), to show that the site takes any game of the registry.

Each of 2 to 4 seats (the host chooses) is dealt one card of a French deck and, in
turn, shows it or swaps it for the next card of the deck and shows that; the higher
the rank, the better the place (equal ranks share it, a shared 1st place has no
winner). No other options, no teams, no modes, no counters, no fitted bot ratings.
"""

from __future__ import annotations

import random
from pathlib import Path
from types import MappingProxyType
from typing import Any

from games import core
from games.core import InvalidOptions
from games.definition import GameDefinition
from games.options_schema import OptionsSchema, PlayerCount
from games.words import Seat, Words, cards, plural_wording, wording
from rooms.presenting import results
from rooms.tablehomes import TableHome

SHOW = {"type": "show"}
SWAP = {"type": "swap"}
TEMPLATES = Path(__file__).resolve().parent / "templates"  # its table's partials, in highcard/
OPTIONS = OptionsSchema(players=PlayerCount(low=2, high=4, default=2))


class HighCardEngine:
    name = "highcard"
    min_players = 2
    max_players = 4
    card_deck = core.CardDeck.FRENCH

    def validate_options(self, options: dict[str, Any], players: int | None = None) -> dict[str, Any]:
        if options:
            raise InvalidOptions(wording("High Card has no options."))
        if players is not None and not (core.is_whole_number(players) and 2 <= players <= 4):
            refused = wording("High Card is played by 2 to 4 players, not %(players)s.", players=repr(players))
            raise InvalidOptions(refused)
        return {}

    def turn_seconds(self, options: dict[str, Any]) -> int:
        return 10

    def start(self, players: int, options: dict[str, Any], seed: str | None = None,
              deck: list[str] | None = None) -> dict:
        self.validate_options(options, players)
        seed = core.game_seed(seed)
        cards = deck or core.shuffled(core.french_deck(), seed, 0)
        return {
            "players": players, "seed": seed, "hands": cards[:players], "deck": cards[players:],
            "discard": [], "shown": [], "log": [],
        }

    def to_act(self, state: dict) -> list[int]:
        shown = len(state["shown"])
        return [shown] if shown < state["players"] else []

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        return [dict(SHOW), dict(SWAP)] if self.to_act(state) == [seat] else []

    def apply(self, state: dict, seat: int, action: dict, timeout: bool = False) -> tuple[dict, list[dict]]:
        core.require(action in (SHOW, SWAP) and self.to_act(state) == [seat], wording("It is not your turn to show."))
        hands, deck, discard = list(state["hands"]), state["deck"], state["discard"]
        if action == SWAP:
            hands[seat], deck, discard = deck[0], deck[1:], [*discard, hands[seat]]
        event = {"type": action["type"], "seat": seat, "card": hands[seat]}
        if timeout:
            event = core.timed_out(event)
        changed = {"hands": hands, "deck": deck, "discard": discard, "shown": [*state["shown"], seat]}
        return {**state, **changed, "log": [*state["log"], event]}, [event]

    def default_action(self, state: dict, seat: int) -> dict:
        return dict(SHOW)

    def view(self, state: dict, seat: int | None) -> dict:
        seat = core.viewer(seat, state["players"])
        return {
            "players": state["players"],
            "shown": {shown: state["hands"][shown] for shown in state["shown"]},
            "my_card": state["hands"][seat] if seat is not None else None,
            "to_act": self.to_act(state),
            "legal": self.legal_actions(state, seat) if seat is not None else [],
            "outcome": self.outcome(state),
            "log": state["log"],
        }

    def outcome(self, state: dict) -> dict | None:
        if self.to_act(state):
            return None
        strength = [core.FRENCH_RANKS.index(core.rank_of(card)) for card in state["hands"]]
        places = [1 + sum(other > mine for other in strength) for mine in strength]
        firsts = [seat for seat, place in enumerate(places) if place == 1]
        return {"places": places, "winners": firsts if len(firsts) == 1 else []}

    def every_card(self, state: dict) -> core.EveryCard:
        return core.EveryCard(
            [[card] for card in state["hands"]], [None] * state["players"], list(state["deck"]), list(state["discard"]),
        )


def event_text(event: dict) -> Words:
    seat, card = Seat(event["seat"]), cards(event["card"])
    if event["type"] == "show":
        return wording("%(seat)s showed the %(card)s.", seat=seat, card=card)
    return wording("%(seat)s swapped and showed the %(card)s.", seat=seat, card=card)


class HighCardBot:
    """Every level plays alike: it swaps a card below 8 and shows any other."""

    def choose(self, view: dict, rng: random.Random) -> dict:
        low = core.FRENCH_RANKS.index(core.rank_of(view["my_card"])) < core.FRENCH_RANKS.index("8")
        return dict(SWAP) if low else dict(SHOW)


ENGINE = HighCardEngine()
GAME = GameDefinition(
    slug="highcard",
    title=wording("High Card"),
    players=plural_wording("%(low)s–%(count)s player", "%(low)s–%(count)s players", 4, low=2),
    summary=wording("One card each: the highest wins."),
    engine=ENGINE,
    bots=MappingProxyType({"easy": HighCardBot, "normal": HighCardBot, "strong": HighCardBot}),
    options=OPTIONS,
    event_text=event_text,
)


def public(snapshot, view: dict) -> dict:
    """Each seat's name, with the card it showed (None until then), and the places."""
    return {
        "shown": [{"name": seat.name, "card": view["shown"].get(seat.index)} for seat in snapshot.seats],
        "results": results(snapshot, view),
    }


TABLE = TableHome(slug="highcard", public=public)
