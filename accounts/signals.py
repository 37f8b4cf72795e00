from django.dispatch import Signal

# Sent with ``guest_id`` and ``user`` when a guest signs up or logs in, so that other
# apps hand over what the guest was in the middle of (seats, games) to the account.
# A receiver returns the sentences to show the player about what it could not hand
# over (each shown as an error message), or nothing.
guest_became_user = Signal()
