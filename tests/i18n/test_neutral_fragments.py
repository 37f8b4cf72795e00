"""The spectators' table rendered once in no language (rooms/neutral.py) reads, put into
any language, exactly as the table rendered in that language: every game, waiting,
started, halfway and finished, in every language the site speaks and the
pseudo-language, with a name that needs escaping in the first seat."""

from dataclasses import replace

import pytest
from django.conf import settings

from games import registry
from rooms import rendering
from rooms.store.presence import NOBODY, Presence
from rooms.translations import OPEN, speaking
from tests.i18n import every_table, pseudo

ESCAPED_NAME = "O'Hara & <Sons> \"100%\""


@pytest.fixture
def languages(settings, monkeypatch, tmp_path):
    return [*dict(settings.LANGUAGES), pseudo.speak(settings, monkeypatch, tmp_path)]


@pytest.mark.parametrize("slug", registry.slugs())
def test_the_neutral_spectators_table_reads_as_each_language_renders_it(slug, languages):
    for number, table in enumerate(every_table.tables(slug, first_name=ESCAPED_NAME)):
        neutral = rendering.neutral_fragments(replace(table, rendered={}))
        assert all(OPEN in html for html in neutral.values()), "the fragments say something"
        for spoken in languages:
            with speaking(spoken):
                expected = rendering.render_table(replace(table, rendered={}), NOBODY, None)
            worded = rendering.watched(number, table.version, tuple(neutral.values()), NOBODY, spoken)
            assert worded == expected, (table.status, spoken)
            assert OPEN not in worded


def test_a_socket_of_each_language_is_sent_its_table_from_the_stored_neutral_one():
    table = every_table.tables("dayous")[2]
    stored = replace(table, rendered={"zxx": rendering.neutral_fragments(replace(table, rendered={}))})
    presence = Presence(frozenset({0}), 3)
    for spoken in dict(settings.LANGUAGES):
        with speaking(spoken):
            expected = rendering.render_table(replace(table, rendered={}), presence, None)
        assert rendering.table_in(stored, presence, None, spoken) == expected
