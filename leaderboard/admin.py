from django.contrib import admin

from leaderboard.models import Result


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "mode", "place", "points", "won", "had_bots", "is_bot", "finished_at", "voided")
    list_filter = ("game", "mode", "won", "had_bots", "is_bot", "voided", "finished_at")
    search_fields = ("name", "user__username", "room__code")
    raw_id_fields = ("room", "user")
