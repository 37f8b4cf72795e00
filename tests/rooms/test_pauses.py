"""Pauses for people to read what just happened: a Disunyer reveal or knock-out stays
3 s, a finished Court Piece trick 1.5 s, a round's result 5 s. They are deadlines kept
in the match, the same for every viewer: nobody acts during one (a person's move is
refused and changes nothing, a bot's task does nothing), and the next clock starts
after it. Fixed decks; people are Ann, Bea, … (tests/rooms/helpers.py)."""

from collections.abc import Mapping
from datetime import timedelta
from typing import Any

import pytest
from django.db.models import F
from django.utils import timezone

from config import celery_app
from games.courtpiece.rules import ENGINE as COURTPIECE
from games.disunyer.rules import ENGINE as DISUNYER
from leaderboard.models import Result
from rooms import tasks
from rooms.actions import lifecycle, play, seating
from rooms.errors import RoomError
from rooms.gamerules import rules_for
from rooms.models import Match, MatchAction, Room
from rooms.rendering import render_table
from rooms.store import presence
from rooms.store.snapshots import load_snapshot, stored_snapshot
from tests.games.courtpiece.helpers import LADDER, SUITS, Table
from tests.rooms.helpers import ANN, BEA, CARL, DORA, PEOPLE, actor, create, fresh, person_at, playing_room

pytestmark = pytest.mark.django_db

KNOCKOUT, TRICK, ROUND = timedelta(seconds=3), timedelta(seconds=1.5), timedelta(seconds=5)
NOTHING = {"timeouts": 0, "autostarts": 0, "bots": 0, "away_hosts": 0}


@pytest.fixture(autouse=True)
def _the_real_pauses(settings):
    """The site's own pauses (the rest of the suite runs without them)."""
    settings.PAUSE_AFTER_KNOCKOUT_MS = 3000
    settings.PAUSE_AFTER_TRICK_MS = 1500
    settings.PAUSE_AFTER_ROUND_MS = 5000
    settings.BOT_DELAY_MS = (700, 1600)


def _close_to(moment, expected, slack=timedelta(seconds=1)) -> bool:
    return moment is not None and abs(moment - expected) <= slack


def _with_state(room: Room, state: Mapping[str, Any]) -> Room:
    """The room's game, dealt from a fixed deck instead."""
    Match.objects.filter(room=room).update(state=state, seed=state["seed"])
    return fresh(room)


def _pause_over(room: Room) -> Room:
    """Time passes until just after the pause: the match's moments move back by what was
    left of it."""
    left = fresh(room).match.paused_until - timezone.now() + timedelta(milliseconds=1)
    Match.objects.filter(room=room).update(
        paused_until=F("paused_until") - left, deadline=F("deadline") - left, bot_due_at=F("bot_due_at") - left
    )
    return fresh(room)


def _unchanged(room: Room) -> tuple:
    room = fresh(room)
    seats = list(room.seats.values_list("index", "timeouts_in_a_row"))
    return room.version, room.match.state, room.match.moves, room.match.deadline, seats


def _bot_waits_for(room: Room, pause: timedelta, before) -> None:
    """The pause just began: the bot's move is due after its end, plus the bot's delay;
    its task, its move and the beat's sweep do nothing until then."""
    match = room.match
    assert _close_to(match.paused_until, before + pause)
    assert match.paused_until + timedelta(milliseconds=700) <= match.bot_due_at
    assert match.bot_due_at <= match.paused_until + timedelta(milliseconds=1600)
    unchanged = _unchanged(room)
    assert tasks.play_bot(room.pk, room.version) is False
    engine = rules_for(room.game).engine
    seat = engine.to_act(match.state)[0]
    assert room.seats.get(index=seat).is_bot
    assert play.do_bot_move(room.pk, room.version, seat, engine.legal_actions(match.state, seat)[0]) is False
    assert tasks.sweep_deadlines() == NOTHING
    assert _unchanged(room) == unchanged
    room = _pause_over(room)
    assert tasks.play_bot(room.pk, room.version) is True
    assert fresh(room).version == room.version + 1


# ----------------------------------------------------------------- Disunyer

# Round 1 deals seats 0-7 in turn: Ann's 2 of coins is the lowest. Round 2 deals seats 1-7.
NO_ACES = "2o 3o 4o 5o 6o 7o Jo No 3c 4c 5c 6c 7c Jc Nc".split()


def _everyone_keeps(room: Room) -> None:
    for _ in range(8):
        room = fresh(room)
        play.do_act(room.pk, person_at(room, actor(room)), {"type": "keep"}, room.version)


def test_a_reveal_stays_three_seconds_and_the_next_clock_starts_after_it():
    """Eight people keep: the reveal knocks Ann out and round 2 is dealt at once, but the
    table stays 3 s. Bea, first in round 2, has her 10 s from the end of the pause; every
    viewer's table still shows the reveal."""
    room = _with_state(playing_room(PEOPLE), DISUNYER.start(8, {"mode": "standard"}, seed="reveal", deck=NO_ACES))
    before = timezone.now()
    _everyone_keeps(room)
    room = fresh(room)
    match = room.match
    assert match.state["round"] == 2 and match.state["out"][0] == 1 and actor(room) == 1
    assert _close_to(match.paused_until, before + KNOCKOUT)
    assert match.deadline == match.paused_until + timedelta(seconds=10)
    assert match.bot_due_at is None
    snapshot = load_snapshot(room.pk)
    assert snapshot.paused_until_ms == int(match.paused_until.timestamp() * 1000)
    assert snapshot.deadline_ms == int(match.deadline.timestamp() * 1000)
    for viewer in (None, 0, 1):
        last = DISUNYER.view(match.state, viewer)["last_round"]
        assert (last["round"], last["kind"], last["out"]) == (1, "reveal", [0])
        assert last["cards"] == NO_ACES[:8]
    # Bea's page runs her clocks (her banner, the timer on her seat) from the pause's end.
    page = render_table(snapshot, presence.NOBODY, 1)
    assert page.count(f'data-paused-until="{snapshot.paused_until_ms}"') == 3


def test_a_move_during_the_pause_is_refused_and_changes_nothing():
    """Bea keeps during the reveal's pause: she is told to wait, and neither the table nor
    the clock moves; her timeout is not due, and the sweep leaves the game alone. Once the
    pause is over her move is played."""
    room = _with_state(playing_room(PEOPLE), DISUNYER.start(8, {"mode": "standard"}, seed="reveal", deck=NO_ACES))
    _everyone_keeps(room)
    room = fresh(room)
    unchanged = _unchanged(room)
    with pytest.raises(RoomError) as refused:
        play.do_act(room.pk, BEA, {"type": "keep"}, room.version)
    assert refused.value.message == play.PAUSED
    assert play.do_timeout(room.pk, room.version) is False
    assert tasks.sweep_deadlines() == NOTHING
    assert _unchanged(room) == unchanged
    room = _pause_over(room)
    play.do_act(room.pk, BEA, {"type": "keep"}, room.version)
    last = MatchAction.objects.filter(match=room.match).last()
    assert (last.seat, last.source, fresh(room).match.paused_until) == (1, MatchAction.Source.PLAYER, None)


def test_a_knockout_keeps_the_next_bot_still_until_the_pause_is_over():
    """Ann and a bot at seat 2 hold Aces. Ann challenges Bea, who guesses cups and is out:
    the knock-out stays 3 s before the bot calls its own Disunyer. Its task, its move and
    the sweep do nothing during the pause; after it, the bot moves."""
    room = create(ANN)
    seating.do_join(room.pk, BEA)
    for _ in range(6):
        seating.do_add_bot(room.pk, ANN, "normal")
    deck = "Ao 2c Ac 3c 4c 5c 6c 7c".split()
    room = _with_state(fresh(room), DISUNYER.start(8, {"mode": "standard"}, seed="knockout", deck=deck))
    play.do_act(room.pk, ANN, {"type": "pick", "rival": 1}, room.version)
    room = fresh(room)
    before = timezone.now()
    play.do_act(room.pk, BEA, {"type": "guess", "suit": "c"}, room.version)
    room = fresh(room)
    state = room.match.state
    assert state["out"][1] == 1 and (state["holder"], state["step"]) == (2, "pick")
    assert DISUNYER.view(state, None)["duels"][0] == {"holder": 0, "rival": 1, "ace": "Ao", "suit": "c", "out": 1}
    _bot_waits_for(room, KNOCKOUT, before)


# --------------------------------------------------------------- Court Piece

def _court_piece_room(people) -> Room:
    """Court Piece, Double Sar: Ann hosts at seat 0 and starts with ``people`` seated (in the
    join order: seat 2, then 1, then 3); bots take the other seats."""
    room = lifecycle.do_create_room(ANN, "courtpiece", {"game": "double-sar", "clock": 15}, True)
    for person in people:
        seating.do_join(room.pk, person)
    lifecycle.do_start(room.pk, ANN)
    return fresh(room)


def _dealt(room: Room, deck: list[str]) -> Room:
    """The room's game dealt from the stacked ``deck`` (52 cards a round) instead: Ann
    calls first, her 15 s from now."""
    state = COURTPIECE.start(4, room.options, seed="pauses", deck=deck)
    Match.objects.filter(room=room).update(
        state=state, seed=state["seed"], deadline=timezone.now() + timedelta(seconds=15), bot_due_at=None
    )
    return fresh(room)


def _ladder(room: Room, tricks: str, cards: tuple[str, ...] = (), defaults: int = 0) -> Room:
    """The room's game dealt from tests/games/courtpiece's LADDER deck: Ann calls hearts;
    the leader of each of ``tricks`` leads its suit and the others play their timeout
    default; then ``cards`` are played, then ``defaults`` more timeout defaults."""
    table = Table(LADDER, seed="pauses", **room.options)
    table.call("h")
    for suit in tricks:
        table.lead(suit)
    table.play(*cards)
    table.default(defaults)
    return _with_state(room, table.s)


def test_a_finished_trick_stays_a_second_and_a_half_before_the_winning_bot_leads():
    """Ann leads the 2 of hearts; Bea's Ace wins the trick when the bot at seat 3 plays. The
    trick stays 1.5 s, shown as the last trick, before Bea (a bot) leads again."""
    room = _ladder(_court_piece_room([]), "", cards=("2h", "Ah", "9h"))
    before = timezone.now()
    assert tasks.play_bot(room.pk, room.version) is True
    room = fresh(room)
    last = COURTPIECE.view(room.match.state, None)["last_trick"]
    assert (last["winner"], [entry["seat"] for entry in last["cards"]]) == (1, [0, 1, 2, 3])
    assert COURTPIECE.to_act(room.match.state) == [1]
    _bot_waits_for(room, TRICK, before)


def test_the_last_tricks_and_the_round_result_stay_then_the_callers_clock_starts():
    """Four people, eleven tricks played. Dora leads a club to trick 12, Ann's and Carl's only club
    follow at once, and Bea's card ends it: it stays 1.5 s, and trick 13, where every card
    is the only choice, waits for the end of the pause (nobody may act, no timeout is
    due). Then the sweep plays it as forced moves, no one's timeout; the round is over and
    its result, with that last trick, stays 5 s. Ann calls next, her 15 s after it."""
    room = _ladder(_court_piece_room([BEA, CARL, DORA]), "hssshhdddcc")  # Ann 0, Carl 1, Bea 2, Dora 3
    assert COURTPIECE.to_act(room.match.state) == [3]
    club = next(card for card in room.match.state["hands"][3] if card[1] == "c")
    play.do_act(room.pk, DORA, {"type": "play", "card": club}, room.version)
    room = fresh(room)
    assert len(room.match.state["trick"]) == 3 and COURTPIECE.to_act(room.match.state) == [2]
    assert room.match.paused_until is None
    before = timezone.now()
    play.do_act(room.pk, BEA, COURTPIECE.default_action(room.match.state, 2), room.version)
    room = fresh(room)
    match = room.match
    assert match.state["tricks_played"] == 12 and match.state["trick"] == []
    assert _close_to(match.paused_until, before + TRICK)
    assert (match.deadline, match.bot_due_at) == (match.paused_until, None)
    unchanged = _unchanged(room)
    with pytest.raises(RoomError):
        play.do_act(room.pk, DORA, {"type": "play", "card": match.state["hands"][3][0]}, room.version)
    assert play.do_timeout(room.pk, room.version) is False
    assert tasks.sweep_deadlines() == NOTHING
    assert _unchanged(room) == unchanged

    room = _pause_over(room)
    before = timezone.now()
    assert tasks.sweep_deadlines() == {**NOTHING, "timeouts": 1}
    room = fresh(room)
    match = room.match
    trick13 = list(MatchAction.objects.filter(match=match).order_by("-number")[:4])[::-1]
    assert [(a.seat, a.action["card"], a.source) for a in trick13] == [
        (3, "5s", "forced"), (0, "5h", "forced"), (1, "5d", "forced"), (2, "5c", "forced")
    ]
    assert list(room.seats.values_list("timeouts_in_a_row", flat=True)) == [0, 0, 0, 0]
    assert match.state["round"] == 2 and COURTPIECE.to_act(match.state) == [0]
    assert _close_to(match.paused_until, before + ROUND)
    assert match.deadline == match.paused_until + timedelta(seconds=15)
    result = COURTPIECE.view(match.state, None)["log"][0]
    assert (result["type"], result["hands"], result["last_trick"]["winner"]) == ("round_over", [7, 6], 0)
    assert [entry["card"] for entry in result["last_trick"]["cards"]] == ["5s", "5h", "5d", "5c"]


# ------------------------------------------------------ timers and viewers

def test_the_precise_timers_are_set_for_the_end_of_the_pause(monkeypatch, django_capture_on_commit_callbacks):
    """Ann and three bots; the bot at seat 2 ends trick 12, and trick 13 waits for the pause:
    though only bots are awaited, a precise timer fires at the pause's end (not a sweep a
    second later). The version's stored snapshot, which every viewer is sent, carries the
    pause."""
    room = _ladder(_court_piece_room([]), "hssshhdddcc", defaults=2)  # seats 3 and 0 played
    assert COURTPIECE.to_act(room.match.state) == [1]
    assert tasks.play_bot(room.pk, room.version) is True
    room = fresh(room)
    assert COURTPIECE.to_act(room.match.state) == [2]
    sent = []
    monkeypatch.setattr(celery_app, "send_task", lambda name, args, eta, queue=None: sent.append((name, args, eta)))
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.play_bot(room.pk, room.version) is True
    room = fresh(room)
    match = room.match
    assert match.state["tricks_played"] == 12 and match.paused_until is not None
    assert sent == [("rooms.tasks.fire_timeout", (room.pk, room.version), match.paused_until)]
    stored = stored_snapshot(room.pk, room.version)
    assert stored.paused_until_ms == int(match.paused_until.timestamp() * 1000) and stored.is_paused()


def test_without_a_pause_the_table_goes_on_at_once(settings):
    """Pauses are settings: at 0 a reveal leaves no pause and Bea's clock starts now."""
    settings.PAUSE_AFTER_KNOCKOUT_MS = 0
    room = _with_state(playing_room(PEOPLE), DISUNYER.start(8, {"mode": "standard"}, seed="reveal", deck=NO_ACES))
    _everyone_keeps(room)
    match = fresh(room).match
    assert match.paused_until is None
    assert _close_to(match.deadline, timezone.now() + timedelta(seconds=10))


@pytest.mark.parametrize(
    "rules, events, pause",
    [
        (rules_for("disunyer"), [{"type": "keep", "seat": 0}, {"type": "pass", "seat": 1, "to": 2}], None),
        (rules_for("disunyer"), [{"type": "reveal"}, {"type": "out"}, {"type": "deal"}], KNOCKOUT),
        (rules_for("disunyer"), [{"type": "no_call", "seat": 3}], KNOCKOUT),
        (rules_for("courtpiece"), [{"type": "play"}, {"type": "trick"}], TRICK),
        (rules_for("courtpiece"), [{"type": "trick"}, {"type": "round_over"}, {"type": "deal"}], ROUND),
        (rules_for("dayous"), [{"type": "take"}, {"type": "refill"}], None),
    ],
)
def test_which_events_call_for_a_pause(rules, events, pause):
    """A knock-out in Disunyer, a trick or a round's end in Court Piece (the longest pause
    wins); Dayous has no rounds and goes on at once."""
    assert rules.pause_after(events) == pause


# ------------------------------------------------------------ whole games

def _step(room: Room, people: dict) -> tuple[Room, Match | None]:
    """One change to the table. A pause is first waited out, checking that nothing moves
    during it; then the awaited seat moves (a decision with one choice that waited for the
    pause is played by the sweep). The room, and the match as the pause left it, if any."""
    paused = None
    if room.match.paused_until is not None:
        paused = room.match
        assert tasks.play_bot(room.pk, room.version) is False
        assert tasks.sweep_deadlines() == NOTHING
        room = _pause_over(room)
    match = room.match
    engine = rules_for(room.game).engine
    if match.deadline == match.paused_until:
        assert tasks.sweep_deadlines() == {**NOTHING, "timeouts": 1}
    elif match.bot_due_at is not None:
        assert tasks.play_bot(room.pk, room.version) is True
    else:
        seat = engine.to_act(match.state)[0]
        play.do_act(room.pk, people[seat], engine.legal_actions(match.state, seat)[0], room.version)
    return fresh(room), paused


def _disunyer_with_bots() -> Room:
    room = create(ANN)
    for _ in range(7):
        seating.do_add_bot(room.pk, ANN, "easy")
    return fresh(room)


def test_a_whole_disunyer_game_with_bots_waits_out_every_knockout():
    """Ann and seven bots play a whole game: every round ends with a knock-out that stays
    3 s, and every pause follows a knock-out; the next round's clock starts after it, and
    the deciding one's pause ends the game (its results recorded once)."""
    room, pauses = _disunyer_with_bots(), []
    for _ in range(500):
        if room.status != Room.Status.PLAYING:
            break
        room, paused = _step(room, {0: ANN})
        if paused is not None:
            pauses.append(paused)
    assert room.status == Room.Status.FINISHED
    rounds = DISUNYER.outcome(room.match.state)["rounds"]
    assert len(pauses) >= rounds
    *earlier, deciding = pauses
    for match in pauses:
        knocked_out = [e for e in match.state["log"] if e["type"] in ("out", "guess", "no_call")]
        assert knocked_out
    assert all(_close_to(match.deadline, match.paused_until + timedelta(seconds=10)) for match in earlier)
    assert DISUNYER.outcome(deciding.state) is not None and deciding.deadline == deciding.paused_until
    assert Result.objects.filter(room=room).count() == 8


def test_the_deciding_knockout_stays_three_seconds_before_the_results():
    """The knock-out that decides a Disunyer game stays 3 s like every other: the room is
    still playing, nothing is recorded, and every viewer's table shows that round (its
    reveal, or its Disunyer) with the winner, not yet the results; nobody can act and no
    timeout is due. Then the game ends at the pause's end: the results are recorded once
    and shown; running its timer again changes nothing."""
    room = _disunyer_with_bots()
    while DISUNYER.outcome(room.match.state) is None:
        room, _ = _step(room, {0: ANN})
    before = timezone.now()
    match = room.match
    assert room.status == Room.Status.PLAYING
    assert match.paused_until is not None and match.paused_until > before
    assert (match.deadline, match.bot_due_at, match.finished_at) == (match.paused_until, None, None)
    assert not Result.objects.filter(room=room).exists()
    unchanged = _unchanged(room)
    assert play.do_timeout(room.pk, room.version) is False
    assert tasks.sweep_deadlines() == NOTHING
    assert _unchanged(room) == unchanged
    deciding = DISUNYER.view(match.state, None)["last_round"]["round"]
    for viewer in (None, 0):
        table = render_table(load_snapshot(room.pk), presence.NOBODY, viewer)
        assert 'data-testid="last-round"' in table and f"<h2>Round {deciding}" in table
        assert 'data-testid="game-over"' in table and 'data-testid="results"' not in table

    room = _pause_over(room)
    assert tasks.sweep_deadlines() == {**NOTHING, "timeouts": 1}
    room = fresh(room)
    assert room.status == Room.Status.FINISHED and room.match.finished_at is not None
    assert Result.objects.filter(room=room).count() == 8
    table = render_table(load_snapshot(room.pk), presence.NOBODY, 0)
    assert 'data-testid="results"' in table and 'data-testid="last-round"' not in table
    assert play.do_timeout(room.pk, room.version) is False
    assert tasks.sweep_deadlines() == NOTHING
    assert Result.objects.filter(room=room).count() == 8


def test_the_last_rounds_result_stays_five_seconds_before_the_tables_results():
    """Four people one round from the table's end (both teams at 9 of 10 points), eleven
    tricks played: trick 12 stays 1.5 s, trick 13 is played at its end, and the round's
    result, which ends the table, stays 5 s like any other: the room is still playing,
    nothing is recorded, and the table shows the round's result without the table's
    results. At the pause's end the table is over, its results recorded once."""
    room = _ladder(_court_piece_room([BEA, CARL, DORA]), "hssshhdddcc")
    room = _with_state(room, {**room.match.state, "points": [9, 9]})
    club = next(card for card in room.match.state["hands"][3] if card[1] == "c")
    play.do_act(room.pk, DORA, {"type": "play", "card": club}, room.version)
    room = fresh(room)
    play.do_act(room.pk, BEA, COURTPIECE.default_action(room.match.state, 2), room.version)
    room = _pause_over(fresh(room))
    before = timezone.now()
    assert tasks.sweep_deadlines() == {**NOTHING, "timeouts": 1}
    room = fresh(room)
    match = room.match
    assert COURTPIECE.outcome(match.state) is not None and room.status == Room.Status.PLAYING
    assert _close_to(match.paused_until, before + ROUND)
    assert (match.deadline, match.bot_due_at) == (match.paused_until, None)
    assert not Result.objects.filter(room=room).exists()
    table = render_table(load_snapshot(room.pk), presence.NOBODY, None)
    assert 'data-testid="round-over"' in table and 'data-testid="results"' not in table

    room = _pause_over(room)
    assert tasks.sweep_deadlines() == {**NOTHING, "timeouts": 1}
    room = fresh(room)
    assert room.status == Room.Status.FINISHED
    assert Result.objects.filter(room=room).count() == 4
    assert 'data-testid="results"' in render_table(load_snapshot(room.pk), presence.NOBODY, None)
    assert tasks.sweep_deadlines() == NOTHING


@pytest.mark.parametrize(
    "second_deal, clock",
    [(LADDER, timedelta(seconds=15)), (SUITS, timedelta(0))],
    ids=["the-next-caller-chooses", "the-next-call-is-the-only-one"],
)
def test_a_whole_court_piece_round_with_bots_stays_after_every_trick(second_deal, clock):
    """Ann and three bots play a round: each of its tricks stays 1.5 s, the last one (with
    the round's result) 5 s; the next caller's clock starts after it. Whoever the bots
    make the next caller, their first five cards of round 2 hold several suits (15 s
    from the pause's end), or one (the only call is due at the pause's end, and the
    sweep plays it)."""
    room = _dealt(_court_piece_room([]), LADDER + second_deal)
    pauses = []
    while room.match.state["round"] == 1:
        started = timezone.now()
        room, _ = _step(room, {0: ANN})
        if room.match.paused_until is not None:
            pauses.append(room.match.paused_until - started)
    assert len(pauses) == room.match.state["history"][0]["tricks"]
    slack = timedelta(seconds=0.5)  # from before the move to its commit
    assert all(TRICK <= pause < TRICK + slack for pause in pauses[:-1])
    assert ROUND <= pauses[-1] < ROUND + slack
    assert room.match.deadline == room.match.paused_until + clock
    version = room.version
    room, _ = _step(room, {0: ANN})
    assert room.version == version + 1 and room.match.state["phase"] == "play"
