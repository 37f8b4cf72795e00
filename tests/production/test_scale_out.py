"""Scale-out, shown: bin/serve with two web processes (two ports) and two workers per
queue, one beat, one database and one Redis. A Disunyer table has eight sockets, four
through each web process: its two players Ann and Bea (one socket on each process
each) and four spectators. Ann, Bea and six bots play a whole game."""

import html
import json
import os
import re
import signal
import threading
import time
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar

import pytest
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.protocol import State
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from tests.production.conftest import wait_until

pytestmark = pytest.mark.e2e

GAME_SECONDS = 180
WAIT_SECONDS = 60
PUBLIC_VERSION = re.compile(r'<section id="table-public"[^>]*\bdata-version="(\d+)"')
PRIVATE_VERSION = re.compile(r'<section id="table-private"[^>]*\bdata-version="(\d+)"')
ACTION = re.compile(r'name="action" value="([^"]*)"')
TOAST = 'class="toast"'


class Guest:
    """A person's browser session over plain HTTP: its cookies and CSRF token."""

    def __init__(self, name: str):
        self.name = name
        self.cookies = CookieJar()
        self._opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    def get(self, url: str) -> str:
        with self._opener.open(url, timeout=30) as response:
            return response.url

    def post(self, url: str, **fields: str) -> str:
        """Submit a form; the URL it leads to. Every page sets the CSRF cookie (a cookie
        is for a host, whatever its port: one session through both processes)."""
        if not self._csrf_token():
            self.get(urllib.parse.urljoin(url, "/"))
        data = urllib.parse.urlencode({"csrfmiddlewaretoken": self._csrf_token(), **fields}).encode()
        with self._opener.open(url, data=data, timeout=30) as response:
            return response.url

    def _csrf_token(self) -> str | None:
        return next((cookie.value for cookie in self.cookies if cookie.name == "csrftoken"), None)

    def cookie_header(self) -> str:
        return "; ".join(f"{cookie.name}={cookie.value}" for cookie in self.cookies)


class Socket:
    """One WebSocket of a guest's on a room through one web process. A thread reads
    every frame; ``connections`` holds the table versions seen on each connection."""

    def __init__(self, guest: Guest, base_url: str, code: str):
        self.guest = guest
        self.base_url = base_url
        self._ws_url = base_url.replace("http://", "ws://") + f"/ws/rooms/{code}/"
        self.frames: list[str] = []
        self.connections: list[list[int]] = []
        self._socket: ClientConnection
        self.connect()

    def __repr__(self):
        return f"{self.guest.name}'s socket through {self.base_url}"

    def connect(self) -> None:
        self._socket = connect(
            self._ws_url, origin=Origin(self.base_url), additional_headers={"Cookie": self.guest.cookie_header()},
            open_timeout=10, legacy=True,
        )
        versions: list[int] = []
        self.connections.append(versions)
        threading.Thread(target=self._read, args=(self._socket, versions), daemon=True).start()

    def _read(self, socket, versions: list[int]) -> None:
        try:
            for frame in socket:
                self.frames.append(frame)
                if match := PUBLIC_VERSION.search(frame):
                    versions.append(int(match.group(1)))
        except ConnectionClosed:
            pass

    @property
    def connected(self) -> bool:
        return self._socket.state is State.OPEN

    @property
    def last_version(self) -> int | None:
        versions = self.connections[-1]
        return versions[-1] if versions else None

    def offer(self) -> tuple[int, str] | None:
        """The version and first move of the newest table this socket was sent, if it offers a move."""
        for frame in reversed(self.frames):
            if match := PRIVATE_VERSION.search(frame):
                action = ACTION.search(frame, match.end())
                return (int(match.group(1)), html.unescape(action.group(1))) if action else None
        return None

    def toasts(self) -> int:
        return sum(TOAST in frame for frame in self.frames)

    def act(self, version: int, action: str) -> None:
        self._socket.send(json.dumps({"kind": "act", "action": action, "version": version}))

    def close(self) -> None:
        self._socket.close()


class Table:
    """The room's rows in the site's database."""

    def __init__(self, database, code: str):
        self.database = database
        self.room_id = database.value("SELECT id FROM rooms_room WHERE code = %s", code)

    def version_and_status(self) -> tuple[int, str]:
        return tuple(self.database.rows("SELECT version, status FROM rooms_room WHERE id = %s", self.room_id)[0])

    def player_moves(self) -> int:
        return self.database.value(
            "SELECT COUNT(*) FROM rooms_matchaction a JOIN rooms_match m ON m.id = a.match_id"
            " WHERE m.room_id = %s AND a.source = 'player'", self.room_id,
        )

    def actions_and_moves(self) -> tuple[int, int, int]:
        """How many actions are recorded, their highest number, and the match's move count."""
        return tuple(self.database.rows(
            "SELECT COUNT(a.id), MAX(a.number), MAX(m.moves) FROM rooms_match m"
            " LEFT JOIN rooms_matchaction a ON a.match_id = m.id WHERE m.room_id = %s", self.room_id,
        )[0])


class Player:
    """Ann or Bea: a guest with a socket through each web process, who plays the first
    move offered, through each process in turn."""

    def __init__(self, guest: Guest, sockets: list[Socket]):
        self.guest = guest
        self.sockets = sockets
        self.acted_at = 0
        self._turns = 0

    def offer(self) -> tuple[int, str] | None:
        offers = [offer for socket in self.sockets if socket.connected and (offer := socket.offer())]
        newest = max(offers, default=None)
        return newest if newest and newest[0] > self.acted_at else None

    def act(self, version: int, action: str) -> None:
        connected = [socket for socket in self.sockets if socket.connected]
        self._turns += 1
        connected[self._turns % len(connected)].act(version, action)
        self.acted_at = version


def _start_table(urls: list[str]):
    """Ann creates the room through one process; Bea joins through the other; eight
    sockets connect, four through each. Ann's session, the two players, every socket
    and the room's code."""
    a, b = urls
    ann, bea = Guest("Ann"), Guest("Bea")
    code = ann.post(f"{a}/rooms/new/disunyer/", mode="standard", is_public="1", bot_level="easy").rstrip("/")[-4:]
    bea.post(f"{b}/rooms/{code}/join/")
    spectators = [Guest(name) for name in ("Cy", "Dee", "Eve", "Fay")]
    for spectator, url in zip(spectators, (a, a, b, b), strict=True):
        spectator.get(f"{url}/rooms/{code}/")
    players = [Player(guest, [Socket(guest, a, code), Socket(guest, b, code)]) for guest in (ann, bea)]
    sockets = [s for player in players for s in player.sockets]
    sockets += [Socket(spectator, url, code) for spectator, url in zip(spectators, (a, a, b, b), strict=True)]
    wait_until(lambda: all(s.last_version for s in sockets), WAIT_SECONDS, "every socket is sent the table")
    return ann, players, sockets, code


def _missing_and_backwards(versions: list[int]) -> tuple[list[int], bool]:
    """The versions a connection skipped between its first and its last, and whether
    it was ever sent an older table after a newer one."""
    missing = sorted(set(range(versions[0], versions[-1] + 1)) - set(versions)) if versions else []
    return missing, any(later < earlier for earlier, later in zip(versions, versions[1:]))


def test_two_web_processes_and_two_sets_of_workers_serve_one_table_whole(scaled_out_site):
    """Every socket sees every version of the whole game, in order (a version may come
    twice, after a change of who is watching). The first move Ann or Bea makes is sent
    through both processes at once: it applies once, and one socket gets a refusal.
    When web process A is SIGKILLed at a player's turn, supervisord restarts it, and
    its four sockets reconnect and are sent the current table. Supervisord started no
    Redis, since one answered."""
    site = scaled_out_site
    assert site.processes()["redis"]["statename"] == "STOPPED"
    ann, players, sockets, code = _start_table(site.urls)
    try:
        _play_the_whole_game(site, ann, players, sockets, code)
    finally:
        for socket in sockets:
            socket.close()


def _play_the_whole_game(site, ann, players, sockets, code):
    a, b = site.urls
    table = Table(site.database, code)
    for url in (a, b, a, b, a, b):  # the sixth bot fills the table: the game starts
        ann.post(f"{url}/rooms/{code}/bots/add/", level="easy")
    assert table.version_and_status()[1] == "playing"
    _play_until_the_end(site, table, players, sockets)
    final, _ = table.version_and_status()
    wait_until(lambda: all(s.last_version == final for s in sockets), WAIT_SECONDS,
               f"every socket is sent the final table (version {final})")
    count, highest, moves = table.actions_and_moves()
    assert count == highest == moves, "every move is recorded once, numbered 1, 2, 3…"
    _assert_every_socket_saw_every_version_in_order(sockets, final)
    for socket in sockets:
        if socket.base_url == b:
            assert len(socket.connections) == 1, f"{socket} stayed connected"


def _play_until_the_end(site, table, players, sockets):
    """The players play; the first player's turn is for sending one move twice, the
    second for the SIGKILL."""
    checks = iter([_a_move_through_both_processes_applies_once, _web_process_a_is_killed_and_heals])
    deadline = time.monotonic() + GAME_SECONDS
    while table.version_and_status()[1] != "finished":
        assert time.monotonic() < deadline, f"The game did not end within {GAME_SECONDS} s."
        for player in players:
            if offer := player.offer():
                check = next(checks, None)
                if check is not None:
                    check(site, table, player, sockets, offer)
                else:
                    player.act(*offer)
        time.sleep(0.05)
    for check in checks:  # no player's turn came for it: after the game, then
        check(site, table, None, sockets, None)


def _assert_every_socket_saw_every_version_in_order(sockets, final):
    problems = {}
    for socket in sockets:
        for number, versions in enumerate(socket.connections, start=1):
            missing, backwards = _missing_and_backwards(versions)
            if missing or backwards:
                problems[f"{socket}, connection {number}"] = {"missing": missing, "went backwards": backwards}
    assert not problems, f"Not every socket saw each version up to {final} in order: {problems}"


def _a_move_through_both_processes_applies_once(site, table, player, sockets, offer):
    """The player's move, sent through both web processes at once."""
    assert player is not None, "a player's turn came during the game"
    version, action = offer
    moves, toasts = table.player_moves(), sum(s.toasts() for s in player.sockets)
    for socket in player.sockets:  # one through each web process, at once
        socket.act(version, action)
    player.acted_at = version
    wait_until(lambda: sum(s.toasts() for s in player.sockets) > toasts, WAIT_SECONDS, "one send is refused")
    time.sleep(1)  # time for a second application, were there one
    assert table.player_moves() == moves + 1
    assert sum(s.toasts() for s in player.sockets) == toasts + 1


def _web_process_a_is_killed_and_heals(site, table, player, sockets, offer):
    """At a player's turn (the game waits for them, for up to its 10-second clock)."""
    name = f"web:web-{site.ports[0]}"
    cut_off = [socket for socket in sockets if socket.base_url == site.urls[0]]
    old = site.pid(name)
    killed_at = time.monotonic()
    os.kill(old, signal.SIGKILL)
    wait_until(lambda: not any(s.connected for s in cut_off), WAIT_SECONDS, "web process A's sockets drop")
    wait_until(lambda: site.running_pid_other_than(name, old), WAIT_SECONDS, "supervisord restarts web process A")
    for socket in cut_off:
        current = wait_until(lambda socket=socket: _reconnect(socket, table), WAIT_SECONDS, f"{socket} reconnects")
        wait_until(lambda socket=socket: socket.last_version, WAIT_SECONDS, f"{socket} is sent the table")
        assert socket.last_version >= current, f"{socket} is sent the current table"
    print(f"\nWeb process A SIGKILLed: its 4 sockets were whole again after {time.monotonic() - killed_at:.1f} s")


def _reconnect(socket: Socket, table: Table) -> int | None:
    """The room's version just before ``socket`` connected again, or None while it cannot."""
    current, _ = table.version_and_status()
    try:
        socket.connect()
    except (OSError, InvalidHandshake):
        return None
    return current
