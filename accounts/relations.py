"""Who follows and who blocks whom. Two accounts that follow each other are friends.

A block stands above a follow: blocking someone ends the follows between the two, both
ways, and neither can follow the other while it stands (the blocker unblocks first).
Each account has at most one relation to another (``accounts.Relation``).
"""

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext_lazy

from accounts.models import Relation, User

FOLLOW, BLOCK = Relation.Kind.FOLLOW, Relation.Kind.BLOCK
NOT_YOURSELF = gettext_lazy("That is you.")
BLOCKED = gettext_lazy("One of you blocked the other.")


class RelationRefused(Exception):
    def __init__(self, message):
        super().__init__(str(message))
        self.message = message


@dataclass(frozen=True)
class Stand:
    """How a viewer and another account stand: what the viewer's profile buttons say."""

    following: bool = False
    followed_back: bool = False
    blocking: bool = False

    @property
    def friends(self) -> bool:
        return self.following and self.followed_back


def follow(follower: User, followed: User) -> None:
    _require_other(follower, followed)
    with transaction.atomic():
        if Relation.objects.filter(_between(follower.pk, followed.pk), kind=BLOCK).exists():
            raise RelationRefused(BLOCKED)
        Relation.objects.get_or_create(follower=follower, followed=followed, defaults={"kind": FOLLOW})


def unfollow(follower: User, followed: User) -> None:
    Relation.objects.filter(follower=follower, followed=followed, kind=FOLLOW).delete()


def block(blocker: User, blocked: User) -> None:
    """``blocker`` blocks ``blocked``; the follows between them end, both ways."""
    _require_other(blocker, blocked)
    with transaction.atomic():
        Relation.objects.filter(_between(blocker.pk, blocked.pk), kind=FOLLOW).delete()
        Relation.objects.update_or_create(follower=blocker, followed=blocked, defaults={"kind": BLOCK})


def unblock(blocker: User, blocked: User) -> None:
    Relation.objects.filter(follower=blocker, followed=blocked, kind=BLOCK).delete()


def stand(viewer: User, other: User) -> Stand:
    kinds = dict(
        Relation.objects.filter(_between(viewer.pk, other.pk)).values_list("follower_id", "kind")
    )
    return Stand(
        following=kinds.get(viewer.pk) == FOLLOW,
        followed_back=kinds.get(other.pk) == FOLLOW,
        blocking=kinds.get(viewer.pk) == BLOCK,
    )


def followed_by(user_id: int) -> set[int]:
    """The accounts ``user_id`` follows."""
    return set(Relation.objects.filter(follower_id=user_id, kind=FOLLOW).values_list("followed_id", flat=True))


def followers_of(user_id: int) -> set[int]:
    """The accounts that follow ``user_id``."""
    return set(Relation.objects.filter(followed_id=user_id, kind=FOLLOW).values_list("follower_id", flat=True))


def friends_of(user_id: int) -> set[int]:
    """The accounts that ``user_id`` follows and that follow ``user_id``."""
    return followed_by(user_id) & followers_of(user_id)


def are_friends(one_id: int, other_id: int) -> bool:
    return Relation.objects.filter(_between(one_id, other_id), kind=FOLLOW).count() == 2


def blocked_by(user_id: int) -> set[int]:
    """The accounts ``user_id`` blocked."""
    return set(Relation.objects.filter(follower_id=user_id, kind=BLOCK).values_list("followed_id", flat=True))


def blocks(blocker_id: int, blocked_id: int) -> bool:
    return Relation.objects.filter(follower_id=blocker_id, followed_id=blocked_id, kind=BLOCK).exists()


def _between(one_id: int, other_id: int) -> Q:
    return Q(follower_id=one_id, followed_id=other_id) | Q(follower_id=other_id, followed_id=one_id)


def _require_other(one: User, other: User) -> None:
    if one.pk == other.pk:
        raise RelationRefused(NOT_YOURSELF)
