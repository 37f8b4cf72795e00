"""Following and blocking (accounts/relations.py, and the profile's buttons): two
accounts that follow each other are friends; a block ends the follows both ways and
stands in the way of new ones; guests have no relations."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts import relations
from accounts.models import Relation

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("redis_url")]


def _accounts(*names):
    make = get_user_model().objects.create_user
    return [make(username=name, password="a long pass phrase") for name in names]


def _signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_following_both_ways_makes_friends_and_unfollowing_breaks_it():
    ada, bob = _accounts("ada", "bob")
    relations.follow(ada, bob)
    assert not relations.are_friends(ada.pk, bob.pk)
    assert relations.stand(bob, ada).followed_back and not relations.stand(bob, ada).following
    relations.follow(bob, ada)
    relations.follow(bob, ada)  # twice is once
    assert relations.are_friends(ada.pk, bob.pk)
    assert relations.friends_of(ada.pk) == {bob.pk} and relations.friends_of(bob.pk) == {ada.pk}
    assert relations.stand(ada, bob).friends
    relations.unfollow(bob, ada)
    assert not relations.are_friends(ada.pk, bob.pk)
    assert relations.friends_of(ada.pk) == set() and relations.followed_by(ada.pk) == {bob.pk}


def test_nobody_follows_or_blocks_themselves():
    (ada,) = _accounts("ada")
    for change in (relations.follow, relations.block):
        with pytest.raises(relations.RelationRefused):
            change(ada, ada)
    assert not Relation.objects.exists()


def test_a_block_ends_the_follows_both_ways_and_stands_in_the_way_of_new_ones():
    ada, bob = _accounts("ada", "bob")
    relations.follow(ada, bob)
    relations.follow(bob, ada)
    relations.block(ada, bob)
    assert not relations.are_friends(ada.pk, bob.pk)
    assert relations.followed_by(ada.pk) == set() and relations.followed_by(bob.pk) == set()
    assert relations.blocks(ada.pk, bob.pk) and not relations.blocks(bob.pk, ada.pk)
    with pytest.raises(relations.RelationRefused, match="blocked"):
        relations.follow(bob, ada)
    with pytest.raises(relations.RelationRefused):
        relations.follow(ada, bob)
    relations.unblock(ada, bob)
    relations.follow(bob, ada)
    assert relations.followed_by(bob.pk) == {ada.pk}


def test_the_profile_follows_and_blocks_and_says_how_the_two_stand():
    ada, bob = _accounts("ada", "bob")
    client = _signed_in(ada)
    page = client.get("/players/bob/").content.decode()
    assert 'data-testid="follow"' in page and 'data-testid="block"' in page
    assert client.post("/players/BOB/follow/").status_code == 302
    relations.follow(bob, ada)
    page = client.get("/players/bob/").content.decode()
    assert 'data-testid="are-friends"' in page and 'data-testid="unfollow"' in page
    client.post("/players/bob/block/")
    page = client.get("/players/bob/").content.decode()
    assert 'data-testid="unblock"' in page and 'data-testid="follow"' not in page
    assert relations.followed_by(bob.pk) == set()
    response = _signed_in(bob).post("/players/ada/follow/", follow=True)
    assert "One of you blocked the other." in response.content.decode()
    assert relations.followed_by(bob.pk) == set()
    assert 'data-testid="relation"' not in client.get("/players/ada/").content.decode()  # oneself


def test_guests_have_no_relations():
    (ada,) = _accounts("ada")
    guest = Client()
    assert 'data-testid="relation"' not in guest.get("/players/ada/").content.decode()
    response = guest.post("/players/ada/follow/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert guest.get("/me/friends/")["Location"].startswith("/accounts/login/")
    assert not Relation.objects.exists()


def test_a_relation_is_changed_by_a_post_alone_and_only_in_the_four_known_ways():
    ada, _ = _accounts("ada", "bob")
    client = _signed_in(ada)
    assert client.get("/players/bob/follow/").status_code == 405
    assert client.post("/players/bob/befriend/").status_code == 404
    assert client.post("/players/nobody/follow/").status_code == 404
    assert not Relation.objects.exists()
