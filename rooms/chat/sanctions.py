"""Staff act on a report, and the chat timeouts and bans they give are kept to.

Every action is a ``ModerationAction`` (who, when, what, why, which report) and closes
its report. A timeout or a ban is in force while its action is: ``say`` reads it in its
transaction (one indexed query), and a socket reads its viewer's from Redis
(``closure_for_socket``) before a reaction, kept there by each action and read back
from the database when Redis no longer has it.
"""

import json
import math
from dataclasses import dataclass
from datetime import datetime, timedelta

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy

from accounts.models import User
from accounts.suspensions import suspend
from games.words import Words, plural_wording
from rooms.errors import Refusal
from rooms.models import ModerationAction, Report
from rooms.store.redisclients import async_client, key, sync_client

Kind = ModerationAction.Kind
DURATIONS = {str(Kind.TIMEOUT_SHORT): timedelta(minutes=15), str(Kind.TIMEOUT_LONG): timedelta(hours=24)}
CLOSING_CHAT = (Kind.TIMEOUT_SHORT, Kind.TIMEOUT_LONG, Kind.CHAT_BAN)
ACCOUNTS_ONLY = (Kind.WARN, Kind.SUSPEND)
KEPT_SECONDS = 24 * 3600  # how long Redis keeps what it knows of a person's chat

CHAT_BANNED = gettext_lazy("Chat is closed to you: the moderators took it away.")
CLOSED_ALREADY = gettext_lazy("This report has been acted on already.")
NO_ACCOUNT = gettext_lazy("A guest has no account to warn or suspend: give a chat timeout or ban instead.")
NO_REASON = gettext_lazy("Say why: the reason is kept with the action.")


class ModerationError(Exception):
    """Staff's action cannot be taken; the message says why."""


@dataclass(frozen=True)
class Closure:
    """A person's chat is closed until ``until`` (None: for good, a ban)."""

    until: datetime | None

    def refusal(self) -> Refusal:
        if self.until is None:
            return CHAT_BANNED
        return _timed_out(self.until)


def _timed_out(until: datetime) -> Words:
    """How long the timeout still lasts, counted in whole minutes, or hours past two."""
    minutes = max(1, math.ceil((until - timezone.now()).total_seconds() / 60))
    if minutes < 120:
        return plural_wording(
            "You are in a chat timeout for %(count)s more minute.",
            "You are in a chat timeout for %(count)s more minutes.", minutes,
        )
    return plural_wording(
        "You are in a chat timeout for %(count)s more hour.",
        "You are in a chat timeout for %(count)s more hours.", math.ceil(minutes / 60),
    )


def act(report_id: int, kind: str, reason: str, staff: User) -> ModerationAction:
    """``staff`` acts on the open report with ``kind`` (``ModerationAction.Kind``),
    saying why, and the report is closed."""
    reason = reason.strip()
    if not reason:
        raise ModerationError(NO_REASON)
    with transaction.atomic():
        report = Report.objects.select_for_update(of=("self",)).select_related("reported_user").get(pk=report_id)
        if report.status != Report.Status.OPEN:
            raise ModerationError(CLOSED_ALREADY)
        if kind in ACCOUNTS_ONLY and report.reported_user is None:
            raise ModerationError(NO_ACCOUNT)
        now = timezone.now()
        action = ModerationAction.objects.create(
            report=report, person=report.reported, person_name=report.reported_name, kind=kind, reason=reason,
            staff=staff, created_at=now, ends_at=now + DURATIONS[kind] if kind in DURATIONS else None,
        )
        report.status = Report.Status.CLOSED
        report.save(update_fields=["status"])
        if kind == Kind.WARN:
            User.objects.filter(pk=report.reported_user_id).update(warning=reason)
        elif kind == Kind.SUSPEND:
            suspend(report.reported_user)
    if kind in CLOSING_CHAT:
        _stored(report.reported)
    elif kind == Kind.SUSPEND:
        suspended = {"type": "account.suspended"}
        async_to_sync(get_channel_layer().group_send)(account_group(report.reported_user_id), suspended)
    return action


def account_group(user_id: int) -> str:
    """The channel group of an account's sockets, told when it is suspended and when whom
    it hides changes (``mutes.hiding_changed``)."""
    return f"account.{user_id}"


def closure(person: str) -> Closure | None:
    """Whether ``person``'s chat is closed now, and until when, as the database has it."""
    now = timezone.now()
    in_force = ModerationAction.objects.filter(person=person, kind__in=CLOSING_CHAT).filter(
        Q(ends_at__isnull=True) | Q(ends_at__gt=now)
    )
    ends = in_force.order_by(F("ends_at").desc(nulls_first=True)).values_list("ends_at", flat=True)[:1]
    return Closure(ends[0]) if ends else None


def _stored(person: str) -> Closure | None:
    closed = closure(person)
    stored: dict[str, str | None]
    if closed is None:
        stored, seconds = {}, KEPT_SECONDS
    elif closed.until is None:
        stored, seconds = {"until": None}, KEPT_SECONDS
    else:
        stored = {"until": closed.until.isoformat()}
        seconds = min(KEPT_SECONDS, int((closed.until - timezone.now()).total_seconds()) + 1)
    sync_client().set(_key(person), json.dumps(stored), ex=max(seconds, 1))
    return closed


async def closure_for_socket(person: str) -> Closure | None:
    """``closure`` as Redis keeps it (read from the database, and kept, when Redis has
    it no longer)."""
    stored = await async_client().get(_key(person))
    if stored is None:
        return await database_sync_to_async(_stored)(person)
    kept = json.loads(stored)
    if "until" not in kept:
        return None
    until = kept["until"] and datetime.fromisoformat(kept["until"])
    if until is not None and until <= timezone.now():
        return None
    return Closure(until)


def _key(person: str) -> str:
    return key("chat-closure", person)
