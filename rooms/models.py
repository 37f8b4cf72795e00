from django.conf import settings
from django.db import models
from django.db.models.functions import Now
from django.utils import timezone

from rooms.fairness import is_open_to, new_salt
from rooms.occupants import Occupant


class Room(models.Model):
    """A table people gather at: its seats, options and (once started) its match.

    ``version`` counts every change a viewer can see, lobby or game; it orders the
    pushes and lets a stale action be refused.
    """

    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for players"
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Finished"
        CLOSED = "closed", "Closed"

    code = models.CharField(max_length=8, unique=True)
    game = models.CharField(max_length=20, db_index=True)
    options = models.JSONField(default=dict)
    is_public = models.BooleanField(default=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING, db_index=True)
    host_seat = models.PositiveSmallIntegerField(default=0)
    version = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)
    autostart_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # While waiting: when the host was last known to be connected, and when the beat's
    # sweep next looks (a host away for a while passes the host on, or the room closes).
    # The database's own defaults fill in rows written without them (by a migration).
    host_seen_at = models.DateTimeField(default=timezone.now, db_default=Now())
    host_check_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # The host who was away when the host passed on or the room closed, for its notice.
    away_host = models.CharField(max_length=40, blank=True, default="", db_default="")
    bot_level = models.CharField(max_length=10, default="normal")
    # The host's proposal of another partner (games with partners), before the start:
    # {"status": "pending"|"refused"|"accepted", "seat": i, "accepted": [seats],
    #  "by": seat that refused, "names": {...}} — the last one stays shown until the next.
    proposal = models.JSONField(null=True, blank=True)
    # After the game: the room its players moved on to ("Play again").
    next_room = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        indexes = [models.Index(fields=["is_public", "status", "-created_at"])]

    def __str__(self):
        return f"{self.game} {self.code}"

    def get_game_title(self) -> str:
        from games import registry

        return registry.definition(self.game).title

    @property
    def listed_options(self) -> list[str]:
        """What the lobby says of the room's options: ["Rung Kaat", "bet 300"]."""
        from games import registry

        return registry.definition(self.game).options.listed(self.options)

    def is_open_to(self, is_player: bool, is_staff: bool = False) -> bool:
        """Whether a viewer may see what this room's finished game keeps from outsiders
        (``rooms.fairness.is_open_to``)."""
        return is_open_to(self.is_public, is_player, is_staff)

    @property
    def seats_taken(self) -> int:
        return sum(1 for seat in self.seats.all() if not seat.is_empty)


class Seat(Occupant, models.Model):
    """A seat at a room: a person (account or guest), a bot, or empty."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    guest_id = models.CharField(max_length=32, blank=True, db_index=True)
    name = models.CharField(max_length=40, blank=True)
    bot_level = models.CharField(max_length=10, blank=True)
    timeouts_in_a_row = models.PositiveSmallIntegerField(default=0)
    # A stand-in bot plays the seat because the game's rules keep its person out
    # (``RoomRules.on_events``; at a table that plays for coins: they could not cover the
    # bet, and the seat's rounds move no coins) until their move takes it back
    # (``RoomRules.can_play``). The database default serves rows written by code that
    # does not know the column (the previous release during a deploy, older migrations'
    # models).
    sitting_out = models.BooleanField(default=False, db_default=False)

    class Meta:
        ordering = ["index"]
        constraints = [models.UniqueConstraint(fields=["room", "index"], name="rooms_seat_unique_index")]

    def __str__(self):
        return f"{self.room.code} #{self.index} {self.name or '(empty)'}"


class Match(models.Model):
    """The game played at a room: the engine's state, its deadline and its history."""

    room = models.OneToOneField(Room, on_delete=models.CASCADE, related_name="match")
    state = models.JSONField()
    seed = models.CharField(max_length=64)
    # Hashed with the seed into the commitment a table shows until the game is over.
    salt = models.CharField(max_length=32, default=new_salt, editable=False)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    bot_due_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # Until then the table stays as the last change left it, for people to read (a
    # reveal, a trick, a round's result): nobody acts; the clocks above start after it.
    paused_until = models.DateTimeField(null=True, blank=True)
    moves = models.PositiveIntegerField(default=0)
    had_bots = models.BooleanField(default=False)
    ended_by_staff = models.TextField(blank=True)

    class Meta:
        verbose_name_plural = "matches"

    def __str__(self):
        return f"Match at {self.room}"


class MatchAction(models.Model):
    """One applied action, in order: with the seed, these replay the game exactly."""

    class Source(models.TextChoices):
        PLAYER = "player", "Player"
        BOT = "bot", "Bot"
        TIMEOUT = "timeout", "Timeout"
        FORCED = "forced", "Only choice"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions")
    number = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    action = models.JSONField()
    source = models.CharField(max_length=10, choices=Source.choices)
    created_at = models.DateTimeField(auto_now_add=True)
    # For a timeout: the deadline it was played for (how late timers fire is measured from it).
    due_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="rooms_action_unique_number")]


class Unannounced(models.Model):
    """A room whose last change committed while Redis was unreachable: its version is
    neither stored nor announced, and its timers are not set. Once Redis answers, the
    beat's sweep does all three (``rooms.push.followups.announce_the_unannounced``)."""

    room = models.OneToOneField(Room, on_delete=models.CASCADE, primary_key=True, related_name="+")

    class Meta:
        verbose_name_plural = "unannounced rooms"

    def __str__(self):
        return f"{self.room} (unannounced)"
