"""High Card: a game defined under tests/ alone, with nothing but what a game declares
(games/definition.py) and a table home (rooms/tablehomes.py, its partials in
tests/templates/highcard/), to show that the site takes any game of the registry.

Each of 2 to 4 seats is dealt one card of a French deck and shows it in turn; the
higher the rank, the better the place (equal ranks share it, a shared 1st place has no
winner). No options, no teams, no modes, no counters, no fitted bot ratings.
"""

from __future__ import annotations

import random
from pathlib import Path
from types import MappingProxyType
from typing import Any

from games import core
from games.core import InvalidOptions
from games.definition import GameDefinition
from rooms.tablehomes import TableHome

SHOW = {"type": "show"}
TEMPLATES = Path(__file__).resolve().parent / "templates"  # its table's partials, in highcard/


class HighCardEngine:
    name = "highcard"
    min_players = 2
    max_players = 4
    card_deck = core.CardDeck.FRENCH

    def validate_options(self, options: dict[str, Any], players: int | None = None) -> dict[str, Any]:
        if options:
            raise InvalidOptions("High Card has no options.")
        if players is not None and not (core.is_whole_number(players) and 2 <= players <= 4):
            raise InvalidOptions(f"High Card is played by 2 to 4 players, not {players!r}.")
        return {}

    def turn_seconds(self, options: dict[str, Any]) -> int:
        return 10

    def start(self, players: int, options: dict[str, Any], seed: str | None = None,
              deck: list[str] | None = None) -> dict:
        self.validate_options(options, players)
        seed = seed or core.new_seed()
        cards = deck or core.shuffled(core.french_deck(), seed, 0)
        return {"players": players, "seed": seed, "hands": cards[:players], "shown": [], "log": []}

    def to_act(self, state: dict) -> list[int]:
        shown = len(state["shown"])
        return [shown] if shown < state["players"] else []

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        return [dict(SHOW)] if self.to_act(state) == [seat] else []

    def apply(self, state: dict, seat: int, action: dict, timeout: bool = False) -> tuple[dict, list[dict]]:
        core.require(action == SHOW and self.to_act(state) == [seat], "It is not your turn to show.")
        event = {"type": "show", "seat": seat, "card": state["hands"][seat]}
        if timeout:
            event = core.timed_out(event)
        return {**state, "shown": [*state["shown"], seat], "log": [*state["log"], event]}, [event]

    def default_action(self, state: dict, seat: int) -> dict:
        return dict(SHOW)

    def view(self, state: dict, seat: int | None) -> dict:
        mine = state["hands"][seat] if seat is not None and 0 <= seat < state["players"] else None
        return {
            "players": state["players"],
            "shown": {shown: state["hands"][shown] for shown in state["shown"]},
            "my_card": mine,
            "to_act": self.to_act(state),
            "legal": self.legal_actions(state, seat) if seat is not None else [],
        }

    def outcome(self, state: dict) -> dict | None:
        if self.to_act(state):
            return None
        strength = [core.FRENCH_RANKS.index(core.rank_of(card)) for card in state["hands"]]
        places = [1 + sum(other > mine for other in strength) for mine in strength]
        firsts = [seat for seat, place in enumerate(places) if place == 1]
        return {"places": places, "winners": firsts if len(firsts) == 1 else []}

    def every_card(self, state: dict) -> core.EveryCard:
        """The cards dealt; the rest of the deck is not kept."""
        return core.EveryCard([[card] for card in state["hands"]], [None] * state["players"], [], [])


def event_text(event: dict) -> str:
    return f"{{seat{event['seat']}}} showed the {core.card_name(event['card'])}."


class ShowBot:
    """Every level plays alike: there is one move."""

    def choose(self, view: dict, rng: random.Random) -> dict:
        return view["legal"][0]


ENGINE = HighCardEngine()
GAME = GameDefinition(
    slug="highcard",
    title="High Card",
    players="2–4 players",
    summary="One card each: the highest wins.",
    engine=ENGINE,
    bots=MappingProxyType({"easy": ShowBot, "normal": ShowBot, "strong": ShowBot}),
    event_text=event_text,
)


def public(snapshot, view: dict) -> dict:
    """Each seat's name, with the card it showed (None until then)."""
    return {"shown": [{"name": seat.name, "card": view["shown"].get(seat.index)} for seat in snapshot.seats]}


TABLE = TableHome(slug="highcard", public=public)
