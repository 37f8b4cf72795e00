"""The strong bot's reviews of a finished game's seats (docs/review.md): asked for on the
replay page, computed by a task on the strong-bots queue a chunk at a time
(``do_review_chunk``), stored once, and shown on the replay page.

A chunk reviews decisions for about ``CHUNK_SECONDS`` and saves them, then the task
queues the next chunk behind whatever the strong bots' queue holds, so that a strong
bot's move at a live table waits for one chunk at most. A chunk saves only if nobody
saved before it (its ``done`` count is still the stored one): a task run twice, or
retried, neither repeats nor duplicates a decision, and a finished review is never
computed again."""

import logging
import time
from datetime import timedelta

from celery import current_app
from django.db import IntegrityError, transaction
from django.utils import timezone

from games import registry
from games import review as analysis
from games.core import IllegalAction
from rooms.gamerules import BOT_QUEUES
from rooms.models import MatchAction, SeatReview

log = logging.getLogger(__name__)

RUNNING, DONE, FAILED = str(SeatReview.Status.RUNNING), str(SeatReview.Status.DONE), str(SeatReview.Status.FAILED)
TASK = "rooms.tasks.review_seat"
QUEUE = BOT_QUEUES["strong"]
CHUNK_SECONDS = 2.0
# A person may have this many reviews waiting or running at once: the strong bots'
# queue serves live tables first.
REVIEWS_AT_ONCE = 3
# A review not moved on for this long lost its task (a worker stopped): asking again
# sends it again.
STALLED_AFTER = timedelta(minutes=2)


class TooManyReviews(Exception):
    """The person already waits for ``REVIEWS_AT_ONCE`` reviews."""


def reviews_of(match) -> dict[int, SeatReview]:
    """The match's reviews by seat."""
    return {found.seat: found for found in SeatReview.objects.filter(match=match)}


def request_review(match, seat: int, user) -> SeatReview:
    """The review of ``seat``, asked for by the signed-in ``user``: the stored one, or a
    new one whose task is sent once the transaction commits (again for a stalled one).
    ``TooManyReviews`` when the user waits for too many already."""
    existing = SeatReview.objects.filter(match=match, seat=seat).first()
    if existing is not None:
        if is_stalled(existing):
            SeatReview.objects.filter(id=existing.id).update(updated_at=timezone.now())
            _send(existing.id)
        return existing
    waiting = SeatReview.objects.filter(requested_by=user).exclude(status__in=(DONE, FAILED))
    if waiting.count() >= REVIEWS_AT_ONCE:
        raise TooManyReviews
    try:
        with transaction.atomic():
            created = SeatReview.objects.create(match=match, seat=seat, requested_by=user)
    except IntegrityError:  # asked for twice at once: the other request made it
        return SeatReview.objects.get(match=match, seat=seat)
    _send(created.id)
    return created


def is_stalled(review: SeatReview) -> bool:
    """Whether an unfinished review has not moved for ``STALLED_AFTER``: its task was lost."""
    return not review.is_finished and review.updated_at < timezone.now() - STALLED_AFTER


def _send(review_id: int) -> None:
    transaction.on_commit(lambda: current_app.send_task(TASK, args=(review_id,), queue=QUEUE))


def do_review_chunk(review_id: int) -> bool:
    """Review the next decisions of a review for about ``CHUNK_SECONDS`` and save them;
    whether a chunk remains to do (False too when another run saved first)."""
    review = SeatReview.objects.select_related("match__room").filter(id=review_id).first()
    if review is None or review.is_finished:
        return False
    match = review.match
    game = registry.definition(match.room.game)
    rows = match.actions.order_by("number").values_list("seat", "action", "source")
    moves = [(seat, action, source == MatchAction.Source.TIMEOUT) for seat, action, source in rows]
    start = game.engine.start(match.room.seats.count(), match.room.options, seed=match.seed)
    try:
        total = review.total if review.total is not None else analysis.decision_count(game, start, moves, review.seat)
        found, finished = _chunk(game, start, moves, review, f"{match.seed}:{review.seed}")
    except IllegalAction:
        log.warning("The record of match %s does not replay: review %s failed.", match.id, review.id)
        _save(review, [], review.total or 0, FAILED)
        return False
    saved = _save(review, found, total, DONE if finished else RUNNING)
    return saved and not finished


def _chunk(game, start, moves, review: SeatReview, seed: str) -> tuple[list[dict], bool]:
    """The decisions after the last one saved, for about ``CHUNK_SECONDS``; and whether
    they are the last."""
    found: list[dict] = []
    deadline = time.perf_counter() + CHUNK_SECONDS
    for decision in analysis.decisions(game, start, moves, review.seat, seed, after=review.last_move):
        found.append(decision.as_json())
        if time.perf_counter() >= deadline:
            return found, False
    return found, True


def _save(review: SeatReview, found: list[dict], total: int, status: str) -> bool:
    """Store the chunk, if no other run stored one since this one read the review."""
    now = timezone.now()
    finished = status in (DONE, FAILED)
    saved = SeatReview.objects.filter(id=review.id, done=review.done, status=review.status).update(
        decisions=review.decisions + found,
        done=review.done + len(found),
        last_move=found[-1]["move"] if found else review.last_move,
        total=total,
        status=status,
        updated_at=now,
        finished_at=now if finished else None,
    )
    return bool(saved)
