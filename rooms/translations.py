"""Django's translation functions, remembered per language while a fragment renders.

A table's fragments ask for a hundred messages per version, and each of Django's calls
first reads the active language from a context-local (``asgiref.local.Local``): about
twelve microseconds a message, more than the rest of the render. ``rooms.templating``
renders each template ``reading`` the active language's memo, where each message's
translation, once asked for, is found in one dict lookup. Outside a render these are
Django's own.

In ``NEUTRAL``, the language of no words, a message's translation is a mark that
names it (``rooms.neutral`` puts a fragment rendered in it into any language).
"""

import functools
import re
from contextlib import contextmanager
from contextvars import ContextVar

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils import translation

# ISO 639's "no linguistic content": the language the writer renders the spectators'
# table in, once per version (rooms/neutral.py).
NEUTRAL = "zxx"
# A mark: OPEN, its kind and its fields, each after BETWEEN, then CLOSE: ASCII's start
# of text, unit separator and end of text. No message, name or markup has them,
# escaping leaves them be, and a fragment of ASCII stays one byte a character.
OPEN, BETWEEN, CLOSE = "\x02", "\x1f", "\x03"
MESSAGE = "m"
# A message's mark keeps what was done to it: each escape as HTML turns the flag's "&"
# into "&amp;" once more, and putting its values in halves the flag's "%%" (and the
# doubled "%" of its texts) and fills its slots.
NEVER_ESCAPED, NOT_FILLED = "&", "%%"
_PLACEHOLDER = re.compile(r"%\((\w+)\)s")

# While a template renders: its language, and that language's memo.
_reading: ContextVar[tuple[str, dict] | None] = ContextVar("reading", default=None)


@functools.cache
def _memo(language: str) -> dict:
    return {}


@contextmanager
def reading(language: str):
    token = _reading.set((language, _memo(language)))
    try:
        yield
    finally:
        _reading.reset(token)


@contextmanager
def speaking(language: str):
    """``language`` active for Django (``translation.override``) and read from its memo."""
    with translation.override(language), reading(language):
        yield


def language() -> str:
    """The active language: the rendering template's, read with no trip to Django's."""
    read = _reading.get()
    return read[0] if read is not None else translation.get_language()


def _remembered(key: tuple, translate, *args) -> str:
    read = _reading.get()
    if read is None:
        return translate(*args)
    spoken, memo = read
    found = memo.get(key)
    if found is None:
        found = memo[key] = _mark(*key) if spoken == NEUTRAL else in_django(spoken, translate, *args)
    return found


def in_django(spoken: str, call, *args, **kwargs):
    """``call(*args, **kwargs)`` with ``spoken`` active for Django: what a memo does not hold yet,
    asked for while only ``reading`` is (putting a neutral fragment into words)."""
    with translation.override(spoken):
        return call(*args, **kwargs)


def _mark(context: str, singular: str, plural: str, count: int) -> str:
    """A message in ``NEUTRAL``: what it is, and a slot for each of its placeholders
    that ``%`` fills as it would fill the message."""
    names = dict.fromkeys(_PLACEHOLDER.findall(singular + plural))
    texts = (text.replace("%", "%%") for text in (context, singular, plural))
    slots = (part for name in names for part in (name, f"%({name})s"))
    return OPEN + BETWEEN.join((MESSAGE, NEVER_ESCAPED, NOT_FILLED, *texts, str(count), *slots)) + CLOSE


def gettext(message: str) -> str:
    return _remembered(("", message, "", 0), translation.gettext, message)


def pgettext(context: str, message: str) -> str:
    return _remembered((context, message, "", 0), translation.pgettext, context, message)


def ngettext(singular: str, plural: str, number: int) -> str:
    return _remembered(("", singular, plural, number), translation.ngettext, singular, plural, number)


def npgettext(context: str, singular: str, plural: str, number: int) -> str:
    return _remembered((context, singular, plural, number), translation.npgettext, context, singular, plural, number)


# The settings whose change (in a test) has the languages' words read afresh.
LANGUAGE_SETTINGS = frozenset({"LANGUAGES", "LANGUAGE_CODE", "LOCALE_PATHS"})


@receiver(setting_changed)
def _forget(setting, **kwargs) -> None:
    """A test that changes the languages or their catalogues has them read afresh, as
    Django's own translations are."""
    if setting in LANGUAGE_SETTINGS:
        _memo.cache_clear()
