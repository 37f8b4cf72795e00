"""What the table's layout needs beyond the games' own tags: the turn clock's length,
for the timer bar on the seats to act."""

from django import template

register = template.Library()


@register.simple_tag
def turn_seconds(room) -> int:
    """How many seconds a seat has for each decision at this room's table."""
    return room.rules.engine.turn_seconds(room.options)
