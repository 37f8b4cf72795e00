from django.db.models.signals import post_save, pre_delete
from django.dispatch import receiver

from accounts.coins import close_wallet, open_wallet
from accounts.models import User, Wallet


@receiver(post_save, sender=User)
def open_wallet_for_new_account(sender, instance, created, raw=False, **kwargs):
    """Every new account (sign-up, createsuperuser, the admin, a script) gets its
    welcome coins. Fixtures being loaded (``raw``) are left alone."""
    if created and not raw:
        open_wallet(instance)


@receiver(pre_delete, sender=Wallet)
def return_coins_to_the_bank(sender, instance, **kwargs):
    """An account being deleted gives its coins back to the bank, so that no coin is
    lost; its ledger entries go with it (the account's data is erased)."""
    close_wallet(instance)
