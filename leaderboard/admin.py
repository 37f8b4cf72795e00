from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from leaderboard.models import DailyStanding, RecentStanding, Result, Standing
from leaderboard.services import void_game
from plumbing.admin import ReadOnlyAdmin


class VoidForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Reason"),
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        help_text=gettext_lazy("Recorded on every result of the game(s)."),
    )


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):
    list_display = (
        "name",
        "game",
        "mode",
        "place",
        "points",
        "won",
        "had_bots",
        "is_bot",
        "finished_at",
        "voided",
    )
    list_filter = ("game", "mode", "won", "had_bots", "is_bot", "voided", "finished_at")
    search_fields = ("name", "user__username", "room__code")
    raw_id_fields = ("room", "user")
    actions = ["void_games"]

    def get_readonly_fields(self, request, obj=None):
        # Results change only through a void: the standings are kept from them.
        return [f.name for f in self.model._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.action(
        description=gettext_lazy("Void the games of the selected results (they leave every total)"),
        permissions=["change"],
    )
    def void_games(self, request, queryset):
        room_ids = sorted(set(queryset.values_list("room_id", flat=True)))
        form = VoidForm(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            self._void(request, room_ids, form.cleaned_data["reason"])
            return None
        context = {
            **self.admin_site.each_context(request),
            "title": _("Void games"),
            "opts": self.model._meta,
            "form": form,
            "games": Result.objects.filter(room_id__in=room_ids, seat=0)
            .select_related("room")
            .order_by("-finished_at"),
            "selected": queryset.values_list("pk", flat=True),
            "action_checkbox_name": ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/leaderboard/result/void_games.html", context)

    def _void(self, request, room_ids, reason):
        full_reason = f"{reason} (voided by {request.user.get_username()})"
        for room_id in room_ids:
            voided = void_game(room_id, full_reason)
            first = (
                Result.objects.filter(room_id=room_id)
                .select_related("room")
                .order_by("seat")
                .first()
            )
            code = first.room.code if first else room_id
            if voided:
                # The admin's history is a record: in English, whoever voided the game.
                self.log_change(request, first, f"Voided the game at {code}: {reason}")
                done = ngettext(
                    "Game %(code)s: %(count)s result voided.", "Game %(code)s: %(count)s results voided.", voided
                )
                self.message_user(request, done % {"code": code, "count": voided}, messages.SUCCESS)
            else:
                self.message_user(
                    request, _("Game %(code)s was already voided: nothing changed.") % {"code": code}, messages.WARNING
                )


@admin.register(Standing)
class StandingAdmin(ReadOnlyAdmin, admin.ModelAdmin):
    """Kept from the results (read-only here)."""

    list_display = ("user", "game", "mode", "games", "wins", "points", "active")
    list_filter = ("game", "mode", "active")
    search_fields = ("user__username",)


@admin.register(DailyStanding)
class DailyStandingAdmin(StandingAdmin):
    list_display = ("user", "game", "mode", "day", "games", "wins", "points")
    list_filter = ("game", "mode", "day")


@admin.register(RecentStanding)
class RecentStandingAdmin(StandingAdmin):
    """The last 30 days (kept with the daily standings; read-only here)."""
