from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth.admin import UserAdmin
from django.db import transaction
from django.template.response import TemplateResponse

from accounts import coins
from accounts.models import Bank, LedgerEntry, User, Wallet
from config.admin import ReadOnlyAdmin


@admin.register(User)
class PlayerAdmin(UserAdmin):
    list_display = ("username", "date_joined", "last_login", "is_active", "is_staff")
    list_filter = ("is_active", "is_staff", "is_superuser", "date_joined")
    search_fields = ("username", "email")
    ordering = ("-date_joined",)


class CoinsForm(forms.Form):
    amount = forms.IntegerField(min_value=1, max_value=1_000_000_000, help_text="Coins for each selected wallet.")
    reason = forms.CharField(
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        help_text="Recorded in the ledger with your account.",
    )


@admin.register(Wallet)
class WalletAdmin(admin.ModelAdmin):
    """Balances change only through the ledger: the grant/take actions here, rounds, welcome coins."""

    list_display = ("user", "balance")
    search_fields = ("user__username",)
    list_select_related = ("user",)
    ordering = ("user__username",)
    readonly_fields = ("user", "balance")
    actions = ["grant_coins", "take_coins"]

    def get_queryset(self, request):
        # A guest's coins last as long as their visit: staff grant and take accounts' only.
        return super().get_queryset(request).filter(user__isnull=False)

    def has_add_permission(self, request):
        return False  # a wallet is opened with its account

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.action(description="Grant coins to the selected wallets (from the bank)", permissions=["change"])
    def grant_coins(self, request, queryset):
        return self._coins_form(request, queryset, "grant_coins", coins.grant, "Grant coins", "granted to")

    @admin.action(description="Take coins from the selected wallets (back to the bank)", permissions=["change"])
    def take_coins(self, request, queryset):
        return self._coins_form(request, queryset, "take_coins", coins.take, "Take coins", "taken from")

    def _coins_form(self, request, queryset, action, move, title, done):
        wallets = list(queryset.select_related("user").order_by("pk"))
        form = CoinsForm(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            amount, reason = form.cleaned_data["amount"], form.cleaned_data["reason"]
            try:
                with transaction.atomic():  # all the selected wallets, or none
                    for wallet in wallets:
                        move(wallet.user, amount, reason, request.user)
            except coins.CoinError as error:
                form.add_error(None, str(error))
            else:
                for wallet in wallets:
                    self.log_change(request, wallet, f"{title}: {amount:,} ({reason})")
                names = ", ".join(wallet.user.get_username() for wallet in wallets)
                self.message_user(request, f"{coins.coins(amount)} {done} {names}.", messages.SUCCESS)
                return None
        context = {
            **self.admin_site.each_context(request),
            "title": title,
            "opts": self.model._meta,
            "form": form,
            "wallets": wallets,
            "action": action,
            "action_checkbox_name": ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/accounts/wallet/coins.html", context)


@admin.register(LedgerEntry)
class LedgerEntryAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    """Append-only: nothing here can be added, changed or deleted."""

    list_display = ("created_at", "wallet_user", "kind", "amount", "balance_after", "room", "round", "staff", "reason")
    list_filter = ("kind", "created_at")
    date_hierarchy = "created_at"
    search_fields = ("wallet__user__username", "reason", "room__code", "staff__username")
    list_select_related = ("wallet__user", "room", "staff")

    @admin.display(description="Player", ordering="wallet__user__username")
    def wallet_user(self, entry):
        return entry.wallet.user or "(a guest)"


@admin.register(Bank)
class BankAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    """The other side of every movement; read-only (it may be negative)."""

    list_display = ("__str__", "balance")
