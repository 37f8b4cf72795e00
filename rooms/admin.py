from django.contrib import admin, messages

from rooms import services
from rooms.errors import RoomError
from rooms.models import Match, MatchAction, Room, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("index", "name", "user", "guest_id", "bot_level", "timeouts_in_a_row")
    readonly_fields = fields
    can_delete = False


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin):
    list_display = ("code", "game", "status", "is_public", "created_at", "version")
    list_filter = ("game", "status", "is_public", "created_at")
    search_fields = ("code", "seats__name", "seats__user__username")
    readonly_fields = ("code", "game", "options", "version", "created_at", "autostart_at", "host_seat")
    inlines = [SeatInline]
    actions = ["end_game"]

    @admin.action(description="End the selected games (they count for nobody)")
    def end_game(self, request, queryset):
        for room in queryset:
            try:
                services.do_end_match(room.id, f"Ended by staff ({request.user.username}).")
            except RoomError as error:
                self.message_user(request, f"{room.code}: {error.message}", messages.WARNING)
            else:
                self.message_user(request, f"{room.code}: game ended.")


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ("room", "index", "name", "user", "bot_level", "timeouts_in_a_row")
    list_filter = ("bot_level", "room__game")
    search_fields = ("name", "room__code", "user__username", "guest_id")
    raw_id_fields = ("room", "user")


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("room", "started_at", "finished_at", "moves", "deadline", "had_bots")
    list_filter = ("room__game", "had_bots", "started_at", "finished_at")
    search_fields = ("room__code",)
    readonly_fields = (
        "room", "state", "seed", "started_at", "finished_at", "deadline", "bot_due_at", "moves", "had_bots",
        "ended_by_staff",
    )


@admin.register(MatchAction)
class MatchActionAdmin(admin.ModelAdmin):
    list_display = ("match", "number", "seat", "source", "created_at")
    list_filter = ("source", "match__room__game")
    search_fields = ("match__room__code",)
    readonly_fields = ("match", "number", "seat", "action", "source", "created_at")
