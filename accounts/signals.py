from django.dispatch import Signal

# Sent with ``guest_id`` and ``user`` when a guest signs up or logs in, so that other
# apps hand over what the guest was in the middle of (seats, games) to the account.
guest_became_user = Signal()
