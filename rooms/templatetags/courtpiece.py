"""Formatting for the Court Piece table partials (templates/games/courtpiece/).

What they show is worked out in rooms.presenters.courtpiece and comes in their context
(``t`` and ``results`` in the public partial, ``m`` in the private one): no tag
computes it."""

from django import template

from rooms.templatetags.tables import card

register = template.Library()


@register.filter
def signed_coins(amount) -> str:
    if amount is None:
        return "—"
    return f"+{amount:,}" if amount > 0 else f"−{-amount:,}" if amount < 0 else "0"


@register.simple_tag
def cp_card(code, small=False):
    """A card, or a card back for one played face down (``??``) or unknown."""
    return card(None if code == "??" else code, small=small)
