"""Inviting a friend to one's table: who may invite whom, and the invites a player has
yet to answer.

A player seated at a waiting table invites a friend (two accounts that follow each
other: a block ends that). The invite reaches every page the friend has open, through
their site socket (``user_group``), and waits in Redis until the friend dismisses it,
``EXPIRES_SECONDS`` pass, or the table starts or closes. A private room's invite
carries its link: that is how a friend finds a private table.
"""

import json
import secrets
import time
from dataclasses import asdict, dataclass, fields

from django.utils.translation import gettext_lazy

from accounts import relations
from accounts.identity import Player
from games import registry
from games.words import Words
from rooms.errors import RoomError
from rooms.models import Room
from rooms.store.redisclients import key, sync_client

EXPIRES_SECONDS = 10 * 60
# Invites a player may send in a minute, whatever their sockets' budgets.
MOST_PER_MINUTE = 10

GUESTS_CANNOT = gettext_lazy("Guests cannot invite friends: sign up first.")
NOT_YOURSELF = gettext_lazy("You cannot invite yourself.")
NOT_SEATED = gettext_lazy("Take a seat at this table before you invite a friend to it.")
NOT_WAITING = gettext_lazy("This table has started: invite friends to a table that is waiting for players.")
NOT_A_FRIEND = gettext_lazy("You can invite only friends: players who follow you and whom you follow.")
TOO_MANY = gettext_lazy("That is a lot of invites: wait a minute, then try again.")


@dataclass(frozen=True)
class Invite:
    id: str
    inviter: str  # the inviter's name
    room_id: int
    code: str
    game: str
    expires_at: float

    @property
    def title(self) -> Words:
        return registry.definition(self.game).title


INVITE_FIELDS = tuple(field.name for field in fields(Invite))


def user_group(user_id: int) -> str:
    """The channel-layer group of an account's site sockets."""
    return f"user-{user_id}"


def invite(inviter: Player, room_id: int, friend_id: int) -> Invite:
    """``inviter`` invites the account ``friend_id`` to room ``room_id``; ``RoomError``
    says why not, and nothing is kept."""
    if inviter.user_id is None:
        raise RoomError(GUESTS_CANNOT)
    if friend_id == inviter.user_id:
        raise RoomError(NOT_YOURSELF)
    room = Room.objects.prefetch_related("seats").get(pk=room_id)
    if not any(seat.belongs_to(inviter) for seat in room.seats.all()):
        raise RoomError(NOT_SEATED)
    if room.status != Room.Status.WAITING:
        raise RoomError(NOT_WAITING)
    if not relations.are_friends(inviter.user_id, friend_id):
        raise RoomError(NOT_A_FRIEND)
    _count_against_rate(inviter.user_id)
    sent = Invite(secrets.token_hex(8), inviter.name, room.pk, room.code, room.game, time.time() + EXPIRES_SECONDS)
    pipeline = sync_client().pipeline(transaction=False)
    pipeline.zadd(_key(friend_id), {json.dumps(asdict(sent)): sent.expires_at})
    pipeline.zremrangebyscore(_key(friend_id), "-inf", time.time())
    pipeline.expire(_key(friend_id), EXPIRES_SECONDS)
    pipeline.execute()
    return sent


def _count_against_rate(user_id: int) -> None:
    rate_key = key("invites-sent", user_id)
    pipeline = sync_client().pipeline(transaction=False)
    pipeline.set(rate_key, 0, ex=60, nx=True)  # the minute starts with the first invite
    pipeline.incr(rate_key)
    _, sent = pipeline.execute()
    if sent > MOST_PER_MINUTE:
        raise RoomError(TOO_MANY)


def pending(user_id: int) -> list[Invite]:
    """The invites ``user_id`` has yet to answer, newest first, to tables still waiting."""
    stored: list[bytes] = sync_client().zrangebyscore(_key(user_id), time.time(), "+inf")  # type: ignore[assignment]  # redis-py types every reply alike
    invites = [Invite(**json.loads(member)) for member in reversed(stored)]
    waiting = set(
        Room.objects.filter(pk__in={invite.room_id for invite in invites}, status=Room.Status.WAITING)
        .values_list("pk", flat=True)
    )
    return [invite for invite in invites if invite.room_id in waiting]


def dismiss(user_id: int, invite_id: str) -> None:
    """``user_id`` answers the invite ``invite_id``: it is pending no longer."""
    stored: list[bytes] = sync_client().zrange(_key(user_id), 0, -1)  # type: ignore[assignment]  # as above
    for member in stored:
        if json.loads(member)["id"] == invite_id:
            sync_client().zrem(_key(user_id), member)


def _key(user_id: int) -> str:
    return key("invites", user_id)
