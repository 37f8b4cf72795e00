"""What the games say (``games.words``), in the active language as plain text: for
what escapes it once more where it is shown, a form's labels and errors or a message
of Django's messages framework. ``rooms.speech.say`` gives it as HTML."""

import html

from django.utils.functional import lazy
from django.utils.html import strip_tags

from rooms.speech import say


def plain(said) -> str:
    """``said`` (``Words``, a number, text) as text in the active language."""
    return html.unescape(strip_tags(say(said)))


# ``said`` as text in the language active whenever it is shown: for what is made once
# and shown to many (a form's field, a refusal).
plain_lazily = lazy(plain, str)
