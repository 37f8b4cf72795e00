"""A bot's name as each viewer reads it: its level and its seat's number, in the active
language. The seat row keeps the English name, as its log lines and the admin show it."""

from rooms.translations import gettext

BOT_NAMES = {
    "easy": lambda number: gettext("Easy bot %(number)s") % {"number": number},
    "normal": lambda number: gettext("Bot %(number)s") % {"number": number},
    "strong": lambda number: gettext("Strong bot %(number)s") % {"number": number},
}


def shown_name(seat) -> str:
    """The name a seat (a row or a snapshot's) shows: a bot's in the active language."""
    named = BOT_NAMES.get(seat.bot_level)
    return named(seat.index + 1) if named is not None else seat.name
