"""Usernames: one account per name on every database, whatever its idea of case; no new
name that looks like an account's; and the names nobody may take (staff words, bots'
names, guests' first names)."""

import re

import pytest
from axes.models import AccessAttempt
from django.db import connection
from django.urls import reverse

from accounts.models import User

PASSWORD = "a-Strong-pass-93"
LOGGED_IN = 302


def sign_up(client, username: str):
    return client.post(reverse("accounts:signup"), {"username": username, "password1": PASSWORD, "password2": PASSWORD})


def log_in(client, username: str, password: str = PASSWORD) -> int:
    return client.post(reverse("accounts:login"), {"username": username, "password": password}).status_code


def _like_on_every_letter(pattern: str, value: str, escape: str) -> bool:
    """SQL's ``value LIKE pattern ESCAPE escape``, comparing every letter's upper case."""
    parts, characters = [], iter(pattern.upper())
    for character in characters:
        if character == escape:
            parts.append(re.escape(next(characters, "")))
        else:
            parts.append({"%": ".*", "_": "."}.get(character, re.escape(character)))
    return value is not None and re.fullmatch("".join(parts), value.upper(), re.DOTALL) is not None


@pytest.fixture
def database_folding_every_letter(transactional_db):
    """A database whose UPPER and case-insensitive LIKE fold every letter, as PostgreSQL's
    do (its UPPER('ı') is 'I'). SQLite folds ASCII letters only, so on SQLite its functions
    are replaced by Python's for the test (on a connection closed after it). Its LOWER,
    which the index on lower(username) was built with, is left alone."""
    if connection.vendor != "sqlite":
        yield
        return
    connection.ensure_connection()
    connection.connection.create_function("upper", 1, lambda text: text and text.upper(), deterministic=True)
    connection.connection.create_function("like", 3, _like_on_every_letter, deterministic=True)
    yield
    connection.close()


def test_a_name_with_a_dotless_i_does_not_log_into_the_dotted_account(database_folding_every_letter, client):
    """On a database that folds every letter's case, "ıvyleague" (dotless ı) still names
    no account: Ivy's password typed under it is a failed login, counted against the
    name as typed, and "IVYLEAGUE" still logs her in."""
    User.objects.create_user("ivyleague", password=PASSWORD)
    assert log_in(client, "ıvyleague") != LOGGED_IN
    assert "_auth_user_id" not in client.session
    assert list(AccessAttempt.objects.values_list("username", flat=True)) == ["ıvyleague"]
    assert log_in(client, "IVYLEAGUE") == LOGGED_IN


def test_a_name_outside_ascii_names_only_its_own_account(database_folding_every_letter, client):
    """Staff made "İlkay" in the admin (capital I with a dot): that exact name logs in,
    while "ilkay" and "ILKAY" name no account, whatever the database makes of "İ"."""
    User.objects.create_user("İlkay", password=PASSWORD)
    assert log_in(client, "ilkay") != LOGGED_IN
    assert log_in(client, "ILKAY") != LOGGED_IN
    assert log_in(client, "İlkay") == LOGGED_IN


@pytest.mark.django_db
@pytest.mark.parametrize(
    "existing, new",
    [
        ("Ann1", "annl"), ("Ann1", "ANNI"), ("Olga", "0lga"), ("mary", "rnary"), ("bea_b", "Bea-B"),
        ("Carl_10", "CARL-IO"), ("Dora", "DORA"),
    ],
)
def test_a_username_that_looks_like_an_account_is_refused(client, existing, new):
    """With an account named `existing`, signing up as `new` (another case, 1 for l or I,
    0 for O, rn for m, - for _) is refused with a clear error, and no account is made."""
    User.objects.create_user(existing, password=PASSWORD)
    page = sign_up(client, new).content.decode()
    assert ("That username is taken" in page) or (f"looks too much like {existing}" in page)
    assert list(User.objects.values_list("username", flat=True)) == [existing]


@pytest.mark.django_db
@pytest.mark.parametrize("existing, new", [("Bob", "Rob"), ("Ann", "Anna"), ("Eve", "Eve2"), ("mod_x", "modx")])
def test_a_username_that_only_resembles_an_account_is_taken(client, existing, new):
    """Names that a reader tells apart at a glance are both allowed."""
    User.objects.create_user(existing, password=PASSWORD)
    assert sign_up(client, new).status_code == LOGGED_IN
    assert User.objects.filter(username=new).exists()


@pytest.mark.django_db
def test_a_renamed_account_is_looked_alike_under_its_new_name(client):
    """Staff rename "Finn" to "Fenn": "F1nn" may now sign up, "FENN" may not."""
    finn = User.objects.create_user("Finn", password=PASSWORD)
    finn.username = "Fenn"
    finn.save(update_fields=["username"])
    assert sign_up(client, "F1nn").status_code == LOGGED_IN
    client.post(reverse("accounts:logout"))
    assert "That username is taken" in sign_up(client, "FENN").content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "username, message",
    [
        ("adm1n", "reserved"), ("Admin2", "reserved"), ("staff-ann", "reserved"), ("Moderator", "reserved"),
        ("Bot2", "bots at the tables"), ("easy_bot_3", "bots at the tables"), ("Strong-Bot-4", "bots at the tables"),
        ("Guest-1234", "what guests are called"), ("guest_77", "what guests are called"),
    ],
)
def test_staff_words_bot_names_and_guest_names_are_not_usernames(client, username, message):
    """A username may not pass its player off as staff, a bot or a guest."""
    assert message in sign_up(client, username).content.decode()
    assert not User.objects.exists()


def rename_guest(client, name: str):
    client.get("/")
    before = client.session["guest_name"]
    page = client.post(reverse("accounts:guest_name"), {"name": name, "next": "/"}, follow=True).content.decode()
    return before, page


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["alice574", "ALICE574", "aIice574", "Alice574", "\u0430lice574", "ａｌｉｃｅ５７４"])
def test_a_guest_may_not_take_an_accounts_name(client, name):
    """Alice has the account "alice574": a guest may not call themselves that in any case,
    nor with a capital I for the l, a Cyrillic а or full-width letters."""
    User.objects.create_user("alice574", password=PASSWORD)
    before, page = rename_guest(client, name)
    assert "That username is taken" in page or "looks too much like alice574" in page
    assert client.session["guest_name"] == before


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name, message",
    [
        ("Bot 2", "bots at the tables"), ("Easy bot 1", "bots at the tables"), ("strong BOT 3", "bots at the tables"),
        ("B0t 7", "bots at the tables"), ("Bot", "reserved"), ("staff", "reserved"), ("Admin", "reserved"),
        ("Moderator Ann", "reserved"), ("Support", "reserved"),
    ],
)
def test_a_guest_may_not_take_a_bots_name_or_a_staff_word(client, name, message):
    """A guest may not call themselves like a bot at the tables or like staff."""
    before, page = rename_guest(client, name)
    assert message in page
    assert client.session["guest_name"] == before


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["Ann the Bold", "Bottle", "Modi", "Guest-4321", "Bob"])
def test_a_guest_may_take_any_other_name(client, name):
    """Names that are nobody's, even near a bot's or a staff word, are taken as typed."""
    User.objects.create_user("Rob", password=PASSWORD)
    rename_guest(client, name)
    assert client.session["guest_name"] == name
