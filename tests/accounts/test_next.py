"""No `next` sends anyone off the site: sign-up, login and the guest-name form check it
with Django's url_has_allowed_host_and_scheme (HTTPS required when the request is)."""

import pytest
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db

PASSWORD = "a-Strong-pass-93"
NOT_A_PATH = ["foo", "logout", "home", "rooms/ABCD/", "foo.html", "http://testserver/rooms/"]
OFF_SITE = ["https://evil.example/", "//evil.example/", "/\\evil.example/", "https:evil.example", " //evil.example"]


def sign_up(client, username: str, next_url: str):
    return client.post(
        reverse("accounts:signup") + "?" + f"next={next_url}",
        {"username": username, "password1": PASSWORD, "password2": PASSWORD},
    )


@pytest.mark.parametrize("next_url", OFF_SITE)
def test_sign_up_never_redirects_off_site(client, next_url):
    """Ann signs up from a link whose `next` is another site: she lands on the home page."""
    response = sign_up(client, "Ann", next_url)
    assert response.status_code == 302 and response["Location"] == "/"


def test_sign_up_goes_on_to_a_page_of_the_site(client):
    """Bea signs up from a room page: she is sent back there."""
    assert sign_up(client, "Bea", "/rooms/ABCD/")["Location"] == "/rooms/ABCD/"


@pytest.mark.parametrize("next_url", OFF_SITE + NOT_A_PATH)
def test_log_in_never_redirects_off_site(client, next_url):
    """Carl logs in with a `next` (form field or query string) pointing at another site,
    or that is not a path: he lands on the home page."""
    User.objects.create_user("Carl", password=PASSWORD)
    credentials = {"username": "Carl", "password": PASSWORD}
    assert client.post(reverse("accounts:login"), {**credentials, "next": next_url})["Location"] == "/"
    client.post(reverse("accounts:logout"))
    assert client.post(reverse("accounts:login") + f"?next={next_url}", credentials)["Location"] == "/"


def test_log_in_goes_on_to_a_page_of_the_site(client):
    User.objects.create_user("Dora", password=PASSWORD)
    response = client.post(reverse("accounts:login"), {"username": "Dora", "password": PASSWORD, "next": "/rooms/"})
    assert response["Location"] == "/rooms/"


def test_over_https_next_may_not_drop_to_plain_http(client):
    """On a secure request, a `next` to this very site over plain HTTP is refused."""
    response = client.post(
        reverse("accounts:signup") + "?next=http://testserver/rooms/",
        {"username": "Eve", "password1": PASSWORD, "password2": PASSWORD},
        secure=True,
    )
    assert response["Location"] == "/"


@pytest.mark.parametrize("next_url", OFF_SITE)
def test_a_guest_name_change_never_redirects_off_site(client, next_url):
    response = client.post(reverse("accounts:guest_name"), {"name": "Finn", "next": next_url})
    assert response["Location"] == "/"




@pytest.mark.parametrize("next_url", NOT_A_PATH)
def test_sign_up_with_a_next_that_is_not_a_path_goes_home(client, next_url):
    """Gus signs up from a link whose `next` is a bare word, a relative path or a whole
    URL: his account is made, he is logged in and lands on the home page (no error)."""
    response = sign_up(client, "Gus", next_url)
    assert response.status_code == 302 and response["Location"] == "/"
    assert User.objects.filter(username="Gus").exists()
    assert "_auth_user_id" in client.session


@pytest.mark.parametrize("next_url", NOT_A_PATH)
def test_the_login_page_sends_a_logged_in_player_home_whatever_the_next(client, next_url):
    """Ivan, already logged in, opens the login page with a `next` that is not a path:
    he is sent home."""
    client.force_login(User.objects.create_user("Ivan", password=PASSWORD))
    assert client.get(reverse("accounts:login") + f"?next={next_url}")["Location"] == "/"


@pytest.mark.parametrize("next_url", NOT_A_PATH + OFF_SITE)
def test_log_out_with_a_next_that_is_not_a_path_goes_home(client, next_url):
    """Jana logs out with a `next` that is not a path on this site: she is logged out
    and lands on the home page."""
    client.force_login(User.objects.create_user("Jana", password=PASSWORD))
    response = client.post(reverse("accounts:logout") + f"?next={next_url}")
    assert response.status_code == 302 and response["Location"] == "/"
    assert "_auth_user_id" not in client.session


def test_log_out_goes_on_to_a_page_of_the_site(client):
    """Kim logs out from a room page: she is sent back there."""
    client.force_login(User.objects.create_user("Kim", password=PASSWORD))
    assert client.post(reverse("accounts:logout"), {"next": "/rooms/ABCD/"})["Location"] == "/rooms/ABCD/"


@pytest.mark.parametrize("next_url", NOT_A_PATH)
def test_a_guest_name_change_with_a_next_that_is_not_a_path_goes_home(client, next_url):
    """Finn renames himself from a form whose `next` is not a path: his name changes and
    he lands on the home page."""
    response = client.post(reverse("accounts:guest_name") + f"?next={next_url}", {"name": "Finn"})
    assert response.status_code == 302 and response["Location"] == "/"
    assert client.session["guest_name"] == "Finn"
