"""Celery tasks: timeouts, auto-starts, bot moves, and the sweep that also looks for the
hosts away from their waiting rooms. Each is idempotent: it carries the version it was
scheduled for and does nothing once the room has moved on."""

from datetime import timedelta

from celery import shared_task
from django.utils import timezone

from rooms.actions import lifecycle, play
from rooms.errors import RoomError
from rooms.models import Match, Room
from rooms.push import followups
from rooms.replays import reviews
from rooms.store.snapshots import load_snapshot, stored_snapshot

LOST_BOT_GRACE = timedelta(seconds=3)


@shared_task(ignore_result=True)
def fire_timeout(room_id: int, version: int) -> bool:
    return play.do_timeout(room_id, version)


@shared_task(ignore_result=True)
def autostart(room_id: int) -> bool:
    try:
        return lifecycle.do_autostart(room_id)
    except RoomError:
        return False


@shared_task(ignore_result=True)
def play_bot(room_id: int, version: int) -> bool:
    """The first bot awaited at ``version`` thinks (no lock held), then moves. It reads
    the table from the snapshot its version stored, else from the database. Nothing
    during a pause (its move is due after it)."""
    snapshot = _table_at(room_id, version)
    if snapshot is None or snapshot.version != version or snapshot.status != Room.Status.PLAYING:
        return False
    if snapshot.is_paused():
        return False
    seat = snapshot.awaited_bot()
    if seat is None:
        return False
    action = play.choose_bot_move(snapshot, seat)
    return play.do_bot_move(room_id, version, seat, action)


@shared_task(ignore_result=True)
def review_seat(review_id: int) -> bool:
    """A chunk of a seat's review (docs/review.md), then the next chunk goes to the back
    of the strong bots' queue, behind their moves at live tables."""
    more = reviews.do_review_chunk(review_id)
    if more:
        review_seat.apply_async((review_id,), queue=reviews.QUEUE)
    return more


def _table_at(room_id: int, version: int):
    """The snapshot ``version`` stored, else the room's newest from the database."""
    return stored_snapshot(room_id, version) or load_snapshot(room_id)


@shared_task(ignore_result=True)
def sweep_deadlines() -> dict:
    """Every second (Celery beat): the guarantee behind every precise timer, and behind
    every announcement a Redis outage held back."""
    followups.announce_the_unannounced()
    now = timezone.now()
    timed_out = list(
        Match.objects.filter(deadline__lte=now, room__status=Room.Status.PLAYING).values_list(
            "room_id", "room__version"
        )
    )
    for room_id, version in timed_out:
        play.do_timeout(room_id, version)
    due = list(
        Room.objects.filter(status=Room.Status.WAITING, autostart_at__lte=now).values_list("id", flat=True)
    )
    for room_id in due:
        autostart(room_id)
    away_hosts = lifecycle.look_at_waiting_hosts(now)
    for room_id in away_hosts:
        lifecycle.do_replace_away_host(room_id)
    lost_bots = list(
        Match.objects.filter(
            bot_due_at__lte=now - LOST_BOT_GRACE, room__status=Room.Status.PLAYING
        ).values_list("room_id", "room__version")
    )
    for room_id, version in lost_bots:
        snapshot = _table_at(room_id, version)
        if snapshot is not None and snapshot.status == Room.Status.PLAYING:
            play_bot.apply_async((room_id, version), queue=snapshot.bot_queue())
    return {"timeouts": len(timed_out), "autostarts": len(due), "bots": len(lost_bots), "away_hosts": len(away_hosts)}
