"""A pseudo-language, ``qps``, whose every translation is its English wrapped in
⟦ and ⟧: a page or a fragment rendered in it shows at a glance what was translated and
what was not (text left outside the brackets)."""

import html.parser
import re
from pathlib import Path

import django
from babel.messages import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from django.conf.locale import LANG_INFO

from tooling import catalogues

CODE = "qps"
OPEN, CLOSE = "⟦", "⟧"
# Shown as they are in every language: a card's rank, a key as keyboards print it.
DATA_WORDS = {"Kn", "Enter"}
VISIBLE_ATTRIBUTES = {"title", "aria-label", "placeholder", "alt"}
HIDDEN_ELEMENTS = {"script", "style", "template"}
_WRAPPED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
_WORD = re.compile(r"[^\W\d_]{2,}")
# A seed, a salt or a hash: long runs of letters and digits, shown as data.
_TOKEN = re.compile(r"\b(?=[A-Za-z_-]*\d)[A-Za-z0-9_-]{12,}\b")
# A card in the games' notation (docs/rules/README.md): "Jo", "Th", "XR".
_CARD = re.compile(r"\b(?:[2-9TJQKAN][ocsbhd]|X[RB])\b")


def _djangos_own() -> list:
    """The messages of Django's own catalogues (its forms', its admin's…), which each
    language's Django translation covers."""
    found = []
    for path in Path(django.__file__).parent.glob("**/locale/en/LC_MESSAGES/django.po"):
        with path.open("rb") as file:
            found += list(read_po(file))
    return found


def speak(settings, monkeypatch, directory: Path) -> str:
    """The site speaks the pseudo-language for the test: its catalogue compiled into
    ``directory``, and Django told of the language (its switcher names each language)."""
    write_catalogue(directory)
    settings.LOCALE_PATHS = [directory, *settings.LOCALE_PATHS]
    settings.LANGUAGES = [*settings.LANGUAGES, (CODE, "Pseudo")]
    monkeypatch.setitem(LANG_INFO, CODE, {"bidi": False, "code": CODE, "name": "Pseudo", "name_local": "Pseudo"})
    return CODE


def write_catalogue(directory: Path) -> None:
    """The pseudo-language's compiled catalogue, from every message marked in the code
    and in Django's own catalogues."""
    source = catalogues.source_catalogue()
    pseudo = Catalog(locale=None, domain=catalogues.DOMAIN, fuzzy=False)
    for message in [*_djangos_own(), *source]:
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


# Elements that end a run of text: a message may hold inline markup (a name in bold, a
# link), so the words of one run are read together.
BLOCKS = {
    "address", "article", "aside", "blockquote", "body", "br", "button", "dd", "details", "div", "dl", "dt",
    "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr",
    "html", "label", "legend", "li", "main", "nav", "ol", "option", "p", "pre", "section", "select", "summary",
    "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul", "svg", "title", "text",
}


class _VisibleText(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.texts: list[str] = []
        self._run: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in BLOCKS:
            self._end_run()
        if tag in HIDDEN_ELEMENTS:
            self._hidden += 1
        self.texts.extend(value for name, value in attrs if name in VISIBLE_ATTRIBUTES and value)
        if tag == "input" and dict(attrs).get("type") in ("submit", "button"):
            self.texts.append(dict(attrs).get("value") or "")

    def handle_endtag(self, tag):
        if tag in HIDDEN_ELEMENTS:
            self._hidden -= 1
        if tag in BLOCKS:
            self._end_run()

    def handle_data(self, data):
        if not self._hidden:
            self._run.append(data)

    def close(self):
        super().close()
        self._end_run()

    def _end_run(self):
        self.texts.append("".join(self._run))
        self._run = []


def unwrapped_words(page: str, data_words: frozenset[str] | set[str] = frozenset()) -> list[str]:
    """Words a person would read in ``page`` that no translation wrapped: text marked
    for nothing. Names and codes the page shows as data are ``data_words``."""
    parser = _VisibleText()
    parser.feed(page)
    parser.close()
    found = []
    for text in parser.texts:
        while _WRAPPED.search(text):
            text = _WRAPPED.sub(" ", text)
        text = _CARD.sub(" ", _TOKEN.sub(" ", text))
        found += [word for word in _WORD.findall(text) if word not in DATA_WORDS | set(data_words)]
    return found
