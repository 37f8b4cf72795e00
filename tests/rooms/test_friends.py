"""Friends at the tables: friends see each other online and the public table each is
at, never a private one; a blocked account sees nothing of its blocker, cannot sit at a
table the blocker hosts, and neither can invite the other; invites go to friends alone,
from a seat at a waiting table, at a bounded rate."""

import html

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth import get_user_model
from django.template.loader import render_to_string
from django.test import Client

from accounts import relations
from accounts.identity import Player
from rooms.actions import seating
from rooms.chat.lines import Line
from rooms.club import invites
from rooms.club.standing import standing_of
from rooms.errors import RoomError
from rooms.models import Room
from rooms.store import online
from tests.rooms.helpers import ANN, create
from tests.rooms.test_chat import XSS

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("redis_url")]


def _accounts(*names):
    make = get_user_model().objects.create_user
    return [make(username=name, password="a long pass phrase") for name in names]


def _player(user) -> Player:
    return Player(name=user.username, user_id=user.pk)


def _friends(one, other):
    relations.follow(one, other)
    relations.follow(other, one)


def _page_open(user, room=None, channel="page-1"):
    async_to_sync(online.touch)(user.pk, channel, room.pk if room is not None else None)


def test_a_friend_with_a_page_open_is_online_at_the_public_table_that_page_shows():
    ada, bob, cid = _accounts("ada", "bob", "cid")
    _friends(ada, bob)
    relations.follow(ada, cid)
    table = create(_player(bob))
    _page_open(bob, table)
    _page_open(bob, channel="page-2")
    (friend,) = standing_of(ada.pk).friends
    assert (friend.name, friend.online, [room.code for room in friend.tables]) == ("bob", True, [table.code])
    assert standing_of(ada.pk).following == ["cid"]
    assert standing_of(cid.pk).followers == ["ada"]
    response = _signed_in(cid).post("/players/ada/follow/", {"next": "/me/friends/"})  # "Follow back"
    assert response["Location"] == "/me/friends/" and standing_of(cid.pk).friends[0].name == "ada"
    page = _signed_in(ada).get("/me/friends/").content.decode()
    assert 'data-testid="online"' in page and f"/rooms/{table.code}/" in page
    async_to_sync(online.leave)(bob.pk, "page-1", table.pk)
    async_to_sync(online.leave)(bob.pk, "page-2", None)
    assert standing_of(ada.pk).friends[0].online is False


def test_a_private_room_is_never_shown_and_a_closed_one_is_gone():
    ada, bob = _accounts("ada", "bob")
    _friends(ada, bob)
    private = create(_player(bob), is_public=False)
    _page_open(bob, private)  # the site socket never records one; here it would be read past
    assert standing_of(ada.pk).friends[0].tables == []
    public = create(_player(bob))
    _page_open(bob, public, channel="page-2")
    Room.objects.filter(pk=public.pk).update(status=Room.Status.CLOSED)
    friend = standing_of(ada.pk).friends[0]
    assert friend.online and friend.tables == []
    assert private.code not in _signed_in(ada).get("/me/friends/").content.decode()


def test_a_blocked_account_sees_nothing_of_its_blocker():
    ada, bob = _accounts("ada", "bob")
    _friends(ada, bob)
    _page_open(ada, create(_player(ada)))
    relations.block(ada, bob)
    seen_by_bob = standing_of(bob.pk)
    assert seen_by_bob.friends == [] and seen_by_bob.following == [] and seen_by_bob.blocked == []
    assert "ada" not in _signed_in(bob).get("/me/friends/").content.decode().split("<main", 1)[1]
    assert standing_of(ada.pk).blocked == ["bob"]
    page = _signed_in(ada).get("/me/friends/").content.decode()
    assert 'data-testid="blocked"' in page and "/players/bob/unblock/" in page


def test_the_friends_page_unblocks():
    ada, bob = _accounts("ada", "bob")
    relations.block(ada, bob)
    response = _signed_in(ada).post("/players/bob/unblock/", {"next": "/me/friends/"})
    assert response["Location"] == "/me/friends/"
    assert not relations.blocks(ada.pk, bob.pk)


def test_a_blocked_account_cannot_sit_at_a_table_its_blocker_hosts():
    ada, bob, cid = _accounts("ada", "bob", "cid")
    relations.block(ada, bob)
    table = create(_player(ada))
    with pytest.raises(RoomError, match="The host of this table has blocked you"):
        seating.do_join(table.pk, _player(bob))
    assert [seat.user_id for seat in table.seats.all() if seat.user_id] == [ada.pk]
    seating.do_join(table.pk, _player(cid))  # anyone else sits
    bobs_table = create(_player(bob))
    seating.do_join(bobs_table.pk, _player(ada))  # the blocker may sit at the blocked one's
    guests_table = create(ANN)
    seating.do_join(guests_table.pk, _player(bob))


def test_a_guests_seat_at_a_blockers_table_is_not_handed_to_the_blocked_account():
    ada, bob = _accounts("ada", "bob")
    relations.block(ada, bob)
    table = create(_player(ada))
    seating.do_join(table.pk, ANN)
    (kept,) = seating.adopt_guest_seats(ANN.guest_id, bob)
    assert "stays with your guest name, Ann" in kept and "has blocked you" in kept
    assert table.seats.filter(user=bob).count() == 0


def test_a_blocked_account_is_refused_through_the_rooms_join_button():
    ada, bob = _accounts("ada", "bob")
    relations.block(ada, bob)
    table = create(_player(ada))
    response = _signed_in(bob).post(f"/rooms/{table.code}/join/", follow=True)
    assert "The host of this table has blocked you" in response.content.decode()


def test_an_invite_goes_to_a_friend_from_a_seat_at_a_waiting_table_and_waits_to_be_answered():
    ada, bob = _accounts("ada", "bob")
    _friends(ada, bob)
    table = create(_player(ada), is_public=False)
    sent = invites.invite(_player(ada), table.pk, bob.pk)
    assert (sent.inviter, sent.code) == ("ada", table.code)
    assert [invite.id for invite in invites.pending(bob.pk)] == [sent.id]
    page = _signed_in(bob).get("/me/friends/").content.decode()
    assert 'data-testid="pending-invites"' in page and f"/rooms/{table.code}/" in page  # a private room's link
    _signed_in(bob).post(f"/me/friends/invites/{sent.id}/dismiss/")
    assert invites.pending(bob.pk) == []
    invites.invite(_player(ada), table.pk, bob.pk)
    Room.objects.filter(pk=table.pk).update(status=Room.Status.PLAYING)
    assert invites.pending(bob.pk) == []  # the table started


@pytest.mark.parametrize(
    "case, refusal",
    [
        ("a stranger", "only friends"),
        ("a blocker", "only friends"),
        ("the blocked one", "only friends"),
        ("a guest inviting", "Guests cannot invite"),
        ("oneself", "cannot invite yourself"),
        ("not seated", "Take a seat"),
        ("a started table", "has started"),
    ],
)
def test_an_invite_is_refused(case, refusal):
    ada, bob, cid = _accounts("ada", "bob", "cid")
    _friends(ada, bob)
    table = create(_player(ada))
    inviter, friend_id = _player(ada), bob.pk
    match case:
        case "a stranger":
            friend_id = cid.pk
        case "a blocker":
            relations.block(bob, ada)
        case "the blocked one":
            relations.block(ada, bob)
        case "a guest inviting":
            inviter = ANN
            seating.do_join(table.pk, ANN)
        case "oneself":
            friend_id = ada.pk
        case "not seated":
            table = create(_player(cid))
        case "a started table":
            Room.objects.filter(pk=table.pk).update(status=Room.Status.PLAYING)
    with pytest.raises(RoomError, match=refusal):
        invites.invite(inviter, table.pk, friend_id)
    assert invites.pending(friend_id) == []


def test_too_many_invites_in_a_minute_are_refused():
    ada, bob = _accounts("ada", "bob")
    _friends(ada, bob)
    table = create(_player(ada))
    for _ in range(invites.MOST_PER_MINUTE):
        invites.invite(_player(ada), table.pk, bob.pk)
    with pytest.raises(RoomError, match="a lot of invites"):
        invites.invite(_player(ada), table.pk, bob.pk)
    assert len(invites.pending(bob.pk)) == invites.MOST_PER_MINUTE


def _signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("name", XSS)
def test_an_invite_card_and_a_block_button_show_a_name_as_text(name):
    invite = invites.Invite("a1", name, 1, "ABCD", "disunyer", 0.0)
    card = render_to_string("rooms/_invite_pushed.html", {"invite": invite})
    assert "<script" not in card and "<img" not in card and "<svg" not in card and "evil.example\">" not in card
    assert html.escape(name, quote=False) in card.replace("&#x27;", "'").replace("&quot;", '"')
    line = Line(id=1, channel="players", name=name, text="hi", phrase="", author="user:2")
    shown = render_to_string("rooms/_chat_line.html", {"line": line, "viewer": "user:1"})
    assert 'data-testid="chat-block"' in shown and "<script" not in shown and "<img" not in shown
