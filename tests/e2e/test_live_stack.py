"""The real stack: a WebSocket through uvicorn, with Redis, the worker and beat up."""

import json
import re

import pytest
from playwright.sync_api import expect
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect


def test_a_websocket_connects_through_the_asgi_server_and_receives_the_table(new_page, live_site):
    page = new_page("/rooms/new/disunyer/")
    page.get_by_test_id("create-room").click()
    expect(page).to_have_url(re.compile(r"/rooms/[A-Z]{4}/$"))
    code = page.url.rstrip("/").rsplit("/", 1)[1]
    ws_url = live_site.replace("http://", "ws://") + f"/ws/rooms/{code}/"
    with connect(ws_url, origin=live_site, open_timeout=10) as socket:
        first = socket.recv(timeout=10)
        assert 'id="table-public"' in first and code in first
        socket.send(json.dumps({"kind": "act", "action": '{"type": "keep"}', "version": 1}))
        assert "not being played" in next_toast(socket)
        socket.send("{not json")
        assert "not valid JSON" in next_toast(socket)


def next_toast(socket) -> str:
    while 'class="toast"' not in (message := socket.recv(timeout=10)):
        pass
    return message


def test_an_unknown_room_refuses_the_websocket(live_site):
    ws_url = live_site.replace("http://", "ws://") + "/ws/rooms/ZZZZ/"
    with pytest.raises(InvalidStatus, match="403"):
        connect(ws_url, origin=live_site, open_timeout=10)


def test_a_websocket_from_another_site_is_refused(live_site):
    ws_url = live_site.replace("http://", "ws://") + "/ws/rooms/ZZZZ/"
    with pytest.raises(InvalidStatus, match="403"):
        connect(ws_url, origin="https://evil.example", open_timeout=10)
