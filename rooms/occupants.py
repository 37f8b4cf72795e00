class Occupant:
    """Who sits in a seat, for both the Seat row and its snapshot: needs ``bot_level``,
    ``user_id`` and ``guest_id``."""

    bot_level: str
    user_id: int | None
    guest_id: str

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def is_guest(self) -> bool:
        """A person playing without an account."""
        return not self.is_bot and self.user_id is None and bool(self.guest_id)

    @property
    def is_empty(self) -> bool:
        return not self.is_bot and self.user_id is None and not self.guest_id

    def belongs_to(self, player) -> bool:
        """Whether ``player`` (an account or a guest; ``None`` for nobody) sits here."""
        if self.is_bot or player is None:
            return False
        if player.user_id is not None:
            return self.user_id == player.user_id
        return bool(self.guest_id) and self.guest_id == player.guest_id
