from django.conf import settings
from django.db import models


class Result(models.Model):
    """One seat's result in one finished game: accounts, guests and bots alike."""

    room = models.ForeignKey("rooms.Room", on_delete=models.CASCADE, related_name="results")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="results"
    )
    name = models.CharField(max_length=40)
    is_bot = models.BooleanField(default=False)
    game = models.CharField(max_length=20)
    mode = models.CharField(max_length=20, blank=True)
    place = models.PositiveSmallIntegerField()
    points = models.IntegerField()
    won = models.BooleanField(default=False)
    had_bots = models.BooleanField()
    finished_at = models.DateTimeField(db_index=True)
    voided = models.BooleanField(default=False)
    void_reason = models.TextField(blank=True)

    class Meta:
        ordering = ["-finished_at", "seat"]
        constraints = [models.UniqueConstraint(fields=["room", "seat"], name="leaderboard_result_once_per_seat")]
        indexes = [models.Index(fields=["game", "user", "-finished_at"])]

    def __str__(self):
        return f"{self.name} · {self.game} · place {self.place}"
