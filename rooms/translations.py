"""Django's translation functions, remembered per language while a fragment renders.

A table's fragments ask for a hundred messages per version, and each of Django's calls
first reads the active language from a context-local (``asgiref.local.Local``): about
twelve microseconds a message, more than the rest of the render. ``rooms.templating``
renders each template ``reading`` the active language's memo, where each message's
translation, once asked for, is found in one dict lookup. Outside a render these are
Django's own.
"""

import functools
from contextlib import contextmanager
from contextvars import ContextVar

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils import translation

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


def _remembered(key, translate, *args) -> str:
    read = _reading.get()
    if read is None:
        return translate(*args)
    memo = read[1]
    found = memo.get(key)
    if found is None:
        found = memo[key] = translate(*args)
    return found


def gettext(message: str) -> str:
    return _remembered(message, translation.gettext, message)


def pgettext(context: str, message: str) -> str:
    return _remembered((context, message), translation.pgettext, context, message)


def ngettext(singular: str, plural: str, number: int) -> str:
    return _remembered((singular, plural, number), translation.ngettext, singular, plural, number)


def npgettext(context: str, singular: str, plural: str, number: int) -> str:
    return _remembered((context, singular, plural, number), translation.npgettext, context, singular, plural, number)


@receiver(setting_changed)
def _forget(setting, **kwargs) -> None:
    """A test that changes the languages or their catalogues has them read afresh, as
    Django's own translations are."""
    if setting in {"LANGUAGES", "LANGUAGE_CODE", "LOCALE_PATHS"}:
        _memo.cache_clear()
