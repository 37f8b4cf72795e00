"""What the games' presenters share: moves as the forms send them, and final places."""

import json

from leaderboard.points import points_for

FRENCH_PIPS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def action_json(action: dict) -> str:
    """A legal action as a move's form sends it."""
    return json.dumps(action, separators=(",", ":"))


def seat_names(snapshot) -> dict[int, str]:
    return {seat.index: seat.name for seat in snapshot.seats}


def had_bots(snapshot) -> bool:
    return any(seat.is_bot for seat in snapshot.seats)


def results(snapshot, view: dict) -> list[dict]:
    """Once the game is over: each seat's place, name and points, best place first."""
    if not view or not view.get("outcome"):
        return []
    places = view["outcome"]["places"]
    with_bots = had_bots(snapshot)
    rows = [
        {
            "place": place,
            "name": snapshot.seats[index].name,
            "points": points_for(snapshot.game, place, len(places), with_bots),
        }
        for index, place in enumerate(places)
    ]
    return sorted(rows, key=lambda row: row["place"])
