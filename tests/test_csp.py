"""The Content-Security-Policy: on every page, strict, and the pages need nothing it forbids."""

import json
import re
from html.parser import HTMLParser

import pytest

from tests.rooms.helpers import playing_room

pytestmark = pytest.mark.django_db

PAGES = ["/", "/rooms/", "/rooms/new/courtpiece/", "/accounts/login/", "/accounts/signup/", "/rules/dayous/",
         "/leaderboard/disunyer/"]


def pages(client, paths):
    return [(path, client.get(path)) for path in paths]


def parse_policy(header: str) -> dict[str, list[str]]:
    """A policy header as {directive: [sources]}."""
    directives = (part.split() for part in header.split(";") if part.strip())
    return {name: sources for name, *sources in directives}


def policy_of(response) -> dict[str, list[str]]:
    header = response.headers.get("Content-Security-Policy")
    assert header, f"{response.request['PATH_INFO']} has no Content-Security-Policy header"
    return parse_policy(header)


@pytest.fixture
def room():
    return playing_room()


@pytest.fixture
def site_pages(room):
    """The site's own pages, a live table among them."""
    return PAGES + [f"/rooms/{room.code}/"]


@pytest.fixture
def admin_pages(room, settings):
    """The admin as staff see it."""
    admin = "/" + settings.ADMIN_URL
    return [admin, f"{admin}rooms/match/", f"{admin}rooms/room/{room.pk}/change/", f"{admin}accounts/wallet/"]


def test_every_page_allows_scripts_styles_and_sockets_from_the_site_only(client, admin_client, site_pages,
                                                                         admin_pages):
    """No inline script, no eval, no inline style, no plugins, no framing, no <base>;
    forms post to the site itself; images may also be data: URIs (the blank favicon)."""
    for path, response in pages(client, site_pages) + pages(admin_client, admin_pages):
        assert response.status_code == 200, path
        assert policy_of(response) == {
            "default-src": ["'self'"],
            "script-src": ["'self'"],
            "style-src": ["'self'"],
            "img-src": ["'self'", "data:"],
            "connect-src": ["'self'"],
            "object-src": ["'none'"],
            "base-uri": ["'none'"],
            "form-action": ["'self'"],
            "frame-ancestors": ["'none'"],
        }, path


def test_a_missing_page_and_a_refused_form_carry_the_policy_too(client):
    """A 404 and a login form shown again with its error get the same policy."""
    assert "script-src" in policy_of(client.get("/rooms/ZZZZ/"))
    assert "script-src" in policy_of(client.post("/accounts/login/", {"username": "ann", "password": "nope"}))


class InlineCodeFinder(HTMLParser):
    """Collects whatever in a page the policy would block: inline <script> and <style>,
    event-handler and style attributes, javascript: URLs."""

    def __init__(self):
        super().__init__()
        self.found = []
        self.htmx_config = None
        self._in_inline = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "style" or (tag == "script" and "src" not in attributes):
            self._in_inline = tag
        for name, value in attrs:
            if re.fullmatch(r"on[a-z]+|style|hx-on.*", name):
                self.found.append(f"<{tag} {name}=…>")
            if (value or "").strip().lower().startswith("javascript:"):
                self.found.append(f"<{tag} {name}={value}>")
        if tag == "meta" and attributes.get("name") == "htmx-config":
            self.htmx_config = json.loads(attributes["content"])

    def handle_endtag(self, tag):
        if tag == self._in_inline:
            self.found.append(f"inline <{tag}>")
            self._in_inline = None


def inline_code(response) -> InlineCodeFinder:
    finder = InlineCodeFinder()
    finder.feed(response.content.decode())
    return finder


def test_no_page_holds_inline_code_and_htmx_is_told_to_need_none(client, admin_client, site_pages, admin_pages):
    """htmx would otherwise add an inline <style> for its indicators and evaluate code
    from attributes; the pages themselves carry no inline script or style at all."""
    for path, response in pages(client, site_pages):
        finder = inline_code(response)
        assert finder.found == [], path
        assert finder.htmx_config == {"includeIndicatorStyles": False, "allowEval": False,
                                      "allowScriptTags": False}, path
    for path, response in pages(admin_client, admin_pages):
        assert inline_code(response).found == [], path
