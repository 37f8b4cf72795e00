"""The login lockout (django-axes) counts attempts against the account's username,
whatever case is typed: login accepts any case."""

from itertools import cycle, islice

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db

PASSWORD = "a-Strong-pass-93"
LOGGED_IN, REFUSED, LOCKED_OUT = 302, 200, 429


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
