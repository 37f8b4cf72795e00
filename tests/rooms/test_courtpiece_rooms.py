"""Court Piece through the generic rooms layer: the form, seating in the join order, the
host's choice of partner, coins to sit down, the delayed start, the stand-in bot, coins
settled after every round, a whole table, and what each viewer's pushed table shows."""

import html
import json
import random
import re
from datetime import timedelta
from typing import cast

import pytest
from django.db.models import Sum
from django.urls import reverse
from django.utils import timezone

from accounts import coins
from accounts.identity import Player
from accounts.models import LedgerEntry, User, Wallet
from games import core, registry
from games.courtpiece.rules import ENGINE
from games.courtpiece.state import CourtPieceState
from games.definition import DIGITS
from leaderboard.models import Result
from leaderboard.points import points_for
from rooms import table_coins, tasks
from rooms.actions import lifecycle, partners, play, seating
from rooms.errors import RoomError
from rooms.forms import RoomForm
from rooms.gamerules import rules_for
from rooms.models import MatchAction, Room
from rooms.rendering import render_table
from rooms.store import presence
from rooms.store.snapshots import load_snapshot
from tests.rooms.helpers import ANN, BEA, CARL, DORA, EVE, connect, fresh, overdue

ACTION_INPUT = re.compile(r'<input type="hidden" name="action" value="([^"]*)">')
DATA_CARD = re.compile(r'data-card="([^"]+)"')
GUESTS = (ANN, BEA, CARL, DORA, EVE)

FORM_DATA = {
    "game": "double-sar", "pile": "3-2-2", "four_point_rank": "", "winning_points": "10",
    "bet": "100", "clock": "15", "is_public": "1", "bot_level": "normal",
}


def create(host=ANN, **options):
    options = {"game": "double-sar", "winning_points": 10, "bet": 100, "clock": 15, **options}
    return lifecycle.do_create_room(host, "courtpiece", options, True)


def account(name: str) -> User:
    return User.objects.create_user(username=name, password=None)


def as_player(user: User) -> Player:
    return Player(name=user.username, user_id=user.pk)


def set_balance(user: User, amount: int) -> None:
    staff = User.objects.filter(username="Sam").first() or User.objects.create_user(
        username="Sam", password=None, is_staff=True
    )
    current = coins.balance_of(as_player(user))
    if amount < current:
        coins.take(user, current - amount, "Test set-up", staff)
    elif amount > current:
        coins.grant(user, amount - current, "Test set-up", staff)


def total_coins() -> int:
    wallets = Wallet.objects.aggregate(total=Sum("balance"))["total"] or 0
    return wallets + coins.bank_balance()


def seat_names(room) -> list[str]:
    return [seat.name for seat in fresh(room).seats.all()]


def who_sits(room, index: int, people) -> Player | None:
    seat = fresh(room).seats.get(index=index)
    if seat.is_bot:
        return None
    return next(p for p in people if (p.user_id and p.user_id == seat.user_id) or
                (p.guest_id and p.guest_id == seat.guest_id))


def _private(page: str) -> str:
    return page[page.index('id="table-private"'):]


def _public(page: str) -> str:
    return page[: page.index('id="table-private"')]


# ----------------------------------------------------------------- rules and form


def court_piece_form(data=None) -> RoomForm:
    return RoomForm(registry.definition("courtpiece"), data)


def test_court_piece_room_rules():
    rules = rules_for("courtpiece")
    assert rules.game == "courtpiece" and rules.engine is ENGINE and str(rules.title) == "Court Piece"
    assert rules.code_alphabet == DIGITS and rules.code_length == 6 and rules.fixed_seats == 4
    from games.courtpiece import bots

    assert rules.bots == {"easy": bots.RandomBot, "normal": bots.RuleBot, "strong": bots.StrongBot}
    assert rules.start_when_full_after == timedelta(seconds=5) and rules.fill_with_bots_after is None
    assert rules.host_can_start
    assert rules.standin_after_timeouts == 5
    assert rules.on_events is not None and rules.can_play is not None
    assert rules.join_order == (2, 1, 3)


def test_the_form_turns_its_fields_into_engine_options():
    form = court_piece_form({**FORM_DATA, "game": "hidden", "pile": "5-3-3", "ace_cannot_win_pile": "on",
                             "four_point_rank": "T", "six_point": "on", "winning_points": "25",
                             "bet": "250", "clock": "8"})
    assert form.is_valid(), form.errors
    assert form.game_options() == {
        "game": "hidden", "pile": "5-3-3", "ace_cannot_win_pile": True, "four_point_rank": "T",
        "six_point": True, "winning_points": 25, "bet": 250, "clock": 8,
    }
    assert ENGINE.validate_options(form.game_options()) == form.game_options()
    form = court_piece_form(FORM_DATA)
    assert form.is_valid() and form.game_options()["four_point_rank"] is None


@pytest.mark.parametrize(
    "data, field, message",
    [
        ({"game": "snap"}, "game", "Choose Ace Rule, Double Sar, Hidden or Rung Kaat."),
        ({"pile": "4-4-4"}, "pile", "3-2-2 or 5-3-3"),
        ({"four_point_rank": "Z"}, "four_point_rank", "from 2 to Ace"),
        ({"six_point": "on"}, "six_point", "The 6-point win needs a 4-point rank"),
        ({"winning_points": "9"}, "winning_points", "at least 10 points"),
        ({"winning_points": "101"}, "winning_points", "at most 100 points"),
        ({"bet": "24"}, "bet", "at least 25 coins"),
        ({"bet": "1001"}, "bet", "at most 1,000 coins"),
        ({"bet": "lots"}, "bet", "whole number from 25 to 1,000 coins"),
        ({"clock": "4"}, "clock", "at least 5 seconds"),
        ({"clock": "31"}, "clock", "at most 30 seconds"),
    ],
)
def test_the_form_refuses_bad_values_clearly(data, field, message):
    form = court_piece_form({**FORM_DATA, **data})
    assert not form.is_valid()
    assert message in " ".join(form.errors[field])


@pytest.mark.django_db
def test_the_create_page_makes_a_table_with_a_six_digit_code(client):
    url = reverse("rooms:create", args=["courtpiece"])
    page = client.get(url).content.decode()
    names = ("game", "pile", "ace_cannot_win_pile", "four_point_rank", "six_point", "winning_points", "bet", "clock")
    for name in names:
        assert f'name="{name}"' in page
    response = client.post(url, {**FORM_DATA, "bet": "2000"})
    assert response.status_code == 200 and "at most 1,000 coins" in html.unescape(response.content.decode())
    response = client.post(url, {**FORM_DATA, "game": "rung-kaat", "bet": "300"})
    room = Room.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/rooms/{room.code}/"
    assert len(room.code) == 6 and room.code.isdigit()
    assert room.options["game"] == "rung-kaat" and room.options["bet"] == 300
    assert room.seats.count() == 4 and room.autostart_at is None
    page = client.get(response["Location"]).content.decode()
    assert "Rung Kaat" in page and "Bet 300 coins" in page and 'data-testid="start"' in page
    connect(room, 0, "host-socket")  # the host's page is open: the room is listed
    lobby = client.get(reverse("rooms:lobby")).content.decode()
    assert "Court Piece · Rung Kaat · bet 300" in lobby


@pytest.mark.django_db
def test_the_engine_refuses_what_the_form_would_not_send():
    with pytest.raises(RoomError, match="must be a whole number from 25 to 1000"):
        create(bet=5)
    assert not Room.objects.exists()


# ----------------------------------------------------------------- seats and coins


@pytest.mark.django_db
def test_the_first_to_join_sits_opposite_the_host_and_the_next_two_are_opponents():
    room = create()
    assert [s.is_empty for s in fresh(room).seats.all()] == [False, True, True, True]
    assert seating.do_join(room.pk, BEA).index == 2
    assert seating.do_join(room.pk, CARL).index == 1
    assert fresh(room).autostart_at is None
    assert seating.do_join(room.pk, DORA).index == 3
    assert seat_names(room) == ["Ann", "Carl", "Bea", "Dora"]
    page = render_table(load_snapshot(room.pk), presence.NOBODY, None)
    assert 'data-testid="partner-seat"' in page and page.count("opponent</span>") == 2


@pytest.mark.django_db
def test_added_bots_take_seats_in_the_same_order():
    room = create()
    seating.do_add_bot(room.pk, ANN, "easy")
    assert fresh(room).seats.get(index=2).is_bot


@pytest.mark.django_db
def test_too_few_coins_to_sit_down_is_refused_and_nothing_changes():
    """Cal has 150 coins: a table with a bet of 100 needs 200. He cannot sit down, nor
    create such a table; the room is as it was. A guest cannot sit at a 600 bet, and can
    at a 500 one."""
    cal = account("Cal")
    set_balance(cal, 150)
    room = create(bet=100)
    before = fresh(room)
    with pytest.raises(RoomError) as refused:
        seating.do_join(room.pk, as_player(cal))
    assert refused.value.message == (
        "This table's bet is 100 coins: sitting down needs twice the bet, 200 coins, and you have 150 coins."
    )
    after = fresh(room)
    assert after.version == before.version and seat_names(room) == ["Ann", "", "", ""]
    with pytest.raises(RoomError, match="needs twice the bet, 200 coins, and you have 150 coins"):
        create(host=as_player(cal), bet=100)
    assert Room.objects.count() == 1
    assert create(host=as_player(cal), bet=75).seats.get(index=0).user_id == cal.pk
    with pytest.raises(RoomError, match="and you have 1,000 coins"):
        create(host=EVE, bet=600)
    guest_table = create(host=EVE, bet=500)
    rich = account("Rich")
    set_balance(rich, 5000)
    with pytest.raises(RoomError, match="and you have 1,000 coins"):
        seating.do_join(create(host=as_player(rich), bet=600).pk, BEA)
    assert seating.do_join(guest_table.pk, BEA).index == 2


# ----------------------------------------------------------------- the host's partner


def full_room():
    room = create()
    for person in (BEA, CARL, DORA):
        seating.do_join(room.pk, person)
    return room  # Ann 0, Carl 1, Bea 2 (partner), Dora 3


@pytest.mark.django_db
def test_the_host_picks_another_partner_and_both_opponents_agree():
    room = full_room()
    snapshot = load_snapshot(room.pk)
    host_page = render_table(snapshot, presence.NOBODY, 0)
    assert "Ask for Carl as partner" in host_page and "Ask for Dora as partner" in host_page
    with pytest.raises(RoomError, match="Only the host"):
        partners.do_propose_partner(room.pk, CARL, 1)
    with pytest.raises(RoomError, match="sitting as your opponent"):
        partners.do_propose_partner(room.pk, ANN, 2)
    partners.do_propose_partner(room.pk, ANN, 1)
    snapshot = load_snapshot(room.pk)
    public = _public(render_table(snapshot, presence.NOBODY, None))
    assert "The host asks for <b>Carl</b> as partner" in public
    for seat in (1, 3):
        assert 'data-testid="partner-question"' in render_table(snapshot, presence.NOBODY, seat)
    for seat in (0, 2, None):
        assert 'data-testid="partner-question"' not in render_table(snapshot, presence.NOBODY, seat)
    with pytest.raises(RoomError, match="still waiting"):
        partners.do_propose_partner(room.pk, ANN, 3)
    with pytest.raises(RoomError, match="Only the host's opponents"):
        partners.do_answer_partner(room.pk, BEA, True)
    partners.do_answer_partner(room.pk, CARL, True)
    assert seat_names(room) == ["Ann", "Carl", "Bea", "Dora"]  # Dora has not agreed yet
    snapshot = load_snapshot(room.pk)
    assert 'data-testid="partner-question"' not in render_table(snapshot, presence.NOBODY, 1)
    assert 'data-testid="partner-question"' in render_table(snapshot, presence.NOBODY, 3)
    partners.do_answer_partner(room.pk, DORA, True)
    assert seat_names(room) == ["Ann", "Bea", "Carl", "Dora"]
    public = _public(render_table(load_snapshot(room.pk), presence.NOBODY, None))
    assert "<b>Carl</b> is now the host&#x27;s partner." in public or "<b>Carl</b> is now the host's partner." in public
    with pytest.raises(RoomError, match="no proposal"):
        partners.do_answer_partner(room.pk, DORA, True)


@pytest.mark.django_db
def test_either_opponent_can_refuse_and_everyone_sees_it():
    room = full_room()
    partners.do_propose_partner(room.pk, ANN, 3)
    partners.do_answer_partner(room.pk, DORA, True)
    partners.do_answer_partner(room.pk, CARL, False)
    assert seat_names(room) == ["Ann", "Carl", "Bea", "Dora"]
    assert fresh(room).proposal["status"] == "refused"
    snapshot = load_snapshot(room.pk)
    for seat in (None, 0, 1, 2, 3):
        page = render_table(snapshot, presence.NOBODY, seat)
        assert "<b>Carl</b> refused to let <b>Dora</b> become the host" in page
        assert 'data-testid="partner-question"' not in page
    partners.do_propose_partner(room.pk, ANN, 1)  # the host can ask again
    assert fresh(room).proposal["status"] == "pending"


@pytest.mark.django_db
def test_a_proposal_is_only_before_the_start_and_through_the_pages(client):
    room = create()
    seating.do_join(room.pk, BEA)
    seating.do_join(room.pk, CARL)
    session = client.session
    session["guest_id"], session["guest_name"] = "ann", "Ann"
    session.save()
    response = client.post(reverse("rooms:propose_partner", args=[room.code]), {"seat": "1"})
    assert response.status_code == 302
    # Only Carl is an opponent (seat 3 is empty): his agreement is enough.
    partners.do_answer_partner(room.pk, CARL, True)
    assert seat_names(room) == ["Ann", "Bea", "Carl", ""]
    lifecycle.do_start(room.pk, ANN)
    with pytest.raises(RoomError, match="already started"):
        partners.do_propose_partner(room.pk, ANN, 1)


# ----------------------------------------------------------------- starting


@pytest.mark.django_db
def test_the_table_starts_five_seconds_after_the_fourth_seat_is_taken():
    room = full_room()
    room = fresh(room)
    assert room.status == Room.Status.WAITING
    assert timedelta(seconds=4) < room.autostart_at - timezone.now() <= timedelta(seconds=5)
    page = render_table(load_snapshot(room.pk), presence.NOBODY, None)
    assert 'class="countdown" data-deadline="' in page and "Starts by itself in" in page
    assert tasks.autostart(room.pk) is False  # not yet
    assert fresh(room).status == Room.Status.WAITING
    Room.objects.filter(pk=room.pk).update(autostart_at=timezone.now() - timedelta(seconds=1))
    assert tasks.autostart(room.pk) is True
    room = fresh(room)
    assert room.status == Room.Status.PLAYING and room.autostart_at is None
    assert not any(seat.is_bot for seat in room.seats.all())
    assert tasks.autostart(room.pk) is False


@pytest.mark.django_db
def test_a_seat_emptied_before_the_start_calls_the_delayed_start_off():
    room = full_room()
    seating.do_leave(room.pk, DORA)
    assert fresh(room).autostart_at is None
    seating.do_add_bot(room.pk, ANN, "normal")
    assert fresh(room).autostart_at is not None
    seating.do_remove_bot(room.pk, ANN, 3)
    assert fresh(room).autostart_at is None
    assert tasks.sweep_deadlines()["autostarts"] == 0


@pytest.mark.django_db
def test_the_host_starts_alone_and_bots_take_the_empty_seats(monkeypatch):
    monkeypatch.setattr(core, "new_seed", lambda: "cp-host-start")
    room = create()
    lifecycle.do_start(room.pk, ANN)
    room = fresh(room)
    assert room.status == Room.Status.PLAYING
    assert seat_names(room) == ["Ann", "Bot 2", "Bot 3", "Bot 4"]
    assert room.match.had_bots and room.match.deadline is not None
    assert room.match.state["options"]["clock"] == 15


# ----------------------------------------------------------------- what each viewer sees


def public_cards(state: CourtPieceState) -> set[str]:
    """Cards anybody may see: those played face up, and a Hidden trump once shown."""
    down = set(state["down"])
    seen = {c for c in state["gone"] if c not in down}
    seen |= {c for i, c in enumerate(state["trick"]) if i not in state["trick_face_down"]}
    if state["face_down"] and state["power"]:
        seen.add(state["face_down"])
    return seen


def check_pushes(room: Room) -> None:
    """Every seat's pushed table: the same public part; its own hand; exactly its legal
    moves; no card of another hand, no face-down throw, no hidden trump but the caller's."""
    snapshot = load_snapshot(room.pk)
    assert snapshot is not None and snapshot.state is not None
    state = cast(CourtPieceState, snapshot.state)
    public = public_cards(state)
    hidden = state["face_down"] is not None and not state["power"]
    spectator = render_table(snapshot, presence.NOBODY, None)
    assert set(DATA_CARD.findall(spectator)) <= public, "a spectator sees a card that is not public"
    assert "You are watching" in spectator and ACTION_INPUT.findall(spectator) == []
    trump = re.search(r'<span class="cp-trump[^"]*" data-testid="trump">(.*?)</span>\s*\n', spectator)
    assert trump is not None, "the table shows no trump"
    trump_span = trump.group(0)
    if hidden:
        assert "Hidden" in trump_span and f"suit-{state['trump']}" not in trump_span
    for card in state["down"]:
        assert f'data-card="{card}"' not in spectator
    for seat in range(4):
        page = render_table(snapshot, presence.NOBODY, seat)
        assert _public(page) == _public(spectator), "the public part differs between viewers"
        view = ENGINE.view(state, seat)
        own = set(view["hand"])
        if view["face_down"]:
            own.add(view["face_down"])
        cards = set(DATA_CARD.findall(page))
        assert cards <= public | own, f"seat {seat} sees {cards - public - own}"
        for card in state["down"]:
            assert f'data-card="{card}"' not in page
        private = _private(page)
        if hidden and seat != state["caller"]:
            assert f'data-card="{state["face_down"]}"' not in page and "face-down trump" not in private
        if hidden and seat == state["caller"]:
            assert f'data-card="{state["face_down"]}"' in private
        if state["phase"] != "over":
            for card in view["hand"]:
                assert f'data-card="{card}"' in private
        offered = [json.loads(html.unescape(v)) for v in ACTION_INPUT.findall(private)]
        assert sorted(map(json.dumps, offered)) == sorted(map(json.dumps, view["legal"]))


def step(room: Room, people, rng: random.Random, timeout: bool = False) -> None:
    """One decision: a bot (or stand-in) through the bot path, a person by a random legal
    move or, when ``timeout``, by letting their clock run out."""
    seat = ENGINE.to_act(room.match.state)[0]
    person = who_sits(room, seat, people)
    if person is None:
        assert play.do_bot_move(room.pk, room.version, seat, play.choose_bot_move(load_snapshot(room.pk), seat))
    elif timeout:
        overdue(room)
        assert play.do_timeout(room.pk, room.version)
    else:
        legal = ENGINE.legal_actions(room.match.state, seat)
        play.do_act(room.pk, person, rng.choice(legal), room.version)


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["ace-rule", "double-sar", "rung-kaat"])
def test_a_round_of_each_game_shows_each_viewer_only_what_they_may_see(monkeypatch, game):
    monkeypatch.setattr(core, "new_seed", lambda: f"cp-round-{game}")
    rng = random.Random(3)
    room = create(game=game)
    seating.do_join(room.pk, BEA)
    lifecycle.do_start(room.pk, ANN)
    for _ in range(200):
        room = fresh(room)
        check_pushes(room)
        state = room.match.state
        if state["caller"] is not None:
            seat_html = re.search(
                rf'<div class="cp-seat [^"]*" data-seat="{state["caller"]}">.*?</div>',
                render_table(load_snapshot(room.pk), presence.NOBODY, None), re.S,
            ).group(0)
            assert 'data-testid="crown"' in seat_html
        if room.match.state["history"]:
            break
        step(room, GUESTS, rng)
    state = fresh(room).match.state
    assert len(state["history"]) == 1
    page = render_table(load_snapshot(room.pk), presence.NOBODY, None)
    assert 'data-testid="round-over"' in page and 'data-round="1"' in page
    event = next(e for e in state["log"] if e["type"] == "round_over")
    assert "Round 1: <b>" in page and f"{event['points']}</b> point" in page


@pytest.mark.django_db
def test_a_stand_in_bot_plays_after_five_timeouts_until_the_player_moves(monkeypatch):
    monkeypatch.setattr(core, "new_seed", lambda: "cp-standin")
    room = create()
    lifecycle.do_start(room.pk, ANN)  # Ann and three bots
    timeouts = 0
    for _ in range(300):
        room = fresh(room)
        seat = ENGINE.to_act(room.match.state)[0]
        if seat == 0:
            if timeouts == 5:
                break
            step(room, GUESTS, random.Random(0), timeout=True)
            timeouts += 1
            assert room.seats.get(index=0).timeouts_in_a_row == timeouts
        else:
            step(room, GUESTS, random.Random(0))
    assert timeouts == 5 and room.seats.get(index=0).timeouts_in_a_row == 5
    assert rules_for("courtpiece").played_by_bot(room.seats.get(index=0))
    assert room.match.bot_due_at is not None  # the stand-in is due on Ann's turn
    snapshot = load_snapshot(room.pk)
    mine = render_table(snapshot, presence.NOBODY, 0)
    assert "A bot is playing for you after 5 timeouts — make any move to take your seat back." in mine
    assert 'data-testid="standin"' in _public(mine)
    assert "A bot is playing for you" not in render_table(snapshot, presence.NOBODY, 1)
    assert tasks.play_bot(room.pk, room.version) is True
    assert MatchAction.objects.filter(match=room.match).last().source == MatchAction.Source.BOT
    assert MatchAction.objects.filter(match=room.match).last().seat == 0
    # Ann comes back: her next move takes the seat back.
    for _ in range(100):
        room = fresh(room)
        seat = ENGINE.to_act(room.match.state)[0]
        if seat == 0:
            break
        step(room, GUESTS, random.Random(0))
    legal = ENGINE.legal_actions(room.match.state, 0)
    play.do_act(room.pk, ANN, legal[0], room.version)
    room = fresh(room)
    assert room.seats.get(index=0).timeouts_in_a_row == 0
    assert not rules_for("courtpiece").played_by_bot(room.seats.get(index=0))
    assert "A bot is playing for you" not in render_table(load_snapshot(room.pk), presence.NOBODY, 0)
    if ENGINE.to_act(room.match.state) == [0]:
        assert room.match.bot_due_at is None


@pytest.mark.django_db
def test_a_whole_hidden_table_settles_coins_once_a_round_and_ends_with_results(monkeypatch):
    """Ann (an account, seat 0), Bea (a guest, seat 2), Cal (an account, seat 1) and a bot
    play Hidden to 10 points with a bet of 50; every fourth human decision is a timeout.
    Every round is settled once for each person (the guest too), the bank keeps every
    coin, the pushed tables never show a hidden card, and the finished table has its
    results."""
    monkeypatch.setattr(core, "new_seed", lambda: "cp-whole-hidden")
    ann_user, cal_user = account("AnnA"), account("CalA")
    ann, cal = as_player(ann_user), as_player(cal_user)
    people = (ann, cal, BEA)
    rng = random.Random(11)
    room = create(host=ann, game="hidden", bet=50, clock=10)
    assert seating.do_join(room.pk, BEA).index == 2
    assert seating.do_join(room.pk, cal).index == 1
    lifecycle.do_start(room.pk, ann)
    human_steps = moves = 0
    saw_face_down = saw_round_over = False
    for moves in range(1, 4000):
        room = fresh(room)
        if room.status != Room.Status.PLAYING:
            break
        state = room.match.state
        if len(state["history"]) < 2 or moves % 5 == 0 or state["down"] or state["face_down"] and not state["power"]:
            check_pushes(room)
        saw_face_down = saw_face_down or bool(state["down"])
        if state["history"] and not saw_round_over:
            saw_round_over = True
            page = render_table(load_snapshot(room.pk), presence.NOBODY, 0)
            event = next(e for e in state["log"] if e["type"] == "round_over")
            entry = LedgerEntry.objects.get(wallet__user=ann_user, round=1, room=room)
            assert abs(entry.amount) == (100 if event["all_hands"] else 50)
            signed = f"+{entry.amount}" if entry.amount > 0 else f"−{-entry.amount}"
            assert f'data-seat="0">AnnA <b>{signed}</b>' in page
            assert 'data-seat="3">Bot 4 <b>—</b> <small>(bot)</small>' in page
            assert f'data-testid="my-coins">{coins.balance_of(ann)}<' in page
        seat = ENGINE.to_act(state)[0]
        human = who_sits(room, seat, people) is not None
        human_steps += human
        step(room, people, rng, timeout=human and human_steps % 4 == 0)
    room = fresh(room)
    match = room.match
    assert room.status == Room.Status.FINISHED, f"not over after {moves} moves"
    assert saw_face_down, "no card was thrown face down: choose another seed"
    check_pushes(room)
    history = match.state["history"]
    # Coins: one entry per account and round, of the bet (double for all 13 hands).
    assert total_coins() == 0
    for user, seat in ((ann_user, 0), (cal_user, 1)):
        entries = LedgerEntry.objects.filter(room=room, wallet__user=user).order_by("round")
        assert [e.round for e in entries] == [r["round"] for r in history]
        for entry, summary in zip(entries, history):
            won = summary["winning_team"] == seat % 2
            amount = 100 if summary["hands"][summary["winning_team"]] == 13 else 50
            assert entry.kind == ("round_won" if won else "round_lost")
            assert entry.amount == (amount if won else -min(amount, entry.balance_after - entry.amount))
    seats = list(room.seats.all())
    first = {"type": "round_over", "round": 1, "winning_team": history[0]["winning_team"],
             "all_hands": history[0]["hands"][history[0]["winning_team"]] == 13}
    assert table_coins.settle_rounds(room, seats, [first]) == []  # settling again changes nothing
    assert LedgerEntry.objects.filter(room=room).count() == 3 * len(history)
    # Results, a replay, and the table-over view.
    outcome = ENGINE.outcome(match.state)
    results = {r.seat: r for r in Result.objects.filter(room=room)}
    assert sorted(results) == [0, 1, 2, 3]
    for seat in seats:
        assert results[seat.index].place == outcome["places"][seat.index]
        assert results[seat.index].points == points_for("courtpiece", outcome["places"][seat.index], 4, True)
        assert results[seat.index].won == (seat.index in outcome["winners"])
    replay = ENGINE.start(4, room.options, seed=match.seed)
    for recorded in MatchAction.objects.filter(match=match):
        replay, _ = ENGINE.apply(replay, recorded.seat, recorded.action, timeout=recorded.source == "timeout")
    assert replay == match.state
    page = render_table(load_snapshot(room.pk), presence.NOBODY, None)
    assert 'data-testid="game-over"' in page and 'data-testid="results"' in page
    assert "Table over" in page
    with pytest.raises(RoomError, match="not being played"):
        play.do_act(room.pk, ann, {"type": "play", "card": "As"}, room.version)


@pytest.mark.django_db
def test_the_snapshot_loads_the_coins_once_for_every_viewer(django_assert_max_num_queries):
    user = account("Zoe")
    room = create(host=as_player(user))
    seating.do_join(room.pk, BEA)
    lifecycle.do_start(room.pk, as_player(user))
    with django_assert_max_num_queries(4):
        snapshot = load_snapshot(room.pk)
    assert snapshot.extras["balances"] == {0: 1000, 2: 1000} and snapshot.extras["guests"] == [2]
    with django_assert_max_num_queries(0):
        for seat in (None, 0, 1, 2, 3):
            render_table(snapshot, presence.NOBODY, seat)
