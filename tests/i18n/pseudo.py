"""A pseudo-language, ``qps``, whose every translation is its English wrapped in
⟦ and ⟧: a page or a fragment rendered in it shows at a glance what was translated and
what was not (text left outside the brackets)."""

import html.parser
import re
from pathlib import Path

from babel.messages import Catalog
from babel.messages.mofile import write_mo

from tooling import catalogues

CODE = "qps"
OPEN, CLOSE = "⟦", "⟧"
# Shown as they are in every language: a card's rank, the site's own name.
DATA_WORDS = {"Kn", "Card", "Club"}
VISIBLE_ATTRIBUTES = {"title", "aria-label", "placeholder", "alt"}
HIDDEN_ELEMENTS = {"script", "style", "template"}
_WRAPPED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
_WORD = re.compile(r"[^\W\d_]{2,}")


def write_catalogue(directory: Path) -> None:
    """The pseudo-language's compiled catalogue, from every message marked in the code."""
    source = catalogues.source_catalogue()
    pseudo = Catalog(locale=None, domain=catalogues.DOMAIN, fuzzy=False)
    for message in source:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            string: str | tuple = tuple(f"{OPEN}{form}{CLOSE}" for form in message.id)
        else:
            string = f"{OPEN}{message.id}{CLOSE}"
        pseudo.add(message.id, string, context=message.context)
    path = directory / CODE / "LC_MESSAGES"
    path.mkdir(parents=True)
    with (path / f"{catalogues.DOMAIN}.mo").open("wb") as file:
        write_mo(file, pseudo)


class _VisibleText(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.texts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in HIDDEN_ELEMENTS:
            self._hidden += 1
        self.texts.extend(value for name, value in attrs if name in VISIBLE_ATTRIBUTES and value)
        if tag == "input" and dict(attrs).get("type") in ("submit", "button"):
            self.texts.append(dict(attrs).get("value") or "")

    def handle_endtag(self, tag):
        if tag in HIDDEN_ELEMENTS:
            self._hidden -= 1

    def handle_data(self, data):
        if not self._hidden:
            self.texts.append(data)


def unwrapped_words(page: str, data_words: frozenset[str] | set[str] = frozenset()) -> list[str]:
    """Words a person would read in ``page`` that no translation wrapped: text marked
    for nothing. Names and codes the page shows as data are ``data_words``."""
    parser = _VisibleText()
    parser.feed(page)
    found = []
    for text in parser.texts:
        while _WRAPPED.search(text):
            text = _WRAPPED.sub(" ", text)
        found += [word for word in _WORD.findall(text) if word not in DATA_WORDS | set(data_words)]
    return found
