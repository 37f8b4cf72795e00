"""What Court Piece's partials call beyond what every table's may."""

from games.courtpiece.cards import FACE_DOWN
from rooms.neutral import changed
from rooms.speech import suit_name
from rooms.templatetags.tables import card
from rooms.translations import pgettext


def cp_card(code, small=False):
    """A card, or a card back for one played face down or unknown."""
    return card(None if code == FACE_DOWN else code, small=small)


def cp_suit_name(suit: str) -> str:
    """A suit's name as a trump's or a call's button shows it ("Hearts"), in the active language."""
    return changed("capfirst", suit_name(suit))


def cp_trump_name(trump) -> str:
    """The words for the trump the presenter found (its ``Trump``): its suit's name, or
    that it lies face down or is not called yet."""
    if trump["state"] == "known":
        return cp_suit_name(trump["suit"])
    if trump["state"] == "hidden":
        return pgettext("the trump", "Hidden")
    return pgettext("the trump", "None yet")
