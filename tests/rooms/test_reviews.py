"""The bot's reviews of finished games (docs/review.md): asked for on the replay page by
a signed-in person, computed by a task on the strong bots' queue a chunk at a time,
stored once, reproducible from the game's seed and the review's own, and shown on the
replay page. Named: Ann plays (a guest), Uma is signed in, Zed watches."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from config.celery import app as celery_app
from games import registry
from games import review as analysis
from rooms import tasks
from rooms.models import MatchAction, SeatReview
from rooms.replays import reviews
from tests.rooms.fairness_games import ended_by_staff_in_round, finished_room
from tests.rooms.helpers import ZED, client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch):
    """The tasks sent (by name, and by a chunk for the next), with their queues."""
    out = []
    monkeypatch.setattr(celery_app, "send_task", lambda name, args, queue=None: out.append((name, args, queue)))
    monkeypatch.setattr(tasks.review_seat, "apply_async", lambda args, queue=None: out.append(("next", args, queue)))
    return out


@pytest.fixture
def uma():
    client = Client()
    client.force_login(get_user_model().objects.create_user(username="Uma", password=None))
    return client


def _finished(game):
    """A finished game, short: Court Piece's first round (ended by staff there)."""
    return ended_by_staff_in_round(game, 2) if game == "courtpiece" else finished_room(game)


def _ask(client, room, seat, htmx=True):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(reverse("rooms:ask_review", kwargs={"code": room.code, "seat": seat}), headers=headers)


def _run(review: SeatReview) -> int:
    """The task run to the end, as the worker would run its chunks; how many ran."""
    chunks = 1
    while tasks.review_seat(review.id):
        chunks += 1
    return chunks


def _moves(match):
    rows = match.actions.order_by("number").values_list("seat", "action", "source")
    return [(seat, action, source == MatchAction.Source.TIMEOUT) for seat, action, source in rows]


def test_asking_for_a_review_sends_its_task_to_the_strong_bots_queue_once(
    uma, sent, django_capture_on_commit_callbacks
):
    """Uma asks for seat 0's review: a waiting review is stored and its task sent, on the
    strong bots' queue (routed there too). Asking again sends nothing more."""
    room = finished_room("disunyer")
    with django_capture_on_commit_callbacks(execute=True):
        response = _ask(uma, room, 0)
    assert response.status_code == 200 and 'data-running="true"' in response.content.decode()
    review = SeatReview.objects.get(match=room.match, seat=0)
    assert review.status == SeatReview.Status.WAITING
    assert sent == [("rooms.tasks.review_seat", (review.id,), "strong-bots")]
    assert celery_app.amqp.router.route({}, "rooms.tasks.review_seat")["queue"].name == "strong-bots"
    with django_capture_on_commit_callbacks(execute=True):
        _ask(uma, room, 0)
    assert len(sent) == 1 and SeatReview.objects.count() == 1


def test_a_guest_may_read_reviews_but_not_ask_for_one(sent):
    """Asking costs the strong bots' time: a guest is refused (nothing stored) and the
    panel invites them to sign in; a seat that is not there is not found."""
    room = finished_room("disunyer")
    zed = client_for(ZED)
    assert _ask(zed, room, 0).status_code == 403
    assert not SeatReview.objects.exists()
    page = zed.get(reverse("rooms:replay", kwargs={"code": room.code})).content.decode()
    assert "Sign in" in page and 'data-testid="ask-review"' not in page
    uma = Client()
    uma.force_login(get_user_model().objects.create_user(username="Uma", password=None))
    assert _ask(uma, room, 8).status_code == 404


def test_a_review_whose_task_was_lost_may_be_asked_for_again(uma, sent, django_capture_on_commit_callbacks):
    """A review that has not moved for two minutes lost its task (a worker stopped): the
    panel offers to ask again, and asking sends its task again; a fresh one is not sent
    twice."""
    room = finished_room("disunyer")
    with django_capture_on_commit_callbacks(execute=True):
        _ask(uma, room, 0)
    panel = _ask(uma, room, 0).content.decode()
    assert "ask again" not in panel and len(sent) == 1
    SeatReview.objects.update(updated_at=timezone.now() - reviews.STALLED_AFTER - timedelta(seconds=1))
    assert "The bot stopped: ask again" in uma.get(reverse("rooms:review", kwargs={"code": room.code})).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        _ask(uma, room, 0)
    assert len(sent) == 2 and sent[-1][0] == "rooms.tasks.review_seat"
    assert not reviews.is_stalled(SeatReview.objects.get())


def test_a_get_on_the_ask_address_leads_to_the_replay_and_asks_nothing(uma, sent):
    room = finished_room("disunyer")
    response = uma.get(reverse("rooms:ask_review", kwargs={"code": room.code, "seat": 0}))
    assert response.status_code == 302 and response["Location"] == reverse("rooms:replay", args=[room.code])
    assert not SeatReview.objects.exists() and sent == []


def test_a_person_waits_for_a_few_reviews_at_most(uma, sent):
    """Three reviews waiting for Uma: a fourth is refused with a reason, and not stored."""
    room = finished_room("disunyer")
    for seat in range(3):
        _ask(uma, room, seat)
    page = _ask(uma, room, 3).content.decode()
    assert "You already wait for 3 reviews" in page
    assert SeatReview.objects.count() == 3


def test_the_task_saves_its_progress_chunk_by_chunk_and_finishes_once(uma, sent, monkeypatch):
    """With a chunk of one decision, each run saves one more and asks for the next on the
    strong bots' queue; the finished review equals one made in a single pass from the
    seeds; running the task again, or a run that read the review before another saved,
    changes nothing."""
    monkeypatch.setattr(reviews, "CHUNK_SECONDS", 0)
    room = finished_room("dayous")
    _ask(uma, room, 0)
    review = SeatReview.objects.get()
    stale = SeatReview.objects.get()
    assert tasks.review_seat(review.id) is True
    review.refresh_from_db()
    assert (review.status, review.done) == (SeatReview.Status.RUNNING, 1) and review.total > 1
    assert sent[-1] == ("next", (review.id,), "strong-bots")
    assert reviews.do_review_chunk(stale.id) is True  # reads the stored progress afresh
    review.refresh_from_db()
    assert review.done == 2
    chunks = 2 + _run(review)
    review.refresh_from_db()
    assert review.status == SeatReview.Status.DONE and review.done == review.total == chunks - 1
    game = registry.definition("dayous")
    match = room.match
    start = game.engine.start(room.seats.count(), room.options, seed=match.seed)
    whole = analysis.decisions(game, start, _moves(match), 0, f"{match.seed}:{review.seed}")
    assert review.decisions == [decision.as_json() for decision in whole]
    finished = (review.decisions, review.updated_at)
    assert tasks.review_seat(review.id) is False
    review.refresh_from_db()
    assert (review.decisions, review.updated_at) == finished


def test_a_record_that_does_not_replay_fails_its_review(uma, sent):
    """A move the rules refuse (the record changed): the review fails, once, and says so."""
    room = finished_room("disunyer")
    _ask(uma, room, 0)
    first = room.match.actions.order_by("number").first()
    MatchAction.objects.filter(pk=first.pk).update(action={"type": "nonsense"})
    review = SeatReview.objects.get()
    assert tasks.review_seat(review.id) is False
    review.refresh_from_db()
    assert review.status == SeatReview.Status.FAILED
    page = uma.get(reverse("rooms:review", kwargs={"code": room.code})).content.decode()
    assert "does not replay" in page and "every 2s" not in page


@pytest.mark.parametrize("game", ["disunyer", "dayous", "courtpiece"])
def test_the_replay_page_shows_a_finished_review(game, uma, sent):
    """For a finished game of each game: while the review waits the panel polls; once
    done the page shows the seat's summary, a chart (of two decisions or more), every decision with the move played
    and the bot's choice, and the step of a reviewed move says what the bot thought."""
    room = _finished(game)
    _ask(uma, room, 0)
    review = SeatReview.objects.get()
    panel = uma.get(reverse("rooms:review", kwargs={"code": room.code})).content.decode()
    assert 'hx-trigger="every 2s"' in panel and "Waiting for the bot" in panel
    _run(review)
    review.refresh_from_db()
    assert review.status == SeatReview.Status.DONE and review.decisions
    page = uma.get(reverse("rooms:replay", kwargs={"code": room.code})).content.decode()
    assert 'data-testid="review-summary"' in page
    # A chart needs two decisions at least (a Disunyer seat may have made one).
    assert ('data-testid="review-chart"' in page) == (len(review.decisions) >= 2)
    assert page.count('data-testid="review-decision"') == len(review.decisions)
    assert "every 2s" not in page
    move = review.decisions[0]["move"]
    step = uma.get(reverse("rooms:replay", kwargs={"code": room.code}), {"step": move}, headers={"HX-Request": "true"})
    assert 'data-testid="step-review"' in step.content.decode()


def test_a_private_games_reviews_are_its_players_only(uma, sent):
    """Like its replay, a private game's reviews are for its players: Uma, signed in but
    never seated, may neither read them nor ask for one."""
    room = finished_room("disunyer", is_public=False)
    assert uma.get(reverse("rooms:review", kwargs={"code": room.code})).status_code == 403
    assert _ask(uma, room, 0).status_code == 403
    assert not SeatReview.objects.exists() and sent == []
