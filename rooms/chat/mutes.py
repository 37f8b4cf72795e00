"""Mutes and blocks at the table: a viewer who mutes a player, or an account that blocks
another, sees none of their chat lines and reactions again, at any table; nobody else
is told.

This is the one home of whom a viewer does not see: the people they muted and the
accounts they blocked (``hidden_from``). A mute is kept in the database
(``accounts.Mute``), a block too (``accounts.Relation``), and each viewer's hidden people
in Redis as JSON, where a socket reads them once, at the first line or reaction it is
sent (the push path reads nothing of them). When an account hides or shows someone
again, from a table or from a profile, each of its open sockets is told
(``account.hidden``) and reads them afresh.
"""

import json

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.utils.translation import gettext_lazy

from accounts import relations
from accounts.identity import Player, account_of, person_key
from accounts.models import Mute, User
from rooms.chat.sanctions import account_group
from rooms.errors import RoomError
from rooms.models import ChatLine
from rooms.store.redisclients import async_client, key, sync_client

KEPT_SECONDS = 24 * 3600
NOT_KEPT = gettext_lazy("That line is no longer kept.")
NOT_YOURSELF = gettext_lazy("You cannot mute yourself.")
ACCOUNTS_ONLY = gettext_lazy("Only an account can block another account.")


def mute(viewer: Player, room_id: int, line_id: int) -> None:
    """``viewer`` mutes whoever said line ``line_id`` at room ``room_id``."""
    line, author = _said_by_another(viewer, room_id, line_id)
    Mute.objects.get_or_create(muter=viewer.key, muted=author, defaults={"muted_name": line.name})
    hiding_changed(viewer.key)


def block(viewer: Player, room_id: int, line_id: int) -> None:
    """``viewer`` blocks the account that said line ``line_id`` (``accounts.relations.block``)."""
    line, _ = _said_by_another(viewer, room_id, line_id)
    if viewer.user_id is None or line.user_id is None:
        raise RoomError(ACCOUNTS_ONLY)
    relations.block(User(pk=viewer.user_id), User(pk=line.user_id))
    hiding_changed(viewer.key)


def _said_by_another(viewer: Player, room_id: int, line_id: int) -> tuple[ChatLine, str]:
    """The kept line ``line_id`` of the room and who said it, someone other than ``viewer``."""
    line = ChatLine.objects.filter(room_id=room_id, pk=line_id).first()
    if line is None:
        raise RoomError(NOT_KEPT)
    author = person_key(line.user_id, line.guest_id or None)
    if author == viewer.key:
        raise RoomError(NOT_YOURSELF)
    return line, author


def hidden_from(viewer_key: str) -> frozenset[str]:
    """Whom ``viewer_key`` muted or blocked, as the database has it."""
    muted = Mute.objects.filter(muter=viewer_key).values_list("muted", flat=True)
    user_id = account_of(viewer_key)
    blocked = relations.blocked_by(user_id) if user_id is not None else set()
    return frozenset([*muted, *(person_key(blocked_id, None) for blocked_id in blocked)])


def hiding_changed(viewer_key: str) -> None:
    """After a mute, a block or an unblock: keep in Redis whom ``viewer_key`` hides now,
    and tell an account's open sockets (a guest's only socket that hides is the one
    that muted)."""
    _refresh(viewer_key)
    user_id = account_of(viewer_key)
    if user_id is not None:
        async_to_sync(get_channel_layer().group_send)(account_group(user_id), {"type": "account.hidden"})


def _refresh(viewer_key: str) -> frozenset[str]:
    """Keep in Redis whom ``viewer_key`` hides now."""
    hidden = hidden_from(viewer_key)
    sync_client().set(_key(viewer_key), json.dumps(sorted(hidden)), ex=KEPT_SECONDS)
    return hidden


async def hidden_for_socket(viewer_key: str) -> frozenset[str]:
    """Whom ``viewer_key`` muted or blocked, as Redis keeps it (read from the database,
    and kept, when Redis has it no longer)."""
    stored = await async_client().get(_key(viewer_key))
    if stored is None:
        return await database_sync_to_async(_refresh)(viewer_key)
    return frozenset(json.loads(stored))


def _key(viewer_key: str) -> str:
    return key("hidden", viewer_key)
