"""Disunyer's presenter: the final places with their points, from fixed views."""

from tables.disunyer import presenter as disunyer
from tests.rooms.presenting import seat, snapshot

NAMES = ("Ann", "Bea", "Carl", "Dora")


def four(bots: int = 0):
    return snapshot("disunyer", [seat(i, n, "normal" if i >= 4 - bots else "") for i, n in enumerate(NAMES)])


def test_no_results_while_the_game_is_played():
    """Before the game is over the table shows no places (and, before a round ends, an
    empty score sheet)."""
    shown = disunyer.public(four(bots=1), {"outcome": None, "over": False})
    assert shown == {"results": [], "had_bots": True, "sheet": []}


def test_results_best_place_first_with_the_place_formula_when_bots_played():
    """With a bot at the table, points are N + 1 - place; players out together share a
    place. Each row says whether a guest played it, and an account's rating change in this
    game (Bea's); a guest and a bot have none."""
    view = {"over": True, "outcome": {"places": [3, 1, 2, 3], "winners": [1], "no_winner": False}}
    seats = [seat(0, "Ann"), seat(1, "Bea", user_id=2), seat(2, "Carl", "normal"), seat(3, "Dora", "normal")]
    shown = disunyer.public(snapshot("disunyer", seats, status="finished", rating_changes={1: 23}), view)
    assert shown["had_bots"] is True
    assert shown["results"] == [
        {"seat": 1, "place": 1, "name": "Bea", "points": 4, "guest": False, "rating_change": 23},
        {"seat": 2, "place": 2, "name": "Carl", "points": 3, "guest": False, "rating_change": None},
        {"seat": 0, "place": 3, "name": "Ann", "points": 2, "guest": True, "rating_change": None},
        {"seat": 3, "place": 3, "name": "Dora", "points": 2, "guest": False, "rating_change": None},
    ]


def test_points_are_doubled_when_no_seat_was_a_bot():
    view = {"over": True, "outcome": {"places": [2, 1, 4, 3], "winners": [1], "no_winner": False}}
    shown = disunyer.public(four(bots=0), view)
    assert shown["had_bots"] is False
    assert [(row["name"], row["points"]) for row in shown["results"]] == [
        ("Bea", 8), ("Ann", 6), ("Dora", 4), ("Carl", 2),
    ]


def test_a_players_own_card_shows_while_they_stand_and_not_once_they_are_out():
    """Bea was knocked out by a Disunyer in this round and still holds her card until it
    ends: her bar shows no card. Ann, standing, sees hers; a spectator has none."""
    view = {"hand": "2c", "standing": [True, False, True, True]}
    assert disunyer.private(four(), view, 0)["my_card"] == "2c"
    assert disunyer.private(four(), view, 1)["my_card"] is None
    assert disunyer.private(four(), {**view, "hand": None}, None)["my_card"] is None
