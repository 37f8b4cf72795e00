import secrets

from django.conf import settings
from django.db import models
from django.db.models.functions import Now
from django.utils import timezone
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.words import Said, Words
from rooms.fairness import is_open_to, new_salt
from rooms.occupants import Occupant


class Room(models.Model):
    """A table people gather at: its seats, options and (once started) its match.

    ``version`` counts every change a viewer can see, lobby or game; it orders the
    pushes and lets a stale action be refused.
    """

    class Status(models.TextChoices):
        WAITING = "waiting", pgettext_lazy("a room's status", "Waiting for players")
        PLAYING = "playing", pgettext_lazy("a room's status", "Playing")
        FINISHED = "finished", pgettext_lazy("a room's status", "Finished")
        CLOSED = "closed", pgettext_lazy("a room's status", "Closed")

    code = models.CharField(gettext_lazy("code"), max_length=8, unique=True)
    game = models.CharField(gettext_lazy("game"), max_length=20, db_index=True)
    options = models.JSONField(gettext_lazy("options"), default=dict)
    is_public = models.BooleanField(gettext_lazy("public"), default=True)
    status = models.CharField(
        gettext_lazy("status"), max_length=10, choices=Status.choices, default=Status.WAITING, db_index=True
    )
    host_seat = models.PositiveSmallIntegerField(gettext_lazy("host's seat"), default=0)
    version = models.PositiveIntegerField(gettext_lazy("version"), default=1)
    created_at = models.DateTimeField(gettext_lazy("created at"), auto_now_add=True)
    autostart_at = models.DateTimeField(gettext_lazy("starts by itself at"), null=True, blank=True, db_index=True)
    # While waiting: when the host was last known to be connected, and when the beat's
    # sweep next looks (a host away for a while passes the host on, or the room closes).
    # The database's own defaults fill in rows written without them (by a migration).
    host_seen_at = models.DateTimeField(gettext_lazy("host last seen at"), default=timezone.now, db_default=Now())
    host_check_at = models.DateTimeField(gettext_lazy("host next looked for at"), null=True, blank=True, db_index=True)
    # The host who was away when the host passed on or the room closed, for its notice.
    away_host = models.CharField(
        gettext_lazy("host who was away"), max_length=40, blank=True, default="", db_default=""
    )
    bot_level = models.CharField(gettext_lazy("bots' level"), max_length=10, default="normal")
    # A private team game's host may let partners write free text during hands too.
    partners_write = models.BooleanField(
        gettext_lazy("partners write during hands"), default=False, db_default=False
    )
    # A public room's host may ask for a minimum reliability (fairplay/outcomes.py) of the
    # people who sit down; None: anyone.
    min_reliability = models.PositiveSmallIntegerField(gettext_lazy("minimum reliability"), null=True, blank=True)
    # The host's proposal of another partner (games with partners), before the start:
    # {"status": "pending"|"refused"|"accepted", "seat": i, "accepted": [seats],
    #  "by": seat that refused, "names": {...}} — the last one stays shown until the next.
    proposal = models.JSONField(gettext_lazy("partner proposal"), null=True, blank=True)
    # After the game: the room its players moved on to ("Play again").
    next_room = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=gettext_lazy("next room"),
    )

    class Meta:
        verbose_name = gettext_lazy("room")
        verbose_name_plural = gettext_lazy("rooms")
        indexes = [models.Index(fields=["is_public", "status", "-created_at"])]

    def __str__(self):
        return f"{self.game} {self.code}"

    def get_game_title(self) -> Words:
        from games import registry

        return registry.definition(self.game).title

    @property
    def listed_options(self) -> list[Said]:
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

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="seats", verbose_name=gettext_lazy("room"))
    index = models.PositiveSmallIntegerField(gettext_lazy("index"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, verbose_name=gettext_lazy("user")
    )
    guest_id = models.CharField(gettext_lazy("guest id"), max_length=32, blank=True, db_index=True)
    name = models.CharField(gettext_lazy("name"), max_length=40, blank=True)
    bot_level = models.CharField(gettext_lazy("bot's level"), max_length=10, blank=True)
    timeouts_in_a_row = models.PositiveSmallIntegerField(gettext_lazy("timeouts in a row"), default=0)
    # A stand-in bot plays the seat because the game's rules keep its person out
    # (``RoomRules.on_events``; at a table that plays for coins: they could not cover the
    # bet, and the seat's rounds move no coins) until their move takes it back
    # (``RoomRules.can_play``). The database default serves rows written by code that
    # does not know the column (the previous release during a deploy, older migrations'
    # models).
    sitting_out = models.BooleanField(gettext_lazy("sitting out"), default=False, db_default=False)
    # How often the person's clock ran out in this game, in all (a stalled seat: fairplay).
    timeouts = models.PositiveSmallIntegerField(gettext_lazy("timeouts"), default=0, db_default=0)
    # The person's reliability when they sat down (fairplay/outcomes.py), shown beside
    # their seat; None for a bot, an empty seat or a person with no game yet.
    reliability = models.PositiveSmallIntegerField(gettext_lazy("reliability"), null=True, blank=True)

    class Meta:
        verbose_name = gettext_lazy("seat")
        verbose_name_plural = gettext_lazy("seats")
        ordering = ["index"]
        constraints = [models.UniqueConstraint(fields=["room", "index"], name="rooms_seat_unique_index")]

    def __str__(self):
        return f"{self.room.code} #{self.index} {self.name or '(empty)'}"


class Match(models.Model):
    """The game played at a room: the engine's state, its deadline and its history."""

    room = models.OneToOneField(Room, on_delete=models.CASCADE, related_name="match", verbose_name=gettext_lazy("room"))
    state = models.JSONField(gettext_lazy("state"))
    seed = models.CharField(gettext_lazy("seed"), max_length=64)
    # Hashed with the seed into the commitment a table shows until the game is over.
    salt = models.CharField(gettext_lazy("salt"), max_length=32, default=new_salt, editable=False)
    started_at = models.DateTimeField(gettext_lazy("started at"), auto_now_add=True)
    finished_at = models.DateTimeField(gettext_lazy("finished at"), null=True, blank=True)
    deadline = models.DateTimeField(gettext_lazy("deadline"), null=True, blank=True, db_index=True)
    bot_due_at = models.DateTimeField(gettext_lazy("bot's move due at"), null=True, blank=True, db_index=True)
    # Until then the table stays as the last change left it, for people to read (a
    # reveal, a trick, a round's result): nobody acts; the clocks above start after it.
    paused_until = models.DateTimeField(gettext_lazy("paused until"), null=True, blank=True)
    moves = models.PositiveIntegerField(gettext_lazy("moves"), default=0)
    had_bots = models.BooleanField(gettext_lazy("had bots"), default=False)
    ended_by_staff = models.TextField(gettext_lazy("ended by staff"), blank=True)

    class Meta:
        verbose_name = gettext_lazy("match")
        verbose_name_plural = gettext_lazy("matches")

    def __str__(self):
        return f"Match at {self.room}"


class MatchAction(models.Model):
    """One applied action, in order: with the seed, these replay the game exactly."""

    class Source(models.TextChoices):
        PLAYER = "player", pgettext_lazy("who made a move", "Player")
        BOT = "bot", pgettext_lazy("who made a move", "Bot")
        TIMEOUT = "timeout", pgettext_lazy("who made a move", "Timeout")
        FORCED = "forced", pgettext_lazy("who made a move", "Only choice")

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="actions", verbose_name=gettext_lazy("match")
    )
    number = models.PositiveIntegerField(gettext_lazy("number"))
    seat = models.PositiveSmallIntegerField(gettext_lazy("seat"))
    action = models.JSONField(gettext_lazy("action"))
    source = models.CharField(gettext_lazy("made by"), max_length=10, choices=Source.choices)
    created_at = models.DateTimeField(gettext_lazy("created at"), auto_now_add=True)
    # For a timeout: the deadline it was played for (how late timers fire is measured from it).
    due_at = models.DateTimeField(gettext_lazy("due at"), null=True, blank=True)

    class Meta:
        verbose_name = gettext_lazy("match action")
        verbose_name_plural = gettext_lazy("match actions")
        ordering = ["match", "number"]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="rooms_action_unique_number")]


def new_review_seed() -> str:
    return secrets.token_hex(8)


class SeatReview(models.Model):
    """The strong bot's review of one seat of a finished game (docs/review.md): computed
    once, a chunk of decisions at a time, and kept. With the match's seed and its own it
    reproduces exactly."""

    class Status(models.TextChoices):
        WAITING = "waiting", pgettext_lazy("a review", "Waiting")
        RUNNING = "running", pgettext_lazy("a review", "Running")
        DONE = "done", pgettext_lazy("a review", "Done")
        FAILED = "failed", pgettext_lazy("a review", "Failed")

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="reviews", verbose_name=gettext_lazy("match")
    )
    seat = models.PositiveSmallIntegerField(gettext_lazy("seat"))
    seed = models.CharField(gettext_lazy("seed"), max_length=32, default=new_review_seed, editable=False)
    status = models.CharField(
        gettext_lazy("status"), max_length=10, choices=Status.choices, default=Status.WAITING
    )
    total = models.PositiveIntegerField(gettext_lazy("decisions to review"), null=True, blank=True)
    done = models.PositiveIntegerField(gettext_lazy("decisions reviewed"), default=0)
    # The number of the last move reviewed: a review resumes after it.
    last_move = models.PositiveIntegerField(gettext_lazy("last move reviewed"), default=0)
    decisions = models.JSONField(gettext_lazy("decisions"), default=list)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        verbose_name=gettext_lazy("requested by"),
    )
    requested_at = models.DateTimeField(gettext_lazy("requested at"), auto_now_add=True)
    updated_at = models.DateTimeField(gettext_lazy("updated at"), default=timezone.now)
    finished_at = models.DateTimeField(gettext_lazy("finished at"), null=True, blank=True)

    class Meta:
        verbose_name = gettext_lazy("seat review")
        verbose_name_plural = gettext_lazy("seat reviews")
        constraints = [models.UniqueConstraint(fields=["match", "seat"], name="rooms_review_unique_seat")]

    def __str__(self):
        return f"Review of seat {self.seat} at {self.match}"

    @property
    def is_finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)


class Unannounced(models.Model):
    """A room whose last change committed while Redis was unreachable: its version is
    neither stored nor announced, and its timers are not set. Once Redis answers, the
    beat's sweep does all three (``rooms.push.followups.announce_the_unannounced``)."""

    room = models.OneToOneField(
        Room, on_delete=models.CASCADE, primary_key=True, related_name="+", verbose_name=gettext_lazy("room")
    )

    class Meta:
        verbose_name = gettext_lazy("unannounced room")
        verbose_name_plural = gettext_lazy("unannounced rooms")

    def __str__(self):
        return f"{self.room} (unannounced)"


class ChatLine(models.Model):
    """A line said at a room's table, in one of its two channels: free text or a quick
    phrase (its English words, its message, shown in each reader's language). Each
    channel keeps its last ``rooms.chat.lines.KEPT`` lines."""

    class Channel(models.TextChoices):
        PLAYERS = "players", pgettext_lazy("a chat channel", "Table")
        SPECTATORS = "spectators", pgettext_lazy("a chat channel", "Spectators")

    room = models.ForeignKey(
        Room, on_delete=models.CASCADE, related_name="chat_lines", verbose_name=gettext_lazy("room")
    )
    channel = models.CharField(gettext_lazy("channel"), max_length=10, choices=Channel.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, verbose_name=gettext_lazy("user")
    )
    guest_id = models.CharField(gettext_lazy("guest id"), max_length=64, blank=True)
    name = models.CharField(gettext_lazy("name"), max_length=40)
    text = models.CharField(gettext_lazy("text"), max_length=140, blank=True)
    phrase = models.CharField(gettext_lazy("quick phrase"), max_length=80, blank=True)
    said_at = models.DateTimeField(gettext_lazy("said at"), default=timezone.now)

    class Meta:
        verbose_name = gettext_lazy("chat line")
        verbose_name_plural = gettext_lazy("chat lines")
        indexes = [models.Index(fields=["room", "channel", "-id"], name="rooms_chat_channel_newest")]

    def __str__(self):
        return f"{self.name}: {self.text or self.phrase}"


class Report(models.Model):
    """A player's report of another, made at a table: the room, its game and a copy of
    the chat's kept lines go with it, for staff to read (``rooms.chat.reports``)."""

    class Reason(models.TextChoices):
        ABUSIVE_CHAT = "abusive_chat", gettext_lazy("Abusive chat")
        CHEATING = "cheating", gettext_lazy("Cheating or teaming up")
        LEAVING = "leaving", gettext_lazy("Leaving or stalling")
        OFFENSIVE_NAME = "offensive_name", gettext_lazy("Offensive name")
        OTHER = "other", gettext_lazy("Other")

    class Status(models.TextChoices):
        OPEN = "open", gettext_lazy("Open")
        CLOSED = "closed", gettext_lazy("Closed")

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=gettext_lazy("reported by"),
    )
    reporter_name = models.CharField(gettext_lazy("reporter's name"), max_length=40)
    # ``identity.person_key`` of the reported person: an account or a guest.
    reported = models.CharField(gettext_lazy("reported person"), max_length=80, db_index=True)
    reported_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=gettext_lazy("reported account"),
    )
    reported_name = models.CharField(gettext_lazy("reported player's name"), max_length=40)
    room = models.ForeignKey(
        Room, null=True, on_delete=models.SET_NULL, related_name="+", verbose_name=gettext_lazy("room")
    )
    match = models.ForeignKey(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="+", verbose_name=gettext_lazy("game")
    )
    reason = models.CharField(gettext_lazy("reason"), max_length=20, choices=Reason.choices)
    note = models.CharField(gettext_lazy("note"), max_length=300, blank=True)
    # The room's kept chat lines, both channels, as they were when the report was made.
    chat = models.JSONField(gettext_lazy("chat lines"), default=list, blank=True)
    status = models.CharField(gettext_lazy("status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(gettext_lazy("reported at"), default=timezone.now, db_index=True)

    class Meta:
        verbose_name = gettext_lazy("report")
        verbose_name_plural = gettext_lazy("reports")
        constraints = [
            models.UniqueConstraint(
                fields=["reporter", "reported", "room"], condition=models.Q(status="open"), name="rooms_report_one_open"
            ),
        ]
        indexes = [models.Index(fields=["reporter", "-created_at"], name="rooms_report_reporter_newest")]

    def __str__(self):
        return f"{self.reporter_name} reports {self.reported_name}: {self.get_reason_display()}"


class ModerationAction(models.Model):
    """What staff did about a report, and why: a record kept for good. A chat timeout
    or ban is in force while its action is (``rooms.chat.sanctions``)."""

    class Kind(models.TextChoices):
        DISMISS = "dismiss", gettext_lazy("Dismiss")
        WARN = "warn", gettext_lazy("Warn")
        TIMEOUT_SHORT = "timeout_15m", gettext_lazy("Chat timeout, 15 minutes")
        TIMEOUT_LONG = "timeout_24h", gettext_lazy("Chat timeout, 24 hours")
        CHAT_BAN = "chat_ban", gettext_lazy("Chat ban")
        SUSPEND = "suspend", gettext_lazy("Suspend the account")

    report = models.ForeignKey(
        Report, null=True, on_delete=models.SET_NULL, related_name="actions", verbose_name=gettext_lazy("report")
    )
    person = models.CharField(gettext_lazy("person"), max_length=80)  # ``identity.person_key``
    person_name = models.CharField(gettext_lazy("name"), max_length=40)
    kind = models.CharField(gettext_lazy("action"), max_length=12, choices=Kind.choices)
    reason = models.TextField(gettext_lazy("reason"))
    staff = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+",
        verbose_name=gettext_lazy("staff"),
    )
    created_at = models.DateTimeField(gettext_lazy("when"), default=timezone.now)
    # A chat timeout's end; a chat ban has none.
    ends_at = models.DateTimeField(gettext_lazy("ends at"), null=True, blank=True)

    class Meta:
        verbose_name = gettext_lazy("moderation action")
        verbose_name_plural = gettext_lazy("moderation actions")
        ordering = ["-id"]
        indexes = [models.Index(fields=["person", "kind", "ends_at"], name="rooms_moderation_person")]

    def __str__(self):
        return f"{self.get_kind_display()}: {self.person_name}"
