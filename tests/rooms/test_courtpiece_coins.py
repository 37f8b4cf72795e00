"""Court Piece coins at the table: a guest's coins move and show as an account's do,
each player's pushed table carries their own new balance for the header, and a player
who can no longer cover the bet is played by a stand-in bot from the end of that round.

Named players: Ann and Bea are guests; Cal and Dan have accounts; Zed watches."""

import random
import re

import pytest

from accounts import coins
from accounts.identity import Player
from accounts.models import LedgerEntry, User, Wallet
from games import core
from games.courtpiece.rules import ENGINE
from rooms import tasks
from rooms.actions import lifecycle, play, seating
from rooms.errors import RoomError
from rooms.gamerules import rules_for
from rooms.models import MatchAction, Room
from rooms.rendering import render_table
from rooms.store import presence
from rooms.store.snapshots import load_snapshot
from rooms.table_coins import CANNOT_COVER
from tests.rooms.helpers import ANN, BEA, fresh, overdue
from tests.rooms.score_sheets import rows

pytestmark = pytest.mark.django_db

ACTION_INPUT = re.compile(r'<input type="hidden" name="action" value="[^"]*">')
HEADER_PUSH = re.compile(r'<span hidden hx-swap-oob="innerHTML:#header-coins">🪙 ([\d,]+)</span>')


def account(name: str) -> Player:
    user = User.objects.create_user(username=name, password=None)
    return Player(name=name, user_id=user.pk)


def staff_sets(player: Player, amount: int) -> None:
    """Staff bring ``player``'s coins to ``amount`` through the ledger."""
    staff = User.objects.filter(username="Sam").first() or User.objects.create_user(
        username="Sam", password=None, is_staff=True
    )
    user = User.objects.get(pk=player.user_id)
    current = coins.balance_of(player)
    if amount < current:
        coins.take(user, current - amount, "Test set-up", staff)
    elif amount > current:
        coins.grant(user, amount - current, "Test set-up", staff)


def opponents_table(host: Player, opponent: Player, bet: int = 100) -> Room:
    """``host`` in seat 0 with a bot as partner (seat 2), ``opponent`` in seat 1, a bot
    in seat 3, playing Double Sar."""
    options = {"game": "double-sar", "winning_points": 10, "bet": bet, "clock": 15}
    room = lifecycle.do_create_room(host, "courtpiece", options, True)
    seating.do_add_bot(room.pk, host, "normal")
    assert seating.do_join(room.pk, opponent).index == 1
    lifecycle.do_start(room.pk, host)
    return fresh(room)


def step(room: Room, people: dict[int, Player], rng: random.Random) -> None:
    """One decision: a seat a bot plays (a bot's, or a person's stand-in) through the bot
    task, a person by a random legal move."""
    seat = ENGINE.to_act(room.match.state)[0]
    if rules_for("courtpiece").played_by_bot(room.seats.get(index=seat)):
        assert tasks.play_bot(room.pk, room.version)
    else:
        play.do_act(room.pk, people[seat], rng.choice(ENGINE.legal_actions(room.match.state, seat)), room.version)


def play_round(room: Room, people: dict[int, Player], rng: random.Random) -> Room:
    """Play until the current round is over; the room then."""
    rounds = len(room.match.state["history"])
    for _ in range(400):
        room = fresh(room)
        if len(room.match.state["history"]) > rounds:
            return room
        step(room, people, rng)
    raise AssertionError("the round did not end")


def pages(room: Room) -> dict:
    """The table each viewer is pushed: seats 0-3 and a spectator (None)."""
    snapshot = load_snapshot(room.pk)
    assert snapshot is not None
    return {seat: render_table(snapshot, presence.NOBODY, seat) for seat in (None, 0, 1, 2, 3)}


def private(page: str) -> str:
    return page[page.index('id="table-private"'):]


def test_a_guests_coins_move_after_a_round_and_show_in_the_table_and_the_header_push(monkeypatch):
    """Guests Ann (seat 0) and Bea (seat 1) play on opposite teams at a 100 bet. After
    the first round the winner has 1,000 plus what the round paid and the loser 1,000
    less it, in the ledger (once each) and on the table: "Your coins", the round's coin
    box and, for each of them only, the header's count. The spectator's and the bots'
    tables carry no header count."""
    monkeypatch.setattr(core, "new_seed", lambda: "cp-guest-coins")
    room = opponents_table(ANN, BEA)
    before = pages(room)
    assert HEADER_PUSH.findall(before[0]) == ["1,000"] and HEADER_PUSH.findall(before[1]) == ["1,000"]

    room = play_round(room, {0: ANN, 1: BEA}, random.Random(5))

    event = next(e for e in room.match.state["log"] if e["type"] == "round_over")
    amount = 200 if event["all_hands"] else 100
    winner, loser = (0, 1) if event["winning_team"] == 0 else (1, 0)
    guests = {0: ANN, 1: BEA}
    assert coins.balance_of(guests[winner]) == 1_000 + amount
    assert coins.balance_of(guests[loser]) == 1_000 - amount
    entries = LedgerEntry.objects.filter(room=room, round=1)
    assert sorted(entries.values_list("wallet__guest_id", "amount")) == sorted(
        [(guests[winner].guest_id, amount), (guests[loser].guest_id, -amount)]
    )
    shown = pages(room)
    for seat, balance in ((winner, 1_000 + amount), (loser, 1_000 - amount)):
        assert f'data-testid="my-coins">{balance}<' in private(shown[seat])
        assert HEADER_PUSH.findall(shown[seat]) == [f"{balance:,}"]
    sign = {winner: f"+{amount}", loser: f"−{amount}"}
    for seat in (0, 1):
        assert f'data-seat="{seat}">{guests[seat].name} <b>{sign[seat]}</b></li>' in shown[None]
    assert "not saved" not in shown[None]
    for viewer in (None, 2, 3):
        assert "header-coins" not in shown[viewer]


def test_a_guest_sits_down_with_the_coins_they_have_now(monkeypatch):
    """Guests Ann and Bea play a round at a 100 bet, then staff end the game (their seats
    there hold nothing any more): whoever lost the round has 900 (or 800) left, and a
    table whose bet needs a coin more than that to sit down refuses them, saying what
    they have."""
    monkeypatch.setattr(core, "new_seed", lambda: "cp-guest-coins")
    room = opponents_table(ANN, BEA)
    room = play_round(room, {0: ANN, 1: BEA}, random.Random(5))
    lifecycle.do_end_match(room.pk, "Test: over")
    loser = BEA if room.match.state["history"][0]["winning_team"] == 0 else ANN
    left = coins.balance_of(loser)
    assert left < 1_000
    big = lifecycle.do_create_room(account("Cal"), "courtpiece", {"game": "double-sar", "bet": left // 2 + 1}, True)
    with pytest.raises(RoomError) as refused:
        seating.do_join(big.pk, loser)
    assert refused.value.message == (
        f"This table's bet is {left // 2 + 1:,} coins: sitting down needs twice the bet, "
        f"{2 * (left // 2 + 1):,} coins, and you have {left:,} coins."
    )


def test_a_player_who_cannot_cover_the_bet_is_played_by_a_stand_in_from_the_end_of_that_round(monkeypatch):
    """Cal (seat 0) and Dan (seat 1) play on opposite teams at a 100 bet; in the first
    round staff cut both down to 50. Both play on until the round ends. Then the loser,
    left with nothing, can no longer cover the bet: a stand-in bot plays the seat, their
    table says so and offers no move, a move of theirs is refused and changes nothing,
    and the public table tells everyone. The winner (150 or 250) plays on. Once staff
    give the loser coins again, their next move takes the seat back."""
    monkeypatch.setattr(core, "new_seed", lambda: "cp-cannot-cover")
    cal, dan = account("Cal"), account("Dan")
    people = {0: cal, 1: dan}
    rng = random.Random(2)
    room = opponents_table(cal, dan)
    for _ in range(6):
        step(fresh(room), people, rng)
    staff_sets(cal, 50)
    staff_sets(dan, 50)
    room = fresh(room)
    assert not any(rules_for("courtpiece").played_by_bot(room.seats.get(index=seat)) for seat in people)
    assert str(CANNOT_COVER) not in "".join(pages(room).values())

    room = play_round(room, people, rng)

    winner, loser = (0, 1) if room.match.state["history"][0]["winning_team"] == 0 else (1, 0)
    assert coins.balance_of(people[loser]) == 0 and coins.balance_of(people[winner]) >= 150
    assert rules_for("courtpiece").played_by_bot(room.seats.get(index=loser))
    assert not rules_for("courtpiece").played_by_bot(room.seats.get(index=winner))
    shown = pages(room)
    mine = private(shown[loser])
    assert str(CANNOT_COVER) in mine and 'data-testid="cannot-cover-notice"' in mine
    assert ACTION_INPUT.findall(mine) == []
    assert str(CANNOT_COVER) not in shown[winner]
    public_notice = f"{people[loser].name} can't cover the bet any more: a bot plays the seat, for no coins."
    for viewer in (None, 0, 1, 2, 3):
        assert public_notice in shown[viewer]
        assert "bot: can't cover</span>" in shown[viewer]

    for _ in range(200):  # the stand-in plays the loser's turn; the loser's own move is refused
        room = fresh(room)
        if ENGINE.to_act(room.match.state) == [loser]:
            break
        step(room, people, rng)
    version = room.version
    with pytest.raises(RoomError) as refused:
        play.do_act(room.pk, people[loser], ENGINE.legal_actions(room.match.state, loser)[0], version)
    assert refused.value.message == CANNOT_COVER
    assert fresh(room).version == version and fresh(room).seats.get(index=loser).timeouts_in_a_row == 5
    assert tasks.play_bot(room.pk, version)
    last = MatchAction.objects.filter(match=room.match).last()
    assert (last.seat, last.source) == (loser, MatchAction.Source.BOT)

    staff_sets(people[loser], 300)
    for _ in range(200):
        room = fresh(room)
        if ENGINE.to_act(room.match.state) == [loser]:
            break
        step(room, people, rng)
    play.do_act(room.pk, people[loser], ENGINE.legal_actions(room.match.state, loser)[0], room.version)
    assert not rules_for("courtpiece").played_by_bot(fresh(room).seats.get(index=loser))


def total_coins() -> int:
    """All wallets plus the bank: the bank alone creates coins, so this is always 0."""
    return sum(Wallet.objects.values_list("balance", flat=True)) + coins.bank_balance()


def until_the_turn_of(room: Room, seat: int, people: dict[int, Player], rng: random.Random) -> Room:
    for _ in range(200):
        room = fresh(room)
        if ENGINE.to_act(room.match.state) == [seat]:
            return room
        step(room, people, rng)
    raise AssertionError(f"seat {seat} never had the turn")


def test_a_seat_sitting_out_because_its_person_cannot_cover_the_bet_moves_no_coins(monkeypatch):
    """Cal (seat 0) and Dan (seat 1), on opposite teams at a 100 bet, have 50 each when the
    first round ends: its loser, left with nothing, sits out. While the stand-in bot plays
    their seat, their table says so ("A bot plays your seat…", never "Waiting for" their
    own name), and the next two rounds move none of their coins, whoever wins them: their
    balance stays 0, the ledger has nothing of theirs for those rounds, and the round's
    box and the score sheet show 0, "no bet", for them; the winner's coins move by the
    bet. Once staff give the loser 300 coins and the loser's move takes the seat back,
    the next round moves their coins again. No balance goes below zero, and the wallets
    and the bank still add up to zero."""
    monkeypatch.setattr(core, "new_seed", lambda: "cp-sitting-out")
    cal, dan = account("Cal"), account("Dan")
    people = {0: cal, 1: dan}
    rng = random.Random(4)
    options = {"game": "double-sar", "winning_points": 30, "bet": 100, "clock": 15}
    room = lifecycle.do_create_room(cal, "courtpiece", options, True)
    seating.do_add_bot(room.pk, cal, "normal")
    seating.do_join(room.pk, dan)
    lifecycle.do_start(room.pk, cal)
    staff_sets(cal, 50)
    staff_sets(dan, 50)
    room = play_round(fresh(room), people, rng)
    loser = 1 - room.match.state["history"][0]["winning_team"]
    winner = 1 - loser
    assert coins.balance_of(people[loser]) == 0 and room.seats.get(index=loser).sitting_out

    room = until_the_turn_of(room, loser, people, rng)
    mine = private(pages(room)[loser])
    assert "A bot plays your seat…" in mine and f"Waiting for {people[loser].name}" not in mine

    for _ in range(2):
        before = coins.balance_of(people[winner])
        room = play_round(room, people, rng)
        played = room.match.state["history"][-1]
        amount = 200 if played["all_hands"] else 100
        assert coins.balance_of(people[loser]) == 0
        assert coins.balance_of(people[winner]) == before + (amount if played["winning_team"] == winner else -amount)
        assert not LedgerEntry.objects.filter(room=room, round=played["round"], wallet__user_id=people[loser].user_id)
        shown = pages(room)[None]
        assert f'data-seat="{loser}">{people[loser].name} <b>0</b> <small>(no bet)</small></li>' in shown
        sheet_row = rows(shown)[played["round"] - 1]
        assert sheet_row[0] == str(played["round"]) and sheet_row[5 + loser] == "0"
    assert Wallet.objects.filter(balance__lt=0).count() == 0 and total_coins() == 0

    staff_sets(people[loser], 300)
    room = until_the_turn_of(room, loser, people, rng)
    play.do_act(room.pk, people[loser], ENGINE.legal_actions(room.match.state, loser)[0], room.version)
    assert not room.seats.get(index=loser).sitting_out
    room = play_round(room, people, rng)
    assert LedgerEntry.objects.filter(room=room, round=room.match.state["history"][-1]["round"],
                                      wallet__user_id=people[loser].user_id).count() == 1
    assert total_coins() == 0


def test_a_seat_a_stand_in_plays_after_timeouts_still_moves_coins(monkeypatch):
    """Cal lets five turns time out: a stand-in bot plays his seat, not because of the
    bet, so the round it plays moves his coins as any round does."""
    monkeypatch.setattr(core, "new_seed", lambda: "cp-timeouts")
    cal, dan = account("Cal"), account("Dan")
    people = {0: cal, 1: dan}
    rng = random.Random(3)
    room = opponents_table(cal, dan)
    while not rules_for("courtpiece").played_by_bot(fresh(room).seats.get(index=0)):
        room = until_the_turn_of(room, 0, people, rng)
        overdue(room)
        assert play.do_timeout(room.pk, room.version)
    assert not fresh(room).seats.get(index=0).sitting_out
    room = play_round(room, {1: dan}, rng)
    played = room.match.state["history"][-1]
    amount = 200 if played["all_hands"] else 100
    assert coins.balance_of(cal) == 1_000 + (amount if played["winning_team"] == 0 else -amount)
