"""The real stack: a WebSocket through uvicorn, with Redis, the worker and beat up."""

import html
import json
import re

import pytest
from playwright.sync_api import expect
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect


def _new_room(new_page) -> str:
    page = new_page("/rooms/new/disunyer/")
    page.get_by_test_id("create-room").click()
    expect(page).to_have_url(re.compile(r"/rooms/[A-Z]{4}/$"))
    return page.url.rstrip("/").rsplit("/", 1)[1]


def test_a_websocket_connects_through_the_asgi_server_and_receives_the_table(new_page, live_site):
    code = _new_room(new_page)
    ws_url = live_site.replace("http://", "ws://") + f"/ws/rooms/{code}/"
    with connect(ws_url, origin=live_site, open_timeout=10) as socket:
        first = socket.recv(timeout=10)
        assert 'id="table-public"' in first and code in first
        socket.send(json.dumps({"kind": "act", "action": '{"type": "keep"}', "version": 1}))
        assert "not being played" in next_toast(socket)
        socket.send("{not json")
        assert "not valid JSON" in next_toast(socket)
        socket.send("[" * 1000)
        assert "not valid JSON" in next_toast(socket)
        socket.send('{"kind": "act", "action": "{\\"type\\": \\"keep\\"}", "version": 1e999}')
        assert "not valid JSON" in next_toast(socket)
        socket.send(json.dumps({"kind": "sync"}))  # nothing newer than the table it has: no answer
        socket.send(json.dumps({"kind": "react", "emoji": "💩"}))
        answer = socket.recv(timeout=10)
        assert "can't send that here" in html.unescape(answer), "the sync was answered, or the socket closed"


def next_toast(socket) -> str:
    while 'class="toast"' not in (message := socket.recv(timeout=10)):
        pass
    return message


def test_an_unknown_room_refuses_the_websocket(live_site):
    ws_url = live_site.replace("http://", "ws://") + "/ws/rooms/ZZZZ/"
    with pytest.raises(InvalidStatus, match="403"):
        connect(ws_url, origin=live_site, open_timeout=10)


def test_a_websocket_from_any_other_origin_is_refused(new_page, live_site):
    """Ann's room is real and her page's origin opens its socket through uvicorn; the
    same host on another port, the same host over https, and another site are refused
    (403): only scheme, host and port all equal are the site's own origin."""
    code = _new_room(new_page)
    ws_url = live_site.replace("http://", "ws://") + f"/ws/rooms/{code}/"
    with connect(ws_url, origin=live_site, open_timeout=10) as socket:
        assert 'id="table-public"' in socket.recv(timeout=10)
    port = int(live_site.rsplit(":", 1)[1])
    for origin in (f"http://127.0.0.1:{port + 1}", live_site.replace("http://", "https://"), "https://evil.example"):
        with pytest.raises(InvalidStatus, match="403"):
            connect(ws_url, origin=origin, open_timeout=10)
