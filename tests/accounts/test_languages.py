"""Choosing a language: a first visit speaks the browser's (Accept-Language); the header's
switcher keeps a choice in the language cookie and, for an account, with the account,
so that signing in anywhere speaks it again; a language the site does not speak is
refused and changes nothing. The catalogues are not translated yet: the pages are told
apart by their <html lang dir>, the cookie and the account's field."""

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from accounts.models import User

pytestmark = pytest.mark.django_db

PASSWORD = "a-Strong-pass-93"
RIGHT_TO_LEFT = ["fa", "ur"]
LEFT_TO_RIGHT = ["en", "es", "hi", "ru"]


@pytest.fixture(autouse=True)
def _quick_hashes(settings):
    """What is spoken does not depend on the hasher; Argon2 takes a good part of a second."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _english_afterwards():
    """A request leaves its language active in the thread: the next test starts in English."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


def html_tag(client: Client, path: str = "/", **headers) -> tuple[str, str]:
    """The page's language and direction, from its <html> tag."""
    page = client.get(path, **headers).content.decode()
    found = re.search(r'<html lang="([^"]*)" dir="([^"]*)">', page)
    assert found, page[:200]
    return found.group(1), found.group(2)


def choose(client: Client, language: str, next_url: str = "/rooms/"):
    return client.post(reverse("accounts:language"), {"language": language, "next": next_url})


def cookie(client: Client) -> str | None:
    morsel = client.cookies.get(settings.LANGUAGE_COOKIE_NAME)
    return morsel.value if morsel else None


@pytest.mark.parametrize("language", LEFT_TO_RIGHT + RIGHT_TO_LEFT)
def test_a_first_visit_speaks_the_browsers_language(client, language):
    """With no cookie, the browser's Accept-Language picks the page's language."""
    expected = "rtl" if language in RIGHT_TO_LEFT else "ltr"
    assert html_tag(client, HTTP_ACCEPT_LANGUAGE=f"{language},en;q=0.5") == (language, expected)


def test_a_browser_in_a_language_the_site_does_not_speak_gets_english(client):
    assert html_tag(client, HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9") == ("en", "ltr")
    assert html_tag(client, HTTP_ACCEPT_LANGUAGE="es-MX,es;q=0.9") == ("es", "ltr")


def test_every_page_has_the_switcher_with_each_language_in_its_own_name(client):
    """The header's switcher posts to the language view; its select lists every
    language by its own name and the way it is written, the page's chosen."""
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    form = re.search(r'<form id="language-switcher"[^>]*action="([^"]*)"', page)
    assert form and form.group(1) == reverse("accounts:language")
    assert '<select id="language-choice" name="language"' in page
    for code, name in settings.LANGUAGES:
        selected = " selected" if code == "ru" else ""
        written = "rtl" if code in RIGHT_TO_LEFT else "ltr"
        assert f'<option value="{code}" lang="{code}" data-dir="{written}"{selected}>{name}</option>' in page


@pytest.mark.parametrize("language", LEFT_TO_RIGHT + RIGHT_TO_LEFT)
def test_the_switcher_keeps_the_choice_and_the_next_page_speaks_it(client, language):
    """A choice goes back to the page it was made on, is kept in the cookie, and wins
    over the browser's language from then on; Persian and Urdu pages run right to left."""
    response = choose(client, language)
    assert response.status_code == 302 and response["Location"] == "/rooms/"
    assert cookie(client) == language
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME]["max-age"] == settings.LANGUAGE_COOKIE_AGE
    expected = "rtl" if language in RIGHT_TO_LEFT else "ltr"
    assert html_tag(client, "/rooms/", HTTP_ACCEPT_LANGUAGE="en") == (language, expected)


def test_a_guests_choice_is_kept_for_the_visit_only(client):
    """A guest's choice lives in their browser's cookie: nothing else is saved."""
    choose(client, "ur")
    assert not User.objects.exists()
    assert html_tag(Client()) == ("en", "ltr")


def test_an_account_remembers_its_language_on_a_new_device(client):
    """Ann chooses Persian while signed in: it is saved with her account. Signing in
    from a fresh browser with no cookie and an English Accept-Language, her pages are
    in Persian, right to left, and the browser keeps it in its cookie."""
    ann = User.objects.create_user("Ann", password=PASSWORD)
    client.force_login(ann)
    choose(client, "fa")
    ann.refresh_from_db()
    assert ann.language == "fa"

    phone = Client(HTTP_ACCEPT_LANGUAGE="en")
    signed_in = phone.post(reverse("accounts:login"), {"username": "Ann", "password": PASSWORD})
    assert signed_in.status_code == 302
    assert cookie(phone) == "fa"
    assert html_tag(phone) == ("fa", "rtl")


def test_a_signed_in_session_without_the_cookie_speaks_the_accounts_language(client):
    """The cookie cleared, a session still signed in speaks the account's language."""
    bea = User.objects.create_user("Bea", password=PASSWORD, language="ru")
    client.force_login(bea)
    client.cookies.pop(settings.LANGUAGE_COOKIE_NAME, None)
    assert html_tag(client, HTTP_ACCEPT_LANGUAGE="es") == ("ru", "ltr")


def test_the_cookie_wins_over_the_accounts_language(client):
    """The latest choice in this browser wins over the one saved with the account."""
    cal = User.objects.create_user("Cal", password=PASSWORD, language="ru")
    client.force_login(cal)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "hi"
    assert html_tag(client) == ("hi", "ltr")


def test_signing_in_keeps_a_choice_made_before_for_an_account_that_made_none(client):
    """Dora chose Hindi as a guest; her account had no language: signing in saves it."""
    dora = User.objects.create_user("Dora", password=PASSWORD)
    choose(client, "hi")
    client.post(reverse("accounts:login"), {"username": "Dora", "password": PASSWORD})
    dora.refresh_from_db()
    assert dora.language == "hi"
    assert html_tag(client) == ("hi", "ltr")


def test_signing_in_adopts_the_accounts_language_over_a_guests_choice(client):
    """Eve's account speaks Urdu; she had chosen Spanish as a guest in this browser:
    signing in brings her Urdu back, in the cookie too."""
    User.objects.create_user("Eve", password=PASSWORD, language="ur")
    choose(client, "es")
    client.post(reverse("accounts:login"), {"username": "Eve", "password": PASSWORD})
    assert cookie(client) == "ur"
    assert html_tag(client) == ("ur", "rtl")


@pytest.mark.parametrize("language", ["xx", "", "EN", "es-ES", "fa/../en", "de"])
def test_a_language_the_site_does_not_speak_is_refused_and_changes_nothing(client, language):
    """An unknown language code is refused with a clear message on the next page; the
    cookie, the account's language and the page's language stay as they were."""
    fay = User.objects.create_user("Fay", password=PASSWORD, language="ru")
    client.force_login(fay)
    choose(client, "es")
    response = choose(client, language)
    assert response.status_code == 302 and response["Location"] == "/rooms/"
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies
    assert cookie(client) == "es"
    fay.refresh_from_db()
    assert fay.language == "es"
    page = client.get("/rooms/").content.decode()
    assert '<html lang="es" dir="ltr">' in page and '<li class="error">' in page


def test_a_refused_language_is_told_in_the_language_spoken(client):
    response = choose(client, "xx")
    assert cookie(client) is None
    page = client.get(response["Location"]).content.decode()
    assert '<html lang="en" dir="ltr">' in page
    assert '<li class="error">The site does not speak that language; nothing was changed.</li>' in page


def test_the_switcher_takes_posts_only_and_never_sends_anyone_off_the_site(client):
    assert client.get(reverse("accounts:language"), {"language": "es"}).status_code == 405
    assert cookie(client) is None
    response = choose(client, "es", next_url="https://evil.example/")
    assert response["Location"] == "/" and cookie(client) == "es"
