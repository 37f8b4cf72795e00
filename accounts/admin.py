from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth.admin import UserAdmin
from django.db import transaction
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts import coins
from accounts.identity import Player
from accounts.models import Bank, LedgerEntry, User, Wallet
from plumbing.admin import ReadOnlyAdmin


class CoinsForm(forms.Form):
    amount = forms.IntegerField(
        label=gettext_lazy("Amount"),
        min_value=1,
        max_value=1_000_000_000,
        help_text=gettext_lazy("Coins for each selected account."),
    )
    reason = forms.CharField(
        label=gettext_lazy("Reason"),
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        help_text=gettext_lazy("Recorded in the ledger with your account."),
    )


class CoinsActions:
    """Staff grant and take coins to and from the accounts of the selected rows
    (``account_of``), each movement a ledger entry; an account that has not played yet
    has its wallet opened with its welcome coins first."""

    actions = ["grant_coins", "take_coins"]

    def account_of(self, row) -> User:
        raise NotImplementedError

    @admin.action(
        description=gettext_lazy("Grant coins to the selected accounts (from the bank)"), permissions=["change"]
    )
    def grant_coins(self, request, queryset):
        # Translators: what the staff were told once coins were granted: "200 coins granted to Ann, Bea."
        done = gettext_lazy("%(coins)s granted to %(names)s.")
        return self._coins_form(request, queryset, "grant_coins", coins.grant, _("Grant coins"), done)

    @admin.action(
        description=gettext_lazy("Take coins from the selected accounts (back to the bank)"), permissions=["change"]
    )
    def take_coins(self, request, queryset):
        # Translators: what the staff were told once coins were taken: "200 coins taken from Ann, Bea."
        done = gettext_lazy("%(coins)s taken from %(names)s.")
        return self._coins_form(request, queryset, "take_coins", coins.take, _("Take coins"), done)

    def _coins_form(self, request, queryset, action, move, title, done):
        rows = list(queryset.order_by("pk"))
        accounts = [self.account_of(row) for row in rows]
        form = CoinsForm(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            amount, reason = form.cleaned_data["amount"], form.cleaned_data["reason"]
            try:
                with transaction.atomic():  # all the selected accounts, or none
                    for user in accounts:
                        move(user, amount, reason, request.user)
            except coins.CoinError as error:
                form.add_error(None, str(error))
            else:
                for row in rows:
                    # The admin's history is a record: in English, as it always was.
                    self.log_change(request, row, f"{move.__name__.capitalize()} coins: {amount:,} ({reason})")
                names = ", ".join(user.get_username() for user in accounts)
                self.message_user(request, done % {"coins": coins.coins_said(amount), "names": names}, messages.SUCCESS)
                return None
        context = {
            **self.admin_site.each_context(request),
            "title": title,
            "opts": self.model._meta,
            "form": form,
            "accounts": [
                (user.get_username(), coins.balance_of(Player(name=user.get_username(), user_id=user.pk)))
                for user in accounts
            ],
            "selected": [row.pk for row in rows],
            "action": action,
            "action_checkbox_name": ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/accounts/wallet/coins.html", context)


@admin.register(User)
class PlayerAdmin(CoinsActions, UserAdmin):
    list_display = ("username", "date_joined", "last_login", "is_active", "is_staff")
    list_filter = ("is_active", "is_staff", "is_superuser", "date_joined")
    search_fields = ("username", "email")
    ordering = ("-date_joined",)

    def account_of(self, row) -> User:
        return row


@admin.register(Wallet)
class WalletAdmin(CoinsActions, admin.ModelAdmin):
    """Balances change only through the ledger: the grant/take actions here (and on
    accounts, whose wallets they open as needed), rounds, welcome coins."""

    list_display = ("user", "balance")
    search_fields = ("user__username",)
    list_select_related = ("user",)
    ordering = ("user__username",)
    readonly_fields = ("user", "balance")

    def get_queryset(self, request):
        # A guest's coins last as long as their visit: staff grant and take accounts' only.
        return super().get_queryset(request).filter(user__isnull=False).select_related("user")

    def has_add_permission(self, request):
        return False  # a wallet is opened when its account first plays, or by staff's coins

    def has_delete_permission(self, request, obj=None):
        return False

    def account_of(self, row) -> User:
        return row.user


@admin.register(LedgerEntry)
class LedgerEntryAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    """Append-only: nothing here can be added, changed or deleted."""

    list_display = ("created_at", "wallet_user", "kind", "amount", "balance_after", "room", "round", "staff", "reason")
    list_filter = ("kind", "created_at")
    date_hierarchy = "created_at"
    search_fields = ("wallet__user__username", "reason", "room__code", "staff__username")
    list_select_related = ("wallet__user", "room", "staff")

    @admin.display(description=gettext_lazy("Player"), ordering="wallet__user__username")
    def wallet_user(self, entry):
        return entry.wallet.user or _("(a guest)")


@admin.register(Bank)
class BankAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    """The other side of every movement; read-only (it may be negative)."""

    list_display = ("__str__", "balance")
