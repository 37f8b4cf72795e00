"""Proxy headers through the real web process (bin/web): X-Forwarded-For and
X-Forwarded-Proto count only from the proxies DJANGO_TRUSTED_PROXIES names."""

import http.client
import os
import re
import subprocess
import sys
import uuid
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "a-Strong-pass-93"
LOGGED_IN, REFUSED, LOCKED_OUT = 302, 200, 429


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    text: str


@dataclass
class Visitor:
    """A client that keeps its cookies and sends exactly the headers it is given."""

    base_url: str
    cookies: dict = field(default_factory=dict)

    def request(self, method: str, path: str, form: dict | None = None, **headers: str):
        url = urlsplit(self.base_url)
        connection = http.client.HTTPConnection(url.netloc, timeout=30)
        headers = {name.replace("_", "-"): value for name, value in headers.items()}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        answer = Answer(response.status, response.headers, response.read().decode())
        connection.close()
        for cookie in answer.headers.get_all("Set-Cookie") or ():
            self.cookies.update({name: morsel.value for name, morsel in SimpleCookie(cookie).items()})
        return answer

    def post_form(self, path: str, form: dict, **headers: str):
        """Fetch the form's page for its CSRF token, then post it."""
        page = self.request("GET", path, None, **headers)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
        assert token is not None, f"no CSRF token on {path}"
        return self.request("POST", path, {**form, "csrfmiddlewaretoken": token.group(1)}, **headers)


def new_account(base_url: str, prefix: str) -> str:
    """Sign a new account up through the site; its username."""
    username = f"{prefix}-{uuid.uuid4().hex[:6]}"
    response = Visitor(base_url).post_form(
        "/accounts/signup/", {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status == 302, response.text
    return username


def log_in(base_url: str, username: str, password: str, **headers: str) -> int:
    return Visitor(base_url).post_form(
        "/accounts/login/", {"username": username, "password": password}, **headers
    ).status


def made_up_address(n: int) -> str:
    return f"203.0.113.{n + 1}"


def test_a_made_up_forwarded_for_on_each_try_does_not_buy_more_guesses(live_site):
    """Mallory guesses Ann's password with a different made-up X-Forwarded-For on every
    try: her AXES_FAILURE_LIMIT-th wrong guess locks the account out for her, and then
    even the right password, with yet another made-up address, is refused."""
    ann = new_account(live_site, "Ann")
    limit = settings.AXES_FAILURE_LIMIT
    answers = [log_in(live_site, ann, "wrong", X_Forwarded_For=made_up_address(n)) for n in range(limit)]
    assert answers == [REFUSED] * (limit - 1) + [LOCKED_OUT]
    assert log_in(live_site, ann, PASSWORD, X_Forwarded_For=made_up_address(99)) == LOCKED_OUT


def test_a_made_up_forwarded_for_does_not_unlock_a_locked_account(live_site):
    """Ann's account is locked out after AXES_FAILURE_LIMIT wrong passwords from Mallory's
    address; Mallory then claims another address in X-Forwarded-For: still locked out."""
    ann = new_account(live_site, "Ann")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in(live_site, ann, "wrong")
    assert log_in(live_site, ann, PASSWORD) == LOCKED_OUT
    assert log_in(live_site, ann, PASSWORD, X_Forwarded_For=made_up_address(7)) == LOCKED_OUT


def test_behind_a_named_proxy_the_forwarded_address_is_the_client(start_web_server):
    """With DJANGO_TRUSTED_PROXIES naming 127.0.0.1, the site is behind that proxy: a
    lockout earned by the client it forwards as 203.0.113.7 holds for that address only,
    and Ann, forwarded as 198.51.100.9, still logs in."""
    proxied = start_web_server(DJANGO_TRUSTED_PROXIES="127.0.0.1")
    ann = new_account(proxied, "Ann")
    mallory, real_ann = "203.0.113.7", "198.51.100.9"
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in(proxied, ann, "wrong", X_Forwarded_For=mallory)
    assert log_in(proxied, ann, PASSWORD, X_Forwarded_For=mallory) == LOCKED_OUT
    assert log_in(proxied, ann, PASSWORD, X_Forwarded_For=real_ann) == LOGGED_IN


def test_x_forwarded_proto_counts_only_from_a_named_proxy(start_web_server):
    """With DJANGO_SECURE=1 a plain-HTTP request is sent to HTTPS. A client claiming
    "X-Forwarded-Proto: https" is still sent there, unless it is a named proxy, whose
    word that the visitor came over HTTPS is taken."""
    direct = start_web_server(DJANGO_SECURE="1")
    behind_proxy = start_web_server(DJANGO_SECURE="1", DJANGO_TRUSTED_PROXIES="127.0.0.1")
    claimed = Visitor(direct).request("GET", "/", X_Forwarded_Proto="https")
    assert claimed.status == 301 and claimed.headers["Location"].startswith("https://")
    assert Visitor(behind_proxy).request("GET", "/", X_Forwarded_Proto="https").status == 200
    assert Visitor(behind_proxy).request("GET", "/").status == 301


def test_a_trusted_proxy_that_is_not_an_address_stops_the_site():
    """DJANGO_TRUSTED_PROXIES=proxy.example stops the site with a message naming the
    setting (a host name is never matched against the peer's address)."""
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, capture_output=True, text=True, timeout=120,
        env={**os.environ, "DJANGO_TRUSTED_PROXIES": "10.0.0.0/8, proxy.example"},
    )
    assert result.returncode != 0
    assert "DJANGO_TRUSTED_PROXIES: 'proxy.example' is not an IP address or network" in result.stderr
