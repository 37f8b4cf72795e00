from pathlib import Path

import markdown
from django.conf import settings
from django.http import Http404
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games import registry

RULES_DIR = Path(settings.BASE_DIR) / "docs" / "rules"


def home(request):
    return render(request, "home.html", {"games": registry.GAMES})


def rules_file(game: str, language: str) -> tuple[Path, str]:
    """The game's rules in ``language`` (``docs/rules/<game>.<language>.md``) when they
    have been translated into it, else in English (``docs/rules/<game>.md``); and the
    language of the file."""
    translated = RULES_DIR / f"{game}.{language}.md"
    if translated.is_file():
        return translated, language
    return RULES_DIR / f"{game}.md", settings.LANGUAGE_CODE


def rules(request, game):
    info = registry.find(game)
    if info is None:
        raise Http404(_("There is no such game."))
    path, language = rules_file(game, get_language())
    # The rules text is the project's own file, never user input.
    html = mark_safe(markdown.markdown(path.read_text(encoding="utf-8"), extensions=["sane_lists"]))
    return render(request, "rules.html", {"game": info, "rules_html": html, "rules_language": language})
