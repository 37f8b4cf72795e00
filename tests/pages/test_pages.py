import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_home_presents_the_three_games(client):
    html = client.get("/").content.decode()
    for title in ("Disunyer", "Dayous", "Court Piece"):
        assert title in html
    for slug in ("disunyer", "dayous", "courtpiece"):
        assert reverse("rules", args=[slug]) in html


@pytest.mark.parametrize(
    "slug, phrase",
    [("disunyer", "Stuck King mode"), ("dayous", "No further questions"), ("courtpiece", "Goon Court")],
)
def test_each_game_has_a_full_rules_page(client, slug, phrase):
    response = client.get(reverse("rules", args=[slug]))
    assert response.status_code == 200
    assert phrase in response.content.decode()
    assert "<h2>" in response.content.decode()


def test_an_unknown_game_has_no_rules_page(client):
    assert client.get("/rules/poker/").status_code == 404


def test_htmx_and_its_websocket_extension_come_from_django_htmx_static_files(client):
    """No CDN: the scripts are django-htmx's own static files."""
    html = client.get("/").content.decode()
    assert "/static/django_htmx/htmx-2.min.js" in html
    assert "/static/django_htmx/ext/hx-ws-2.min.js" in html
    assert "://" not in "".join(line for line in html.splitlines() if "<script" in line)
    assert finders.find("django_htmx/ext/hx-ws-2.min.js")


def test_the_admin_lives_at_the_configured_url(client, settings):
    assert client.get("/" + settings.ADMIN_URL).status_code == 302
