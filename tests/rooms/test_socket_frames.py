"""Frames that break the WebSocket protocol, sent to the site under uvicorn (issue #36,
item 7): they close the socket, no traceback is logged, nothing is sent on the closed
socket and it leaves nothing behind. A Host header the site does not serve is logged
as a line, not a traceback.

uvicorn runs the site in a thread of this process, as bin/web runs it (the same
WebSocket implementation and options), on a listening socket whose connections have a
small send buffer, as over a slow network: what the site writes to a client that does
not read waits in uvicorn's own buffer, and a socket uvicorn closes is not lost until
that buffer empties (Zed watches)."""

import asyncio
import base64
import json
import logging
import os
import socket
import struct
import threading
import time
from types import SimpleNamespace

import pytest
import uvicorn
from channels.layers import get_channel_layer
from django.test import Client

from config.asgi import application
from rooms.push.followups import room_group
from rooms.push.layerwire import group_channel
from rooms.store import presence
from tests.rooms import test_consumers
from tests.waits import wait_until

pytestmark = pytest.mark.django_db(transaction=True)

table = test_consumers.table

TEXT, RESERVED = 0x1, 0x3
SEND_BUFFER = 4096


@pytest.fixture
def served(transactional_db, redis_url):
    """The site under uvicorn, with bin/web's WebSocket options; its port and event loop."""
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)  # its connections inherit it
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    config = uvicorn.Config(
        application, lifespan="off", log_config=None, proxy_headers=False, ws_per_message_deflate=False,
        ws_max_size=65536,
    )
    server = uvicorn.Server(config)
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_until_complete, args=(server.serve(sockets=[listener]),), daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    yield SimpleNamespace(port=listener.getsockname()[1], loop=loop)
    server.should_exit = True
    thread.join(10)
    loop.close()


def _frame(opcode: int, payload: bytes) -> bytes:
    """A client's frame (masked, as the protocol requires)."""
    mask = os.urandom(4)
    masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
    assert len(payload) < 126
    length = struct.pack("!B", 0x80 | len(payload))
    return struct.pack("!B", 0x80 | opcode) + length + mask + masked


def _open(port: int, code: str, session: str | None) -> socket.socket:
    """A client that reads nothing but the handshake's answer, with a small receive buffer."""
    client = socket.socket()
    client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    client.connect(("127.0.0.1", port))
    cookie = f"Cookie: sessionid={session}\r\n" if session else ""
    client.sendall(
        f"GET /ws/rooms/{code}/ HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}\r\n"
        f"Sec-WebSocket-Version: 13\r\n{cookie}\r\n".encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += client.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return client


def _act(version: int) -> bytes:
    return json.dumps({"kind": "act", "action": json.dumps({"type": "keep"}), "version": version}).encode()


def _left_behind(served, room_id: int) -> tuple[dict, dict]:
    """The channels, and the members of the room's group, that the server's layer holds."""
    layer = get_channel_layer()._layers[served.loop]
    return layer.channels, layer.groups.get(group_channel(room_group(room_id)), set())


def _until_nothing_is_left(served, room_id: int) -> None:
    deadline = time.monotonic() + 10
    while any(_left_behind(served, room_id)):
        assert time.monotonic() < deadline, f"left behind: {_left_behind(served, room_id)}"
        time.sleep(0.05)


def _tracebacks(caplog) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.exc_info]


def test_a_reserved_opcode_while_a_refused_move_is_answered_sends_nothing_more(served, table, caplog):
    """Zed's browser reads slowly; he sends moves (refused: he watches), and a frame with
    a reserved opcode while the last one is being answered. uvicorn closes the socket;
    the answer to that move is not sent on it (uvicorn would raise "Unexpected ASGI
    message 'websocket.send', after sending 'websocket.close'"), nothing is logged with
    a traceback, and the socket leaves nothing behind."""
    zed = _open(served.port, table.code, table.zed)
    for _ in range(20):  # each answered with a toast and the table again, which pile up
        zed.sendall(_frame(TEXT, _act(table.version)))
    time.sleep(1)
    zed.sendall(_frame(TEXT, _act(table.version)))
    time.sleep(0.001)
    zed.sendall(_frame(RESERVED, b"x"))
    time.sleep(1)
    zed.close()
    _until_nothing_is_left(served, table.room.pk)
    assert _tracebacks(caplog) == []


def test_a_text_frame_that_is_not_utf8_closes_the_socket_with_a_line_logged(served, table, caplog):
    """Zed sends a text frame that is not UTF-8: uvicorn closes the socket and logs one
    line for it, without a traceback, and the socket leaves nothing behind."""
    with caplog.at_level(logging.INFO, logger="uvicorn.error"):
        zed = _open(served.port, table.code, table.zed)
        wait_until(lambda: presence.current(table.room.pk).spectators == 1, 10, "Zed watches")
        zed.sendall(_frame(TEXT, b"\xff\xfe{"))
        wait_until(lambda: any("Invalid UTF-8" in record.getMessage() for record in caplog.records), 10,
                   "uvicorn logs the frame")
        zed.close()
        _until_nothing_is_left(served, table.room.pk)
    assert _tracebacks(caplog) == []


def test_a_host_header_the_site_does_not_serve_is_logged_as_a_line(caplog):
    """A request whose Host header the site does not serve (not a name, another site,
    empty) answers 400 and logs one line each, without a traceback."""
    for host in ("evil..host", "evil.example", "[zz]:80", ""):
        assert Client().get("/", HTTP_HOST=host).status_code == 400
    lines = [record for record in caplog.records if record.name == "django.security.DisallowedHost"]
    assert len(lines) == 4 and not any(record.exc_info for record in lines)
