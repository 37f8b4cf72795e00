"""Staff see rooms, seats, matches and their actions; the site keeps them itself, so
nothing here is added, changed or deleted by hand. A stuck game is ended with the
"End game" action on matches, through the one service path."""

from django.contrib import admin, messages
from django.utils.translation import gettext, gettext_lazy

from plumbing.admin import ReadOnlyAdmin
from rooms import fairness
from rooms.actions import lifecycle
from rooms.errors import RoomError
from rooms.models import Match, MatchAction, Room, Seat
from rooms.plaintext import plain


class SeatInline(ReadOnlyAdmin, admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("index", "name", "user", "guest_id", "bot_level", "timeouts_in_a_row", "sitting_out")
    readonly_fields = fields


@admin.register(Room)
class RoomAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ("code", "game", "status", "is_public", "created_at", "version")
    list_filter = ("game", "status", "is_public", "created_at")
    search_fields = ("code", "seats__name", "seats__user__username")
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ("room", "index", "name", "user", "bot_level", "timeouts_in_a_row", "sitting_out")
    list_filter = ("bot_level", "room__game")
    search_fields = ("name", "room__code", "user__username", "guest_id")


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ("room", "status", "started_at", "finished_at", "moves", "deadline", "had_bots")
    list_filter = ("room__game", "room__status", "had_bots", "started_at", "finished_at")
    search_fields = ("room__code",)
    list_select_related = ("room",)
    actions = ["end_game"]

    @admin.display(description=gettext_lazy("status"), ordering="room__status")
    def status(self, match):
        return match.room.get_status_display()

    def get_exclude(self, request, obj=None):
        """While a game is played its state (every hand, the deck) and its seed stay
        secret, from staff too (docs/fairness.md)."""
        if obj is not None and obj.room.status not in fairness.OVER:
            return ("state", "seed")
        return super().get_exclude(request, obj)

    @admin.action(description=gettext_lazy("End game: stop the selected games where they are (they count for nobody)"))
    def end_game(self, request, queryset):
        for match in queryset.select_related("room"):
            code = match.room.code
            try:
                lifecycle.do_end_match(match.room_id, f"Ended by staff ({request.user.username}).")
            except RoomError as error:
                refusal = gettext("%(code)s: %(refusal)s") % {"code": code, "refusal": plain(error.message)}
                self.message_user(request, refusal, messages.WARNING)
            else:
                self.message_user(request, gettext("%(code)s: game ended.") % {"code": code})


@admin.register(MatchAction)
class MatchActionAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    list_display = ("match", "number", "seat", "source", "created_at")
    list_filter = ("source", "match__room__game")
    search_fields = ("match__room__code",)
