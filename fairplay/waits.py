"""Waits for people who leave games again and again, escalating as lichess's playbans
do (docs/architecture.md, "Fair play").

A game that ends with a person's seat played by a stand-in bot they never took back
records them as having left it (``fairplay/outcomes.py``). When it does and
``LEAVES_BEFORE_WAIT`` of their last ``LEAVES_COUNTED_IN`` games are games they left,
they wait before they may sit down again. The first wait is the first step; a wait
given less than ``ESCALATES_WITHIN`` after the previous one ended (or was lifted) takes
the next step, up to the last. Every game counts on the boards and in the ratings, so a
wait keeps its person out of every seat: joining, creating a room, playing again.
"""

import math
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.functional import Promise, lazy
from django.utils.timesince import timeuntil
from django.utils.translation import gettext

from fairplay.models import SeatOutcome, Wait

WAIT_STEPS = (
    timedelta(minutes=10),
    timedelta(hours=1),
    timedelta(hours=4),
    timedelta(hours=24),
    timedelta(hours=48),
)
LEAVES_BEFORE_WAIT = 3
LEAVES_COUNTED_IN = 10  # games, the newest
ESCALATES_WITHIN = timedelta(hours=24)


def current(person: str, now=None) -> Wait | None:
    """The wait ``person`` (``accounts.identity.person_key``) is under now, if any."""
    now = now or timezone.now()
    return (
        Wait.objects.filter(person=person, lifted_at__isnull=True, ends_at__gt=now).order_by("-ends_at").first()
    )


def after_leaving(person: str, user_id: int | None, name: str, now) -> Wait | None:
    """The wait a person who just left a game is given, if they left too many of late
    (in the transaction that recorded it); none while they are under one already."""
    if current(person, now) is not None:
        return None
    recent = SeatOutcome.objects.filter(person=person).exclude(outcome=SeatOutcome.Kind.ABANDONED)
    newest = recent.order_by("-recorded_at", "-id").values_list("outcome", flat=True)[:LEAVES_COUNTED_IN]
    if list(newest).count(SeatOutcome.Kind.LEFT) < LEAVES_BEFORE_WAIT:
        return None
    previous = Wait.objects.filter(person=person).order_by("-starts_at", "-id").first()
    step = 0
    if previous is not None and now - previous.ended_at < ESCALATES_WITHIN:
        step = min(previous.step + 1, len(WAIT_STEPS) - 1)
    return Wait.objects.create(
        person=person, user_id=user_id, name=name, step=step, starts_at=now, ends_at=now + WAIT_STEPS[step]
    )


def refusal(person: str) -> Promise | None:
    """Why ``person`` may not sit down now (a wait, with the time left, said in the
    language of whoever reads it when they read it), or None."""
    wait = current(person)
    return None if wait is None else _waiting_until(wait.ends_at)


def _time_left(ends_at) -> str:
    """The time left in whole minutes, rounded up: never "0 minutes"."""
    now = timezone.now()
    minutes = max(1, math.ceil((ends_at - now) / timedelta(minutes=1)))
    return timeuntil(now + timedelta(minutes=minutes), now=now, depth=2)


def _sentence(ends_at) -> str:
    return gettext("You left too many games: you can sit down at a table again in %(time)s.") % {
        "time": _time_left(ends_at)
    }


_waiting_until = lazy(_sentence, str)


def lift(wait_id: int, staff_user) -> bool:
    """Staff lift a wait: the person may sit down at once. Whether it was in effect."""
    with transaction.atomic():
        wait = Wait.objects.select_for_update().filter(pk=wait_id).first()
        now = timezone.now()
        if wait is None or wait.lifted_at is not None or wait.ends_at <= now:
            return False
        wait.lifted_at, wait.lifted_by = now, staff_user
        wait.save(update_fields=["lifted_at", "lifted_by"])
        return True


def hand_to_account(guest: str, account: str, user_id: int) -> None:
    """A guest's waits become their account's (``outcomes.hand_to_account``)."""
    Wait.objects.filter(person=guest).update(person=account, user_id=user_id)
