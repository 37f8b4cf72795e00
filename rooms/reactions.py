"""What players and spectators may send to a table, and how often."""

PLAYER_EMOJIS = ("👍", "👏", "😂", "😮", "😬", "🎉")
SPECTATOR_EMOJIS = ("❤️",)
REACTION_INTERVAL_SECONDS = 2
# Reactions from one address per interval, whatever their sessions (a session costs one
# page load): enough for a family or a school behind one address.
REACTIONS_PER_ADDRESS = 5

# Quick phrases: reaction-style messages a game's players may send besides the emojis.
DAYOUS_RANK_WORDS = {
    "2": "twos", "3": "threes", "4": "fours", "5": "fives", "6": "sixes", "7": "sevens",
    "8": "eights", "9": "nines", "T": "tens", "J": "jacks", "Q": "queens", "K": "kings", "A": "aces",
}
DAYOUS_ASK = {rank: f"Did somebody say {word}?" for rank, word in DAYOUS_RANK_WORDS.items()}
DAYOUS_PHRASES = ("Can I not attack?", *DAYOUS_ASK.values())
PHRASES = {"dayous": DAYOUS_PHRASES}


def player_reactions(game: str | None) -> tuple[str, ...]:
    """Everything a seated player of ``game`` may send: the emojis and the game's phrases."""
    return PLAYER_EMOJIS + PHRASES.get(game or "", ())


def is_phrase(game: str | None, text: str) -> bool:
    return text in PHRASES.get(game or "", ())
