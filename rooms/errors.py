class RoomError(Exception):
    """A request the room refuses; the message is shown to the person as it is."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class StaleAction(RoomError):
    """The table changed after the client saw it: the action is refused."""
