"""Room codes are short (four letters, six digits), so guessing them is slowed down.

Every lookup of a room by its code — the room's page and its actions, "join by code"
(``find_room``) and the table's WebSocket (``find_room_id``, then ``check_socket``) — is
guarded here. A code that names no room is a miss, counted against the browser's
session and against its address. A session with ROOM_CODE_MISSES_PER_MINUTE misses in
the minute after its first one is paused: it is refused every lookup by code, real codes
too, until that minute is over (if real codes were still served, the refusals would tell
which codes exist, and the guessing would go on at full speed). So is every session of
an address with ROOM_CODE_ADDRESS_MISSES_PER_MINUTE misses: a guesser that drops its
cookies is a new session at every try, and a household or a café never misses that
often together. A paused client's misses are not counted, so one guesser does not carry
its neighbours' address to the limit.

A paused client is still served the rooms its session knows: those it has opened (the
session keeps their codes, ``OPENED_ROOMS``) and those it sits in. Serving them tells
nothing new, and nobody is locked out of their own table by someone else's guessing:
not a host whose room starts, nor a player sent on to the next game.

The address is counted as plumbing/clients.py counts it: the one the server saw (behind a
proxy named in DJANGO_TRUSTED_PROXIES, the one that proxy forwards), IPv6 addresses per
/64, the block a single subscriber is given.
"""

import asyncio
from dataclasses import dataclass

from channels.db import database_sync_to_async
from django.conf import settings
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext, gettext_lazy

from accounts.identity import GUEST_ID_KEY, current_player
from plumbing.clients import client_key
from rooms.models import Room
from rooms.store.redisclients import async_client, key, sync_client

WINDOW_SECONDS = 60
ROOM_IDS_KEPT = 10_000
OPENED_ROOMS = "opened_rooms"  # in the session: the codes of the rooms it was served, latest last
OPENED_ROOMS_KEPT = 50

# Per process, the ids of the rooms that codes have named: a room keeps its code and its
# id for good, so a socket connecting to a room this process has seen needs no query.
_room_ids: dict[str, int] = {}
_lookups: dict[str, asyncio.Future] = {}


class GuessingPaused(Exception):
    """The client has missed too many codes: no room is looked up for it for now."""

    message = gettext_lazy("Too many room codes tried from here. Wait a minute, then try again.")


@dataclass(frozen=True)
class Client:
    """Who looks codes up: the address the server saw, and the session its cookie names
    (``None`` for a client without one, counted by its address alone)."""

    address: str | None
    session_key: str | None

    @property
    def misses_keys(self) -> tuple[str, str]:
        """Where the misses of its address and of its session are counted, read together
        (a client without a session reads its address's twice)."""
        address = key("room-code-misses", "address", client_key(self.address))
        return address, key("room-code-misses", "session", self.session_key) if self.session_key else address

    def is_paused(self, address_misses: bytes | str | None, session_misses: bytes | str | None) -> bool:
        """Whether the client may look up only the rooms its session knows, given the
        misses read at ``misses_keys``."""
        return int(address_misses or 0) >= settings.ROOM_CODE_ADDRESS_MISSES_PER_MINUTE or (
            self.session_key is not None and int(session_misses or 0) >= settings.ROOM_CODE_MISSES_PER_MINUTE
        )


def find_room(code: str, request) -> Room | None:
    """The room ``code`` names, or None (a miss, counted against the request's session
    and address); ``GuessingPaused`` while they may not look codes up, unless the
    session knows the room. A room served is kept among the session's opened rooms."""
    code = code.upper()
    opened = request.session.get(OPENED_ROOMS, [])  # the session loaded: its key is a stored session's, or None
    client = Client(request.META.get("REMOTE_ADDR"), request.session.session_key)
    paused = client.is_paused(*sync_client().mget(client.misses_keys))
    if paused and code not in opened and not _has_player(request):
        raise GuessingPaused  # it sits nowhere: no need to look the code up
    room = Room.objects.filter(code=code).first()
    if room is None:
        if paused:
            raise GuessingPaused
        _count_miss(client)
        return None
    if paused and code not in opened and not _sits_in(room, request):
        raise GuessingPaused
    if code not in opened:
        request.session[OPENED_ROOMS] = [*opened[1 - OPENED_ROOMS_KEPT:], code]
    return room


def room_or_404(request, code: str) -> Room:
    """The room a page's URL names by its code (``find_room``), or a 404."""
    room = find_room(code, request)
    if room is None:
        raise Http404(gettext("There is no room with that code."))
    return room


def _has_player(request) -> bool:
    """An account or a guest is known already (a lookup makes no guest)."""
    return request.user.is_authenticated or GUEST_ID_KEY in request.session


def _sits_in(room: Room, request) -> bool:
    player = current_player(request)
    return any(seat.belongs_to(player) for seat in room.seats.all())


async def find_room_id(code: str, client: Client) -> int | None:
    """As ``find_room``, but only the room's id, for a socket that connects, which then
    checks whether its client may open the room (``check_socket``): on the event loop,
    but for the first query of a code by this process (which the sockets connecting to
    that code meanwhile share)."""
    code = code.upper()
    paused = client.is_paused(*await async_client().mget(client.misses_keys))
    if paused and client.session_key is None:
        raise GuessingPaused  # no session knows a room for it: no need to look the code up
    if code in _room_ids:
        return _room_ids[code]
    lookup = _lookups.get(code)
    if lookup is None or lookup.get_loop() is not asyncio.get_running_loop():
        lookup = _lookups[code] = asyncio.ensure_future(database_sync_to_async(_find_id)(code))
        lookup.add_done_callback(lambda _: _lookups.pop(code, None))
    found = await asyncio.shield(lookup)
    if found is None:
        if paused:
            raise GuessingPaused
        await _count_miss_async(client)
        return None
    if len(_room_ids) >= ROOM_IDS_KEPT:
        del _room_ids[next(iter(_room_ids))]
    _room_ids[code] = found
    return found


async def check_socket(client: Client, misses: list, code: str, session, seated: bool) -> None:
    """``GuessingPaused`` if the client whose ``misses`` were read at its
    ``misses_keys`` is paused and the room ``code`` names is not one its ``session``
    (loaded) has opened or is ``seated`` in."""
    if client.is_paused(*misses) and not seated:
        opened = await session.aget(OPENED_ROOMS, []) if session is not None else []
        if code.upper() not in opened:
            raise GuessingPaused


def known_room_id(code: str) -> int | None:
    """The id this process keeps for ``code``, with no lookup and no check of the
    client: the caller checks it (``check_socket``) before it tells anything of the
    room."""
    return _room_ids.get(code.upper())


def forget_room_id(code: str) -> None:
    """The id kept for ``code`` named a room that is gone (a test's database reset)."""
    _room_ids.pop(code.upper(), None)


def forget_all() -> None:
    """Forget every code's id and lookup, as a new process starts (between tests)."""
    _room_ids.clear()
    _lookups.clear()


def _find_id(code: str) -> int | None:
    return Room.objects.filter(code=code).values_list("id", flat=True).first()


def _count_miss(client: Client) -> None:
    with sync_client().pipeline(transaction=True) as pipe:
        _queue_miss(pipe, client)
        pipe.execute()


async def _count_miss_async(client: Client) -> None:
    async with async_client().pipeline(transaction=True) as pipe:
        _queue_miss(pipe, client)
        await pipe.execute()


def _queue_miss(pipe, client: Client) -> None:
    """One more miss of the client's address and of its session; the first one of each
    opens its minute (one transaction, so the counts always expire)."""
    for misses in dict.fromkeys(client.misses_keys):
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
