"""rooms/push/changes.py: each write binds the change it made, a value, to its commit: one
change per room and transaction, at the room's new version, holding the room as the
database has it; the ratings its seats show are read after the commit, not under the
room's lock (named guests: Ann, Bea, …; accounts: Cora, Dan)."""

import pytest
from django.db import OperationalError, connection
from django.test.utils import CaptureQueriesContext

from accounts.identity import Player
from accounts.models import User
from games.disunyer.rules import ENGINE
from leaderboard.models import Rating, RatingChange
from rooms.actions import lifecycle, play, seating
from rooms.models import Room
from rooms.push import followups
from rooms.push.changes import Change, Timer
from rooms.store import snapshots
from rooms.store.snapshots import load_snapshot, stored_snapshot, with_ratings
from tests.rooms.fairness_games import finished_room
from tests.rooms.helpers import ANN, BEA, PEOPLE, actor, create, fresh

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch) -> list[Change]:
    """Every change the writes bind to their commits, in order."""
    changes: list[Change] = []
    bind = followups.send_on_commit

    def sending(change: Change) -> None:
        changes.append(change)
        bind(change)

    monkeypatch.setattr(followups, "send_on_commit", sending)
    return changes


def _account(name: str) -> Player:
    return Player(name=name, user_id=User.objects.create_user(username=name, password=None).pk)


def _at(room: Room, seat: int, people) -> Player:
    seat_row = room.seats.get(index=seat)
    return next(person for person in people if seat_row.belongs_to(person))


def _queries_of(table: str, queries: CaptureQueriesContext) -> list[str]:
    return [query["sql"] for query in queries if table in query["sql"]]


def test_a_join_that_fills_the_room_and_starts_it_is_one_change_at_one_new_version(sent):
    """Bea's join fills the room and starts its game in one transaction: one change, one
    version more, the game playing, the room as the database then has it."""
    room = create(ANN)
    for _ in range(6):
        seating.do_add_bot(room.pk, ANN, "easy")
    before = fresh(room).version
    sent.clear()
    seating.do_join(room.pk, BEA)
    (change,) = sent
    assert change.room_id == room.pk and change.version == before + 1 == fresh(room).version
    assert change.snapshot.status == Room.Status.PLAYING
    assert with_ratings(change.snapshot) == load_snapshot(room.pk)


def test_a_move_names_the_timers_its_version_calls_for(sent):
    """A person's move, a person awaited next: the change carries the timeout at the
    new deadline, for the new version."""
    room = create(ANN)
    for person in PEOPLE[1:]:
        seating.do_join(room.pk, person)
    room = fresh(room)
    seat = actor(room)
    sent.clear()
    play.do_act(room.pk, _at(room, seat, PEOPLE), ENGINE.legal_actions(room.match.state, seat)[0], room.version)
    (change,) = sent
    room = fresh(room)
    assert change.timers == (Timer("rooms.tasks.fire_timeout", (room.pk, room.version), room.match.deadline),)


def test_play_again_makes_two_changes_the_next_room_first(sent):
    """The first to ask for another game makes the next room, at its first version, and
    changes the old room, which shows the way to it: two changes, in that order."""
    room = finished_room("disunyer")
    sent.clear()
    following = lifecycle.do_play_again(room.pk, ANN)
    assert [(change.room_id, change.version) for change in sent] == [(following.pk, 1), (room.pk, room.version + 1)]
    assert sent[1].snapshot.next_code == following.code
    assert [with_ratings(change.snapshot) for change in sent] == [load_snapshot(following.pk), load_snapshot(room.pk)]


def _coras_full_table() -> tuple[Room, tuple[Player, ...]]:
    """Cora (an account) and seven guests at a table that has started."""
    cora = _account("cora")
    people = (cora, *PEOPLE[1:])
    room = create(cora)
    for person in people[1:]:
        seating.do_join(room.pk, person)
    return fresh(room), people


def test_a_move_reads_no_rating_under_the_lock_and_its_stored_version_shows_them(django_capture_on_commit_callbacks):
    """Cora (an account) plays with seven guests: a move's transaction reads no rating;
    once it commits, the version stored shows Cora's, as the database has it."""
    room, people = _coras_full_table()
    seat = actor(room)
    with CaptureQueriesContext(connection) as queries, django_capture_on_commit_callbacks() as callbacks:
        play.do_act(room.pk, _at(room, seat, people), ENGINE.legal_actions(room.match.state, seat)[0], room.version)
    assert _queries_of(Rating._meta.db_table, queries) == []
    for callback in callbacks:
        callback()
    stored = stored_snapshot(room.pk, room.version + 1)
    assert stored.seats[0].rating and stored == load_snapshot(room.pk)


def test_a_move_whose_ratings_fail_to_load_after_the_commit_is_still_announced(
    monkeypatch, django_capture_on_commit_callbacks,
):
    """The database fails as the ratings are read after Cora's table's move commits: the
    move stays made and its version is stored and announced, without the ratings."""
    room, people = _coras_full_table()
    seat = actor(room)
    with django_capture_on_commit_callbacks() as callbacks:
        play.do_act(room.pk, _at(room, seat, people), ENGINE.legal_actions(room.match.state, seat)[0], room.version)

    def failing(*arguments):
        raise OperationalError("the database went away")

    monkeypatch.setattr(snapshots, "table_badges", failing)
    for callback in callbacks:
        callback()
    stored = stored_snapshot(room.pk, room.version + 1)
    assert stored is not None and fresh(room).version == room.version + 1
    assert [seat.rating for seat in stored.seats] == [""] * len(people)


def test_the_game_ending_transaction_reads_no_rating_change_and_the_results_show_them(sent):
    """The transaction that ends Cora's and Dan's game writes their rating changes and
    reads none back; the last change, given its ratings, shows them."""
    cora, dan = _account("cora"), _account("dan")
    with CaptureQueriesContext(connection) as queries:
        room = finished_room("disunyer", people=(cora, dan, ANN))
    assert [sql for sql in _queries_of(RatingChange._meta.db_table, queries) if sql.startswith("SELECT")] == []
    last = sent[-1]
    assert last.snapshot.status == Room.Status.FINISHED and last.snapshot.rating_changes == {}
    assert with_ratings(last.snapshot).rating_changes == load_snapshot(room.pk).rating_changes
    assert sorted(load_snapshot(room.pk).rating_changes) == [0, 1]
