"""Each language's catalogue has every message the code marks, translated, not fuzzy,
with exactly the placeholders of its source (tooling/catalogues.py)."""

import pytest
from babel.messages import Catalog

from tooling import catalogues


@pytest.fixture(scope="module")
def source() -> Catalog:
    return catalogues.source_catalogue()


@pytest.mark.parametrize("language", catalogues.languages())
def test_a_catalogue_translates_every_message(language, source):
    assert [str(problem) for problem in catalogues.problems(language, source)] == []


def test_the_catalogues_are_gathered_from_python_django_templates_jinja_and_the_games(source):
    """One message of each kind of source is found: a Django template's, a Jinja2
    fragment's, a module's, and a game's ``wording``."""
    found = {(message.context, message.id if isinstance(message.id, str) else message.id[0]) for message in source}
    assert (None, "The site does not speak that language.") in found  # rooms/live/incoming.py
    assert ("Spanish deck", "%(rank)s of coins") in found  # rooms/speech.py
    assert (None, "On or off") in found  # games/options_schema.py
    templates = {location for message in source for location, _ in message.locations}
    assert any(path.endswith(".jinja") for path in templates) and any(path.endswith(".html") for path in templates)


def _catalogue_with(source_text, translation) -> Catalog:
    catalogue = Catalog(locale="ru")
    catalogue.add(source_text, translation)
    return catalogue


@pytest.mark.parametrize(
    "translation, complaint",
    [
        ("%(who)s ходит", ""),
        ("%(whom)s ходит", "placeholders"),
        ("ходит", "placeholders"),
        ("", "untranslated"),
    ],
)
def test_a_translation_with_other_placeholders_or_none_is_a_problem(translation, complaint, tmp_path, monkeypatch):
    catalogue = _catalogue_with("%(who)s moves", translation)
    monkeypatch.setattr(catalogues, "read", lambda language: catalogue)
    problems = catalogues.problems("ru", _catalogue_with("%(who)s moves", None))
    assert [problem.what.split(" ")[0] for problem in problems] == ([complaint] if complaint else [])


def test_a_plural_may_leave_its_count_to_one_form_but_not_to_all(monkeypatch):
    source = Catalog(locale="en")
    source.add(("%(count)s card", "%(count)s cards"), None)
    for forms, expected in [(("одна карта", "%(count)s карты", "%(count)s карт"), []),
                            (("одна карта", "карты", "карт"), ["placeholders"])]:
        catalogue = Catalog(locale="ru")
        catalogue.add(("%(count)s card", "%(count)s cards"), forms)
        monkeypatch.setattr(catalogues, "read", lambda language, catalogue=catalogue: catalogue)
        assert [problem.what.split(" ")[0] for problem in catalogues.problems("ru", source)] == expected
