"""Open the bank and give every account that existed before coins its welcome coins
(the same 1,000 and ``welcome`` entry a new account gets)."""

from django.db import migrations

WELCOME_COINS = 1_000  # accounts.coins.WELCOME_COINS at the time of this migration


def open_wallets(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    Wallet = apps.get_model("accounts", "Wallet")
    LedgerEntry = apps.get_model("accounts", "LedgerEntry")
    Bank = apps.get_model("accounts", "Bank")
    bank, _ = Bank.objects.get_or_create(pk=1)
    for user_id in User.objects.filter(wallet__isnull=True).order_by("pk").values_list("pk", flat=True):
        wallet = Wallet.objects.create(user_id=user_id, balance=WELCOME_COINS)
        LedgerEntry.objects.create(
            wallet=wallet, amount=WELCOME_COINS, balance_after=WELCOME_COINS, kind="welcome",
            reason="Welcome to the club.",
        )
        bank.balance -= WELCOME_COINS
    bank.save()


class Migration(migrations.Migration):
    dependencies = [("accounts", "0002_coins")]

    operations = [migrations.RunPython(open_wallets, migrations.RunPython.noop)]
