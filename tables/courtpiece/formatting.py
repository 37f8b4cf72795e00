"""What Court Piece's partials call beyond what every table's may."""

from games.courtpiece.cards import FACE_DOWN
from rooms.templatetags.tables import card


def cp_card(code, small=False):
    """A card, or a card back for one played face down or unknown."""
    return card(None if code == FACE_DOWN else code, small=small)
