"""The login lockout (django-axes) counts attempts against the account's username,
whatever case is typed (login accepts any case), from one client address; and every
failed login from one client address (IPv6: one /64), whatever the username."""

from itertools import cycle, islice

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db

PASSWORD = "a-Strong-pass-93"
LOGGED_IN, REFUSED, LOCKED_OUT = 302, 200, 429


@pytest.fixture(autouse=True)
def _quick_hashes(settings):
    """What is counted does not depend on the hasher, and Argon2 takes a good part of a
    second a try: these tests, which try many passwords, hash with MD5."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def log_in(client, username: str, password: str) -> int:
    return client.post(reverse("accounts:login"), {"username": username, "password": password}).status_code


def spellings(*names: str, count: int) -> list[str]:
    return list(islice(cycle(names), count))


def test_every_spelling_of_a_username_shares_one_count(client):
    """Wrong passwords typed for "ann", "ANN" and "Ann" in turn all count against Ann's
    account: the AXES_FAILURE_LIMIT-th locks it, and then the right password is refused
    under any spelling."""
    User.objects.create_user("Ann", password=PASSWORD)
    limit = settings.AXES_FAILURE_LIMIT
    answers = [log_in(client, name, "wrong") for name in spellings("ann", "ANN", "Ann", count=limit)]
    assert answers == [REFUSED] * (limit - 1) + [LOCKED_OUT]
    assert log_in(client, "aNN", PASSWORD) == LOCKED_OUT
    assert set(AccessAttempt.objects.values_list("username", flat=True)) == {"Ann"}


def test_a_username_with_no_account_is_counted_whatever_its_case(client):
    """Guesses at "zed", "ZED" and "Zed" (there is no such account) share one count too."""
    limit = settings.AXES_FAILURE_LIMIT
    answers = [log_in(client, name, "wrong") for name in spellings("zed", "ZED", "Zed", count=limit)]
    assert answers == [REFUSED] * (limit - 1) + [LOCKED_OUT]
    assert log_in(client, "zEd", "wrong") == LOCKED_OUT


def test_logging_in_under_any_spelling_clears_every_spellings_failures(client):
    """Bea mistypes her password AXES_FAILURE_LIMIT - 1 times as "bea", then logs in as
    "BEA": her failures are forgotten, so she has the full count of tries again."""
    User.objects.create_user("Bea", password=PASSWORD)
    limit = settings.AXES_FAILURE_LIMIT
    for _ in range(limit - 1):
        log_in(client, "bea", "wrong")
    assert log_in(client, "BEA", PASSWORD) == LOGGED_IN
    client.post(reverse("accounts:logout"))
    assert [log_in(client, "bea", "wrong") for _ in range(limit - 1)] == [REFUSED] * (limit - 1)


MALLORY, ANNS_HOME = "203.0.113.66", "198.51.100.7"


def log_in_from(client, address: str, username: str, password: str):
    return client.post(
        reverse("accounts:login"), {"username": username, "password": password}, REMOTE_ADDR=address
    )


def spray(client, address: str, failures: int) -> list[int]:
    """Wrong passwords from ``address``, two for each of many usernames: never enough
    for any one username's count."""
    usernames = [f"player{n // 2}" for n in range(failures)]
    return [log_in_from(client, address, name, "wrong").status_code for name in usernames]


def test_one_address_guessing_across_many_accounts_is_paused(client):
    """Mallory's address tries two passwords on each of many usernames: her
    LOGIN_FAILURES_PER_ADDRESS-th failure pauses logging in from her address for every
    account, with a page that says so and for how long, and then even Ann's right
    password from there is refused. Ann at home logs in."""
    User.objects.create_user("Ann", password=PASSWORD)
    limit = settings.LOGIN_FAILURES_PER_ADDRESS
    assert spray(client, MALLORY, limit) == [REFUSED] * (limit - 1) + [LOCKED_OUT]
    refused = log_in_from(client, MALLORY, "Ann", PASSWORD)
    assert refused.status_code == LOCKED_OUT
    assert "from your network, for one account or several" in refused.content.decode()
    assert "Please try again in 15\xa0minutes" in refused.content.decode()
    assert "_auth_user_id" not in client.session
    assert log_in_from(client, ANNS_HOME, "Ann", PASSWORD).status_code == LOGGED_IN


def test_a_household_never_meets_the_address_limit(client):
    """Four people at one address each mistype their password one time short of their
    own account's limit, then log in: nobody is paused."""
    names = ["Bea", "Carl", "Dora", "Eve"]
    for name in names:
        User.objects.create_user(name, password=PASSWORD)
    short_of_the_limit = settings.AXES_FAILURE_LIMIT - 1
    for name in names:
        mistakes = [log_in_from(client, ANNS_HOME, name, "wrong").status_code for _ in range(short_of_the_limit)]
        assert mistakes == [REFUSED] * short_of_the_limit
        assert log_in_from(client, ANNS_HOME, name, PASSWORD).status_code == LOGGED_IN
        client.post(reverse("accounts:logout"))


def test_logging_into_ones_own_account_does_not_clear_the_address_count(client):
    """Mallory sprays one failure short of the address limit, then logs into her own
    account, which clears her own username's failures only: her next wrong guess at
    any other account pauses her address."""
    User.objects.create_user("Mallory", password=PASSWORD)
    limit = settings.LOGIN_FAILURES_PER_ADDRESS
    spray(client, MALLORY, limit - 1)
    assert log_in_from(client, MALLORY, "Mallory", PASSWORD).status_code == LOGGED_IN
    client.post(reverse("accounts:logout"))
    assert log_in_from(client, MALLORY, "someone", "wrong").status_code == LOCKED_OUT


def test_ipv6_addresses_are_counted_per_64(client):
    """Failures from many addresses of one IPv6 /64 add up: its limit-th pauses the whole
    /64. Ann, in the next /64, logs in."""
    User.objects.create_user("Ann", password=PASSWORD)
    limit = settings.LOGIN_FAILURES_PER_ADDRESS
    answers = [
        log_in_from(client, f"2001:db8:0:1::{n + 1:x}", f"player{n}", "wrong").status_code for n in range(limit)
    ]
    assert answers == [REFUSED] * (limit - 1) + [LOCKED_OUT]
    assert log_in_from(client, "2001:db8:0:1:ffff::1", "Ann", PASSWORD).status_code == LOCKED_OUT
    assert log_in_from(client, "2001:db8:0:2::1", "Ann", PASSWORD).status_code == LOGGED_IN


def test_one_accounts_lockout_page_says_what_is_paused_and_for_how_long(client):
    """When only Ann's account is paused for Mallory's address, the page says that logins
    to this account from there are paused, and for 15 minutes."""
    User.objects.create_user("Ann", password=PASSWORD)
    for _ in range(settings.AXES_FAILURE_LIMIT):
        page = log_in_from(client, MALLORY, "Ann", "wrong")
    assert page.status_code == LOCKED_OUT
    assert "typed for this account from your network" in page.content.decode()
    assert "Please try again in 15\xa0minutes" in page.content.decode()
