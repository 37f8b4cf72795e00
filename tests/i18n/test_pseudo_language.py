"""Nothing a person reads goes untranslated: every page and every table fragment of
every game, rendered in the pseudo-language (tests/i18n/pseudo.py), shows no word that
no translation wrapped, except names and codes, which are data."""

import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games import registry
from games.dayous.bouts import JOURNALS
from rooms import rendering
from rooms.store.presence import Presence
from tests.i18n import every_table, pseudo
from tests.rooms.fairness_games import finished_room, started_room
from tests.rooms.helpers import ANN, NAMES, client_for


def _data(*names) -> set[str]:
    """Words shown as data: these names and codes, each language's own name (the
    switcher lists them so) and the journals Dayous names its bouts after."""
    kept = (*names, *dict(settings.LANGUAGES).values(), *(journal for _, journal in JOURNALS))
    return {word for name in kept for word in name.split()}


@pytest.fixture
def pseudo_language(settings, monkeypatch, tmp_path):
    return pseudo.speak(settings, monkeypatch, tmp_path)


@pytest.mark.parametrize("slug", registry.slugs())
def test_every_table_fragment_of_every_game_is_translated(slug, pseudo_language):
    tables = every_table.tables(slug)
    players = every_table.players(registry.definition(slug))
    with translation.override(pseudo_language):
        for table in tables:
            data = _data(*every_table.SEAT_NAMES, table.code)
            for viewer in (*range(players), None):
                fragment = rendering.render_table(table, Presence(frozenset({0}), 2), viewer)
                assert pseudo.unwrapped_words(fragment, data) == [], (table.status, viewer)


def _pages(room_codes: dict[str, str], finished: dict[str, str]) -> list[str]:
    pages = [
        reverse("home"), reverse("rooms:lobby"), reverse("accounts:login"), reverse("accounts:signup"),
        "/no-such-page/",
    ]
    for slug in registry.slugs():
        pages += [reverse("rules", args=[slug]), reverse("rooms:create", args=[slug]),
                  reverse("leaderboard:board", args=[slug]), reverse("leaderboard:rating_board", args=[slug])]
    for code in room_codes.values():
        pages.append(reverse("rooms:room", args=[code]))
    for code in finished.values():
        pages += [reverse("rooms:room", args=[code]), reverse("rooms:replay", args=[code]),
                  reverse("rooms:verify", args=[code])]
    return pages


@pytest.mark.django_db
def test_every_page_is_translated(pseudo_language):
    playing = {slug: started_room(slug).code for slug in registry.slugs()}
    finished = {slug: finished_room(slug).code for slug in registry.slugs()}
    codes = set(playing.values()) | set(finished.values())
    client = client_for(ANN)
    client.cookies["django_language"] = pseudo_language
    for page in _pages(playing, finished):
        response = client.get(page)
        assert response.status_code in (200, 404), page
        # A rules page's article is a whole file per language (docs/rules/), not messages.
        shown = re.sub(r"<article class=\"rules.*?</article>", "", response.content.decode(), flags=re.S)
        assert pseudo.unwrapped_words(shown, _data(*NAMES, *codes)) == [], page


@pytest.mark.django_db
def test_an_accounts_pages_are_translated(pseudo_language):
    user = get_user_model().objects.create_user("ann", password="a long enough password 1")
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = pseudo_language
    finished_room(registry.slugs()[0])
    pages = [reverse("accounts:me"), reverse("accounts:password_change"), reverse("my_games"),
             reverse("player_profile", args=["ann"])]
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        assert pseudo.unwrapped_words(response.content.decode(), _data("ann")) == [], page
