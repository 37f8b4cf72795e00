"""The 403, 404 and 500 pages have the site's look, a way back, and nothing the strict
Content-Security-Policy forbids. Ann mistypes a room's address."""

import pytest
from django.template.loader import render_to_string
from django.test import override_settings
from django.urls import reverse

from tests.test_csp import inline_code, policy_of

pytestmark = pytest.mark.django_db

STYLESHEET = '<link rel="stylesheet" href="/static/css/site.css">'


def assert_site_page_with_a_way_back(response, status: int, heading: str) -> str:
    assert response.status_code == status
    page = response.content.decode()
    assert STYLESHEET in page and '<header class="site-header">' in page
    assert f"<h1>{heading}</h1>" in page
    assert f'href="{reverse("rooms:lobby")}" data-testid="to-lobby">Go to the lobby</a>' in page
    assert f'href="{reverse("home")}">Home</a>' in page
    assert inline_code(response).found == []
    assert policy_of(response)["script-src"] == ["'self'"]
    return page


def test_a_bad_room_address_shows_the_sites_404_page_and_still_counts_as_a_missed_code(client, settings):
    """Ann, on the site since the home page, opens /rooms/QQQQ/: "Not found", why ("There
    is no room with that code."), and the way to the lobby and home. The miss still
    counts against her session: with a limit of two misses a minute, her third try is
    refused (429)."""
    settings.ROOM_CODE_MISSES_PER_MINUTE = 2
    client.get("/")
    page = assert_site_page_with_a_way_back(client.get("/rooms/QQQQ/"), 404, "Not found")
    assert "There is no room with that code. Check the link, or find your way from here." in page
    assert client.get("/rooms/QQQR/").status_code == 404
    assert client.get("/rooms/QQQS/").status_code == 429


def test_an_address_that_names_no_page_says_so_in_words(client):
    """An unknown address gets the same page, with a sentence rather than the exception's name."""
    page = assert_site_page_with_a_way_back(client.get("/no/such/page/"), 404, "Not found")
    assert "There is nothing at this address." in page and "Resolver404" not in page


@override_settings(ROOT_URLCONF="tests.error_urls")
def test_a_forbidden_page_shows_the_sites_403_page(client):
    page = assert_site_page_with_a_way_back(client.get("/test/forbidden/"), 403, "Not allowed")
    assert "You may not open this page." in page


@override_settings(ROOT_URLCONF="tests.error_urls")
def test_a_view_that_raises_shows_the_sites_500_page(client):
    """With DEBUG off, a bug in a view shows the site's own 500 page (the stylesheet, the
    brand, the way to the lobby and home), not Django's bare "Server Error (500)"."""
    client.raise_request_exception = False
    page = assert_site_page_with_a_way_back(client.get("/test/broken/"), 500, "Something went wrong")
    assert "A bug in a view" not in page


def test_the_500_page_needs_no_request_and_no_context():
    """Django renders 500.html with an empty context: it must not need the request, the
    user or the context processors (the error may be in them)."""
    page = render_to_string("500.html")
    assert STYLESHEET in page and "Something went wrong" in page and "Guest" not in page


def test_an_unknown_players_profile_says_so_on_the_sites_404_page(client):
    """/players/nobody_here/ is the site's 404 page saying "There is no player called
    nobody_here.", not Django's "No User matches the given query."; a name with markup
    in it is shown as text."""
    page = assert_site_page_with_a_way_back(client.get("/players/nobody_here/"), 404, "Not found")
    assert "There is no player called nobody_here. Check the link" in page
    assert "matches the given query" not in page
    page = client.get("/players/%3Cb%3EZoe/").content.decode()
    assert "There is no player called &lt;b&gt;Zoe." in page and "<b>Zoe" not in page


def test_a_get_on_a_rooms_buttons_addresses_leads_to_the_room_and_changes_nothing(client):
    """Every address under /rooms/<code>/ answers a GET with a page or a redirect, never a
    blank 405: the addresses the room's buttons post to (join, leave, start, bots,
    partner, play again) send Bea to the room's page, where those buttons are, and
    following them seats nobody and adds no bot."""
    from rooms import urls as room_urls
    from tests.rooms.helpers import create

    room = create()
    room_page = reverse("rooms:room", args=[room.code])
    button_addresses = []
    for pattern in room_urls.urlpatterns:
        if "code" not in pattern.pattern.converters:
            continue
        kwargs = {name: room.code.lower() if name == "code" else 0 for name in pattern.pattern.converters}
        url = reverse(f"rooms:{pattern.name}", kwargs=kwargs)
        response = client.get(url)
        assert response.status_code != 405, url
        if response.status_code == 302:
            assert response["Location"] == room_page, url
            button_addresses.append(pattern.name)
        else:
            assert response.status_code in (200, 403, 404) and b"<h1>" in response.content, url
    assert {"join", "leave", "start", "add_bot", "fill_with_bots", "remove_bot",
            "propose_partner", "answer_partner", "play_again"} <= set(button_addresses)
    assert room.seats.exclude(name="").count() == 1
