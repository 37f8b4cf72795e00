"""rooms/codeguard.py: a browser session that keeps trying room codes that name no room
is paused — on the room pages, "join by code" and the table's WebSocket alike — and so
is every session of an address whose sessions together miss far more often than a
household does; a paused session is still served the rooms it has opened or sits in,
and everyone else is served as usual. Bea hosts a private room; Mallory guesses codes
from 203.0.113.66, the address Ann and Bea share; Carl hosts another room."""

import asyncio
import contextlib

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.conf import settings as django_settings
from django.test import Client

from accounts.identity import Player
from config.asgi import application
from rooms import codeguard
from rooms.actions import seating
from rooms.models import Room
from rooms.push.followups import room_group
from tests.rooms.helpers import ANN, BEA, CARL, client_for, create
from tests.waits import wait_until

MALLORY = Player(name="Mallory", guest_id="mallory")

pytestmark = pytest.mark.django_db(transaction=True)

HOME = "203.0.113.66"  # Mallory's, Ann's and Bea's
ELSEWHERE = "198.51.100.7"
PAUSED = "Too many room codes tried from here"


@pytest.fixture
def private_code(redis_url, transactional_db):
    return create(BEA, is_public=False).code


def _made_up_codes(count: int, start: int = 0) -> list[str]:
    return [f"N{n:03d}" for n in range(start, start + count)]


def _page(client, code: str, address: str = HOME):
    return client.get(f"/rooms/{code}/", REMOTE_ADDR=address)


def _join_form(client, code: str, address: str = HOME):
    return client.get("/rooms/join/", {"code": code}, REMOTE_ADDR=address)


def _session_key(client) -> str | None:
    cookie = client.cookies.get(django_settings.SESSION_COOKIE_NAME)
    return cookie.value if cookie else None


def _socket(code: str, address: str = HOME, session_key: str | None = None) -> int | None:
    """None if the table's socket opens (with the session ``session_key``, if given),
    else its close code."""
    return async_to_sync(_attempt)(code, address, session_key)


async def _attempt(code: str, address: str, session_key: str | None = None) -> int | None:
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    if session_key:
        headers.append((b"cookie", f"{django_settings.SESSION_COOKIE_NAME}={session_key}".encode()))
    comm = WebsocketCommunicator(application, f"/ws/rooms/{code}/", headers=headers)
    comm.scope["client"] = (address, 50000)
    connected, close_code = await comm.connect(timeout=10)  # not a speed test: a slow first query is no refusal
    await comm.disconnect()
    return None if connected else close_code


def _browser_socket(client, code: str, address: str = HOME) -> int | None:
    """As ``_socket``, from the browser ``client`` (its session)."""
    return _socket(code, address, _session_key(client))


def _miss(client, count: int, start: int = 0, address: str = HOME) -> None:
    """``count`` made-up codes, each a room page that is not found."""
    for code in _made_up_codes(count, start):
        assert _page(client, code, address).status_code == 404


def _is_paused_everywhere(client, code: str, address: str = HOME) -> bool:
    page, form = _page(client, code, address), _join_form(client, code, address)
    return (
        page.status_code == 429
        and PAUSED in page.content.decode()
        and form.status_code == 429
        and PAUSED in form.content.decode()
        and _browser_socket(client, code, address) == 4429
    )


def _is_served_everywhere(client, code: str, address: str = HOME) -> bool:
    return (
        _page(client, code, address).status_code == 200
        and _join_form(client, code, address).url == f"/rooms/{code}/"
        and _browser_socket(client, code, address) is None
    )


def test_ten_misses_pause_the_session_not_its_neighbours(private_code):
    """Mallory's ten made-up codes are each "no such room" (a 404); after them even Bea's
    real code is refused to Mallory's session — page (429, saying why), join form and
    socket — or the refusals would tell real codes from made-up ones, and so is every
    code she tries next. Ann, in another browser at the same address, still opens Bea's
    room everywhere: Mallory's tries while paused did not count against the address."""
    mallory, ann = client_for(MALLORY), client_for(ANN)
    _miss(mallory, 10)
    assert _is_paused_everywhere(mallory, private_code)
    for code in _made_up_codes(60, start=10):
        assert _page(mallory, code).status_code == 429
    assert _is_served_everywhere(ann, private_code)


def test_a_paused_session_is_still_served_the_rooms_it_has_opened_or_sits_in(private_code):
    """Mallory opened Bea's room before she missed ten codes: it is still served to her,
    and nothing else is (Carl's room, which she never opened). Bea, whose session missed
    ten codes before it ever opened her own room, opens it and adds a bot: she sits in
    it. Telling someone of a room they know tells nothing."""
    carls_code = create(CARL, is_public=False).code
    mallory, bea = client_for(MALLORY), client_for(BEA)
    assert _page(mallory, private_code).status_code == 200
    _miss(mallory, 10)
    _miss(bea, 10)
    assert _is_served_everywhere(mallory, private_code)
    assert _is_paused_everywhere(mallory, carls_code)
    assert _is_served_everywhere(bea, private_code)
    assert bea.post(f"/rooms/{private_code}/bots/add/", {"level": "easy"}, REMOTE_ADDR=HOME).status_code == 302
    assert Room.objects.get(code=private_code).seats.exclude(bot_level="").count() == 1


def test_a_guesser_that_drops_its_cookies_is_paused_by_its_address(private_code):
    """Mallory drops her cookies at every try, a new session each time: her misses count
    against the address, and the address's 60th miss pauses every session of it for the
    rest of the minute — but for the rooms each one knows. Bea, waiting in her room,
    is served it as Ann joins and the game starts; Ann, who had opened Bea's room, is
    served it too, but not Carl's room, which her session never opened. Another address
    is served as usual."""
    carls_code = create(CARL, is_public=False).code
    ann, bea = client_for(ANN), client_for(BEA)
    assert _page(bea, private_code).status_code == 200
    assert _page(ann, private_code).status_code == 200
    for code in _made_up_codes(60):
        assert _page(Client(), code).status_code == 404
    assert _is_paused_everywhere(Client(), private_code)
    assert _socket(private_code) == 4429
    assert ann.post(f"/rooms/{private_code}/join/", REMOTE_ADDR=HOME).status_code == 302
    seating.do_fill_with_bots(Room.objects.get(code=private_code).pk, BEA, "easy")
    assert Room.objects.get(code=private_code).status == Room.Status.PLAYING
    assert _is_served_everywhere(bea, private_code)
    assert _is_served_everywhere(ann, private_code)
    assert _is_paused_everywhere(ann, carls_code)
    assert _is_served_everywhere(Client(), carls_code, address=ELSEWHERE)


def test_an_account_is_served_the_room_it_sits_in_from_a_new_session(private_code, django_user_model):
    """Dora sits in Bea's room with her account, from her phone. On her laptop, whose
    session never opened the room and which missed ten codes, she logs in: her room's
    page and socket are served, since she sits in it."""
    dora = django_user_model.objects.create_user("Dora", password="a long passphrase")
    seating.do_join(Room.objects.get(code=private_code).pk, Player(name="Dora", user_id=dora.pk))
    laptop = Client()
    laptop.force_login(dora)
    _miss(laptop, 10)
    assert _page(laptop, "NOPE").status_code == 429
    assert _is_served_everywhere(laptop, private_code)


def test_a_room_created_while_paused_opens_for_its_host_and_the_refusal_stays_where_it_was(private_code):
    """Bea's session mistyped ten codes; the join form then refuses her (429, saying
    why). She creates a room through the create form: she lands on her new room, not on
    a "Too many room codes" page, and neither that page nor the lobby she opens next
    repeats the refusal."""
    bea = client_for(BEA)
    _miss(bea, 10)
    refused = _join_form(bea, "NOPE")
    assert refused.status_code == 429 and PAUSED in refused.content.decode()
    created = bea.post("/rooms/new/disunyer/", {"mode": "standard", "bot_level": "easy", "is_public": "1"},
                       REMOTE_ADDR=HOME, follow=True)
    room = Room.objects.exclude(code=private_code).get()
    assert created.redirect_chain == [(f"/rooms/{room.code}/", 302)]
    assert created.status_code == 200 and PAUSED not in created.content.decode()
    lobby = bea.get("/rooms/", REMOTE_ADDR=HOME)
    assert lobby.status_code == 200 and PAUSED not in lobby.content.decode()


def test_a_paused_socket_refused_a_known_room_leaves_its_viewers_untold(private_code):
    """Refused after it joined the room's group (its misses are read with the room's
    latest version), the socket leaves the group as it came: the room hears of no
    viewer leaving, so a paused client cannot make every viewer read who is there."""
    room_id = Room.objects.get(code=private_code).pk
    mallory = client_for(MALLORY)
    assert _socket(private_code, ELSEWHERE) is None  # now the process knows the room
    _miss(mallory, 10)

    async def heard_while_refused() -> list:
        layer = get_channel_layer()
        listener = await layer.new_channel()
        await layer.group_add(room_group(room_id), listener)
        refused = await _attempt(private_code, HOME, _session_key(mallory))
        heard = []
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(1):
                heard.append(await layer.receive(listener))
        await layer.group_discard(room_group(room_id), listener)
        return [refused, heard]

    assert async_to_sync(heard_while_refused)() == [4429, []]


def test_misses_on_the_page_the_join_form_and_the_socket_count_together(private_code):
    """One limit for every way of looking a code up: four misses on room pages, three
    through the join form and three socket handshakes of Mallory's session pause it."""
    mallory = client_for(MALLORY)
    codes = iter(_made_up_codes(10))
    for code in [next(codes) for _ in range(4)]:
        assert _page(mallory, code).status_code == 404
    for code in [next(codes) for _ in range(3)]:
        assert _join_form(mallory, code).url == "/rooms/"
    for code in codes:
        assert _browser_socket(mallory, code) == 4404
    assert _is_paused_everywhere(mallory, private_code)


def test_nine_misses_and_any_number_of_real_codes_are_served(private_code):
    """Below the limit nothing changes: after nine misses, Ann opens Bea's room ten
    times, on the page, through the form and by socket."""
    ann = client_for(ANN)
    _miss(ann, 9)
    for _ in range(10):
        assert _is_served_everywhere(ann, private_code)


def test_the_limits_are_settings(private_code, settings):
    """ROOM_CODE_MISSES_PER_MINUTE=3: Mallory's session is paused after three misses.
    ROOM_CODE_ADDRESS_MISSES_PER_MINUTE=5: the address of sessions that missed five
    codes between them is paused."""
    settings.ROOM_CODE_MISSES_PER_MINUTE = 3
    settings.ROOM_CODE_ADDRESS_MISSES_PER_MINUTE = 5
    mallory = client_for(MALLORY)
    _miss(mallory, 3)
    assert _page(mallory, private_code).status_code == 429
    _miss(Client(), 2, start=3)
    assert _page(Client(), private_code).status_code == 429


def test_the_pause_ends_with_the_minute_of_the_first_miss(private_code, monkeypatch):
    """The misses are counted for a minute from the first one (here shortened to a
    second); then Mallory is served again, and starts a fresh count."""
    monkeypatch.setattr(codeguard, "WINDOW_SECONDS", 1)
    mallory = client_for(MALLORY)
    _miss(mallory, 10)
    assert _page(mallory, private_code).status_code == 429
    wait_until(lambda: _page(mallory, private_code).status_code == 200, 2, "Mallory is served again")
    assert _page(mallory, "NOPE").status_code == 404


@pytest.mark.parametrize(
    "guesser, neighbour, shares",
    [
        ("2001:db8:1:2::1", "2001:db8:1:2:ffff::9", True),
        ("2001:db8:1:2::1", "2001:db8:1:3::1", False),
        ("::ffff:203.0.113.66", HOME, True),
        ("203.0.113.66", "203.0.113.67", False),
    ],
    ids=["same IPv6 /64", "another IPv6 /64", "IPv4-mapped IPv6 is the IPv4 address", "another IPv4 address"],
)
def test_addresses_are_counted_per_ipv4_address_and_per_ipv6_64(private_code, settings, guesser, neighbour, shares):
    """An IPv6 subscriber gets a whole /64, so its addresses share one count; IPv4
    addresses are counted one by one (an IPv4-mapped IPv6 address as its IPv4 address)."""
    settings.ROOM_CODE_ADDRESS_MISSES_PER_MINUTE = 3
    for code in _made_up_codes(3):
        _page(Client(), code, guesser)
    assert _page(Client(), private_code, neighbour).status_code == (429 if shares else 200)


def test_sockets_that_connect_together_share_one_lookup_and_each_miss_counts(private_code, monkeypatch):
    """Ten sockets open Bea's room at once, its code new to the server: one query finds
    it for all of them. Ten sockets at once on a made-up code are ten misses of their
    session, and pause it."""
    looked_up = []
    find_id = codeguard._find_id
    monkeypatch.setattr(codeguard, "_find_id", lambda code: looked_up.append(code) or find_id(code))
    ann, mallory = client_for(ANN), client_for(MALLORY)

    async def ten_at_once(code: str, client):
        guest = codeguard.Client(HOME, _session_key(client))
        return await asyncio.gather(*(codeguard.find_room_id(code, guest) for _ in range(10)))

    ids = async_to_sync(ten_at_once)(private_code, ann)
    assert len(set(ids)) == 1 and ids[0] is not None and looked_up == [private_code]
    assert async_to_sync(ten_at_once)("N999", mallory) == [None] * 10
    assert _browser_socket(mallory, private_code) == 4429
