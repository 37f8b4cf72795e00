"""Each viewer reads the table in their own language, at a table shared by viewers of
several: a socket follows its browser's language (the cookie, else Accept-Language),
and a viewer who switches gets the next push in the new language while the others keep
theirs. Bad choices are refused and change nothing. The pseudo-language
(tests/i18n/pseudo.py) wraps every translated word in ⟦ ⟧."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games.disunyer.rules import ENGINE
from rooms.actions import play
from tests.i18n import pseudo
from tests.rooms.helpers import PEOPLE, actor, fresh, person_at, playing_room

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("redis_url")]


@pytest.fixture
def pseudo_language(settings, monkeypatch, tmp_path):
    return pseudo.speak(settings, monkeypatch, tmp_path)


def _socket(room, headers: list[tuple[bytes, bytes]]) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost"), *headers]
    return WebsocketCommunicator(application, f"/ws/rooms/{room.code}/", headers=headers)


async def _table(socket) -> str:
    while True:
        frame = await socket.receive_from(timeout=5)
        if 'id="table-public"' in frame:
            return frame


def _move(room_id: int) -> None:
    room = fresh(room_id)
    seat = actor(room)
    play.do_act(room_id, person_at(room, seat), ENGINE.legal_actions(room.match.state, seat)[0], room.version)


def _in_pseudo(table: str) -> bool:
    return pseudo.OPEN in table


@pytest.mark.asyncio
async def test_viewers_of_two_languages_each_get_theirs_and_a_switch_takes_the_next_push(pseudo_language):
    room = await database_sync_to_async(playing_room)(PEOPLE)
    by_cookie = _socket(room, [(b"cookie", f"django_language={pseudo_language}".encode())])
    by_header = _socket(room, [(b"accept-language", b"en-GB,en;q=0.9")])
    try:
        assert (await by_cookie.connect())[0] and (await by_header.connect())[0]
        assert _in_pseudo(await _table(by_cookie)) and not _in_pseudo(await _table(by_header))
        await by_header.send_to(text_data=json.dumps({"kind": "language", "language": pseudo_language}))
        assert _in_pseudo(await _table(by_header))
        await by_cookie.send_to(text_data=json.dumps({"kind": "language", "language": "en"}))
        assert not _in_pseudo(await _table(by_cookie))
        await database_sync_to_async(_move)(room.pk)
        assert _in_pseudo(await _table(by_header)) and not _in_pseudo(await _table(by_cookie))
    finally:
        await by_cookie.disconnect()
        await by_header.disconnect()


@pytest.mark.asyncio
@pytest.mark.parametrize("choice", ["xx", "", None, 7, ["fa"], "fa-IR-x-very-long" * 20])
async def test_a_language_the_site_does_not_speak_is_refused_and_changes_nothing(choice, pseudo_language):
    room = await database_sync_to_async(playing_room)(PEOPLE)
    socket = _socket(room, [(b"cookie", f"django_language={pseudo_language}".encode())])
    try:
        assert (await socket.connect())[0]
        await _table(socket)
        await socket.send_to(text_data=json.dumps({"kind": "language", "language": choice}))
        refusal = await socket.receive_from(timeout=5)
        assert 'class="toast"' in refusal and _in_pseudo(refusal)
        await database_sync_to_async(_move)(room.pk)
        assert _in_pseudo(await _table(socket))  # still open, still in its language
    finally:
        await socket.disconnect()


@pytest.mark.asyncio
@pytest.mark.parametrize("header", [b"", b"zz-ZZ", b";;;q=oops", b"q=2,,;", "ру".encode(), b"x" * 600])
async def test_a_socket_whose_browser_asks_for_nonsense_reads_the_sites_language(header):
    """An Accept-Language the site cannot read, or that names no language it speaks:
    the socket opens, and its table is in the site's language."""
    room = await database_sync_to_async(playing_room)(PEOPLE)
    socket = _socket(room, [(b"accept-language", header)])
    try:
        assert (await socket.connect())[0]
        table = await _table(socket)
        assert "Round" in table
    finally:
        await socket.disconnect()
