"""The site's translation catalogues (``locale/<language>/LC_MESSAGES/django.po``): what
is marked for translation in the code and the templates, gathered with Babel; each
language's catalogue brought up to date with it; compiled for Django to read; and
checked (docs/translating.md).

Babel gathers the Python files (Django's own marks, and the games' ``wording`` and
``plural_wording``: ``games/words.py``) and the table's Jinja2 fragments; a Django
template is read as Django's own ``makemessages`` reads it, through ``templatize``.
"""

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages import Catalog
from babel.messages.extract import extract_from_dir, extract_python
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from django.conf import settings
from django.utils.translation.template import templatize

ROOT = Path(settings.BASE_DIR)
LOCALE = ROOT / "locale"
DOMAIN = "django"
SOURCE_LANGUAGE = "en"
# Where nothing a person reads is written.
SKIPPED = ("tests", "tooling", "docs", "deploy", "var", "static", "locale", "bin")

KEYWORDS = {
    "_": None,
    "gettext": None,
    "gettext_lazy": None,
    "gettext_noop": None,
    "ngettext": (1, 2),
    "ngettext_lazy": (1, 2),
    "pgettext": ((1, "c"), 2),
    "pgettext_lazy": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "npgettext_lazy": ((1, "c"), 2, 3),
    "wording": None,
    "plural_wording": (1, 2),
}


def extract_django(fileobj, keywords, comment_tags, options) -> Iterator:
    """A Django template's messages, as ``makemessages`` finds them."""
    source = templatize(fileobj.read().decode(options.get("encoding", "utf-8")))
    # Read as Python, its lines of blanked-out text must not look indented.
    source = "\n".join(line.lstrip() for line in source.splitlines())
    yield from extract_python(io.BytesIO(source.encode()), keywords, comment_tags, options)


METHODS = [
    ("**/migrations/**", "ignore"),
    ("**.py", "python"),
    ("**.html", "tooling.catalogues:extract_django"),
    ("**.txt", "tooling.catalogues:extract_django"),
    ("**.jinja", "jinja2.ext:babel_extract"),
]
OPTIONS = {"**.jinja": {"extensions": "jinja2.ext.i18n", "trimmed": "false"}}


def languages() -> list[str]:
    return [code for code, _ in settings.LANGUAGES if code != SOURCE_LANGUAGE]


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def source_catalogue() -> Catalog:
    """Every message marked in the site's code and templates."""
    catalogue = Catalog(project="Card Club", domain=DOMAIN, fuzzy=False)
    for top in sorted(ROOT.iterdir()):
        if not top.is_dir() or top.name.startswith(".") or top.name in SKIPPED:
            continue
        found = extract_from_dir(top, METHODS, OPTIONS, KEYWORDS, ("Translators:",))
        for filename, line, message, comments, context in found:
            catalogue.add(message, None, [(f"{top.name}/{filename}", line)], auto_comments=comments, context=context)
    return catalogue


def read(language: str) -> Catalog:
    with po_path(language).open("rb") as file:
        return read_po(file, locale=language, domain=DOMAIN)


def write(language: str, catalogue: Catalog) -> None:
    path = po_path(language)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalogue, width=100, omit_header=False, sort_output=True, include_lineno=False)


def update() -> None:
    """Bring each language's catalogue up to date with the code: new messages are added
    untranslated, and messages no longer used are dropped."""
    source = source_catalogue()
    for language in languages():
        catalogue = read(language) if po_path(language).exists() else Catalog(locale=language, domain=DOMAIN)
        catalogue.update(source, no_fuzzy_matching=True)
        catalogue.obsolete.clear()
        write(language, catalogue)


def compile_all() -> None:
    for language in languages():
        with po_path(language).with_suffix(".mo").open("wb") as file:
            write_mo(file, read(language))


@dataclass(frozen=True)
class Problem:
    language: str
    message: str
    what: str

    def __str__(self) -> str:
        return f"{self.language}: {self.what}: {self.message!r}"


def problems(language: str, source: Catalog) -> list[Problem]:
    """What a language's catalogue lacks or has wrong: a message missing, untranslated
    or fuzzy, or a translation whose placeholders differ from the source's."""
    catalogue = read(language)
    found = []
    for message in source:
        if not message.id:
            continue
        translated = catalogue.get(message.id, message.context)
        key = message.id if isinstance(message.id, str) else message.id[0]
        if translated is None:
            found.append(Problem(language, key, "missing"))
        elif translated.fuzzy:
            found.append(Problem(language, key, "fuzzy"))
        elif not all(translated.string) if isinstance(translated.string, tuple) else not translated.string:
            found.append(Problem(language, key, "untranslated"))
        else:
            found.extend(Problem(language, key, error) for error in _placeholder_errors(catalogue, translated))
    return found


PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|%[sd]")


def placeholders(text: str) -> set[str]:
    return {match.group(0) for match in PLACEHOLDER.finditer(text)}


def _placeholder_errors(catalogue: Catalog, message) -> list[str]:
    """A translation has exactly its source's placeholders; in a plural, each form has
    some of them and the forms have them all (a form may say "one" for its count)."""
    sources = message.id if isinstance(message.id, tuple) else (message.id,)
    forms = message.string if isinstance(message.string, tuple) else (message.string,)
    wanted = set().union(*map(placeholders, sources))
    found = [placeholders(form) for form in forms]
    if len(forms) == 1:
        return [] if found[0] == wanted else [f"placeholders {sorted(found[0])} for {sorted(wanted)}"]
    unknown = set().union(*found) - wanted
    missing = wanted - set().union(*found)
    return [f"placeholders {sorted(unknown)} unknown, {sorted(missing)} missing"] if unknown or missing else []
