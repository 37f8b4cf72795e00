from django.dispatch import receiver

from accounts.signals import guest_became_user
from rooms.actions.seating import adopt_guest_seats


@receiver(guest_became_user)
def hand_guest_seats_to_account(sender, guest_id, user, **kwargs) -> list[str]:
    """The guest's seats become the account's; the sentences say which could not."""
    return adopt_guest_seats(guest_id, user)
