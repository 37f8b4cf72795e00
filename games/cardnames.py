"""Cards named in English, as tests, logs and the games' refusals read them in code
(``str`` of a ``games.words.Cards``); people read them in their language
(``rooms/speech.py``)."""

SPANISH_SUIT_NAMES = {"o": "coins", "c": "cups", "s": "swords", "b": "clubs"}
SPANISH_RANK_NAMES = {
    "A": "Ace", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7",
    "J": "Jack", "N": "Knight", "K": "King",
}

FRENCH_SUIT_NAMES = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
FRENCH_RANK_NAMES = {
    "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8", "9": "9",
    "T": "10", "J": "Jack", "Q": "Queen", "K": "King", "A": "Ace",
}
JOKER_NAMES = {"XR": "red joker", "XB": "black joker"}


def card_name(card: str, spanish: bool = False) -> str:
    """``Ao`` → "Ace of coins", ``Th`` → "10 of hearts", ``XR`` → "red joker"."""
    if card in JOKER_NAMES:
        return JOKER_NAMES[card]
    ranks, suits = (
        (SPANISH_RANK_NAMES, SPANISH_SUIT_NAMES) if spanish else (FRENCH_RANK_NAMES, FRENCH_SUIT_NAMES)
    )
    return f"{ranks[card[0]]} of {suits[card[1]]}"
