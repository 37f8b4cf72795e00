from django.dispatch import receiver

from accounts.signals import guest_became_user
from fairplay.outcomes import hand_to_account


@receiver(guest_became_user)
def hand_guest_record_to_account(sender, guest_id, user, **kwargs) -> list[str]:
    """The guest's games and waits become the account's."""
    hand_to_account(guest_id, user.pk)
    return []
