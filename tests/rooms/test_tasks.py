"""rooms/tasks.py: the timers behind timeouts, auto-starts and bots. Every task is
idempotent: it carries the version it was scheduled for (named guests: Ann, Bea, …)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from config import celery_app
from games.disunyer.rules import ENGINE
from rooms import tasks
from rooms.actions import lifecycle, play, seating
from rooms.models import Match, MatchAction, Room
from tests.rooms.helpers import (
    ANN,
    BEA,
    PEOPLE,
    actor,
    create,
    fresh,
    overdue,
    person_at,
    playing_room,
)

pytestmark = pytest.mark.django_db

NOTHING = {"timeouts": 0, "autostarts": 0, "bots": 0, "away_hosts": 0}


def _versions(*rooms):
    return [fresh(room).version for room in rooms]


def _past(room):
    Room.objects.filter(pk=room.pk).update(autostart_at=timezone.now() - timedelta(seconds=1))


def _bot_to_act(level="normal"):
    """Ann and seven bots playing, a bot awaited (Ann keeps or passes until then)."""
    room = create(ANN)
    for _ in range(7):
        seating.do_add_bot(room.pk, ANN, level)
    for _ in range(20):
        room = fresh(room)
        seat = actor(room)
        if person_at(room, seat) is None:
            return room, seat
        play.do_act(room.pk, ANN, ENGINE.legal_actions(room.match.state, seat)[0], room.version)
    raise AssertionError("no bot was ever awaited")


# -------------------------------------------------------------- sending


def _sent_by_the_followups(monkeypatch, django_capture_on_commit_callbacks, level) -> dict[str, set[str]]:
    """Each task name the follow-ups sent while a game of ``level`` bots began, with the
    queues Celery routed it to."""
    sent = []
    monkeypatch.setattr(celery_app, "send_task", lambda name, args, eta, queue=None: sent.append((name, queue)))
    with django_capture_on_commit_callbacks(execute=True):
        _bot_to_act(level)
    queues: dict[str, set[str]] = {}
    for name, queue in sent:
        route = celery_app.amqp.router.route({"queue": queue}, name)
        queues.setdefault(name, set()).add(route["queue"].name)
    return queues


def test_the_followups_send_registered_tasks_by_name_to_their_queues(monkeypatch, django_capture_on_commit_callbacks):
    """The follow-ups name the tasks they send (they import no task): every name is a
    registered task, routed as the task itself would be (bots to their own queue)."""
    queues = _sent_by_the_followups(monkeypatch, django_capture_on_commit_callbacks, "normal")
    assert {"rooms.tasks.autostart", "rooms.tasks.play_bot"} <= set(queues) <= set(celery_app.tasks)
    assert queues == {name: {"bots"} if name == "rooms.tasks.play_bot" else {"timers"} for name in queues}


def test_a_strong_bots_moves_go_to_the_strong_bots_queue(monkeypatch, django_capture_on_commit_callbacks):
    """A strong bot searches for most of a second: its moves are sent to a queue of their
    own, so that the other bots' moves never wait behind a search."""
    queues = _sent_by_the_followups(monkeypatch, django_capture_on_commit_callbacks, "strong")
    assert queues["rooms.tasks.play_bot"] == {"strong-bots"}
    assert queues["rooms.tasks.autostart"] == {"timers"}


# ------------------------------------------------------------------- sweep


def test_sweep_applies_overdue_timeouts_only():
    """The sweep plays the default for the game whose deadline passed, not for the other."""
    late, on_time = playing_room(PEOPLE), playing_room(PEOPLE)
    overdue(late)
    seat = actor(late)
    assert tasks.sweep_deadlines() == {**NOTHING, "timeouts": 1}
    assert _versions(late, on_time) == [late.version + 1, on_time.version]
    last = MatchAction.objects.filter(match=late.match).last()
    assert (last.seat, last.source) == (seat, MatchAction.Source.TIMEOUT)
    assert fresh(late).match.deadline > timezone.now()


def test_sweep_fills_and_starts_rooms_whose_time_has_come():
    """Ann and Bea waited 3 minutes: the sweep seats bots of the room's level in the six
    empty seats and starts the game; Carl's newer room keeps waiting."""
    room = create(ANN, bot_level="easy")
    seating.do_join(room.pk, BEA)
    newer = create(PEOPLE[2])
    _past(room)
    assert tasks.sweep_deadlines() == {**NOTHING, "autostarts": 1}
    room = fresh(room)
    assert room.status == Room.Status.PLAYING and room.autostart_at is None
    seats = list(room.seats.all())
    assert [s.guest_id for s in seats[:2]] == ["ann", "bea"]
    assert [(s.bot_level, s.name) for s in seats[2:]] == [
        ("easy", f"Easy bot {i + 1}") for i in range(2, 8)
    ]
    assert room.match.had_bots is True and room.match.deadline is not None
    assert fresh(newer).status == Room.Status.WAITING and _versions(newer) == [newer.version]


def test_sweep_with_nothing_due_does_nothing():
    """A waiting room before its time and a game before its deadline are left alone."""
    waiting, playing = create(ANN), playing_room(PEOPLE)
    assert tasks.sweep_deadlines() == NOTHING
    assert _versions(waiting, playing) == [waiting.version, playing.version]
    assert fresh(waiting).status == Room.Status.WAITING


@pytest.mark.parametrize(("level", "queue"), [("normal", "bots"), ("strong", "strong-bots")])
def test_sweep_resends_a_lost_bot_move(monkeypatch, level, queue):
    """A bot move due more than the grace period ago is sent again, for the current
    version, to its level's queue."""
    sent = []
    monkeypatch.setattr(tasks.play_bot, "apply_async", lambda args, **kwargs: sent.append((args, kwargs)))
    room, _seat = _bot_to_act(level)
    assert tasks.sweep_deadlines() == NOTHING
    Match.objects.filter(room=room).update(bot_due_at=timezone.now() - timedelta(seconds=10))
    assert tasks.sweep_deadlines() == {**NOTHING, "bots": 1}
    assert sent == [((room.pk, room.version), {"queue": queue})]


# ----------------------------------------------------------------- timeout


def test_fire_timeout_for_an_old_version_does_nothing():
    """A timeout scheduled for a table that has moved on is ignored; the current one plays."""
    room = playing_room(PEOPLE)
    overdue(room)
    assert tasks.fire_timeout(room.pk, room.version - 1) is False
    assert _versions(room) == [room.version]
    assert tasks.fire_timeout(room.pk, room.version) is True
    assert tasks.fire_timeout(room.pk, room.version) is False
    assert _versions(room) == [room.version + 1]


# --------------------------------------------------------------- autostart


def test_autostart_is_idempotent():
    """Too early it does nothing; on time it starts the room once; again, nothing."""
    room = create(ANN)
    assert tasks.autostart(room.pk) is False
    assert fresh(room).status == Room.Status.WAITING
    _past(room)
    assert tasks.autostart(room.pk) is True
    started = fresh(room)
    assert started.status == Room.Status.PLAYING
    assert tasks.autostart(room.pk) is False
    assert _versions(room) == [started.version]
    assert Match.objects.filter(room=room).count() == 1


def test_autostart_of_a_closed_or_unknown_room_does_nothing():
    """A room its host closed, or one that is gone, is never started."""
    room = create(ANN)
    seating.do_leave(room.pk, ANN)
    _past(room)
    assert tasks.autostart(room.pk) is False
    assert fresh(room).status == Room.Status.CLOSED
    assert tasks.autostart(999_999) is False


# --------------------------------------------------------------------- bots


def test_play_bot_moves_a_bot_once():
    """The awaited bot moves once for the version it was scheduled for; a repeat does nothing."""
    room, seat = _bot_to_act()
    assert tasks.play_bot(room.pk, room.version) is True
    after = fresh(room)
    assert after.version == room.version + 1
    last = MatchAction.objects.filter(match=after.match).last()
    assert (last.seat, last.source) == (seat, MatchAction.Source.BOT)
    assert last.action in ENGINE.legal_actions(room.match.state, seat)
    assert tasks.play_bot(room.pk, room.version) is False
    assert _versions(room) == [after.version]


def test_play_bot_without_a_bot_to_move_does_nothing():
    """At a table of people, or once the game was ended, no bot moves."""
    people = playing_room(PEOPLE)
    assert tasks.play_bot(people.pk, people.version) is False
    room, _seat = _bot_to_act()
    lifecycle.do_end_match(room.pk, "")
    ended = fresh(room)
    assert tasks.play_bot(room.pk, ended.version) is False
    assert _versions(room) == [ended.version]
