"""Dayous's quick phrases: what its players may send besides the emojis.

A phrase is sent as its English words (``PHRASES``: the reactions check what is sent
against them) and shown in each viewer's language.
"""

from games.words import wording

# Translators: a quick phrase a Dayous player may send to the table, teasing the attacker.
OPENING = wording("Can I not attack?")
ASK = {
    # Translators: quick phrases a Dayous player may send (this one and the ranks that
    # follow), naming a rank of cards on the table.
    "2": wording("Did somebody say twos?"),
    "3": wording("Did somebody say threes?"),
    "4": wording("Did somebody say fours?"),
    "5": wording("Did somebody say fives?"),
    "6": wording("Did somebody say sixes?"),
    "7": wording("Did somebody say sevens?"),
    "8": wording("Did somebody say eights?"),
    "9": wording("Did somebody say nines?"),
    "T": wording("Did somebody say tens?"),
    "J": wording("Did somebody say jacks?"),
    "Q": wording("Did somebody say queens?"),
    "K": wording("Did somebody say kings?"),
    "A": wording("Did somebody say aces?"),
}
PHRASES = tuple(str(words) for words in (OPENING, *ASK.values()))
