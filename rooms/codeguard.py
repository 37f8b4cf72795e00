"""Room codes are short (four letters, six digits), so guessing them is slowed down.

Every lookup of a room by its code — the room's page and its actions, "join by code"
(``find_room``) and the table's WebSocket (``find_room_id``) — is guarded here. A
code that names no room is a miss, counted against the client. A client with
ROOM_CODE_MISSES_PER_MINUTE misses in the minute after its first one is refused every
lookup by code, real codes too, until that minute is over: if real codes were still
served, the refusals would tell which codes exist, and the guessing would go on at full
speed.

The client is the address the server saw (behind a proxy named in
DJANGO_TRUSTED_PROXIES, the one that proxy forwards). IPv6 clients are counted per /64,
the block a single subscriber is given.
"""

import asyncio
import ipaddress

from channels.db import database_sync_to_async
from django.conf import settings
from django.db.models import QuerySet
from django.shortcuts import render

from rooms.models import Room
from rooms.redisclients import async_client, key, sync_client

WINDOW_SECONDS = 60
ROOM_IDS_KEPT = 10_000

# Per process, the ids of the rooms that codes have named: a room keeps its code and its
# id for good, so a socket connecting to a room this process has seen needs no query.
_room_ids: dict[str, int] = {}
_lookups: dict[str, asyncio.Future] = {}


class GuessingPaused(Exception):
    """The client has missed too many codes: no room is looked up for it for now."""

    message = "Too many room codes tried from here. Wait a minute, then try again."


def find_room(code: str, address: str | None) -> Room | None:
    """The room ``code`` names, or None (a miss, counted against the client at
    ``address``); ``GuessingPaused`` while that client may not look codes up."""
    return _find(code, address, Room.objects.all())


async def find_room_id(code: str, address: str | None) -> int | None:
    """As ``find_room``, but only the room's id, for a socket that connects: on the
    event loop, but for the first query of a code by this process (which the sockets
    connecting to that code meanwhile share)."""
    code = code.upper()
    misses = misses_key(address)
    check_not_paused(await async_client().get(misses))
    if code in _room_ids:
        return _room_ids[code]
    lookup = _lookups.get(code)
    if lookup is None or lookup.get_loop() is not asyncio.get_running_loop():
        lookup = _lookups[code] = asyncio.ensure_future(database_sync_to_async(_find_id)(code))
        lookup.add_done_callback(lambda _: _lookups.pop(code, None))
    found = await asyncio.shield(lookup)
    if found is None:
        await _count_miss_async(misses)
        return None
    if len(_room_ids) >= ROOM_IDS_KEPT:
        del _room_ids[next(iter(_room_ids))]
    _room_ids[code] = found
    return found


def known_room_id(code: str) -> int | None:
    """The id this process keeps for ``code``, with no lookup and no check of the
    client: the caller checks it (``check_not_paused``) before it tells anything of
    the room."""
    return _room_ids.get(code.upper())


def forget_room_id(code: str) -> None:
    """The id kept for ``code`` named a room that is gone (a test's database reset)."""
    _room_ids.pop(code.upper(), None)


def _find_id(code: str) -> int | None:
    return Room.objects.filter(code=code).values_list("id", flat=True).first()


def _find(code: str, address: str | None, rooms: QuerySet):
    misses = misses_key(address)
    check_not_paused(sync_client().get(misses))
    found = rooms.filter(code=code.upper()).first()
    if found is None:
        _count_miss(misses)
    return found


def misses_key(address: str | None) -> str:
    return key("room-code-misses", client_of(address))


def check_not_paused(misses: bytes | None) -> None:
    if int(misses or 0) >= settings.ROOM_CODE_MISSES_PER_MINUTE:
        raise GuessingPaused


def client_of(address: str | None) -> str:
    """Who ``address`` counts as: the address itself, an IPv6 one's /64."""
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return address or "unknown"  # not served over IP (a Unix socket): one client
    if ip.version == 6 and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False).network_address)
    return str(ip)


def _count_miss(misses: str) -> None:
    with sync_client().pipeline(transaction=True) as pipe:
        _queue_miss(pipe, misses)
        pipe.execute()


async def _count_miss_async(misses: str) -> None:
    async with async_client().pipeline(transaction=True) as pipe:
        _queue_miss(pipe, misses)
        await pipe.execute()


def _queue_miss(pipe, misses: str) -> None:
    """One more miss; the first one opens the client's minute (one transaction, so the
    count always expires)."""
    pipe.set(misses, 0, ex=WINDOW_SECONDS, nx=True)
    pipe.incr(misses)


class GuessingPausedMiddleware:
    """A page asked for by code while its client is paused answers 429, saying why."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, GuessingPaused):
            return render(request, "rooms/guessing_paused.html", {"message": exception.message}, status=429)
        return None
