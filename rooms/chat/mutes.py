"""Mutes: a viewer who mutes a player sees none of their chat lines and reactions again,
at any table; nobody else is told.

A mute is kept in the database (``accounts.Mute``), and each muter's muted people in
Redis as JSON, where a socket reads them once, at the first line or reaction it is sent
(the push path reads nothing of them).
"""

import json

from channels.db import database_sync_to_async
from django.utils.translation import gettext_lazy

from accounts.identity import Player, person_key
from accounts.models import Mute
from rooms.errors import RoomError
from rooms.models import ChatLine
from rooms.store.redisclients import async_client, key, sync_client

KEPT_SECONDS = 24 * 3600
NOT_KEPT = gettext_lazy("That line is no longer kept.")
NOT_YOURSELF = gettext_lazy("You cannot mute yourself.")


def mute(viewer: Player, room_id: int, line_id: int) -> None:
    """``viewer`` mutes whoever said line ``line_id`` at room ``room_id``."""
    line = ChatLine.objects.filter(room_id=room_id, pk=line_id).first()
    if line is None:
        raise RoomError(NOT_KEPT)
    author = person_key(line.user_id, line.guest_id or None)
    if author == viewer.key:
        raise RoomError(NOT_YOURSELF)
    Mute.objects.get_or_create(muter=viewer.key, muted=author, defaults={"muted_name": line.name})
    _stored(viewer.key)


def muted_by(viewer_key: str) -> frozenset[str]:
    """Whom ``viewer_key`` muted, as the database has it."""
    return frozenset(Mute.objects.filter(muter=viewer_key).values_list("muted", flat=True))


def _stored(viewer_key: str) -> frozenset[str]:
    muted = muted_by(viewer_key)
    sync_client().set(_key(viewer_key), json.dumps(sorted(muted)), ex=KEPT_SECONDS)
    return muted


async def muted_for_socket(viewer_key: str) -> frozenset[str]:
    """Whom ``viewer_key`` muted, as Redis keeps it (read from the database, and kept,
    when Redis has it no longer)."""
    stored = await async_client().get(_key(viewer_key))
    if stored is None:
        return await database_sync_to_async(_stored)(viewer_key)
    return frozenset(json.loads(stored))


def _key(viewer_key: str) -> str:
    return key("mutes", viewer_key)
