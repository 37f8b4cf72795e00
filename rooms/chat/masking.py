"""Slurs masked in a chat line, by maintained word lists of the site's languages.

badwords-py's lists cover English, Spanish and Russian; glin-profanity's cover Persian
and Hindi. Urdu has no list of its own in either: its players write it in the Persian
script or in Latin letters as Hindi's players do, and both lists read those. Every
line is read against every list, as a table's readers do not all speak its writer's
language. Each letter of a slur becomes a ``*``.
"""

import functools

from badwords import ProfanityFilter
from glin_profanity import Filter

MASK = "*"
BADWORDS_LANGUAGES = ["en", "es", "ru"]
GLIN_LANGUAGES = ["persian", "hindi"]
# Everyday Persian words that the Persian list takes for slurs: "کس" is also "person"
# ("هیچ کس", nobody), "سوپر" is "super", "منی" "of me", "حشر" the day of judgement, and
# "تجاوز", "برهنه" and "لخت" read as aggression, bare and naked in any talk.
EVERYDAY_WORDS = ["کس", "سوپر", "منی", "حشر", "تجاوز", "برهنه", "لخت"]


def masked(text: str) -> str:
    """``text`` with each letter of each slur a list knows made a ``*``."""
    encoded = text.encode()

    def characters(offset: int) -> int:  # badwords-py's offsets count UTF-8 bytes
        return len(encoded[:offset].decode(errors="ignore"))

    spans = [(characters(match.start), characters(match.end)) for match in _badwords().find(text)]
    spans += [
        (match["index"], match["index"] + len(match["word"]))
        for match in _glin().check_profanity(text).get("matches", [])
    ]
    letters = list(text)
    for start, end in spans:
        for index in range(max(start, 0), min(end, len(letters))):
            if not letters[index].isspace():
                letters[index] = MASK
    return "".join(letters)


@functools.cache
def _badwords() -> ProfanityFilter:
    words = ProfanityFilter()
    words.init(languages=BADWORDS_LANGUAGES)
    return words


@functools.cache
def _glin() -> Filter:
    return Filter({"languages": GLIN_LANGUAGES, "word_boundaries": True, "ignore_words": EVERYDAY_WORDS})
