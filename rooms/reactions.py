"""What players and spectators may send to a table, and how often."""

PLAYER_EMOJIS = ("👍", "👏", "😂", "😮", "😬", "🎉")
SPECTATOR_EMOJIS = ("❤️",)
REACTION_INTERVAL_SECONDS = 2
