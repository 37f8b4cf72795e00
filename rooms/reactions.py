"""What players and spectators may send to a table, and how often."""

from rooms.tablehomes import HOMES

PLAYER_EMOJIS = ("👍", "👏", "😂", "😮", "😬", "🎉")
SPECTATOR_EMOJIS = ("❤️",)
REACTION_INTERVAL_SECONDS = 2
# Reactions from one address per interval, whatever their sessions (a session costs one
# page load): enough for a family or a school behind one address.
REACTIONS_PER_ADDRESS = 5


def _phrases(game: str | None) -> tuple[str, ...]:
    """The quick phrases ``game``'s players may send besides the emojis (its table home's)."""
    home = HOMES.get(game or "")
    return home.phrases if home else ()


def player_reactions(game: str | None) -> tuple[str, ...]:
    """Everything a seated player of ``game`` may send: the emojis and the game's phrases."""
    return PLAYER_EMOJIS + _phrases(game)


def is_phrase(game: str | None, text: str) -> bool:
    return text in _phrases(game)
