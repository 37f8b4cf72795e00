"""A table's bots remember, between their moves, more than their view's short log shows."""

import random

import pytest

from games import core
from games.courtpiece.rules import ENGINE, LOG_SIZE
from rooms.actions import lifecycle, play
from rooms.gamerules import rules_for
from rooms.models import MatchAction
from rooms.store import botmemory
from rooms.store.snapshots import load_snapshot
from tests.rooms.helpers import ANN, fresh

pytestmark = pytest.mark.django_db


def cards_played(room) -> list[str]:
    actions = MatchAction.objects.filter(match=room.match).values_list("action", flat=True)
    return [action["card"] for action in actions if action.get("type") == "play"]


def test_a_court_piece_bot_remembers_every_card_played_in_the_round(monkeypatch, redis_url):
    monkeypatch.setattr(core, "new_seed", lambda: "bot-memory")
    rng = random.Random(4)
    room = lifecycle.do_create_room(ANN, "courtpiece", {"game": "double-sar"}, True)
    lifecycle.do_start(room.pk, ANN)  # Ann and three bots
    longest = 0
    while not (room := fresh(room)).match.state["history"]:
        seat = ENGINE.to_act(room.match.state)[0]
        if seat == 0:
            play.do_act(room.pk, ANN, rng.choice(ENGINE.legal_actions(room.match.state, 0)), room.version)
            continue
        played = cards_played(room)
        assert play.do_bot_move(room.pk, room.version, seat, play.choose_bot_move(load_snapshot(room.pk), seat))
        level = room.seats.get(index=seat).bot_level
        bot = rules_for("courtpiece").bot_for(level)
        botmemory.recall(bot, room.pk, seat, level)
        assert sorted(bot.memory.played) == sorted(played)
        longest = max(longest, len(played))
    assert longest > LOG_SIZE  # more than any single view's log could tell

