"""Room codes are short (four letters, six digits), so guessing them is slowed down.

Every lookup of a room by its code — the room's page and its actions, "join by code"
(``find_room``) and the table's WebSocket (``find_room_version``) — is guarded here. A
code that names no room is a miss, counted against the client. A client with
ROOM_CODE_MISSES_PER_MINUTE misses in the minute after its first one is refused every
lookup by code, real codes too, until that minute is over: if real codes were still
served, the refusals would tell which codes exist, and the guessing would go on at full
speed.

The client is the address the server saw (behind a proxy named in
DJANGO_TRUSTED_PROXIES, the one that proxy forwards). IPv6 clients are counted per /64,
the block a single subscriber is given.
"""

import ipaddress

from django.conf import settings
from django.db.models import QuerySet
from django.shortcuts import render

from rooms.models import Room
from rooms.redisclients import key, sync_client

WINDOW_SECONDS = 60


class GuessingPaused(Exception):
    """The client has missed too many codes: no room is looked up for it for now."""

    message = "Too many room codes tried from here. Wait a minute, then try again."


def find_room(code: str, address: str | None) -> Room | None:
    """The room ``code`` names, or None (a miss, counted against the client at
    ``address``); ``GuessingPaused`` while that client may not look codes up."""
    return _find(code, address, Room.objects.all())


def find_room_version(code: str, address: str | None) -> tuple[int, int] | None:
    """As ``find_room``, but only the room's id and version: all a socket needs to
    connect, read with no model made."""
    return _find(code, address, Room.objects.values_list("id", "version"))


def _find(code: str, address: str | None, rooms: QuerySet):
    misses = key("room-code-misses", _client(address))
    if int(sync_client().get(misses) or 0) >= settings.ROOM_CODE_MISSES_PER_MINUTE:
        raise GuessingPaused
    found = rooms.filter(code=code.upper()).first()
    if found is None:
        _count_miss(misses)
    return found


def _client(address: str | None) -> str:
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
    """One more miss; the first one opens the client's minute (one transaction, so the
    count always expires)."""
    with sync_client().pipeline(transaction=True) as pipe:
        pipe.set(misses, 0, ex=WINDOW_SECONDS, nx=True)
        pipe.incr(misses)
        pipe.execute()


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
