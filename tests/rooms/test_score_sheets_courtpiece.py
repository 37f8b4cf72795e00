"""Court Piece's score sheet at the table: every finished round with who called, the
trump, each team's hands and points and the coins it moved for each person, the same
in every viewer's push, spectators' too.

Named players: Ann and Bea are guests; Cal and Dan have accounts."""

import random

import pytest

from accounts.models import LedgerEntry
from games import core
from rooms.presenting import FRENCH_PIPS
from tests.rooms.helpers import ANN, BEA
from tests.rooms.score_sheets import rows, sheet_of
from tests.rooms.test_courtpiece_coins import account, opponents_table, pages, play_round, staff_sets

pytestmark = pytest.mark.django_db

HEAD = ["#", "Called", "Trump", "Hands", "Points"]


def signed(amount: int) -> str:
    return f"+{amount:,}" if amount > 0 else f"−{-amount:,}"


def expected_row(room, entry: dict, people: dict) -> list[str]:
    names = {seat.index: seat.name for seat in room.seats.all()}
    points = [0, 0]
    points[entry["winning_team"]] = entry["points"]
    kind = {"court": " Court", "goon_court": " Goon Court"}.get(entry["kind"], "")
    moved = dict(
        LedgerEntry.objects.filter(room=room, round=entry["round"]).values_list("wallet__guest_id", "amount")
    )
    return [
        str(entry["round"]), names[entry["caller"]], FRENCH_PIPS[entry["trump"]],
        f"{entry['hands'][0]}–{entry['hands'][1]}", f"{points[0]}–{points[1]}{kind}",
        *(signed(moved[people[seat].guest_id]) for seat in sorted(people)),
    ]


def test_every_finished_round_is_on_everyones_sheet(monkeypatch):
    """Guests Ann (seat 0) and Bea (seat 1), each with a bot, play two rounds at a 100
    bet. Before the first round ends the sheet says so; after each round every viewer
    (the four seats and a spectator) sees one more line: the round, its caller, the
    trump, the hands and points per team and what the ledger moved for Ann and Bea
    (no column for the bots); the foot adds up the points and the coins."""
    monkeypatch.setattr(core, "new_seed", lambda: "cp-score-sheet")
    people = {0: ANN, 1: BEA}
    rng = random.Random(3)
    room = opponents_table(ANN, BEA)
    shown = pages(room)
    assert rows(shown[None], "thead") == [HEAD + ["Ann", "Bea"]]
    assert rows(shown[None]) == [["No round finished yet."]]

    for finished in (1, 2):
        room = play_round(room, people, rng)
        history = room.match.state["history"]
        assert len(history) == finished
        shown = pages(room)
        expected = [expected_row(room, entry, people) for entry in history]
        for viewer in (None, 0, 1, 2, 3):
            assert rows(shown[viewer]) == expected
            assert sheet_of(shown[viewer]) == sheet_of(shown[None])
        score = [sum(e["points"] for e in history if e["winning_team"] == team) for team in (0, 1)]
        totals = [sum(int(row[5 + k].replace("−", "-").replace("+", "")) for row in expected) for k in (0, 1)]
        assert rows(shown[None], "tfoot") == [["Total", f"{score[0]}–{score[1]}", *map(signed, totals)]]


def test_a_loser_who_could_not_pay_in_full_shows_what_they_paid(monkeypatch):
    """Cal (seat 0) and Dan (seat 1) play at a 100 bet with 50 coins each: the loser of
    the first round pays the 50 they have, and the sheet says −50, as the ledger does;
    the winner is paid the whole bet (or twice it for all 13 hands)."""
    monkeypatch.setattr(core, "new_seed", lambda: "cp-cannot-cover")
    cal, dan = account("Cal"), account("Dan")
    room = opponents_table(cal, dan)
    staff_sets(cal, 50)
    staff_sets(dan, 50)
    room = play_round(room, {0: cal, 1: dan}, random.Random(2))
    entry = room.match.state["history"][0]
    loser = 1 - entry["winning_team"]
    won = 200 if entry["all_hands"] else 100
    coins = rows(pages(room)[None])[0][5:]
    assert coins[loser] == "−50" and coins[1 - loser] == f"+{won}"
