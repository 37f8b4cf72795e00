from django.conf import settings
from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext


class Result(models.Model):
    """One seat's result in one finished game: accounts, guests and bots alike."""

    room = models.ForeignKey(
        "rooms.Room", on_delete=models.CASCADE, related_name="results", verbose_name=gettext_lazy("table")
    )
    seat = models.PositiveSmallIntegerField(gettext_lazy("seat"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="results",
        verbose_name=gettext_lazy("user"),
    )
    name = models.CharField(gettext_lazy("name"), max_length=40)
    is_bot = models.BooleanField(gettext_lazy("bot"), default=False)
    # A bot seat's level ("easy", "normal", "strong"): the fixed rating it played with.
    bot_level = models.CharField(gettext_lazy("bot level"), max_length=10, blank=True)
    game = models.CharField(gettext_lazy("game"), max_length=20)
    mode = models.CharField(gettext_lazy("mode"), max_length=20, blank=True)
    place = models.PositiveSmallIntegerField(gettext_lazy("place"))
    points = models.IntegerField(gettext_lazy("points"))
    won = models.BooleanField(gettext_lazy("won"), default=False)
    had_bots = models.BooleanField(gettext_lazy("had bots"))
    finished_at = models.DateTimeField(gettext_lazy("finished at"), db_index=True)
    voided = models.BooleanField(gettext_lazy("voided"), default=False)
    void_reason = models.TextField(gettext_lazy("void reason"), blank=True)
    # What the game's end gave this seat (leaderboard/counters.py ``recorded_counters``,
    # from the game's definition), e.g. {"defences": 3, "fees": 5}; zeros left out.
    counters = models.JSONField(gettext_lazy("counters"), default=dict, blank=True)

    class Meta:
        verbose_name = gettext_lazy("result")
        verbose_name_plural = gettext_lazy("results")
        ordering = ["-finished_at", "seat"]
        constraints = [models.UniqueConstraint(fields=["room", "seat"], name="leaderboard_result_once_per_seat")]
        indexes = [models.Index(fields=["game", "user", "-finished_at"])]

    def __str__(self):
        return _("%(name)s · %(game)s · place %(place)s") % {"name": self.name, "game": self.game, "place": self.place}


def BOARD_INDEX(name: str) -> models.Index:  # noqa: N802 - reads like the Index it makes
    """The board's order (leaderboard/boards.py ``ORDER``) after the game and mode, so
    that a page, a rank and a count are read from the index alone (``active`` last: it
    is only checked, never ranged on)."""
    return models.Index(
        fields=["game", "mode", "-points", "-wins", "games", "user", "active"], name=name
    )


class Totals(models.Model):
    """Running totals, changed only by adding or subtracting one game's results."""

    games = models.PositiveIntegerField(gettext_lazy("games"), default=0)
    wins = models.PositiveIntegerField(gettext_lazy("wins"), default=0)
    points = models.IntegerField(gettext_lazy("points"), default=0)
    # Per-game counters (see leaderboard/counters.py), e.g. {"final_ties": 2}; zeros are left out.
    counters = models.JSONField(gettext_lazy("counters"), default=dict, blank=True)

    class Meta:
        abstract = True


class Standing(Totals):
    """One account's all-time totals in one game and mode; mode "" sums every mode.

    Only accounts have standings: guests and bots never do.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="standings", verbose_name=gettext_lazy("user")
    )
    game = models.CharField(gettext_lazy("game"), max_length=20)
    mode = models.CharField(gettext_lazy("mode"), max_length=20, blank=True)
    # A copy of user.is_active (kept by leaderboard.receivers), so that the board is read
    # from this table's index alone, without joining the accounts.
    active = models.BooleanField(gettext_lazy("active"), default=True)

    class Meta:
        verbose_name = gettext_lazy("standing")
        verbose_name_plural = gettext_lazy("standings")
        constraints = [
            models.UniqueConstraint(fields=["user", "game", "mode"], name="leaderboard_standing_once_per_mode")
        ]
        indexes = [BOARD_INDEX("leaderboard_standing_board")]

    def __str__(self):
        return ngettext(
            "%(user)s · %(game)s %(mode)s · %(points)s point",
            "%(user)s · %(game)s %(mode)s · %(points)s points",
            self.points,
        ) % {
            "user": self.user,
            "game": self.game,
            "mode": self.mode or _("all modes"),
            "points": self.points,
        }


class RecentStanding(Totals):
    """One account's totals of the last 30 days in one game and mode: the sum of its
    ``DailyStanding`` rows from ``RecentWindow.start`` on (kept with them; the days
    that leave the window are subtracted when the window moves on)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="recent_standings",
        verbose_name=gettext_lazy("user"),
    )
    game = models.CharField(gettext_lazy("game"), max_length=20)
    mode = models.CharField(gettext_lazy("mode"), max_length=20, blank=True)
    active = models.BooleanField(gettext_lazy("active"), default=True)

    class Meta:
        verbose_name = gettext_lazy("recent standing")
        verbose_name_plural = gettext_lazy("recent standings")
        constraints = [
            models.UniqueConstraint(fields=["user", "game", "mode"], name="leaderboard_recent_once_per_mode")
        ]
        indexes = [BOARD_INDEX("leaderboard_recent_board")]

    def __str__(self):
        return _("%(user)s · %(game)s %(mode)s · last 30 days") % {
            "user": self.user,
            "game": self.game,
            "mode": self.mode or _("all modes"),
        }


class RecentWindow(models.Model):
    """One row: the first day ``RecentStanding`` counts."""

    SINGLE_ID = 1

    id = models.PositiveSmallIntegerField(primary_key=True, default=SINGLE_ID, editable=False)
    start = models.DateField()

    def __str__(self):
        return f"Recent standings from {self.start}"


class DailyStanding(Totals):
    """One account's totals for one UTC day, game and mode: the "last 30 days" board sums these."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="daily_standings",
        verbose_name=gettext_lazy("user"),
    )
    game = models.CharField(gettext_lazy("game"), max_length=20)
    mode = models.CharField(gettext_lazy("mode"), max_length=20, blank=True)
    day = models.DateField(gettext_lazy("day"))

    class Meta:
        verbose_name = gettext_lazy("daily standing")
        verbose_name_plural = gettext_lazy("daily standings")
        constraints = [
            models.UniqueConstraint(fields=["user", "game", "mode", "day"], name="leaderboard_daily_once_per_day")
        ]
        indexes = [models.Index(fields=["game", "mode", "day"], name="leaderboard_daily_window")]

    def __str__(self):
        return _("%(user)s · %(game)s %(mode)s · %(day)s") % {
            "user": self.user,
            "game": self.game,
            "mode": self.mode or _("all modes"),
            "day": self.day,
        }


class BoardStamp(models.Model):
    """One row per board (``"<game>:<period>"``): a random number renewed in the same
    transaction as every change to the board's standings or ratings (leaderboard/stamps.py
    ``renew_stamps``). What leaderboard/boards.py counts from a board is cached under its
    stamp, so a count made before a change is never read after it."""

    board = models.CharField(max_length=40, primary_key=True)
    stamp = models.BigIntegerField()

    def __str__(self):
        return f"{self.board} · {self.stamp}"


class Rating(models.Model):
    """One account's OpenSkill rating in one game (leaderboard/ratings.py), kept from its
    rated games: ``RatingChange`` holds every step. Derived data: ``manage.py
    recompute_ratings`` builds it again from the results."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    game = models.CharField(max_length=20)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)  # rated games: provisional below ratings.PROVISIONAL_GAMES
    display = models.IntegerField()  # ratings.display(mu, sigma): the board's order
    # A copy of user.is_active (kept by leaderboard.receivers), as on the standings.
    active = models.BooleanField(default=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="leaderboard_rating_once_per_game")]
        # The rating board's order, and the rated games it shows: a page is read from the index alone.
        indexes = [
            models.Index(
                fields=["game", "-display", "user", "games"],
                name="leaderboard_rating_board",
                condition=models.Q(active=True),
            )
        ]

    def __str__(self):
        return f"{self.user} · {self.game} · {self.display}"


class RatingChange(models.Model):
    """What one rated game did to one account's rating: before and after.

    The games of a rating follow each other in the order of their results' ids (the
    rating rows are locked before a game's results are written)."""

    result = models.OneToOneField(Result, on_delete=models.CASCADE, primary_key=True, related_name="rating_change")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes")
    game = models.CharField(max_length=20)
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()

    class Meta:
        indexes = [models.Index(fields=["user", "game", "result"], name="leaderboard_rating_history")]

    def __str__(self):
        return f"{self.user} · {self.game} · result {self.result_id}"
