"""The account page (/accounts/me/): the way to the player's profile, their games and a
password change."""

import pytest
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db

PASSWORD, NEW_PASSWORD = "a-Strong-pass-93", "n-Stronger-pass-17"


@pytest.fixture(autouse=True)
def _quick_hashes(settings):
    """What is shown does not depend on the hasher; Argon2 takes a good part of a second."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def ann(client):
    user = User.objects.create_user("Ann", password=PASSWORD)
    client.force_login(user)
    return user


def test_an_accounts_page_links_to_its_profile_its_games_and_a_password_change(client, ann):
    """Ann's account page links to /players/Ann/, /me/games/ and the password change."""
    page = client.get(reverse("accounts:me")).content.decode()
    for target in ("/players/Ann/", "/me/games/", "/accounts/password/"):
        assert f'href="{target}"' in page


def test_a_guests_page_has_no_account_links(client):
    """A guest has no profile, games list or password: their page offers none."""
    page = client.get(reverse("accounts:me")).content.decode()
    assert "/players/" not in page and "/accounts/password/" not in page


def change_password(client, old: str, new: str, confirmation: str | None = None):
    form = {"old_password": old, "new_password1": new, "new_password2": confirmation or new}
    return client.post(reverse("accounts:password_change"), form, follow=True)


def test_ann_changes_her_password_and_stays_logged_in(client, ann):
    """With her old password right, Ann's new one is set: she is back on her account
    page, told so, still logged in; the old password no longer logs her in."""
    response = change_password(client, PASSWORD, NEW_PASSWORD)
    assert response.redirect_chain == [(reverse("accounts:me"), 302)]
    assert "Your password has been changed." in response.content.decode()
    assert client.session["_auth_user_id"] == str(ann.pk)
    client.post(reverse("accounts:logout"))
    assert client.post(reverse("accounts:login"), {"username": "Ann", "password": PASSWORD}).status_code == 200
    assert client.post(reverse("accounts:login"), {"username": "Ann", "password": NEW_PASSWORD}).status_code == 302


@pytest.mark.parametrize(
    "old, new, confirmation, message",
    [
        ("wrong", NEW_PASSWORD, None, "Your old password was entered incorrectly"),
        (PASSWORD, NEW_PASSWORD, "something-else-42", "fields didn"),
        (PASSWORD, "12345678", None, "too common"),
    ],
)
def test_a_refused_password_change_says_why_and_changes_nothing(client, ann, old, new, confirmation, message):
    """A wrong old password, a mismatched confirmation or a weak new password each get
    their error on the page, and the password stays as it was."""
    response = change_password(client, old, new, confirmation)
    assert response.status_code == 200 and message in response.content.decode()
    ann.refresh_from_db()
    assert ann.check_password(PASSWORD)


def test_a_guest_is_asked_to_log_in_first(client):
    """The password change page sends a guest to log in, and back afterwards."""
    response = client.get(reverse("accounts:password_change"))
    assert response.status_code == 302
    assert response["Location"] == reverse("accounts:login") + "?next=/accounts/password/"
