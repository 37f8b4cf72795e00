"""The quick phrases every table's chat offers, and each game's own (its table home's).

A phrase is sent and kept as its English words, which are its message: each reader
sees it in their own language.
"""

from games.words import wording
from rooms.tablehomes import HOMES

# Translators: quick phrases a player or a spectator may send to a table's chat.
COMMON = tuple(str(words) for words in (
    wording("Good game"),
    wording("Well played"),
    wording("Rematch?"),
    wording("One moment"),
))


def phrases_for(game: str) -> tuple[str, ...]:
    """The phrases a chat at a table of ``game`` offers: the common ones, then the game's."""
    home = HOMES.get(game)
    return COMMON + (home.phrases if home else ())
