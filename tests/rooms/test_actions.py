"""rooms/actions/: every change to a room or its game (named guests: Ann, Bea, Carl…)."""

import dataclasses
import random
import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from accounts.identity import Player
from accounts.models import User
from games import core
from games.definition import LETTERS_WITHOUT_LOOKALIKES
from games.disunyer.rules import ENGINE
from leaderboard.models import Result
from leaderboard.points import points_for
from rooms.actions import lifecycle, play, seating
from rooms.errors import RoomError, StaleAction
from rooms.gamerules import rules_for
from rooms.models import Match, MatchAction, Room, Seat
from rooms.store.snapshots import load_snapshot
from tests.rooms.helpers import (
    ANN,
    BEA,
    CARL,
    DORA,
    PEOPLE,
    ZED,
    actor,
    create,
    fresh,
    illegal_for,
    overdue,
    person_at,
    playing_room,
)

pytestmark = pytest.mark.django_db


def _snapshot(room):
    """Everything a refused change must leave as it was."""
    room = fresh(room)
    match = Match.objects.filter(room=room).first()
    return (
        room.version,
        room.status,
        room.host_seat,
        match.state if match else None,
        match.moves if match else None,
        MatchAction.objects.filter(match__room=room).count(),
        [(s.index, s.guest_id, s.user_id, s.bot_level, s.name) for s in room.seats.all()],
    )


def _close_to(moment, expected, slack=timedelta(seconds=2)):
    return abs(moment - expected) <= slack


# ----------------------------------------------------------------- creating


def test_create_room_seats_the_host_and_sets_the_autostart():
    """Ann creates a room: a 4-letter code without look-alikes, Ann hosts at seat 0 of 8
    empty seats, the game is waiting and fills with bots 3 minutes after creation."""
    room = lifecycle.do_create_room(ANN, "disunyer", {}, is_public=False, bot_level="easy")
    room = fresh(room)
    assert len(room.code) == 4 and set(room.code) <= set(LETTERS_WITHOUT_LOOKALIKES)
    assert room.status == Room.Status.WAITING
    assert room.options == {"mode": "standard"}
    assert room.is_public is False and room.bot_level == "easy"
    assert room.host_seat == 0
    seats = list(room.seats.all())
    assert [s.index for s in seats] == list(range(8))
    assert (seats[0].guest_id, seats[0].name, seats[0].user_id) == ("ann", "Ann", None)
    assert all(s.is_empty for s in seats[1:])
    assert _close_to(room.autostart_at, room.created_at + timedelta(minutes=3))
    assert not Match.objects.filter(room=room).exists()


def test_room_codes_differ():
    """Every room gets a code of its own."""
    codes = {create(person).code for person in PEOPLE}
    assert len(codes) == len(PEOPLE)


@pytest.mark.parametrize(
    "game, options, bot_level, message",
    [
        ("poker", {}, "normal", "There is no such game."),
        ("disunyer", {"mode": "speed"}, "normal", 'The mode must be "standard" or "stuck-king"'),
        ("disunyer", {"players": 9}, "normal", "Unknown option players"),
        ("disunyer", "standard", "normal", "Options must be a dictionary"),
        ("disunyer", {}, "genius", "There is no such bot level."),
    ],
)
def test_create_room_refuses_bad_requests_and_saves_nothing(game, options, bot_level, message):
    """A room for an unknown game, with bad options or an unknown bot level is refused
    with a readable reason, and nothing is saved."""
    with pytest.raises(RoomError) as refused:
        lifecycle.do_create_room(ANN, game, options, True, bot_level=bot_level)
    assert message in str(refused.value.message)
    assert Room.objects.count() == 0 and Seat.objects.count() == 0


# ------------------------------------------------------------------ joining


def test_join_takes_the_next_free_seat_once():
    """Bea joins and gets seat 1; joining again gives her the same seat and changes nothing."""
    room = create()
    seat = seating.do_join(room.pk, BEA)
    assert (seat.index, seat.guest_id, seat.name) == (1, "bea", "Bea")
    version = fresh(room).version
    assert version == room.version + 1
    again = seating.do_join(room.pk, BEA)
    assert again.index == 1
    assert fresh(room).version == version
    assert Seat.objects.filter(room=room, guest_id="bea").count() == 1


def test_join_a_full_waiting_room_is_refused_clearly():
    """When every seat of a waiting room is taken, Zed is told the room is full and may watch."""
    room = create()
    Seat.objects.filter(room=room, index__gte=1).update(bot_level="easy", name="Bot")
    before = _snapshot(room)
    with pytest.raises(
        RoomError, match="This room is full. You can watch the game as a spectator."
    ):
        seating.do_join(room.pk, ZED)
    assert _snapshot(room) == before


def test_join_after_the_start_is_refused_but_players_keep_their_seats():
    """Once the game started, Zed cannot join; Bea, who plays, still gets her seat back."""
    room = playing_room()
    before = _snapshot(room)
    with pytest.raises(RoomError, match="already started"):
        seating.do_join(room.pk, ZED)
    assert seating.do_join(room.pk, BEA).guest_id == "bea"
    assert _snapshot(room) == before


def test_join_an_unknown_room_is_refused():
    """A room that does not exist cannot be joined."""
    with pytest.raises(RoomError, match="no such room"):
        seating.do_join(999_999, BEA)


# ------------------------------------------------------------------ leaving


def test_leave_before_the_start_frees_the_seat():
    """Bea leaves a waiting room: her seat is empty again and Ann still hosts."""
    room = create()
    seating.do_join(room.pk, BEA)
    seating.do_leave(room.pk, BEA)
    room = fresh(room)
    assert room.seats.get(index=1).is_empty
    assert room.host_seat == 0 and room.status == Room.Status.WAITING


def test_host_leaving_passes_the_host_to_the_next_person():
    """Ann hosts with a bot at seat 1, Bea at 2 and Carl at 3: when Ann leaves, Bea hosts
    (bots never host); Bea may now add bots, Ann may not."""
    room = create()
    seating.do_add_bot(room.pk, ANN, "easy")
    seating.do_join(room.pk, BEA)
    seating.do_join(room.pk, CARL)
    seating.do_leave(room.pk, ANN)
    room = fresh(room)
    assert room.host_seat == 2 and room.status == Room.Status.WAITING
    assert room.seats.get(index=0).is_empty
    with pytest.raises(RoomError, match="Only the host"):
        seating.do_add_bot(room.pk, ANN, "easy")
    seating.do_add_bot(room.pk, BEA, "normal")
    assert fresh(room).seats.get(index=0).bot_level == "normal"


def test_host_leaving_alone_closes_the_room():
    """Ann leaves her room where only a bot remains: the room closes and will not autostart."""
    room = create()
    seating.do_add_bot(room.pk, ANN, "easy")
    seating.do_leave(room.pk, ANN)
    room = fresh(room)
    assert room.status == Room.Status.CLOSED and room.autostart_at is None
    with pytest.raises(RoomError, match="This room was closed."):
        seating.do_join(room.pk, BEA)


def test_leave_is_refused_when_not_seated_or_after_the_start():
    """Zed, not seated, cannot leave; nobody leaves a game once it started."""
    room = create()
    with pytest.raises(RoomError, match="not seated"):
        seating.do_leave(room.pk, ZED)
    started = playing_room((BEA, CARL))
    before = _snapshot(started)
    with pytest.raises(RoomError, match="already started"):
        seating.do_leave(started.pk, CARL)
    assert _snapshot(started) == before


# --------------------------------------------------------------------- bots


def test_host_adds_and_removes_bots():
    """Ann adds an easy bot (seat 1, "Easy bot 2") and removes it again."""
    room = create()
    seating.do_add_bot(room.pk, ANN, "easy")
    seat = fresh(room).seats.get(index=1)
    assert (seat.bot_level, seat.name) == ("easy", "Easy bot 2")
    seating.do_remove_bot(room.pk, ANN, 1)
    assert fresh(room).seats.get(index=1).is_empty
    assert fresh(room).version == room.version + 2


def test_only_the_host_manages_bots():
    """Bea, seated but not hosting, can neither add nor remove bots; Ann cannot remove a
    person or a seat that does not exist, nor add a bot of an unknown level."""
    room = create()
    seating.do_add_bot(room.pk, ANN, "easy")
    seating.do_join(room.pk, BEA)
    before = _snapshot(room)
    with pytest.raises(RoomError, match="Only the host"):
        seating.do_add_bot(room.pk, BEA, "easy")
    with pytest.raises(RoomError, match="Only the host"):
        seating.do_remove_bot(room.pk, BEA, 1)
    with pytest.raises(RoomError, match="no bot in that seat"):
        seating.do_remove_bot(room.pk, ANN, 2)
    with pytest.raises(RoomError, match="no bot in that seat"):
        seating.do_remove_bot(room.pk, ANN, 99)
    with pytest.raises(RoomError, match="no such bot level"):
        seating.do_add_bot(room.pk, ANN, "genius")
    assert _snapshot(room) == before


def test_host_cannot_start_a_disunyer_room_early():
    """Disunyer starts by itself when full: Ann's early start is refused, Bea's too."""
    room = create()
    seating.do_join(room.pk, BEA)
    with pytest.raises(RoomError, match="starts by itself"):
        lifecycle.do_start(room.pk, ANN)
    with pytest.raises(RoomError, match="Only the host"):
        lifecycle.do_start(room.pk, BEA)
    assert fresh(room).status == Room.Status.WAITING


# ----------------------------------------------------------------- starting


def test_the_eighth_seat_taken_starts_the_game_at_once():
    """When Hal takes the 8th seat the game starts: a match with a drawn seating, the room
    playing, no decision with a single choice left waiting, and a 10 s deadline."""
    room = create()
    for person in PEOPLE[1:-1]:
        seating.do_join(room.pk, person)
    assert fresh(room).status == Room.Status.WAITING
    before = timezone.now()
    seating.do_join(room.pk, PEOPLE[-1])
    after = timezone.now()
    room = fresh(room)
    match = room.match
    assert room.status == Room.Status.PLAYING and room.autostart_at is None
    assert sorted(match.state["order"]) == list(range(8))
    assert match.seed == match.state["seed"] and match.had_bots is False
    assert before + timedelta(seconds=10) <= match.deadline <= after + timedelta(seconds=10)
    assert match.bot_due_at is None
    to_act = ENGINE.to_act(match.state)
    assert to_act and all(len(ENGINE.legal_actions(match.state, s)) > 1 for s in to_act)
    assert match.moves == MatchAction.objects.filter(match=match).count()


class _FirstTurnForced:
    """Disunyer, but the first player of each round may only keep (no Aces are dealt)."""

    def __getattr__(self, name):
        return getattr(ENGINE, name)

    def start(self, players, options):
        deck = [card for card in core.spanish_deck() if card[0] != "A"]
        return ENGINE.start(players, options, seed="forced", deck=deck)

    def legal_actions(self, state, seat):
        legal = ENGINE.legal_actions(state, seat)
        if legal and state["phase"] == "turns" and state["position"] == 0:
            return [{"type": "keep"}]
        return legal


def test_forced_decisions_are_played_at_the_start(monkeypatch):
    """A decision with exactly one legal choice is applied when the game starts and recorded
    as forced; the clock then runs for the next real decision."""
    rules = dataclasses.replace(rules_for("disunyer"), engine=_FirstTurnForced())
    monkeypatch.setattr(play, "rules_for", lambda game: rules)
    room = playing_room((ANN, BEA))
    match = room.match
    first = match.state["order"][0]
    recorded = list(
        MatchAction.objects.filter(match=match).values_list("number", "seat", "action", "source")
    )
    assert recorded == [(1, first, {"type": "keep"}, MatchAction.Source.FORCED)]
    assert match.moves == 1 and match.state["position"] == 1
    assert match.deadline is not None


# ------------------------------------------------------------------- acting


def test_a_legal_move_applies_once():
    """The player to act keeps or passes: the engine's new state is saved, the version
    goes up by one, the move is recorded and the clock restarts."""
    room = playing_room()
    seat = actor(room)
    action = ENGINE.legal_actions(room.match.state, seat)[-1]
    expected, _ = ENGINE.apply(room.match.state, seat, action)
    play.do_act(room.pk, person_at(room, seat), action, room.version)
    after = fresh(room)
    assert after.match.state == expected
    assert after.version == room.version + 1
    last = MatchAction.objects.filter(match=after.match).last()
    assert (last.seat, last.action, last.source) == (seat, action, MatchAction.Source.PLAYER)
    assert _close_to(after.match.deadline, timezone.now() + timedelta(seconds=10))


def test_an_action_on_a_stale_version_is_refused():
    """A move made on the table as it was one version ago is refused and changes nothing."""
    room = playing_room()
    seat = actor(room)
    before = _snapshot(room)
    action = ENGINE.legal_actions(room.match.state, seat)[0]
    with pytest.raises(StaleAction):
        play.do_act(room.pk, person_at(room, seat), action, room.version - 1)
    assert _snapshot(room) == before


def test_an_illegal_move_is_refused_with_the_engines_reason():
    """An illegal move is refused with the engine's own reason, and nothing changes."""
    room = playing_room()
    seat = actor(room)
    action, reason = illegal_for(room.match.state, seat)
    before = _snapshot(room)
    with pytest.raises(RoomError) as refused:
        play.do_act(room.pk, person_at(room, seat), action, room.version)
    assert refused.value.message == reason
    assert _snapshot(room) == before


def test_acting_out_of_turn_is_refused():
    """Someone who is not awaited is told it is not their turn, and nothing changes."""
    room = playing_room()
    seat = actor(room)
    other = next(s for s in range(8) if s != seat)
    before = _snapshot(room)
    with pytest.raises(RoomError, match="It is not your turn."):
        play.do_act(room.pk, person_at(room, other), {"type": "keep"}, room.version)
    assert _snapshot(room) == before


@pytest.mark.parametrize("spectator", [ZED, None], ids=["guest", "anonymous"])
def test_a_spectator_cannot_act(spectator):
    """Zed (a guest) or an anonymous visitor, watching, cannot move for anyone."""
    room = playing_room()
    seat = actor(room)
    before = _snapshot(room)
    with pytest.raises(RoomError, match="watching this game"):
        play.do_act(
            room.pk, spectator, ENGINE.legal_actions(room.match.state, seat)[0], room.version
        )
    assert _snapshot(room) == before


def test_acting_in_a_waiting_room_is_refused():
    """No move is taken before the game started."""
    room = create()
    with pytest.raises(RoomError, match="not being played"):
        play.do_act(room.pk, ANN, {"type": "keep"}, room.version)


def test_acting_clears_the_timeouts_count():
    """A player who had timed out twice and now moves is counted as back."""
    room = playing_room()
    seat = actor(room)
    Seat.objects.filter(room=room, index=seat).update(timeouts_in_a_row=2)
    play.do_act(
        room.pk,
        person_at(room, seat),
        ENGINE.legal_actions(room.match.state, seat)[0],
        room.version,
    )
    assert Seat.objects.get(room=room, index=seat).timeouts_in_a_row == 0


# ----------------------------------------------------------------- timeouts


def test_timeout_plays_the_default_once_the_deadline_passed():
    """Before the deadline nothing happens; after it, the default is played once for the
    awaited seat (for the version it was scheduled for only), as a timeout (so the log
    marks it), and counted against them."""
    room = playing_room()
    seat = actor(room)
    state = room.match.state
    before = _snapshot(room)
    assert play.do_timeout(room.pk, room.version) is False
    assert _snapshot(room) == before
    overdue(room)
    assert play.do_timeout(room.pk, room.version - 1) is False
    assert _snapshot(room) == before
    assert play.do_timeout(room.pk, room.version) is True
    after = fresh(room)
    default = ENGINE.default_action(state, seat)
    assert after.match.state == ENGINE.apply(state, seat, default, timeout=True)[0]
    assert after.version == room.version + 1
    last = MatchAction.objects.filter(match=after.match).last()
    assert (last.seat, last.action, last.source) == (seat, default, MatchAction.Source.TIMEOUT)
    assert after.seats.get(index=seat).timeouts_in_a_row == 1
    moved_on = _snapshot(room)
    assert play.do_timeout(room.pk, room.version) is False
    assert play.do_timeout(room.pk, after.version) is False  # its new deadline is ahead
    assert _snapshot(room) == moved_on


def test_timeout_of_an_unknown_or_waiting_room_does_nothing():
    """A timeout for a room that is gone or not playing is ignored."""
    room = create()
    assert play.do_timeout(999_999, 1) is False
    assert play.do_timeout(room.pk, room.version) is False


# --------------------------------------------------------------------- bots


def _bots_turn(room):
    """Let Ann move until a bot is awaited; return the fresh room and the bot's seat."""
    for _ in range(20):
        room = fresh(room)
        seat = actor(room)
        person = person_at(room, seat)
        if person is None:
            return room, seat
        play.do_act(
            room.pk, person, ENGINE.legal_actions(room.match.state, seat)[0], room.version
        )
    raise AssertionError("no bot was ever awaited")


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_bot_chooses_a_legal_move_and_plays_it(level):
    """A bot thinks from its own view and its legal move is applied as a bot move."""
    room = create()
    for _ in range(7):
        seating.do_add_bot(room.pk, ANN, level)
    room, seat = _bots_turn(room)
    assert room.match.bot_due_at is not None
    action = play.choose_bot_move(load_snapshot(room.pk), seat)
    assert action in ENGINE.legal_actions(room.match.state, seat)
    assert play.do_bot_move(room.pk, room.version, seat, action) is True
    after = fresh(room)
    assert after.version == room.version + 1
    assert after.match.state == ENGINE.apply(room.match.state, seat, action)[0]
    last = MatchAction.objects.filter(match=after.match).last()
    assert (last.seat, last.action, last.source) == (seat, action, MatchAction.Source.BOT)


def test_a_bot_move_on_a_stale_version_or_illegal_does_nothing():
    """A bot that thought about an older table, or chose an illegal move, changes nothing."""
    room = create()
    for _ in range(7):
        seating.do_add_bot(room.pk, ANN, "easy")
    room, seat = _bots_turn(room)
    action = play.choose_bot_move(load_snapshot(room.pk), seat)
    before = _snapshot(room)
    assert play.do_bot_move(room.pk, room.version - 1, seat, action) is False
    assert play.do_bot_move(room.pk, room.version, seat, {"type": "fold"}) is False
    assert play.do_bot_move(999_999, room.version, seat, action) is False
    assert _snapshot(room) == before


# -------------------------------------------------------------------- races


def _race(*calls):
    """Run the calls at the same moment from threads of their own; return what each gave."""
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def run(i, call):
        try:
            barrier.wait()
            results[i] = call()
        except Exception as error:  # noqa: BLE001 - recorded, checked by the test
            results[i] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


@pytest.mark.django_db(transaction=True)
def test_two_identical_moves_racing_apply_once(redis_url):
    """Ann's move arrives twice at once (two tabs) on the same version: exactly one applies,
    the other is refused as stale."""
    room = playing_room()
    seat = actor(room)
    person = person_at(room, seat)
    action = ENGINE.legal_actions(room.match.state, seat)[0]
    moves = room.match.moves
    results = _race(*[lambda: play.do_act(room.pk, person, action, room.version)] * 2)
    assert sorted(type(r).__name__ for r in results) == ["NoneType", "StaleAction"]
    after = fresh(room)
    assert after.version == room.version + 1
    assert after.match.moves == moves + 1
    assert MatchAction.objects.filter(match=after.match).count() == moves + 1


@pytest.mark.django_db(transaction=True)
def test_a_move_racing_its_own_timeout_applies_once(redis_url):
    """The player moves just as the deadline passes: either the move or the timeout is
    applied, never both."""
    room = playing_room()
    seat = actor(room)
    overdue(room)
    person = person_at(room, seat)
    action = ENGINE.legal_actions(room.match.state, seat)[-1]
    acted, timed_out = _race(
        lambda: play.do_act(room.pk, person, action, room.version),
        lambda: play.do_timeout(room.pk, room.version),
    )
    assert (acted is None and timed_out is False) or (
        isinstance(acted, StaleAction) and timed_out is True
    )
    after = fresh(room)
    assert after.version == room.version + 1
    assert MatchAction.objects.filter(match=after.match).count() == room.match.moves + 1


# ------------------------------------------------------------- whole games


@pytest.mark.parametrize("humans, timeouts_only", [((ANN, BEA, CARL), False), (PEOPLE, True)])
def test_a_whole_game_ends_with_one_result_per_seat(monkeypatch, humans, timeouts_only):
    """People (random legal moves, some timeouts) and bots play through the actions to the
    end: the room is finished, every seat has one result with its place from the outcome,
    and the seed plus the recorded moves replay the final state."""
    monkeypatch.setattr(core, "new_seed", lambda: f"whole-game-{len(humans)}")
    rng = random.Random(11)
    room = create(humans[0])
    for person in humans[1:]:
        seating.do_join(room.pk, person)
    for _ in range(8 - len(humans)):
        seating.do_add_bot(room.pk, humans[0], "normal")
    for step in range(3000):
        room = fresh(room)
        if room.status != Room.Status.PLAYING:
            break
        seat = actor(room)
        person = person_at(room, seat)
        if person is None:
            assert play.do_bot_move(
                room.pk, room.version, seat, play.choose_bot_move(load_snapshot(room.pk), seat)
            )
        elif timeouts_only or step % 5 == 0:
            overdue(room)
            assert play.do_timeout(room.pk, room.version)
        else:
            legal = ENGINE.legal_actions(room.match.state, seat)
            play.do_act(room.pk, person, rng.choice(legal), room.version)
    room = fresh(room)
    match = room.match
    assert room.status == Room.Status.FINISHED
    assert match.finished_at is not None and match.deadline is None and match.bot_due_at is None
    outcome = ENGINE.outcome(match.state)
    assert outcome is not None
    results = {r.seat: r for r in Result.objects.filter(room=room)}
    assert sorted(results) == list(range(8))
    had_bots = len(humans) < 8
    for seat in room.seats.all():
        result = results[seat.index]
        assert result.place == outcome["places"][seat.index]
        assert result.points == points_for("disunyer", result.place, 8, had_bots)
        assert (result.name, result.is_bot, result.had_bots) == (seat.name, seat.is_bot, had_bots)
        assert result.won == (seat.index in outcome["winners"])
    replay = ENGINE.start(8, room.options, seed=match.seed)
    for recorded in MatchAction.objects.filter(match=match):
        replay, _ = ENGINE.apply(replay, recorded.seat, recorded.action, timeout=recorded.source == "timeout")
    assert replay == match.state
    with pytest.raises(RoomError, match="not being played"):
        play.do_act(room.pk, humans[0], {"type": "keep"}, room.version)


# ------------------------------------------------------------------- staff


def test_staff_end_a_running_game_and_it_counts_for_nobody():
    """Staff end a stuck game: the room closes, the match stops with the reason, no result
    is recorded, moves and timeouts are refused, and ending it again is refused."""
    room = playing_room()
    lifecycle.do_end_match(room.pk, "Stuck table")
    after = fresh(room)
    assert after.status == Room.Status.CLOSED and after.version == room.version + 1
    assert after.match.ended_by_staff == "Stuck table"
    assert after.match.deadline is None and after.match.finished_at is not None
    assert not Result.objects.filter(room=room).exists()
    seat = actor(after)
    with pytest.raises(RoomError, match="not being played"):
        play.do_act(room.pk, person_at(after, seat), {"type": "keep"}, after.version)
    overdue(after)
    assert play.do_timeout(room.pk, after.version) is False
    with pytest.raises(RoomError, match="not running"):
        lifecycle.do_end_match(room.pk, "again")


def test_staff_end_a_waiting_room():
    """A waiting room ended by staff closes and will not autostart."""
    room = create()
    lifecycle.do_end_match(room.pk, "")
    after = fresh(room)
    assert after.status == Room.Status.CLOSED and after.autostart_at is None


# ----------------------------------------------------------- guest → user


def test_a_guest_who_signs_up_keeps_their_seats():
    """Ann, a guest seated in a waiting room and in a game, makes an account: both seats are
    now hers as that account (name included); a seat in an ended game is left alone; she
    can move as the account."""
    user = User.objects.create(username="ann_plays")
    waiting = create(ANN)
    playing = playing_room()
    ended = create(ANN)
    lifecycle.do_end_match(ended.pk, "")
    versions = {r.pk: fresh(r).version for r in (waiting, playing, ended)}
    seating.adopt_guest_seats("ann", user)
    for room in (waiting, playing):
        seat = fresh(room).seats.get(index=0)
        assert (seat.user_id, seat.guest_id, seat.name) == (user.pk, "", "ann_plays")
        assert fresh(room).version == versions[room.pk] + 1
    assert fresh(ended).seats.get(index=0).guest_id == "ann"
    assert fresh(ended).version == versions[ended.pk]
    account = Player(name="ann_plays", user_id=user.pk)
    assert seating.do_join(waiting.pk, account).index == 0
    room = fresh(playing)
    while actor(room) != 0:
        seat = actor(room)
        play.do_act(
            room.pk,
            person_at(room, seat),
            ENGINE.legal_actions(room.match.state, seat)[0],
            room.version,
        )
        room = fresh(room)
    play.do_act(room.pk, account, ENGINE.legal_actions(room.match.state, 0)[0], room.version)
    assert fresh(room).version == room.version + 1


def test_dora_not_seated_anywhere_adopts_nothing():
    """A guest with no seats makes an account: nothing changes."""
    room = create(ANN)
    user = User.objects.create(username="dora")
    seating.adopt_guest_seats(DORA.guest_id, user)
    assert fresh(room).version == room.version
