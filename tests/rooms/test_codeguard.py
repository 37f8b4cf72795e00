"""rooms/codeguard.py: a client that keeps trying room codes that name no room is paused
— on the room pages, "join by code" and the table's WebSocket alike — while everyone
else, and real codes tried within the limit, are served as usual. Bea hosts a private
room; Mallory (203.0.113.66) guesses codes; Ann (198.51.100.7) just plays."""

import asyncio
import contextlib
import time

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from config.asgi import application
from rooms import codeguard
from rooms.followups import room_group
from rooms.models import Room
from tests.rooms.helpers import BEA, create

pytestmark = pytest.mark.django_db(transaction=True)

MALLORY = "203.0.113.66"
ANN = "198.51.100.7"
PAUSED = "Too many room codes tried from here"


@pytest.fixture
def private_code(redis_url, transactional_db):
    return create(BEA, is_public=False).code


def _made_up_codes(count: int) -> list[str]:
    return [f"NO{n:02d}" for n in range(count)]


def _page(client, code: str, address: str):
    return client.get(f"/rooms/{code}/", REMOTE_ADDR=address)


def _join_form(client, code: str, address: str):
    return client.get("/rooms/join/", {"code": code}, REMOTE_ADDR=address)


def _socket(code: str, address: str) -> int | None:
    """None if the table's socket opens, else its close code."""
    return async_to_sync(_attempt)(code, address)


async def _attempt(code: str, address: str) -> int | None:
    comm = WebsocketCommunicator(
        application, f"/ws/rooms/{code}/", headers=[(b"origin", b"http://localhost"), (b"host", b"localhost")]
    )
    comm.scope["client"] = (address, 50000)
    connected, close_code = await comm.connect(timeout=10)  # not a speed test: a slow first query is no refusal
    await comm.disconnect()
    return None if connected else close_code


def _is_paused_everywhere(client, code: str, address: str) -> bool:
    page, form = _page(client, code, address), _join_form(client, code, address)
    return (
        page.status_code == 429
        and PAUSED in page.content.decode()
        and form.status_code == 429
        and PAUSED in form.content.decode()
        and _socket(code, address) == 4429
    )


def test_ten_misses_pause_the_client_even_for_a_real_code(client, private_code):
    """Mallory's ten made-up codes are each "no such room" (a 404, the lobby's message);
    after them even Bea's real code is refused to Mallory — page (429, saying why), join
    form and socket — or the refusals would tell real codes from made-up ones. Ann, from
    another address, still opens Bea's room."""
    for code in _made_up_codes(10):
        assert _page(client, code, MALLORY).status_code == 404
    assert _is_paused_everywhere(client, private_code, MALLORY)
    assert _page(client, private_code, ANN).status_code == 200
    assert _join_form(client, private_code, ANN).url == f"/rooms/{private_code}/"
    assert _socket(private_code, ANN) is None


def test_a_code_whose_room_this_process_knows_is_refused_too_while_paused(client, private_code):
    """The server keeps the id of each room a socket has opened; that spares a query, not
    the guard: once Mallory has missed ten codes, the room she opened by socket before is
    refused to her socket as well."""
    assert _socket(private_code, MALLORY) is None
    for code in _made_up_codes(10):
        assert _page(client, code, MALLORY).status_code == 404
    assert _socket(private_code, MALLORY) == 4429
    assert _socket(private_code, ANN) is None


def test_a_paused_socket_refused_a_known_room_leaves_its_viewers_untold(client, private_code):
    """Refused after it joined the room's group (its misses are read with the room's
    latest version), the socket leaves the group as it came: the room hears of no
    viewer leaving, so a paused client cannot make every viewer read who is there."""
    room_id = Room.objects.get(code=private_code).pk
    assert _socket(private_code, MALLORY) is None  # now the process knows the room
    for code in _made_up_codes(10):
        _page(client, code, MALLORY)

    async def heard_while_refused() -> list[dict]:
        layer = get_channel_layer()
        listener = await layer.new_channel()
        await layer.group_add(room_group(room_id), listener)
        refused = await _attempt(private_code, MALLORY)
        heard = []
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(1):
                heard.append(await layer.receive(listener))
        await layer.group_discard(room_group(room_id), listener)
        return [refused, heard]

    assert async_to_sync(heard_while_refused)() == [4429, []]


def test_misses_on_the_page_the_join_form_and_the_socket_count_together(client, private_code):
    """One limit for every way of looking a code up: four misses on room pages, three
    through the join form and three socket handshakes pause Mallory."""
    codes = iter(_made_up_codes(10))
    for code in [next(codes) for _ in range(4)]:
        assert _page(client, code, MALLORY).status_code == 404
    for code in [next(codes) for _ in range(3)]:
        assert _join_form(client, code, MALLORY).url == "/rooms/"
    for code in codes:
        assert _socket(code, MALLORY) == 4404
    assert _is_paused_everywhere(client, private_code, MALLORY)


def test_nine_misses_and_any_number_of_real_codes_are_served(client, private_code):
    """Below the limit nothing changes: after nine misses, Ann opens Bea's room thirty
    times, on the page, through the form and by socket."""
    for code in _made_up_codes(9):
        assert _page(client, code, ANN).status_code == 404
    for _ in range(10):
        assert _page(client, private_code, ANN).status_code == 200
        assert _join_form(client, private_code, ANN).url == f"/rooms/{private_code}/"
        assert _socket(private_code, ANN) is None


def test_the_limit_is_a_setting(client, private_code, settings):
    """ROOM_CODE_MISSES_PER_MINUTE=3: Mallory is paused after three misses."""
    settings.ROOM_CODE_MISSES_PER_MINUTE = 3
    for code in _made_up_codes(3):
        assert _page(client, code, MALLORY).status_code == 404
    assert _page(client, private_code, MALLORY).status_code == 429


def test_the_pause_ends_with_the_minute_of_the_first_miss(client, private_code, monkeypatch):
    """The misses are counted for a minute from the first one (here shortened to a
    second); then Mallory is served again, and starts a fresh count."""
    monkeypatch.setattr(codeguard, "WINDOW_SECONDS", 1)
    for code in _made_up_codes(10):
        _page(client, code, MALLORY)
    assert _page(client, private_code, MALLORY).status_code == 429
    time.sleep(1.2)
    assert _page(client, private_code, MALLORY).status_code == 200
    assert _page(client, "NO99", MALLORY).status_code == 404


@pytest.mark.parametrize(
    "guesser, neighbour, shares",
    [
        ("2001:db8:1:2::1", "2001:db8:1:2:ffff::9", True),
        ("2001:db8:1:2::1", "2001:db8:1:3::1", False),
        ("::ffff:203.0.113.66", MALLORY, True),
        ("203.0.113.66", "203.0.113.67", False),
    ],
    ids=["same IPv6 /64", "another IPv6 /64", "IPv4-mapped IPv6 is the IPv4 address", "another IPv4 address"],
)
def test_clients_are_counted_per_ipv4_address_and_per_ipv6_64(client, private_code, guesser, neighbour, shares):
    """An IPv6 subscriber gets a whole /64, so its addresses share one count; IPv4
    addresses are counted one by one (an IPv4-mapped IPv6 address as its IPv4 address)."""
    for code in _made_up_codes(10):
        _page(client, code, guesser)
    assert _page(client, private_code, neighbour).status_code == (429 if shares else 200)


def test_sockets_that_connect_together_share_one_lookup_and_each_miss_counts(private_code, monkeypatch):
    """Ten sockets open Bea's room at once, its code new to the server: one query finds
    it for all of them. Ten sockets at once on a made-up code are ten misses, and pause
    Mallory."""
    looked_up = []
    find_id = codeguard._find_id
    monkeypatch.setattr(codeguard, "_find_id", lambda code: looked_up.append(code) or find_id(code))

    async def ten_at_once(code: str, address: str):
        return await asyncio.gather(*(codeguard.find_room_id(code, address) for _ in range(10)))

    ids = async_to_sync(ten_at_once)(private_code, ANN)
    assert len(set(ids)) == 1 and ids[0] is not None and looked_up == [private_code]
    assert async_to_sync(ten_at_once)("NO99", MALLORY) == [None] * 10
    assert _socket(private_code, MALLORY) == 4429
