"""Dayous's quick phrases: what its players may send besides the emojis.

A phrase is sent as its English words (``PHRASES``: the reactions check what is sent
against them) and shown in each viewer's language.
"""

from games.words import message

# Translators: a quick phrase a Dayous player may send to the table, teasing the attacker.
OPENING = message("Can I not attack?")
ASK = {
    # Translators: quick phrases a Dayous player may send (this one and the ranks that
    # follow), naming a rank of cards on the table.
    "2": message("Did somebody say twos?"),
    "3": message("Did somebody say threes?"),
    "4": message("Did somebody say fours?"),
    "5": message("Did somebody say fives?"),
    "6": message("Did somebody say sixes?"),
    "7": message("Did somebody say sevens?"),
    "8": message("Did somebody say eights?"),
    "9": message("Did somebody say nines?"),
    "T": message("Did somebody say tens?"),
    "J": message("Did somebody say jacks?"),
    "Q": message("Did somebody say queens?"),
    "K": message("Did somebody say kings?"),
    "A": message("Did somebody say aces?"),
}
PHRASES = tuple(str(words) for words in (OPENING, *ASK.values()))
