"""Dayous through the generic rooms layer: creating with options, starting, a whole game
through the actions, and what each viewer's pushed table shows (named guests: Ann, Bea…)."""

import html
import json
import random
import re
from datetime import timedelta
from typing import cast

import pytest
from django.urls import reverse

from games import core, registry
from games.dayous.rules import ENGINE
from games.dayous.state import DayousState
from games.definition import LETTERS_WITHOUT_LOOKALIKES
from leaderboard.models import Result
from leaderboard.points import points_for
from rooms import tasks
from rooms.actions import lifecycle, play, seating
from rooms.errors import RoomError
from rooms.forms import RoomForm
from rooms.gamerules import rules_for
from rooms.models import MatchAction, Room
from rooms.reactions import is_phrase, player_reactions
from rooms.rendering import render_table
from rooms.store import presence
from rooms.store.snapshots import load_snapshot
from tables.dayous.phrases import ASK
from tests.rooms.helpers import ANN, BEA, CARL, ZED, connect, fresh, overdue, person_at

ACTION_INPUT = re.compile(r'<input type="hidden" name="action" value="([^"]*)">')
DATA_CARD = re.compile(r'data-card="([^"]+)"')


def create(host=ANN, players=4, decks=1, clock=30, **kwargs):
    return lifecycle.do_create_room(
        host, "dayous", {"decks": decks, "clock": clock}, kwargs.pop("is_public", True),
        players=players, **kwargs,
    )


def _private(page: str) -> str:
    return page[page.index('id="table-private"'):]


def _public(page: str) -> str:
    return page[: page.index('id="table-private"')]


# ----------------------------------------------------------------- rules and form


def dayous_form(data=None) -> RoomForm:
    return RoomForm(registry.definition("dayous"), data)


def test_dayous_room_rules():
    rules = rules_for("dayous")
    assert rules.game == "dayous"
    assert rules.engine is ENGINE and str(rules.title) == "Dayous"
    assert rules.fixed_seats is None and rules.host_can_start
    assert rules.start_when_full_after == timedelta(0)
    assert rules.fill_with_bots_after == timedelta(minutes=3)
    assert set(rules.bots) == {"easy", "normal", "strong"}


def test_the_form_offers_players_decks_and_clock_with_their_defaults():
    form = dayous_form()
    assert list(form.fields)[:3] == ["players", "decks", "clock"]
    assert (form["players"].value(), form["decks"].value(), form["clock"].value()) == ("4", "1", 30)
    form = dayous_form(
        {"players": "6", "decks": "2", "clock": "15", "is_public": "0", "bot_level": "easy"}
    )
    assert form.is_valid(), form.errors
    assert form.players() == 6
    assert form.game_options() == {"decks": 2, "clock": 15}


@pytest.mark.parametrize(
    "data, field, message",
    [
        ({"players": "1"}, "players", "Select a valid choice"),
        ({"players": "9"}, "players", "Select a valid choice"),
        ({"decks": "4"}, "decks", "Select a valid choice"),
        ({"clock": "5"}, "clock", "at least 10 seconds"),
        ({"clock": "61"}, "clock", "at most 60 seconds"),
        ({"clock": "soon"}, "clock", "whole number from 10 to 60 seconds"),
    ],
)
def test_the_form_refuses_values_out_of_range(data, field, message):
    form = dayous_form({"players": "4", "decks": "1", "clock": "30", "is_public": "1",
                        "bot_level": "normal", **data})
    assert not form.is_valid()
    assert message in " ".join(form.errors[field])


# ----------------------------------------------------------------- creating


@pytest.mark.django_db
def test_create_a_dayous_room_with_its_options():
    """Ann asks for 5 players, 2 decks and a 15 s clock: 5 seats, Ann hosts at seat 0, the
    options are stored as the engine checked them, the room fills with bots in 3 minutes."""
    room = fresh(create(players=5, decks=2, clock=15, is_public=False, bot_level="easy"))
    assert len(room.code) == 4 and set(room.code) <= set(LETTERS_WITHOUT_LOOKALIKES)
    assert room.game == "dayous" and room.status == Room.Status.WAITING
    assert room.options == {"decks": 2, "clock": 15}
    assert room.is_public is False and room.bot_level == "easy"
    seats = list(room.seats.all())
    assert [s.index for s in seats] == [0, 1, 2, 3, 4]
    assert (seats[0].name, seats[0].guest_id) == ("Ann", "ann")
    assert all(s.is_empty for s in seats[1:])
    assert abs(room.autostart_at - (room.created_at + timedelta(minutes=3))) < timedelta(seconds=2)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "players, decks, clock, message",
    [
        (8, 1, 30, "Dayous with 1 deck is for 2 to 7 players (each needs a hand of 7 and 2 cards must be left); "
                   "8 cannot be dealt."),
        (1, 1, 30, "Dayous with 1 deck is for 2 to 7 players"),
        (9, 2, 30, "Dayous with 2 decks is for 2 to 8 players"),
        (4, 4, 30, "The number of decks must be a whole number from 1 to 3."),
        (4, 1, 9, "The clock must be a whole number of seconds from 10 to 60."),
        (4, 1, 61, "The clock must be a whole number of seconds from 10 to 60."),
        (None, 1, 30, "Choose how many players sit at the table."),
    ],
)
def test_impossible_tables_are_refused_clearly_and_nothing_is_saved(players, decks, clock, message):
    with pytest.raises(RoomError) as refused:
        create(players=players, decks=decks, clock=clock)
    assert message in refused.value.message
    assert not Room.objects.exists()


@pytest.mark.django_db
def test_the_create_page_makes_a_room_or_shows_the_engines_message(client):
    """Through the page: 8 players with one deck is refused with the engine's sentence
    and no room; 4 players with 1 deck and 20 s makes the room and opens it."""
    url = reverse("rooms:create", args=["dayous"])
    page = client.get(url).content.decode()
    assert 'name="players"' in page and 'name="decks"' in page and 'name="clock"' in page
    form = {"players": "8", "decks": "1", "clock": "30", "is_public": "1", "bot_level": "normal"}
    response = client.post(url, form)
    assert response.status_code == 200
    assert "Dayous with 1 deck is for 2 to 7 players" in html.unescape(response.content.decode())
    assert not Room.objects.exists()
    response = client.post(url, {**form, "players": "4", "clock": "20"})
    room = Room.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/rooms/{room.code}/"
    assert room.options == {"decks": 1, "clock": 20} and room.seats.count() == 4
    page = client.get(response["Location"]).content.decode()
    assert 'data-testid="decks">1 deck<' in page and "20 s per move" in page and 'data-testid="start"' in page
    assert "dayous/dayous.js" in page and "dayous/dayous.css" in page
    other = lifecycle.do_create_room(ANN, "dayous", {"decks": 2, "clock": 30}, True, players=6)
    for listed in (room, other):  # the hosts' pages are open: the rooms are listed
        connect(listed, 0, f"host-socket-{listed.pk}")
    lobby = client.get(reverse("rooms:lobby")).content.decode()
    assert "Dayous · 1 deck<" in lobby and "Dayous · 2 decks<" in lobby and "1/6" in lobby


# ----------------------------------------------------------------- starting


@pytest.mark.django_db
def test_the_host_starts_with_two_seated_and_bots_fill_the_chosen_size(monkeypatch):
    monkeypatch.setattr(core, "new_seed", lambda: "dayous-start")
    room = create(players=5, decks=2)
    seating.do_join(room.pk, BEA)
    with pytest.raises(RoomError, match="Only the host"):
        lifecycle.do_start(room.pk, BEA)
    lifecycle.do_start(room.pk, ANN)
    room = fresh(room)
    assert room.status == Room.Status.PLAYING and room.autostart_at is None
    seats = list(room.seats.all())
    assert [s.name for s in seats] == ["Ann", "Bea", "Bot 3", "Bot 4", "Bot 5"]
    assert [s.is_bot for s in seats] == [False, False, True, True, True]
    state = room.match.state
    assert state["players"] == 5 and state["decks"] == 2 and state["clock"] == 30
    assert [len(hand) for hand in state["hands"]] == [10] * 5
    assert room.match.had_bots
    # The first attacker is awaited (a human chooses the direction; a bot will be asked to).
    assert ENGINE.to_act(state) == [state["leader"]]
    assert room.match.deadline is not None


@pytest.mark.django_db
def test_a_full_room_starts_by_itself():
    room = create(players=3)
    seating.do_join(room.pk, BEA)
    assert fresh(room).status == Room.Status.WAITING
    seating.do_join(room.pk, CARL)
    assert fresh(room).status == Room.Status.PLAYING


# ----------------------------------------------------------------- a whole game


def _check_pushes(room: Room) -> None:
    """Every seat's pushed table shows its own hand and exactly its legal moves, and no card
    of another seat's hand (with several decks an identical card may show only where it is
    public: on the table or face up); a spectator sees no hand and only public cards."""
    snapshot = load_snapshot(room.pk)
    assert snapshot is not None and snapshot.state is not None
    state = cast(DayousState, snapshot.state)
    hands = state["hands"]
    seen_by_all = ENGINE.view(state, None)
    public_cards = {c for pair in seen_by_all["table"] for c in pair if c} | {seen_by_all["faceup"]}
    spectator = render_table(snapshot, presence.NOBODY, None)
    assert set(DATA_CARD.findall(spectator)) <= public_cards, "a spectator sees a card that is not public"
    assert "You are watching" in spectator and 'data-testid="hand"' not in spectator
    assert ACTION_INPUT.findall(spectator) == []
    for seat, hand in enumerate(hands):
        page = render_table(snapshot, presence.NOBODY, seat)
        assert _public(page) == _public(spectator), "the public part differs between viewers"
        cards = set(DATA_CARD.findall(page))
        for other, other_hand in enumerate(hands):
            if other != seat:
                leaked = (cards & set(other_hand)) - public_cards - set(hand)
                assert not leaked, f"seat {seat} sees {leaked} of seat {other}'s hand"
        assert cards <= public_cards | set(hand)
        private = _private(page)
        view = ENGINE.view(state, seat)
        if state["phase"] != "over":
            hand_html = private[private.index('data-testid="hand"'):]
            for card in hand:
                if card not in ("XR", "XB"):
                    assert f'data-card="{card}"' in hand_html
        offered = [json.loads(html.unescape(v)) for v in ACTION_INPUT.findall(private)]
        assert sorted(map(json.dumps, offered)) == sorted(map(json.dumps, view["legal"]))


@pytest.mark.django_db
@pytest.mark.parametrize("players, decks", [(4, 1), (3, 2)])
def test_a_whole_game_through_the_services_with_bots_and_timeouts(monkeypatch, players, decks):
    """Ann and Bea (random legal moves, every third decision a timeout) and bots play a
    game to the end. After every move each viewer's pushed table is checked. The room
    finishes with one result per seat; seed and recorded moves replay the game."""
    monkeypatch.setattr(core, "new_seed", lambda: f"dayous-whole-game-{players}-{decks}")
    rng = random.Random(5)
    room = create(players=players, decks=decks, clock=10)
    seating.do_join(room.pk, BEA)
    lifecycle.do_start(room.pk, ANN)
    steps = timeouts = 0
    for steps in range(1, 3000):
        room = fresh(room)
        if room.status != Room.Status.PLAYING:
            break
        _check_pushes(room)
        to_act = ENGINE.to_act(room.match.state)
        assert to_act and room.match.deadline is not None
        bots = [s for s in to_act if person_at(room, s) is None]
        if bots:
            seat = bots[0]
            action = play.choose_bot_move(load_snapshot(room.pk), seat)
            assert play.do_bot_move(room.pk, room.version, seat, action)
        elif steps % 3 == 0:
            overdue(room)
            assert play.do_timeout(room.pk, room.version)
            timeouts += 1
        else:
            seat = to_act[0]
            legal = ENGINE.legal_actions(room.match.state, seat)
            play.do_act(room.pk, person_at(room, seat), rng.choice(legal), room.version)
    room = fresh(room)
    _check_pushes(room)
    match = room.match
    assert room.status == Room.Status.FINISHED, f"not over after {steps} steps"
    assert steps > 30
    assert timeouts > 0
    assert match.deadline is None and match.bot_due_at is None and match.finished_at is not None
    outcome = ENGINE.outcome(match.state)
    results = {r.seat: r for r in Result.objects.filter(room=room)}
    assert sorted(results) == list(range(players))
    for seat in room.seats.all():
        result = results[seat.index]
        assert result.place == outcome["places"][seat.index] and result.game == "dayous"
        assert result.points == points_for("dayous", result.place, players, True)
        assert result.won == (seat.index in outcome["winners"])
    replay = ENGINE.start(players, room.options, seed=match.seed)
    for recorded in MatchAction.objects.filter(match=match):
        replay, _ = ENGINE.apply(replay, recorded.seat, recorded.action, timeout=recorded.source == "timeout")
    assert replay == match.state
    page = render_table(load_snapshot(room.pk), presence.NOBODY, None)
    assert 'data-testid="game-over"' in page and 'data-testid="results"' in page
    if outcome["dayous"] is not None:
        name = room.seats.get(index=outcome["dayous"]).name
        assert f"<b>{name}</b> is the dayous!" in page
    with pytest.raises(RoomError, match="not being played"):
        play.do_act(room.pk, ANN, {"type": "take"}, room.version)


@pytest.mark.django_db
def test_the_table_shows_roles_trump_the_bout_and_the_contribution(monkeypatch):
    """A position mid-game: the public part names the attacker and defender, the trump and
    the face-up card, the pairs on the table; after a successful defence the contribution
    with its journal and the publication fee is shown."""
    monkeypatch.setattr(core, "new_seed", lambda: "dayous-view")
    room = create(players=3)
    seating.do_join(room.pk, BEA)
    seating.do_join(room.pk, CARL)
    room = fresh(room)
    state = room.match.state
    page = render_table(load_snapshot(room.pk), presence.NOBODY, None)
    assert 'data-testid="trump"' in page and 'changes when the face-up card is drawn' in page
    assert f'data-card="{ENGINE.view(state, None)["faceup"]}"' in page
    assert "chooses the direction" in page and 'class="countdown"' in page
    # Play on with the rule bot's choices until a successful defence.
    from games.dayous.bots import RuleBot

    for _ in range(400):
        room = fresh(room)
        state = room.match.state
        if any(e["type"] == "defended" for e in state["log"]) or room.status != Room.Status.PLAYING:
            break
        seat = ENGINE.to_act(state)[0]
        action = RuleBot().choose(ENGINE.view(state, seat), random.Random(1))
        play.do_act(room.pk, person_at(room, seat), action, room.version)
        room = fresh(room)
        if room.status == Room.Status.PLAYING and ENGINE.view(room.match.state, None)["table"]:
            public = _public(render_table(load_snapshot(room.pk), presence.NOBODY, None))
            view = ENGINE.view(room.match.state, None)
            assert 'data-testid="bout"' in public
            for attack, defence in view["table"]:
                assert f'data-card="{attack}"' in public
                if defence:
                    assert f'data-card="{defence}"' in public
            assert "defender" in public and "attacker" in public
    defended = next(e for e in fresh(room).match.state["log"] if e["type"] == "defended")
    public = _public(render_table(load_snapshot(room.pk), presence.NOBODY, None))
    assert 'data-testid="contribution"' in public
    assert f"contribution <b>{defended['cards']}</b> cards" in public
    assert f"publication fee <b>{defended['fee']}</b>" in public
    assert defended["journal"] in public


@pytest.mark.django_db
def test_a_game_ended_by_staff_offers_no_moves():
    room = create(players=2)
    seating.do_join(room.pk, BEA)
    room = fresh(room)
    leader = room.match.state["leader"]
    assert 'name="action"' in render_table(load_snapshot(room.pk), presence.NOBODY, leader)
    lifecycle.do_end_match(room.pk, "Testing.")
    page = render_table(load_snapshot(room.pk), presence.NOBODY, leader)
    assert 'name="action"' not in page and "This game was ended by staff." in page


# ----------------------------------------------------------------- stand-in bot


def _bots_play_until(room: Room, awaited) -> Room:
    """The bots' seats move (as their bots would) until ``awaited(to_act)`` holds."""
    for _ in range(200):
        room = fresh(room)
        to_act = ENGINE.to_act(room.match.state)
        if awaited(to_act):
            return room
        seat = next(s for s in to_act if person_at(room, s) is None)
        assert play.do_bot_move(room.pk, room.version, seat, play.choose_bot_move(load_snapshot(room.pk), seat))
    raise AssertionError("never awaited")


STANDIN_NOTICE = "A bot is playing for you after 3 timeouts — make any move to take your seat back."


@pytest.mark.django_db
def test_a_stand_in_bot_plays_after_three_timeouts_in_a_row_until_the_player_moves(monkeypatch):
    """Ann lets her clock run out three times in a row: a stand-in bot then plays her seat
    at a bot's pace, everyone sees "bot playing" on her seat, and her own table tells her
    that any move takes it back. Her next move does."""
    monkeypatch.setattr(core, "new_seed", lambda: "dayous-standin")
    bots = random.Random(1)
    monkeypatch.setattr(play, "bot_randomness", lambda: bots.getrandbits(128))
    room = create(players=3, clock=60)
    lifecycle.do_start(room.pk, ANN)  # Ann (seat 0) and two bots
    for timeouts in (1, 2, 3):
        room = _bots_play_until(room, lambda to_act: 0 in to_act)
        assert not rules_for("dayous").played_by_bot(room.seats.get(index=0))
        overdue(room)
        assert play.do_timeout(room.pk, room.version)
        assert fresh(room).seats.get(index=0).timeouts_in_a_row == timeouts
    room = _bots_play_until(room, lambda to_act: to_act == [0])
    assert rules_for("dayous").played_by_bot(room.seats.get(index=0))
    assert room.match.bot_due_at is not None and room.match.bot_due_at < room.match.deadline
    snapshot = load_snapshot(room.pk)
    ann_sees = render_table(snapshot, presence.NOBODY, 0)
    assert STANDIN_NOTICE in _private(ann_sees)
    assert 'data-testid="standin"' in _public(ann_sees)
    assert STANDIN_NOTICE not in render_table(snapshot, presence.NOBODY, 1)
    assert tasks.play_bot(room.pk, room.version) is True
    last = MatchAction.objects.filter(match=room.match).last()
    assert (last.seat, last.source) == (0, MatchAction.Source.BOT)
    # Ann is back: her next move takes her seat back.
    room = _bots_play_until(room, lambda to_act: to_act == [0])
    play.do_act(room.pk, ANN, ENGINE.legal_actions(room.match.state, 0)[0], room.version)
    room = fresh(room)
    assert room.seats.get(index=0).timeouts_in_a_row == 0
    assert not rules_for("dayous").played_by_bot(room.seats.get(index=0))
    ann_sees = render_table(load_snapshot(room.pk), presence.NOBODY, 0)
    assert STANDIN_NOTICE not in ann_sees and 'data-testid="standin"' not in ann_sees


# ----------------------------------------------------------------- quick phrases


def test_quick_phrases_are_player_reactions_of_dayous_only():
    assert "Can I not attack?" in player_reactions("dayous")
    assert str(ASK["7"]) == "Did somebody say sevens?" and str(ASK["7"]) in player_reactions("dayous")
    assert "👍" in player_reactions("dayous")
    assert "Can I not attack?" not in player_reactions("disunyer")
    assert is_phrase("dayous", "Can I not attack?") and not is_phrase("dayous", "👍")


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_player_sends_a_quick_phrase_and_a_spectator_cannot(redis_url):
    from asgiref.sync import sync_to_async

    from tests.rooms.test_consumers import TOAST, _connect, _session_for, _until

    room = await sync_to_async(create)(players=2)
    await sync_to_async(seating.do_join)(room.pk, BEA)
    ann = await _connect(room.code, await sync_to_async(_session_for)(ANN))
    zed = await _connect(room.code, await sync_to_async(_session_for)(ZED))
    try:
        await ann.send_json_to({"kind": "react", "emoji": "Can I not attack?"})
        for comm in (ann, zed):
            message = await _until(comm, lambda m: 'id="reactions"' in m)
            assert "phrase" in message and "<b>Ann</b>: “Can I not attack?”" in message
        await zed.send_json_to({"kind": "react", "emoji": "Can I not attack?"})
        assert "can&#x27;t send that here" in await _until(zed, lambda m: TOAST in m)
    finally:
        await ann.disconnect()
        await zed.disconnect()
