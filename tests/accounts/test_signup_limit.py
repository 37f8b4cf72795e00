"""Sign-ups per client address: SIGNUPS_PER_ADDRESS_PER_DAY accounts a day (UTC), more
than a household makes; then the sign-up page says so, and until when."""

from datetime import UTC, datetime, timedelta

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db

PASSWORD = "a-Strong-pass-93"
SIGNED_UP, PAUSED = 302, 429


@pytest.fixture(autouse=True)
def _quick_hashes(settings):
    """What is counted does not depend on the hasher, and Argon2 takes a good part of a
    second an account: these tests, which make many, hash with MD5."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def sign_up_from(address: str, username: str):
    """A new visitor at ``address`` signs up as ``username``."""
    return Client(REMOTE_ADDR=address).post(
        reverse("accounts:signup"), {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    )


def next_utc_midnight() -> datetime:
    return datetime.combine(datetime.now(UTC).date() + timedelta(days=1), datetime.min.time(), tzinfo=UTC)


def test_one_address_makes_its_days_accounts_and_no_more():
    """Mallory's address makes SIGNUPS_PER_ADDRESS_PER_DAY accounts; the next is refused
    with a page that says why and until when (the next UTC midnight), and no account is
    made. Ann, at another address, still signs up."""
    limit = settings.SIGNUPS_PER_ADDRESS_PER_DAY
    answers = [sign_up_from("203.0.113.66", f"mallory{n}").status_code for n in range(limit + 1)]
    assert answers == [SIGNED_UP] * limit + [PAUSED]
    assert not User.objects.filter(username=f"mallory{limit}").exists()
    refused = sign_up_from("203.0.113.66", "mallory_again")
    assert refused.status_code == PAUSED
    assert f"{limit} accounts have been made from your network today" in refused.content.decode()
    assert "Please try again in" in refused.content.decode()
    assert refused.context["until"] == next_utc_midnight()
    assert sign_up_from("198.51.100.7", "Ann").status_code == SIGNED_UP


def test_the_sign_up_page_says_so_before_the_form_is_filled_in():
    """Once an address has made its day's accounts, the sign-up page itself says so
    (no form to fill in for nothing)."""
    for n in range(settings.SIGNUPS_PER_ADDRESS_PER_DAY):
        sign_up_from("203.0.113.66", f"mallory{n}")
    page = Client(REMOTE_ADDR="203.0.113.66").get(reverse("accounts:signup"))
    assert page.status_code == PAUSED
    assert 'name="password1"' not in page.content.decode()
    assert Client(REMOTE_ADDR="198.51.100.7").get(reverse("accounts:signup")).status_code == 200


def test_ipv6_sign_ups_are_counted_per_64():
    """Accounts made from many addresses of one IPv6 /64 add up; the next /64 is another
    client."""
    limit = settings.SIGNUPS_PER_ADDRESS_PER_DAY
    answers = [sign_up_from(f"2001:db8:0:1::{n + 1:x}", f"mallory{n}").status_code for n in range(limit + 1)]
    assert answers == [SIGNED_UP] * limit + [PAUSED]
    assert sign_up_from("2001:db8:0:2::1", "Bea").status_code == SIGNED_UP


def test_a_refused_form_is_not_counted():
    """Sign-up forms refused for their own errors (a taken name) do not use up the
    address's accounts."""
    User.objects.create_user("Carl", password=PASSWORD)
    for _ in range(settings.SIGNUPS_PER_ADDRESS_PER_DAY):
        assert sign_up_from("203.0.113.66", "carl").status_code == 200
    assert sign_up_from("203.0.113.66", "Dora").status_code == SIGNED_UP
