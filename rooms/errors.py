from typing import TypeAlias

from django.utils.functional import Promise

from games.words import Words

# A refusal is said in the language of whoever is shown it, when it is shown
# (``rooms.speech.say``): an action may run in a socket's thread for a viewer of any
# language, so it holds lazy text or the games' words, not text translated already.
Refusal: TypeAlias = Words | Promise | str


class RoomError(Exception):
    """A request the room refuses; the message says why to the person refused."""

    def __init__(self, message: Refusal):
        super().__init__(message)
        self.message = message


class StaleAction(RoomError):
    """The table changed after the client saw it: the action is refused."""
