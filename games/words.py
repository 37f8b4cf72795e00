"""What a game says to people, in no language yet: an event's sentence, a refused move,
an option's label, a card's name.

An engine stays free of the site, so it cannot translate. It says an English message
with named ``%(placeholders)s`` and the values that fill them; the site translates the
message into each viewer's language when it renders it (``rooms/speech.py``). A value
is itself a ``Words``, a number, a ``Seat`` (the name of whoever sits there) or a
``Cards`` (card names). ``wording`` and ``plural_wording`` also mark their messages
for the catalogues (``tooling/catalogues.py``): call them with the message written
out, never with a variable.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.cardnames import card_name


@dataclass(frozen=True)
class Words:
    message: str  # English, with ``%(name)s`` placeholders
    values: tuple[tuple[str, object], ...] = ()
    plural: str = ""  # with ``count``: the message for counts other than one, in English
    count: int = 0

    def __str__(self) -> str:
        """In English, as a test or a log line reads it."""
        message = self.plural if self.plural and self.count != 1 else self.message
        values = {name: str(value) for name, value in self.values}
        return message % values if values else message


def wording(english: str, **values: object) -> Words:
    return Words(english, tuple(sorted(values.items())))


def plural_wording(singular: str, plural: str, count: int, **values: object) -> Words:
    """A message whose form follows ``count`` (also a value, as ``%(count)s``)."""
    return Words(singular, tuple(sorted({**values, "count": count}.items())), plural, count)


@dataclass(frozen=True)
class Seat:
    """The name of the player at a seat, as the viewer's table shows it."""

    index: int

    def __str__(self) -> str:
        return f"Seat {self.index + 1}"


@dataclass(frozen=True)
class Cards:
    """Cards by name ("the Ace of coins", "the 7, 8 and 9 of hearts" in English)."""

    cards: tuple[str, ...]
    spanish: bool = False

    def __str__(self) -> str:
        """In English, as a refusal's ``reason`` and a test read it."""
        names = [card_name(card, self.spanish) for card in self.cards]
        return "".join(names) if len(names) <= 1 else f"{', '.join(names[:-1])} and {names[-1]}"


# Whatever ``rooms.speech.say`` says: a number is written as the language writes it,
# and text (a name, a room's code) as it is.
Said = Words | Seat | Cards | int | str


def cards(*codes: str, spanish: bool = False) -> Cards:
    return Cards(tuple(codes), spanish)


def one_after_another(items: Sequence[Said]) -> Said:
    """``items`` as the language lists them with commas: "a, b, c"."""
    said = items[0]
    for item in items[1:]:
        said = wording("%(first)s, %(next)s", first=said, next=item)
    return said


def all_of(items: Sequence[Said]) -> Said:
    """``items`` together, as the language says it: "a, b and c"."""
    if len(items) == 1:
        return items[0]
    return wording("%(some)s and %(last)s", some=one_after_another(items[:-1]), last=items[-1])
