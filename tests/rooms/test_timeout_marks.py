"""The live log marks every move a timeout made (RULINGS.md), in every game, on the table
and in the replay alike; a move the player made is not marked (named guests: Ann…)."""

import random
import re

import pytest
from django.urls import reverse

from games import core
from rooms.actions import lifecycle, play, seating
from rooms.gamerules import rules_for
from rooms.models import MatchAction, Room
from rooms.rendering import render_table
from rooms.replays import replay
from rooms.store import presence
from rooms.store.snapshots import load_snapshot
from tests.rooms.helpers import ANN, ZED, client_for, fresh, overdue

pytestmark = pytest.mark.django_db

TIME_RAN_OUT = '<span class="tag timeout">time ran out</span>'
LOG_LINE = re.compile(r"<li>(.*?)</li>")
GAMES: dict[str, tuple[dict, int]] = {
    "disunyer": ({"mode": "standard"}, 8),
    "dayous": ({"decks": 1, "clock": 30}, 3),
    "courtpiece": ({"game": "ace-rule", "bet": 50}, 4),
}


def _table_with_bots(game: str) -> Room:
    """Ann (seat 0) and bots, playing."""
    options, players = GAMES[game]
    room = lifecycle.do_create_room(ANN, game, options, True, "easy", players=players)
    seating.do_fill_with_bots(room.pk, ANN, "easy")
    if fresh(room).status == Room.Status.WAITING:
        lifecycle.do_start(room.pk, ANN)
    return fresh(room)


def _bots_play_until_ann_alone_is_awaited(room: Room) -> Room:
    engine = rules_for(room.game).engine
    for _ in range(300):
        room = fresh(room)
        to_act = engine.to_act(room.match.state)
        if to_act == [0]:
            return room
        seat = next(s for s in to_act if s != 0)
        assert play.do_bot_move(room.pk, room.version, seat, play.choose_bot_move(load_snapshot(room.pk), seat))
    raise AssertionError("Ann was never awaited alone")


def _marked_lines(html: str) -> list[str]:
    log = html[html.index('id="log"'):]
    return [line for line in LOG_LINE.findall(log) if TIME_RAN_OUT in line]


@pytest.fixture
def same_game_every_run(monkeypatch):
    """The deal and the bots' choices are the same every run."""
    monkeypatch.setattr(core, "new_seed", lambda: "timeout-marks-1")
    bots = random.Random(1)
    monkeypatch.setattr(play, "bot_randomness", lambda: bots.getrandbits(128))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_log_marks_the_move_a_timeout_made_on_the_table_and_in_the_replay(game, same_game_every_run):
    """Ann makes a move herself, then lets her clock run out: the table's log (everyone's,
    as every viewer's) marks that one line, Ann's, "time ran out". Once the game is over
    its replay marks it too: in the step's own words and in the table's log."""
    room = _bots_play_until_ann_alone_is_awaited(_table_with_bots(game))
    engine = rules_for(game).engine
    play.do_act(room.pk, ANN, engine.legal_actions(room.match.state, 0)[0], room.version)
    room = _bots_play_until_ann_alone_is_awaited(room)
    assert _marked_lines(render_table(load_snapshot(room.pk), presence.NOBODY, None)) == []
    overdue(room)
    assert play.do_timeout(room.pk, room.version)

    snapshot = load_snapshot(room.pk)
    marked = _marked_lines(render_table(snapshot, presence.NOBODY, None))
    assert len(marked) == 1 and marked[0].startswith("<b>Ann</b>")
    assert _marked_lines(render_table(snapshot, presence.NOBODY, 0)) == marked

    lifecycle.do_end_match(room.pk, "The test is over.")
    room = fresh(room)
    timeout = MatchAction.objects.get(match=room.match, source=MatchAction.Source.TIMEOUT)
    seats = list(room.seats.all())
    step = replay.step(room, room.match, len(seats), timeout.number)
    assert replay.lines(step, game, {s.index: s.name for s in seats})[0].endswith(TIME_RAN_OUT)
    assert _marked_lines(replay.board(room, seats, step, None)) == marked
    page = client_for(ZED).get(reverse("rooms:replay", args=[room.code]), {"step": timeout.number})
    assert page.content.decode().count(TIME_RAN_OUT) == 2  # the step's words and the log's line
    assert replay.step(room, room.match, len(seats), room.match.moves).ends_as_played is True


def test_a_game_stored_before_its_log_marked_timeouts_still_ends_as_played(same_game_every_run):
    """A stored state whose log has no timeout marks (as games stored before the marks
    have) is the state its replay reaches: the marks say how a move was made, not what it
    did, and the verify page and the replay do not call the game altered."""
    room = _bots_play_until_ann_alone_is_awaited(_table_with_bots("dayous"))
    overdue(room)
    assert play.do_timeout(room.pk, room.version)
    lifecycle.do_end_match(room.pk, "The test is over.")
    room = fresh(room)
    stored = room.match.state
    unmarked = [{k: v for k, v in event.items() if k != "timeout"} for event in stored["log"]]
    assert unmarked != stored["log"]
    room.match.state = {**stored, "log": unmarked}
    room.match.save()
    last = replay.step(room, room.match, room.seats.count(), room.match.moves)
    assert last.ends_as_played is True
    assert replay.same_state(last.state, {**stored, "log": unmarked[1:]}) is False
