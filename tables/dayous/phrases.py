"""Dayous's quick phrases: what its players may send besides the emojis."""

RANK_WORDS = {
    "2": "twos", "3": "threes", "4": "fours", "5": "fives", "6": "sixes", "7": "sevens",
    "8": "eights", "9": "nines", "T": "tens", "J": "jacks", "Q": "queens", "K": "kings", "A": "aces",
}
OPENING = "Can I not attack?"
ASK = {rank: f"Did somebody say {word}?" for rank, word in RANK_WORDS.items()}
PHRASES = (OPENING, *ASK.values())
