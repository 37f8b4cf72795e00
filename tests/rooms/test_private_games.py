"""A private room's finished game is its players' (and staff's): its seed and salt, the
room its players moved on to, its replay and its deals are shown to them only — on its
page, through its WebSocket and in what the channel layer announces — and a profile
lists it without its code to anyone else. Ann and Bea (accounts) play a private
Disunyer game to the end with bots, and Bea plays again; Zed, who never sat there,
looks on; Sam is staff."""

import re

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client
from django.urls import reverse

from accounts.identity import Player
from config.asgi import application
from rooms.actions import lifecycle
from rooms.models import Room
from rooms.push.followups import room_group
from tests.rooms.fairness_games import finished_room
from tests.rooms.helpers import ZED, client_for

pytestmark = pytest.mark.django_db(transaction=True)


def bare(html: str) -> str:
    """``html`` with its tags taken out, so a value broken up by tags is found too."""
    return re.sub(r"<[^>]+>", "", html)


def shows_seed(html: str, room: Room) -> bool:
    return any(secret in html or secret in bare(html) for secret in (room.match.seed, room.match.salt))


def shows_next_room(html: str, next_code: str) -> bool:
    return f"/rooms/{next_code}/" in html or f"room {next_code}" in bare(html)


@pytest.fixture
def people(redis_url, django_user_model):
    """Ann's and Bea's accounts as players, Zed's guest browser and Sam's, who is staff."""
    ann, bea = (django_user_model.objects.create_user(name, password=None) for name in ("Ann", "Bea"))
    sam = django_user_model.objects.create_user("Sam", password=None, is_staff=True)
    browsers = {}
    for user in (ann, bea, sam):
        browsers[user.username] = Client()
        browsers[user.username].force_login(user)
    browsers["Zed"] = client_for(ZED)
    players = [Player(name=user.username, user_id=user.pk) for user in (ann, bea)]
    return players, browsers


@pytest.fixture
def private_game(people):
    """The private game, played to the end."""
    players, _ = people
    room = finished_room("disunyer", people=players, is_public=False)
    assert room.status == Room.Status.FINISHED
    return room


def _play_again(room: Room, player: Player) -> str:
    """The code of the room ``player`` moves on to from ``room``."""
    return lifecycle.do_play_again(room.pk, player).code


def _page(browser, room: Room) -> str:
    response = browser.get(reverse("rooms:room", kwargs={"code": room.code}))
    assert response.status_code == 200
    return response.content.decode()


def _first_frame(browser, room: Room) -> str:
    """The table the room's socket sends first to the browser's session."""

    async def receive() -> str:
        cookie = f"{settings.SESSION_COOKIE_NAME}={browser.cookies[settings.SESSION_COOKIE_NAME].value}"
        headers = [(b"origin", b"http://localhost"), (b"host", b"localhost"), (b"cookie", cookie.encode())]
        comm = WebsocketCommunicator(application, f"/ws/rooms/{room.code}/", headers=headers)
        connected, _ = await comm.connect(timeout=10)
        assert connected
        frame = await comm.receive_from(timeout=10)
        await comm.disconnect()
        return frame

    return async_to_sync(receive)()


def test_an_outsider_sees_a_finished_private_game_without_its_seed_or_its_next_room(people, private_game):
    """Bea moves on to the next game. Zed opens the old room: its final table shows the
    commitment, but neither the seed nor the salt, nor the room the players moved on to,
    nor the way to the replay or the verify page — on the page and through the socket
    alike. Ann and Bea, who played, are shown all of it."""
    players, browsers = people
    room = private_game
    next_code = _play_again(room, players[1])
    for table in (_page(browsers["Zed"], room), _first_frame(browsers["Zed"], room)):
        assert 'data-testid="commitment"' in table
        assert "its seed is shown to its players only" in table
        assert not shows_seed(table, room) and not shows_next_room(table, next_code)
        assert reverse("rooms:verify", kwargs={"code": room.code}) not in table
        assert reverse("rooms:replay", kwargs={"code": room.code}) not in table
    for name in ("Ann", "Bea"):
        for table in (_page(browsers[name], room), _first_frame(browsers[name], room)):
            assert shows_seed(table, room) and shows_next_room(table, next_code)
            assert reverse("rooms:verify", kwargs={"code": room.code}) in table


def test_the_channel_layer_announces_no_seed_and_no_next_room_of_a_private_game(people, private_game):
    """When Bea moves on to the next game, the old room's group is told, with the table
    every spectator is shown: without the seed, the salt or the next room's code."""
    players, _ = people
    room = private_game

    async def announced() -> tuple[str, dict]:
        layer = get_channel_layer()
        listener = await layer.new_channel()
        await layer.group_add(room_group(room.pk), listener)
        next_code = await sync_to_async(_play_again)(room, players[1])
        heard = await layer.receive(listener)
        await layer.group_discard(room_group(room.pk), listener)
        return next_code, heard

    next_code, event = async_to_sync(announced)()
    assert event["type"] == "room.changed" and 'data-phase="over"' in event["public"]
    assert 'data-testid="next-game"' not in event["spectators"]
    assert not shows_seed(repr(event), room) and not shows_next_room(repr(event), next_code)


def test_staff_may_check_and_replay_a_private_game_an_outsider_may_not(people, private_game):
    """Sam, staff, opens the private game's verify page (with its seed) and its replay;
    Zed is refused both (403)."""
    _, browsers = people
    room = private_game
    for name, allowed in (("Sam", True), ("Zed", False)):
        verify = browsers[name].get(reverse("rooms:verify", kwargs={"code": room.code}))
        replay = browsers[name].get(reverse("rooms:replay", kwargs={"code": room.code}))
        assert (verify.status_code, replay.status_code) == ((200, 200) if allowed else (403, 403))
        assert shows_seed(verify.content.decode(), room) == allowed


def test_a_profile_lists_a_private_game_without_its_code_to_outsiders(people, private_game):
    """Ann's profile lists the private game for everyone; to a visitor who is not signed
    in and to Zed it names no code (no link to the room or its replay), and says the game
    was private. Ann, Bea (who played it) and Sam (staff) are given the links, and Ann's
    own list of games has them."""
    _, browsers = people
    room = private_game
    profile = reverse("player_profile", kwargs={"username": "Ann"})
    links = (reverse("rooms:room", kwargs={"code": room.code}), reverse("rooms:replay", kwargs={"code": room.code}))
    for viewer in (Client(), browsers["Zed"]):
        page = viewer.get(profile).content.decode()
        assert 'data-testid="game-record"' in page and 'data-testid="private-game"' in page
        assert not [link for link in links if link in page]
    for name in ("Ann", "Bea", "Sam"):
        page = browsers[name].get(profile).content.decode()
        assert all(link in page for link in links) and 'data-testid="private-game"' not in page
    own = browsers["Ann"].get(reverse("my_games")).content.decode()
    assert all(link in own for link in links)
