"""No `next` sends anyone off the site: sign-up, login and the guest-name form check it
with Django's url_has_allowed_host_and_scheme (HTTPS required when the request is)."""

import pytest
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db

PASSWORD = "a-Strong-pass-93"
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


@pytest.mark.parametrize("next_url", OFF_SITE)
def test_log_in_never_redirects_off_site(client, next_url):
    """Carl logs in with a `next` (form field or query string) pointing at another site:
    he lands on the home page."""
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
