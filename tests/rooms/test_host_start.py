"""A host who may start a game starts it whenever they like: bots take the empty seats,
as the waiting room says."""

import pytest

from games import registry
from rooms.actions import lifecycle
from rooms.gamerules import rules_for
from rooms.models import Room
from tests.rooms.helpers import ANN, fresh

pytestmark = pytest.mark.django_db

OPTIONS = {"dayous": {"decks": 1, "clock": 30}, "courtpiece": {"bet": 25}}
HOST_STARTS = sorted(game for game in registry.slugs() if rules_for(game).host_can_start)


def test_every_game_but_disunyer_lets_the_host_start():
    assert HOST_STARTS == ["courtpiece", "dayous"]


@pytest.mark.parametrize("game", HOST_STARTS)
def test_the_host_alone_starts_and_bots_of_the_rooms_level_take_the_other_seats(game):
    """Ann sits alone at a four-seat table and presses "Start now": the game starts in one
    new version, with "Strong bot 2" to "Strong bot 4" in the other seats."""
    room = lifecycle.do_create_room(ANN, game, OPTIONS[game], True, bot_level="strong", players=4)
    before = fresh(room).version
    lifecycle.do_start(room.pk, ANN)
    room = fresh(room)
    assert room.status == Room.Status.PLAYING and room.version == before + 1
    seats = list(room.seats.all())
    assert [seat.name for seat in seats] == ["Ann", "Strong bot 2", "Strong bot 3", "Strong bot 4"]
    assert [seat.bot_level for seat in seats] == ["", "strong", "strong", "strong"]
    assert room.match.had_bots
