"""When two names look alike: their skeletons are equal.

A name's skeleton, in the spirit of Unicode's (UTS #39), folds everything a reader
cannot tell apart at a glance: compatibility forms (NFKC: "Ａｎｎ" is "Ann"), letters of
other scripts that look like a Latin one (Cyrillic "А", dotless "ı"), and among the
characters of a username the pairs Unicode names (0 and O; 1, l, I and |; rn and m),
case, and _ for -. Case and those pairs are folded together, so 1, l, I, i and L share
one skeleton, as do 0, O and o. The look-alike pairs come from Unicode's confusables
list (the ``confusable-homoglyphs`` package); a skeleton is only ever compared, never
shown.
"""

import re
import string
import unicodedata
from functools import cache

# Besides the pairs Unicode names: a username's _ and - look alike.
EXTRA_LOOKALIKES = (("_", "-"),)


@cache
def _confusables() -> dict:
    # Loaded on first use: Unicode's confusables take about 10 MB and 70 ms to load, which
    # a process that never checks a name (a bot worker) does without.
    from confusable_homoglyphs.confusables import confusables_data

    return confusables_data


def _ascii_lookalikes(character: str) -> list[str]:
    return [glyph["c"] for glyph in _confusables().get(character, ()) if glyph["c"].isascii()]


@cache
def _classes() -> dict[str, str]:
    """Each printable ASCII character's class: one character standing for every
    character it looks like, in either case, through any chain of look-alikes."""
    representative = {character: character for character in string.printable}

    def find(character: str) -> str:
        while representative[character] != character:
            character = representative[character]
        return character

    def join(one: str, other: str) -> None:
        first, second = sorted((find(one), find(other)), key=lambda root: (not root.islower(), root))
        representative[second] = first

    pairs = [(character, character.lower()) for character in string.ascii_uppercase]
    pairs += [(character, glyph) for character in string.printable for glyph in _ascii_lookalikes(character)
              if len(glyph) == 1]
    for one, other in pairs + list(EXTRA_LOOKALIKES):
        join(one, other)
    return {character: find(character) for character in string.printable}


def _folded(text: str) -> str:
    classes = _classes()
    return "".join(classes.get(character) or character.casefold() for character in text)


@cache
def _runs() -> list[tuple[str, str]]:
    """Runs of characters that look like one ASCII character ("rn" like "m"), folded too."""
    return [(_folded(glyph), _classes()[character]) for character in string.printable
            for glyph in _ascii_lookalikes(character) if len(glyph) > 1]


def _latin(character: str) -> str:
    """The ASCII text a character looks like, or the character itself."""
    if character.isascii():
        return character
    return next(iter(_ascii_lookalikes(character)), character)


def skeleton(name: str) -> str:
    text = _folded("".join(_latin(character) for character in unicodedata.normalize("NFKC", name)))
    for run, character in _runs():
        text = text.replace(run, character)
    return text


def _bare(name: str) -> str:
    """The skeleton's letters and digits only: "Bot 2", "bot-2" and "bot2" are one."""
    return "".join(character for character in skeleton(name) if character.isalnum())


@cache
def _number() -> str:
    return "[" + re.escape("".join(sorted(set(skeleton(string.digits))))) + "]*"


def looks_numbered(name: str, word: str) -> bool:
    """Whether ``name`` looks like ``word``, alone or with a number after it ("Bot 2",
    "b0t-2", "BOT"), whatever its case, spaces and look-alike characters."""
    return re.fullmatch(re.escape(_bare(word)) + _number(), _bare(name)) is not None


def words(name: str) -> set[str]:
    """The skeletons of the words of ``name``, split at spaces and punctuation ("Admin Ann",
    "adm1n-ann") and at digits ("Admin2")."""
    return set(re.findall(r"[^\W_]+", skeleton(name))) | {skeleton(run) for run in re.findall(r"[^\W\d_]+", name)}
