import pytest
from django.conf import settings
from django.urls import reverse

from accounts.identity import GUEST_ID_KEY, GUEST_NAME_KEY
from accounts.models import User

pytestmark = pytest.mark.django_db


def signup(client, username, password="a-Strong-pass-93"):
    return client.post(reverse("accounts:signup"), {"username": username, "password1": password, "password2": password})


def test_argon2_is_the_first_password_hasher():
    """Passwords are hashed with Argon2."""
    assert settings.PASSWORD_HASHERS[0].endswith("Argon2PasswordHasher")


def test_a_visitor_plays_as_a_guest_with_a_name_in_the_session(client):
    """A first visit makes a guest name, shown in the header, kept in the session."""
    page = client.get("/")
    name = client.session[GUEST_NAME_KEY]
    assert name.startswith("Guest-")
    assert name in page.content.decode()
    assert client.session[GUEST_ID_KEY]


def test_a_guest_changes_their_name(client):
    """The new name is kept in the session and shown."""
    client.get("/")
    response = client.post(reverse("accounts:guest_name"), {"name": "  Ann   the  Bold ", "next": "/"}, follow=True)
    assert client.session[GUEST_NAME_KEY] == "Ann the Bold"
    assert "Ann the Bold" in response.content.decode()


@pytest.mark.parametrize(
    "name, message",
    [("", "Enter a name."), ("A", "at least 2"), ("x" * 25, "at most 24"), ("Bad\x07", "control characters")],
)
def test_a_bad_guest_name_is_refused_and_nothing_changes(client, name, message):
    """A clear error; the name stays what it was."""
    client.get("/")
    before = client.session[GUEST_NAME_KEY]
    response = client.post(reverse("accounts:guest_name"), {"name": name}, follow=True)
    assert message in response.content.decode()
    assert client.session[GUEST_NAME_KEY] == before


def test_a_guest_name_change_never_redirects_off_site(client):
    """The `next` field cannot send anyone to another site."""
    response = client.post(reverse("accounts:guest_name"), {"name": "Bea", "next": "https://evil.example/"})
    assert response["Location"] == "/"


def test_sign_up_logs_in_with_a_new_session_key(client):
    """Signing up creates the account, logs in and cycles the session key."""
    client.get("/")
    old_key = client.session.session_key
    response = signup(client, "Ann_93")
    assert response.status_code == 302
    assert User.objects.get(username="Ann_93").password.startswith("argon2")
    assert client.session.session_key != old_key
    assert "Ann_93" in client.get("/").content.decode()


@pytest.mark.parametrize(
    "username, message",
    [
        ("ab", "at least 3 characters"),
        ("a" * 21, "at most 20 characters"),
        ("ann smith", "letters, digits, underscores"),
        ("añn", "letters, digits, underscores"),
        ("Admin", "reserved"),
        ("bot", "reserved"),
    ],
)
def test_bad_usernames_are_refused_with_a_clear_error(client, username, message):
    """Each username rule has its own message, and no account is made."""
    response = signup(client, username)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not User.objects.exists()


def test_usernames_are_unique_whatever_their_case(client):
    """'ann' is taken once 'Ann' exists."""
    User.objects.create_user("Ann", password="x-Strong-pass-1")
    response = signup(client, "ann")
    assert "That username is taken" in response.content.decode()
    assert User.objects.count() == 1


def test_a_weak_or_mismatched_password_is_refused(client):
    response = client.post(reverse("accounts:signup"), {"username": "Bea", "password1": "123", "password2": "124"})
    assert "didn’t match" in response.content.decode() or "didn't match" in response.content.decode()
    assert not User.objects.exists()


def test_log_in_and_log_out(client):
    User.objects.create_user("Carl", password="c-Strong-pass-7")
    response = client.post(reverse("accounts:login"), {"username": "carl", "password": "c-Strong-pass-7"})
    assert response.status_code == 302
    assert "Carl" in client.get("/").content.decode()
    client.post(reverse("accounts:logout"))
    assert "Log in" in client.get("/").content.decode()


def test_a_bad_password_gets_a_clear_error(client):
    User.objects.create_user("Dan", password="d-Strong-pass-7")
    response = client.post(reverse("accounts:login"), {"username": "Dan", "password": "wrong"})
    assert "do not match an account" in response.content.decode()


def test_failed_logins_are_throttled(client):
    """After AXES_FAILURE_LIMIT failures even the right password is refused for a while."""
    User.objects.create_user("Eve", password="e-Strong-pass-7")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post(reverse("accounts:login"), {"username": "Eve", "password": "wrong"})
    response = client.post(reverse("accounts:login"), {"username": "Eve", "password": "e-Strong-pass-7"})
    assert response.status_code == 429
    assert "Too many failed logins" in response.content.decode()
    assert "_auth_user_id" not in client.session
