"""Disunyer's score sheet at the table: who went out in each round and with which card,
the same in every viewer's push, spectators' too; a card never shown in the game is
never shown on the sheet (named guests: Ann, Bea)."""

import pytest

from games import core
from games.cardnames import SPANISH_SUIT_NAMES, card_name
from games.disunyer.rules import ENGINE
from rooms.actions import play
from rooms.models import MatchAction, Room
from rooms.rendering import render_table
from rooms.store import presence
from rooms.store.snapshots import load_snapshot
from tables.disunyer import presenter as disunyer
from tests.rooms.helpers import ANN, BEA, actor, fresh, person_at, playing_room
from tests.rooms.presenting import seat, snapshot
from tests.rooms.score_sheets import rows, sheet_of

pytestmark = pytest.mark.django_db


def spanish(card: str) -> str:
    return card_name(card, spanish=True)


def outs_so_far(room: Room) -> list[list[str]]:
    """The sheet's rows as the game's own events tell who went out: replayed from its
    seed and moves."""
    names = {seat.index: seat.name for seat in room.seats.all()}
    state = ENGINE.start(8, room.options, seed=room.match.seed)
    events = list(state["log"])
    for recorded in MatchAction.objects.filter(match=room.match).order_by("pk"):
        state, more = ENGINE.apply(state, recorded.seat, recorded.action)
        events += more
    out, shown, round_number = [], [], 0
    for event in events:
        kind = event["type"]
        if kind == "deal":
            round_number = event["round"]
        elif kind == "reveal":
            shown = event["cards"]
        elif kind == "out":
            out += [[str(round_number), names[s], spanish(shown[s]), "the lowest card"] for s in event["seats"]]
        elif kind == "no_call":
            out.append([str(round_number), names[event["seat"]], "not shown", "did not call Disunyer in time"])
        elif kind == "guess":
            holder, rival, ace = names[event["holder"]], names[event["seat"]], spanish(event["ace"])
            if event["right"]:
                out.append([str(round_number), holder, ace, f"{rival} guessed the suit"])
            elif event["suit"] is None:
                how = f"did not guess the suit of {holder}'s {ace} in time"
                out.append([str(round_number), rival, "not shown", how])
            else:
                suit = SPANISH_SUIT_NAMES[event["suit"]]
                out.append([str(round_number), rival, "not shown", f"guessed {suit} against {holder}'s {ace}"])
    return out


def pushed(room: Room) -> dict:
    snapshot = load_snapshot(room.pk)
    assert snapshot is not None
    return {seat: render_table(snapshot, presence.NOBODY, seat) for seat in (None, *range(8))}


@pytest.mark.parametrize("seed", ["disunyer-sheet-1", "disunyer-sheet-2", "disunyer-sheet-3"])
def test_who_went_out_in_each_round_and_with_which_card(monkeypatch, seed):
    """Ann, Bea and six bots play a whole game (Ann and Bea keep, or pick their first
    rival and guess coins). Before anyone is out the sheet says so; after every round
    every viewer's sheet lists, oldest first, each player out with the card they went out
    with: at a reveal their card, when a guessed Disunyer puts its caller out the Ace;
    a rival who guessed wrong, or a caller who never called, shows no card."""
    monkeypatch.setattr(core, "new_seed", lambda: seed)
    room = playing_room(humans=(ANN, BEA))
    assert rows(pushed(room)[None]) == [["Nobody is out yet."]]
    rounds_seen = set()
    for _ in range(500):
        room = fresh(room)
        if room.status != Room.Status.PLAYING:
            break
        finished = room.match.state["round"]
        seat = actor(room)
        if person_at(room, seat) is None:
            move = play.choose_bot_move(load_snapshot(room.pk), seat)
            assert play.do_bot_move(room.pk, room.version, seat, move)
        else:
            first = ENGINE.legal_actions(room.match.state, seat)[0]
            play.do_act(room.pk, person_at(room, seat), first, room.version)
        room = fresh(room)
        if room.match.state["round"] != finished or room.status != Room.Status.PLAYING:
            shown = pushed(room)
            expected = outs_so_far(room)
            assert expected and {row[0] for row in expected} == set(map(str, range(1, finished + 1)))
            for viewer in shown:
                assert rows(shown[viewer]) == expected
                assert sheet_of(shown[viewer]) == sheet_of(shown[None])
            rounds_seen.add(finished)
    assert fresh(room).status == Room.Status.FINISHED
    assert len(rounds_seen) >= 2


def test_the_clock_running_out_shows_no_card():
    """Round 1: Ann's clock ran out before she called, so she is out and her Ace was
    never shown. Round 2: Bea called and Carl's clock ran out before he guessed: Carl is
    out, Bea's Ace was shown, Carl's card was not."""
    table = snapshot("disunyer", [seat(0, "Ann"), seat(1, "Bea"), seat(2, "Carl")])
    rounds = [
        {"round": 1, "kind": "disunyer", "cards": [None, None, None], "out": [0],
         "duels": [{"holder": 0, "rival": None, "ace": None, "suit": None, "out": 0}]},
        {"round": 2, "kind": "disunyer", "cards": [None, "Ab", None], "out": [2],
         "duels": [{"holder": 1, "rival": 2, "ace": "Ab", "suit": None, "out": 2}]},
    ]
    sheet = disunyer.public(table, {"rounds": rounds})["sheet"]
    assert [(row["round"], row["name"], row["card"], str(row["how"])) for row in sheet] == [
        (1, "Ann", None, "did not call Disunyer in time"),
        (2, "Carl", None, "did not guess the suit of Bea's Ace of clubs in time"),
    ]
