from django.contrib.auth.models import AbstractUser, UserManager
from django.db import models
from django.db.models.functions import Lower
from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext

from accounts.lookalikes import skeleton


class CaseInsensitiveUserManager(UserManager):
    def get_by_natural_key(self, username):
        user = self.by_username(username)
        if user is None:
            raise self.model.DoesNotExist
        return user

    def by_username(self, typed: str):
        """The account ``typed`` names, in any case, else None. Only ASCII letters have a
        case here, the same on every database: PostgreSQL's UPPER('ı') is 'I' where
        SQLite's is 'ı', so a name typed with any other character names only the account
        of exactly that name, and the databases' own case folding only narrows the search
        (by the index on lower(username))."""
        if not typed.isascii():
            return self.filter(username=typed).first()
        same_in_lower_case = self.alias(lower_username=Lower("username")).filter(lower_username=typed.lower())
        return next((user for user in same_in_lower_case if user.username.isascii()), None)

    def looking_like(self, name: str) -> str | None:
        """The username of an account whose name looks like ``name`` (``accounts/lookalikes.py``), or None."""
        return self.filter(username_skeleton=skeleton(name)).values_list("username", flat=True).first()


class User(AbstractUser):
    """A registered player. Usernames are unique whatever their case, and no two new ones
    look alike (``username_skeleton``, kept by ``save``)."""

    username_skeleton = models.TextField(editable=False, db_default="")
    # The language the player last chose (a code of settings.LANGUAGES), "" until then:
    # a new visit without the language cookie speaks it (accounts/languages.py).
    language = models.CharField(
        gettext_lazy("language"),
        max_length=10,
        blank=True,
        db_default="",
        help_text=gettext_lazy("The site speaks it to this player wherever they sign in."),
    )

    # The player reads no chat at the tables, and writes none (the account page's setting).
    chat_off = models.BooleanField(
        gettext_lazy("chat off"), default=False, db_default=False,
        help_text=gettext_lazy("No chat at the tables: none shown, none written."),
    )
    # A warning from staff, shown once on the player's next page, then cleared.
    warning = models.TextField(gettext_lazy("warning to show"), blank=True, db_default="")

    objects = CaseInsensitiveUserManager()

    class Meta:
        verbose_name = gettext_lazy("user")
        verbose_name_plural = gettext_lazy("users")
        constraints = [
            models.UniqueConstraint(Lower("username"), name="accounts_user_username_ci_unique"),
        ]
        indexes = [models.Index(fields=["username_skeleton"], name="accounts_user_skeleton")]

    def save(self, *args, **kwargs):
        update_fields = kwargs.get("update_fields")
        if update_fields is None or "username" in update_fields:
            self.username_skeleton = skeleton(self.username)
            if update_fields is not None:
                kwargs["update_fields"] = {*update_fields, "username_skeleton"}
        super().save(*args, **kwargs)


# ---------------------------------------------------------------------------
# Coins (Court Piece bets). See accounts/coins.py for every movement.
# Coins are only ever created or destroyed by the bank: for any state of the
# database, sum(wallet balances) + bank balance == 0.
# ---------------------------------------------------------------------------


# The reasons of the entries that open a wallet: kept in English (the ledger's records),
# each said in the reader's language when shown (``LedgerEntry.description``).
WELCOME_REASON = gettext_noop("Welcome to the club.")
GUEST_COINS_REASON = gettext_noop("Guest coins, for this visit.")


def coins_said(amount: int) -> str:
    """``1000`` → ``"1,000 coins"``, in the active language (``accounts.coins`` says it too)."""
    return ngettext("%(count)s coin", "%(count)s coins", amount) % {
        "count": formats.number_format(amount, force_grouping=True)
    }


class AppendOnlyError(Exception):
    """Raised on any attempt to change or delete a ledger entry."""


class Wallet(models.Model):
    """An account's coins, opened with the welcome coins when it first plays for coins or
    finishes a game (``accounts.coins``); or a guest's (``guest_id`` from their session),
    opened with the guest coins when their first Court Piece round is settled."""

    user = models.OneToOneField(
        User, null=True, blank=True, on_delete=models.CASCADE, related_name="wallet", verbose_name=gettext_lazy("user")
    )
    guest_id = models.CharField(gettext_lazy("guest id"), max_length=32, blank=True, default="")
    balance = models.PositiveBigIntegerField(gettext_lazy("balance"), default=0)
    # A copy of user.is_active (kept by leaderboard.services.set_active), so that the
    # richest-players board is read, paged and counted from the index below alone.
    # Always False for a guest's wallet: the boards show accounts only.
    active = models.BooleanField(gettext_lazy("active"), default=True)

    class Meta:
        verbose_name = gettext_lazy("wallet")
        verbose_name_plural = gettext_lazy("wallets")
        constraints = [
            models.CheckConstraint(condition=models.Q(balance__gte=0), name="accounts_wallet_balance_not_negative"),
            models.CheckConstraint(
                condition=(
                    models.Q(user__isnull=False, guest_id="")
                    | models.Q(user__isnull=True, active=False) & ~models.Q(guest_id="")
                ),
                name="accounts_wallet_one_owner",
            ),
            models.UniqueConstraint(
                fields=["guest_id"], condition=~models.Q(guest_id=""), name="accounts_wallet_one_per_guest"
            ),
        ]
        indexes = [
            models.Index(
                fields=["-balance", "user", "active"],
                condition=models.Q(active=True),
                name="accounts_wallet_richest_active",
            )
        ]

    def __str__(self):
        owner = self.user.username if self.user_id else _("Guest %(id)s") % {"id": self.guest_id[:6]}
        return _("%(owner)s: %(coins)s") % {"owner": owner, "coins": coins_said(self.balance)}


class Bank(models.Model):
    """The house: one row, the other side of every movement. Its balance may go
    negative (it pays the welcome coins and the winners)."""

    SINGLE_ID = 1

    id = models.PositiveSmallIntegerField(primary_key=True, default=SINGLE_ID, editable=False)
    balance = models.BigIntegerField(gettext_lazy("balance"), default=0)

    class Meta:
        verbose_name = gettext_lazy("bank")
        verbose_name_plural = gettext_lazy("bank")
        constraints = [
            models.CheckConstraint(condition=models.Q(id=1), name="accounts_bank_single_row"),
        ]

    def __str__(self):
        return _("Bank: %(coins)s") % {"coins": coins_said(self.balance)}


class LedgerQuerySet(models.QuerySet):
    """Ledger rows are not deleted or changed in bulk either. (Deleting a room clears
    its entries' ``room`` and deleting an account removes its wallet and entries:
    Django does those through the base manager, on purpose.)"""

    def delete(self):
        raise AppendOnlyError("Ledger entries are append-only: they cannot be deleted.")

    delete.queryset_only = True  # type: ignore[attr-defined]  # Django reads it off the method: the manager gets no delete()

    def update(self, **kwargs):
        raise AppendOnlyError("Ledger entries are append-only: they cannot be changed.")


class LedgerEntry(models.Model):
    """One movement of coins between a wallet and the bank (append-only).

    ``amount`` is signed from the wallet's side (+ paid by the bank, - paid to it);
    ``balance_after`` is the wallet's balance once the movement is applied, so for a
    wallet the entries in id order always form a running sum.
    """

    class Kind(models.TextChoices):
        WELCOME = "welcome", gettext_lazy("Welcome coins")
        ROUND_WON = "round_won", gettext_lazy("Round won")
        ROUND_LOST = "round_lost", gettext_lazy("Round lost")
        STAFF_GRANT = "staff_grant", gettext_lazy("Granted by staff")
        STAFF_TAKE = "staff_take", gettext_lazy("Taken by staff")

    wallet = models.ForeignKey(
        Wallet, on_delete=models.CASCADE, related_name="entries", verbose_name=gettext_lazy("wallet")
    )
    amount = models.BigIntegerField(gettext_lazy("amount"))
    balance_after = models.PositiveBigIntegerField(gettext_lazy("balance after"))
    kind = models.CharField(gettext_lazy("kind"), max_length=12, choices=Kind.choices)
    room = models.ForeignKey(
        "rooms.Room",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="coin_entries",
        verbose_name=gettext_lazy("table"),
    )
    round = models.PositiveIntegerField(gettext_lazy("round"), null=True, blank=True)
    # A record, in English whoever's request wrote it (``description`` is for people to read).
    reason = models.TextField(gettext_lazy("reason"), blank=True)
    staff = models.ForeignKey(
        User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+", verbose_name=gettext_lazy("staff")
    )
    created_at = models.DateTimeField(gettext_lazy("when"), auto_now_add=True, db_index=True)

    objects = LedgerQuerySet.as_manager()

    class Meta:
        verbose_name = gettext_lazy("ledger entry")
        verbose_name_plural = gettext_lazy("ledger entries")
        ordering = ["-id"]
        constraints = [
            # A round is settled once per wallet, however often settlement is asked for.
            models.UniqueConstraint(
                fields=["room", "round", "wallet", "kind"],
                condition=models.Q(room__isnull=False),
                name="accounts_ledger_round_settled_once",
            ),
            models.UniqueConstraint(
                fields=["wallet"], condition=models.Q(kind="welcome"), name="accounts_ledger_one_welcome"
            ),
            models.CheckConstraint(
                condition=(
                    models.Q(kind__in=["welcome", "round_won", "staff_grant"], amount__gte=0)
                    | models.Q(kind__in=["round_lost", "staff_take"], amount__lte=0)
                ),
                name="accounts_ledger_amount_sign_matches_kind",
            ),
        ]

    def __str__(self):
        return f"{self.get_kind_display()} {self.amount:+,} → {self.balance_after:,}"

    def description(self) -> str:
        """What the movement was, in the active language: the welcome, a round's result
        and its table, the reason staff gave, else its kind. (Read with its room.)"""
        if self.kind == self.Kind.WELCOME:
            return _(WELCOME_REASON if self.wallet.user_id is not None else GUEST_COINS_REASON)
        if self.round is not None and self.room is not None:
            won = self.kind == self.Kind.ROUND_WON
            said = _("Won round %(round)s at table %(code)s.") if won else _("Lost round %(round)s at table %(code)s.")
            return said % {"round": self.round, "code": self.room.code}
        if self.kind in (self.Kind.STAFF_GRANT, self.Kind.STAFF_TAKE) and self.reason:
            return self.reason
        return self.get_kind_display()

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnlyError("Ledger entries are append-only: they cannot be changed.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError("Ledger entries are append-only: they cannot be deleted.")



class Mute(models.Model):
    """A person's choice not to see another's chat lines and reactions, at any table.
    Each is named by ``identity.person_key``: an account or a guest."""

    muter = models.CharField(gettext_lazy("muted by"), max_length=80, db_index=True)
    muted = models.CharField(gettext_lazy("muted"), max_length=80)
    muted_name = models.CharField(gettext_lazy("muted player's name"), max_length=40)
    created_at = models.DateTimeField(gettext_lazy("created at"), auto_now_add=True)

    class Meta:
        verbose_name = gettext_lazy("mute")
        verbose_name_plural = gettext_lazy("mutes")
        constraints = [models.UniqueConstraint(fields=["muter", "muted"], name="accounts_mute_once")]

    def __str__(self):
        return f"{self.muter} mutes {self.muted}"


class Relation(models.Model):
    """One account's stand towards another: following them, or blocking them. Two who
    follow each other are friends (``accounts.relations``). Guests have none."""

    class Kind(models.TextChoices):
        FOLLOW = "follow", gettext_lazy("follows")
        BLOCK = "block", gettext_lazy("blocks")

    follower = models.ForeignKey(
        User, on_delete=models.CASCADE, related_name="relations", verbose_name=gettext_lazy("player")
    )
    followed = models.ForeignKey(
        User, on_delete=models.CASCADE, related_name="+", verbose_name=gettext_lazy("other player")
    )
    kind = models.CharField(gettext_lazy("kind"), max_length=6, choices=Kind.choices)
    created_at = models.DateTimeField(gettext_lazy("created at"), auto_now_add=True)

    class Meta:
        verbose_name = gettext_lazy("relation")
        verbose_name_plural = gettext_lazy("relations")
        constraints = [
            models.UniqueConstraint(fields=["follower", "followed"], name="accounts_relation_once"),
            models.CheckConstraint(
                condition=~models.Q(follower=models.F("followed")), name="accounts_relation_not_oneself"
            ),
        ]
        indexes = [models.Index(fields=["followed", "kind"], name="accounts_relation_followed")]

    def __str__(self):
        return f"{self.follower_id} {self.kind} {self.followed_id}"
