"""What the games' presenters share: moves as the forms send them, and final places."""

import json
from collections.abc import Mapping
from typing import Any

from leaderboard.points import points_for

FRENCH_PIPS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def action_json(action: Mapping[str, Any]) -> str:
    """A legal action as a move's form sends it."""
    return json.dumps(action, separators=(",", ":"))


def seat_names(snapshot) -> dict[int, str]:
    return {seat.index: seat.name for seat in snapshot.seats}


def had_bots(snapshot) -> bool:
    return any(seat.is_bot for seat in snapshot.seats)


def results(snapshot, view: Mapping[str, Any]) -> list[dict]:
    """Once the game is over: each seat's place, name and points, whether a guest played
    it, and its rating change in this game (an account's; None for a guest or a bot, and
    until the game is finished), best place first."""
    if not view or not view.get("outcome"):
        return []
    places = view["outcome"]["places"]
    with_bots = had_bots(snapshot)
    rows = [
        {
            "seat": index,
            "place": place,
            "name": snapshot.seats[index].name,
            "points": points_for(snapshot.game, place, len(places), with_bots),
            "guest": snapshot.seats[index].is_guest,
            "rating_change": snapshot.rating_changes.get(index),
        }
        for index, place in enumerate(places)
    ]
    return sorted(rows, key=lambda row: row["place"])
