"""A rules page speaks the visitor's language when its rules have been translated into it
(docs/rules/<game>.<language>.md), else shows the English rules, marked as English."""

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from pages import views

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture
def rules_dir(tmp_path, monkeypatch):
    (tmp_path / "disunyer.md").write_text("# Disunyer\n\nThe English rules.\n", encoding="utf-8")
    (tmp_path / "disunyer.es.md").write_text("# Disunyer\n\nLas reglas en español.\n", encoding="utf-8")
    (tmp_path / "disunyer.fa.md").write_text("# Disunyer\n\nقوانین به فارسی.\n", encoding="utf-8")
    monkeypatch.setattr(views, "RULES_DIR", tmp_path)
    return tmp_path


def rules_page(client, language: str) -> str:
    return client.get(reverse("rules", args=["disunyer"]), HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_the_rules_in_the_visitors_language(client, rules_dir):
    page = rules_page(client, "es")
    assert "Las reglas en español." in page and "The English rules." not in page
    assert '<article class="rules prose" lang="es" dir="ltr">' in page


def test_right_to_left_rules_run_right_to_left(client, rules_dir):
    page = rules_page(client, "fa")
    assert "قوانین به فارسی." in page
    assert '<article class="rules prose" lang="fa" dir="rtl">' in page


def test_rules_not_translated_yet_are_shown_in_english_marked_as_english(client, rules_dir):
    """Russian rules are not written yet: the Russian page shows the English ones, marked
    as English, left to right, inside a page that is Russian."""
    page = rules_page(client, "ru")
    assert "The English rules." in page
    assert '<html lang="ru" dir="ltr">' in page
    assert '<article class="rules prose" lang="en" dir="ltr">' in page
    urdu = rules_page(client, "ur")
    assert '<html lang="ur" dir="rtl">' in urdu and '<article class="rules prose" lang="en" dir="ltr">' in urdu


def test_english_visitors_get_the_english_rules(client, rules_dir):
    assert "The English rules." in rules_page(client, "en")
