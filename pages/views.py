from pathlib import Path

import markdown
from django.conf import settings
from django.http import Http404
from django.shortcuts import render
from django.utils.safestring import mark_safe

from games import registry

RULES_DIR = Path(settings.BASE_DIR) / "docs" / "rules"


def home(request):
    return render(request, "home.html", {"games": registry.GAMES})


def rules(request, game):
    info = registry.find(game)
    if info is None:
        raise Http404("There is no such game.")
    text = (RULES_DIR / f"{game}.md").read_text(encoding="utf-8")
    # The rules text is the project's own file, never user input.
    html = mark_safe(markdown.markdown(text, extensions=["sane_lists"]))
    return render(request, "rules.html", {"game": info, "rules_html": html})
