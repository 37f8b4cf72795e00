"""A fragment rendered once in no language, then put into each viewer's.

The writer renders the spectators' table once per version in ``NEUTRAL``: what the
fragment would say is left in it as marks (``rooms.translations``): each message by its
key (gettext's message id, context and plural) with the values put into it, and each
number, capital letter or name's length that depends on the words. The marks travel in
the version's announcement and its stored snapshot, so the channel layer carries no
words of any language. A web process puts them into a viewer's language
(``in_language``) once per version and language, not once per viewer, and reads the
same as a render in that language (tests/i18n/test_neutral_fragments.py renders every fragment
of every game both ways).

Marks nest (a message's values are marks), so they are put into words from the
innermost out.
"""

import functools
import html
import re

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils import formats
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst

from plumbing.by_identity import ByIdentity
from rooms.translations import (
    BETWEEN,
    CLOSE,
    LANGUAGE_SETTINGS,
    MESSAGE,
    NEUTRAL,
    NOT_FILLED,
    OPEN,
    gettext,
    in_django,
    language,
    ngettext,
    npgettext,
    pgettext,
    reading,
)

NUMBER, TEXT = "n", "t"
_INNERMOST = re.compile(f"{OPEN}([^{OPEN}{CLOSE}]*){CLOSE}")

# What a text mark does to the words inside it.
SHORT_NAME = 11  # a longer name is drawn smaller at its seat (site.css ``.name.long``)
TEXT_CHANGES = {
    "capfirst": capfirst,
    "capitalize": str.capitalize,
    "long name": lambda name: " long" if len(name) > SHORT_NAME else "",
}


def _mark(*fields: str) -> str:
    return OPEN + BETWEEN.join(fields) + CLOSE


def number(amount: int) -> SafeString:
    """``amount`` grouped as the active language groups its digits."""
    return _number(amount, language())


@functools.lru_cache(maxsize=4096)  # the tables' counts, points and coins, in every language
def _number(amount: int, spoken: str) -> SafeString:
    if spoken == NEUTRAL:
        return mark_safe(_mark(NUMBER, str(amount)))
    return mark_safe(in_django(spoken, formats.number_format, amount, force_grouping=True))


def changed(change: str, text: str) -> str:
    """``text`` with one of the ``TEXT_CHANGES``: done now, or once its words are known
    if it has marks in it (escaping the result escapes the words inside: the changes
    leave ``&``, ``<``, ``>`` and quotes as they are)."""
    return _mark(TEXT, change, text) if OPEN in text else TEXT_CHANGES[change](text)


def in_language(fragment: str, spoken: str) -> SafeString:
    """``fragment``, rendered in ``NEUTRAL``, as it renders in ``spoken``: line by line,
    each line with marks put into words once per language (a table's lines are mostly
    the same from one version to the next: its seats' tags, its names, its log). Each
    line is looked up at C speed first (a line with no marks, never kept, stays as it
    is); only the lines new to the language are then put into words."""
    kept = _kept(spoken)
    lines = _lines(fragment)
    worded = list(map(kept.get, lines, lines))
    joined = "\n".join(worded)
    if OPEN in joined:
        joined = _new_lines_worded(fragment, lines, worded, spoken, kept)
    return mark_safe(joined)


# A fragment's lines, split once for every language it is put into: the same fragment
# (the same object: an announcement is unpacked once per process) gives the same lines,
# whose hashes each language's lookups then share. The latest: a version's two
# fragments, for every table in play at once.
_lines: ByIdentity[str, list[str]] = ByIdentity(lambda fragment: fragment.split("\n"), kept=256)


def _new_lines_worded(fragment: str, lines: list[str], worded: list[str], spoken: str, kept: "_Kept") -> str:
    """The fragment with the lines it has that are new to ``spoken`` put into words
    (``worded``: its lines as far as they are known)."""
    for index in [index for index, line in enumerate(worded) if OPEN in line]:
        line = lines[index]
        if line.count(OPEN) != line.count(CLOSE):  # a mark whose words hold a line break
            return _worded(fragment, spoken, kept)
        worded[index] = kept.keep(line, _worded(line, spoken, kept))
    return "\n".join(worded)


class _Kept(dict):
    """Lines and marks put into words in one language, up to ``MOST_CHARACTERS`` of
    them: then all are forgotten, and the tables in play are put into words afresh."""

    MOST_CHARACTERS = 2_000_000

    characters = 0

    def keep(self, neutral: str, worded: str) -> str:
        self.characters += len(neutral) + len(worded)
        if self.characters > self.MOST_CHARACTERS:
            self.clear()
            self.characters = len(neutral) + len(worded)
        self[neutral] = worded
        return worded


@functools.cache
def _kept(spoken: str) -> _Kept:
    return _Kept()


def _worded(text: str, spoken: str, kept: _Kept) -> str:
    """``text`` with its marks put into words, from the innermost out, each mark once
    per language."""

    def said(mark: re.Match) -> str:
        found = kept.get(mark[0])
        if found is None:
            found = kept.keep(mark[0], _said(mark[1]))
        return found

    with reading(spoken):
        while OPEN in text:
            text = _INNERMOST.sub(said, text)
    return text


def _said(mark: str) -> str:
    kind, *fields = mark.split(BETWEEN)
    if kind == MESSAGE:
        return _message(*fields)
    if kind == NUMBER:
        return number(int(fields[0]))
    change, text = fields
    return TEXT_CHANGES[change](text)


def _message(escaped: str, filled: str, context: str, singular: str, plural: str, count: str, *slots: str) -> str:
    """A message's mark as its translation: escaped as often as the mark was, with the
    values in its slots put in if they were put into the mark."""
    said = _translation(language(), escaped, filled, context, singular, plural, int(count))
    if filled == NOT_FILLED:
        return said
    return said % dict(zip(slots[::2], slots[1::2]))


@functools.lru_cache(maxsize=8192)  # the messages a table says, with their counts, in every language
def _translation(spoken: str, escaped: str, filled: str, context: str, singular: str, plural: str, count: int) -> str:
    """A message's translation in ``spoken``, escaped as often as its mark was: what its
    values are put into."""
    times = escaped.count("amp;")
    texts = [context, singular, plural]
    if filled == NOT_FILLED:
        texts = [text.replace("%%", "%") for text in texts]
    for _ in range(times):
        texts = [html.unescape(text) for text in texts]
    context, singular, plural = texts
    said = _translated(context, singular, plural, count)
    for _ in range(times):
        said = html.escape(said)
    return said


def _translated(context: str, singular: str, plural: str, count: int) -> str:
    if plural:
        return npgettext(context, singular, plural, count) if context else ngettext(singular, plural, count)
    return pgettext(context, singular) if context else gettext(singular)


@receiver(setting_changed)
def _forget(setting, **kwargs) -> None:
    """A test that changes the languages or their catalogues has them put into words
    afresh (as ``rooms.translations`` reads them afresh)."""
    if setting in LANGUAGE_SETTINGS:
        _translation.cache_clear()
        _number.cache_clear()
        _kept.cache_clear()
