"""Dayous's score sheet at the table: each player's defences, the cards they sent to the
discard pile, their best contribution with its journal and their publication fees so
far, the same in every viewer's push, spectators' too (named guests: Ann, Bea)."""

import random

import pytest

from games import core
from games.dayous.bouts import journal_for
from games.dayous.rules import ENGINE
from rooms.actions import lifecycle, play, seating
from rooms.models import MatchAction, Room
from rooms.rendering import render_table
from rooms.store import presence
from rooms.store.snapshots import load_snapshot
from tests.rooms.helpers import ANN, BEA, fresh, person_at
from tests.rooms.score_sheets import rows, sheet_of

pytestmark = pytest.mark.django_db

HEAD = ["Player", "Defences", "Cards", "Best", "Fees"]


def defences_so_far(room: Room) -> list[list[dict]]:
    """Each seat's "defended" events, from the game replayed from its seed and moves."""
    match = room.match
    state = ENGINE.start(room.seats.count(), room.options, seed=match.seed)
    found: list[list[dict]] = [[] for _ in range(state["players"])]
    for recorded in MatchAction.objects.filter(match=match).order_by("pk"):
        state, events = ENGINE.apply(state, recorded.seat, recorded.action)
        for event in events:
            if event["type"] == "defended":
                found[event["seat"]].append(event)
    return found


def expected_rows(room: Room) -> list[list[str]]:
    names = [seat.name for seat in room.seats.order_by("index")]
    out = []
    for name, defences in zip(names, defences_so_far(room)):
        best = max((d["cards"] for d in defences), default=0)
        out.append([
            name, str(len(defences)), str(sum(d["cards"] for d in defences)),
            f"{best} · {journal_for(best)}" if best else "—", str(sum(d["fee"] for d in defences)),
        ])
    return out


def pushed(room: Room) -> dict:
    snapshot = load_snapshot(room.pk)
    assert snapshot is not None
    return {seat: render_table(snapshot, presence.NOBODY, seat) for seat in (None, 0, 1, 2, 3)}


def test_each_players_contributions_and_fees_so_far(monkeypatch):
    """Ann and Bea (random legal moves) and two bots play a four-player game. At the
    start every row is empty; after every move that closes a bout with a defence, and at
    the end, every viewer's sheet has one row per player, in seat order, adding up that
    player's defences so far as the game's own events report them."""
    monkeypatch.setattr(core, "new_seed", lambda: "dayous-score-sheet")
    rng = random.Random(7)
    room = lifecycle.do_create_room(ANN, "dayous", {"decks": 1, "clock": 30}, True, players=4)
    seating.do_join(room.pk, BEA)
    lifecycle.do_start(room.pk, ANN)
    room = fresh(room)
    assert rows(pushed(room)[None], "thead") == [HEAD]
    assert rows(pushed(room)[None]) == [[name, "0", "0", "—", "0"] for name in ("Ann", "Bea", "Bot 3", "Bot 4")]
    checked = 0
    for _ in range(3000):
        room = fresh(room)
        if room.status != Room.Status.PLAYING:
            break
        defences = sum(s["defences"] for s in room.match.state["stats"])
        seat = ENGINE.to_act(room.match.state)[0]
        if person_at(room, seat) is None:
            move = play.choose_bot_move(load_snapshot(room.pk), seat)
            assert play.do_bot_move(room.pk, room.version, seat, move)
        else:
            action = rng.choice(ENGINE.legal_actions(room.match.state, seat))
            play.do_act(room.pk, person_at(room, seat), action, room.version)
        room = fresh(room)
        if sum(s["defences"] for s in room.match.state["stats"]) > defences:
            shown = pushed(room)
            expected = expected_rows(room)
            for viewer in shown:
                assert rows(shown[viewer]) == expected
                assert sheet_of(shown[viewer]) == sheet_of(shown[None])
            checked += 1
    assert fresh(room).status == Room.Status.FINISHED
    assert checked >= 3
    assert rows(pushed(fresh(room))[None]) == expected_rows(fresh(room))
