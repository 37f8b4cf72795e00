from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy, pgettext_lazy


class SeatOutcome(models.Model):
    """How a person (an account or a guest) left one seat of one room: one row per
    person and room (``fairplay/outcomes.py`` says which outcome is which)."""

    class Kind(models.TextChoices):
        FINISHED = "finished", pgettext_lazy("how a player left a game", "Played to the end")
        LEFT = "left", pgettext_lazy("how a player left a game", "Left: a bot took over")
        STALLED = "stalled", pgettext_lazy("how a player left a game", "Stalled: ran the clock out")
        ABANDONED = "abandoned", pgettext_lazy("how a player left a game", "Left before the start")

    room = models.ForeignKey(
        "rooms.Room", on_delete=models.CASCADE, related_name="+", verbose_name=gettext_lazy("room")
    )
    # accounts.identity.person_key: "user:12" or "guest:<id>".
    person = models.CharField(gettext_lazy("person"), max_length=80)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, verbose_name=gettext_lazy("user")
    )
    name = models.CharField(gettext_lazy("name"), max_length=40)
    seat = models.PositiveSmallIntegerField(gettext_lazy("seat"))
    outcome = models.CharField(gettext_lazy("outcome"), max_length=10, choices=Kind.choices)
    recorded_at = models.DateTimeField(gettext_lazy("recorded at"), default=timezone.now)

    class Meta:
        verbose_name = gettext_lazy("seat outcome")
        verbose_name_plural = gettext_lazy("seat outcomes")
        constraints = [models.UniqueConstraint(fields=["room", "person"], name="fairplay_one_outcome_per_room")]
        indexes = [models.Index(fields=["person", "-recorded_at"], name="fairplay_outcome_newest")]

    def __str__(self):
        return f"{self.name} in {self.room_id}: {self.outcome}"


class Wait(models.Model):
    """A person who left games again and again may not sit down until ``ends_at``
    (``fairplay/waits.py``), unless staff lift the wait first."""

    person = models.CharField(gettext_lazy("person"), max_length=80, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, verbose_name=gettext_lazy("user")
    )
    name = models.CharField(gettext_lazy("name"), max_length=40)
    step = models.PositiveSmallIntegerField(gettext_lazy("step"))
    starts_at = models.DateTimeField(gettext_lazy("starts at"))
    ends_at = models.DateTimeField(gettext_lazy("ends at"))
    lifted_at = models.DateTimeField(gettext_lazy("lifted at"), null=True, blank=True)
    lifted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=gettext_lazy("lifted by"),
    )

    class Meta:
        verbose_name = gettext_lazy("wait")
        verbose_name_plural = gettext_lazy("waits")

    def __str__(self):
        return f"{self.name} until {self.ends_at:%Y-%m-%d %H:%M}"

    @property
    def ended_at(self):
        """When it ended or ends: lifted by staff, or at its end."""
        return min(self.lifted_at, self.ends_at) if self.lifted_at else self.ends_at
