"""What the friends page shows an account: its friends, online or not and at which
public tables; the people it follows who have yet to follow it back, and those who
follow it whom it has yet to follow; and the people it blocked. A private room is
never shown (``rooms.store.online`` never holds one, and the rooms read here are public
ones only). A blocked account is nobody's friend.
"""

from dataclasses import dataclass, field

from accounts import relations
from accounts.models import User
from rooms.models import Room
from rooms.store import online

OPEN = (Room.Status.WAITING, Room.Status.PLAYING)


@dataclass(frozen=True)
class Friend:
    user_id: int
    name: str
    online: bool = False
    tables: list[Room] = field(default_factory=list)


@dataclass(frozen=True)
class Standing:
    friends: list[Friend]
    following: list[str]  # the names of those who have yet to follow back
    followers: list[str]  # the names of those it has yet to follow back
    blocked: list[str]


def standing_of(user_id: int) -> Standing:
    following, followers = relations.followed_by(user_id), relations.followers_of(user_id)
    friend_ids = following & followers
    blocked = relations.blocked_by(user_id)
    everyone = following | followers | blocked
    names = dict(User.objects.filter(pk__in=everyone, is_active=True).values_list("pk", "username"))
    present = online.of(sorted(friend_ids & names.keys()))
    rooms = public_rooms({room_id for room_ids in present.values() for room_id in room_ids})
    friends = [
        Friend(friend_id, names[friend_id], friend_id in present,
               [rooms[room_id] for room_id in sorted(present.get(friend_id, ())) if room_id in rooms])
        for friend_id in friend_ids & names.keys()
    ]
    friends.sort(key=lambda friend: (not friend.online, friend.name.lower()))
    return Standing(
        friends=friends,
        following=_names(following - friend_ids, names),
        followers=_names(followers - friend_ids, names),
        blocked=_names(blocked, names),
    )


def _names(user_ids: set[int], names: dict[int, str]) -> list[str]:
    return sorted((names[user] for user in user_ids if user in names), key=str.lower)


def public_rooms(room_ids: set[int]) -> dict[int, Room]:
    """The rooms among ``room_ids`` that are public and waiting or playing."""
    if not room_ids:
        return {}
    return {room.pk: room for room in Room.objects.filter(pk__in=room_ids, is_public=True, status__in=OPEN)}


def online_friends(user_id: int) -> list[Friend]:
    """The friends of ``user_id`` with a page of the site open (the room page's invite list)."""
    friend_ids = relations.friends_of(user_id)
    present = online.of(sorted(friend_ids))
    names = dict(User.objects.filter(pk__in=present.keys(), is_active=True).values_list("pk", "username"))
    return sorted((Friend(user, name, online=True) for user, name in names.items()), key=lambda f: f.name.lower())
