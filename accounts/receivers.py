from django.contrib.auth.signals import user_logged_in
from django.db.models.signals import pre_delete
from django.dispatch import receiver

from accounts.coins import close_wallet
from accounts.languages import adopt_account_language
from accounts.models import Wallet


@receiver(pre_delete, sender=Wallet)
def return_coins_to_the_bank(sender, instance, **kwargs):
    """An account being deleted gives its coins back to the bank, so that no coin is
    lost; its ledger entries go with it (the account's data is erased)."""
    close_wallet(instance)


@receiver(user_logged_in)
def speak_the_accounts_language(sender, request, user, **kwargs):
    """Signing in, on any device, the account is spoken to in the language it chose."""
    if request is not None:
        adopt_account_language(request, user)
